import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { createStaticServer, listen, resolveRequestPath } from './serve.js';

// A build folder next to a secret that must never be served, and links out of and within it.
const base = realpathSync(mkdtempSync(join(tmpdir(), 'tabletop-serve-')));
const root = join(base, 'web');
const SECRET = 'the secret next to the build folder';
mkdirSync(join(root, 'assets'), { recursive: true });
writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1);');
writeFileSync(join(root, 'assets', 'style.css'), 'body{}');
writeFileSync(join(base, 'secret.txt'), SECRET);
symlinkSync(join(base, 'secret.txt'), join(root, 'leak.txt'));
symlinkSync(base, join(root, 'outside'));
symlinkSync(join(root, 'assets', 'style.css'), join(root, 'inside.css'));

afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('resolveRequestPath', () => {
  it('serves files inside the folder and sends page paths to the app', () => {
    expect(resolveRequestPath(root, '/assets/app-1234.js')).toEqual({ kind: 'file', file: join(root, 'assets', 'app-1234.js') });
    expect(resolveRequestPath(root, '/inside.css')).toEqual({ kind: 'file', file: join(root, 'assets', 'style.css') });
    expect(resolveRequestPath(root, '/connect-four')).toEqual({ kind: 'app' });
    expect(resolveRequestPath(root, '/')).toEqual({ kind: 'app' });
    expect(resolveRequestPath(root, '/assets/gone.js')).toEqual({ kind: 'missing' });
  });

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E%2Fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/assets\\..\\..\\secret.txt',
    '/leak.txt',
    '/outside/secret.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
    'secret.txt',
  ])('refuses %s', (path) => {
    expect(resolveRequestPath(root, path)).toEqual({ kind: 'forbidden' });
  });

  it('reads an absolute path as a path inside the folder', () => {
    const result = resolveRequestPath(root, '/' + join(base, 'secret.txt'));
    expect(result.kind).not.toBe('file');
    expect(resolveRequestPath(root, '//etc/passwd').kind).not.toBe('file');
  });
});

function get(port: number, path: string, method = 'GET'): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    // `path` goes on the wire as written: no client-side normalisation of `..`.
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
      // A response cut short by the server (a file that shrank mid-send) ends in 'close' without 'end'.
      res.on('close', () => {
        if (!res.complete) reject(new Error(`${path}: the response was cut short`));
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the static server', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createStaticServer({ root });
    const url = await listen(server, 0, '127.0.0.1');
    port = Number(new URL(url).port);
    expect(url).toBe(`http://127.0.0.1:${String(port)}/`);
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('serves files with their content types, and the app for page paths', async () => {
    expect(await get(port, '/assets/app-1234.js')).toEqual({ status: 200, type: 'text/javascript; charset=utf-8', body: 'console.log(1);' });
    expect(await get(port, '/assets/style.css')).toMatchObject({ status: 200, type: 'text/css; charset=utf-8' });
    for (const path of ['/', '/connect-four', '/connect-four?pos=4453&red=human', '/index.html']) {
      expect(await get(port, path)).toEqual({ status: 200, type: 'text/html; charset=utf-8', body: '<!doctype html><title>app</title>' });
    }
    expect(await get(port, '/assets/gone.js')).toMatchObject({ status: 404 });
  });

  it('never serves what lies outside the folder', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/%2e%2e%2fsecret.txt', '/leak.txt', '/outside/secret.txt', '/..\\secret.txt']) {
      const response = await get(port, path);
      expect(response.status, path).toBe(403);
      expect(response.body).not.toContain(SECRET);
    }
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    expect(await get(port, '/', 'HEAD')).toMatchObject({ status: 200, body: '' });
    expect(await get(port, '/', 'POST')).toMatchObject({ status: 405 });
  });
});

describe('the static server while its folder changes', () => {
  const changing = join(base, 'changing');
  let server: Server;
  let port: number;
  beforeAll(async () => {
    mkdirSync(join(changing, 'assets'), { recursive: true });
    writeFileSync(join(changing, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(changing, 'assets', 'app.js'), 'x'.repeat(100_000));
    server = createStaticServer({ root: changing });
    port = Number(new URL(await listen(server, 0, '127.0.0.1')).port);
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('answers 500 for a page and 404 for a file when index.html is gone, and serves again once it is back', async () => {
    renameSync(join(changing, 'index.html'), join(changing, 'index.moved'));
    expect(await get(port, '/connect-four')).toMatchObject({ status: 500, body: expect.stringContaining('npm run build') as string });
    expect(await get(port, '/')).toMatchObject({ status: 500 });
    expect(await get(port, '/index.html')).toMatchObject({ status: 404 });
    expect(await get(port, '/connect-four', 'HEAD')).toMatchObject({ status: 500 });
    renameSync(join(changing, 'index.moved'), join(changing, 'index.html'));
    expect(await get(port, '/connect-four')).toMatchObject({ status: 200, body: '<!doctype html><title>app</title>' });
  });

  it('keeps answering while files are replaced, moved away and rewritten under it', async () => {
    const statuses = new Set<number>();
    let churning = true;
    // Moves index.html away and back and rewrites the script with a new size, over and over.
    const churn = (async () => {
      for (let round = 0; churning; round++) {
        renameSync(join(changing, 'index.html'), join(changing, 'index.moved'));
        await new Promise((done) => setImmediate(done));
        renameSync(join(changing, 'index.moved'), join(changing, 'index.html'));
        writeFileSync(join(changing, 'assets', 'app.js'), 'y'.repeat(round % 2 === 0 ? 10 : 200_000));
        await new Promise((done) => setImmediate(done));
      }
    })();
    try {
      for (let i = 0; i < 150; i++) {
        for (const path of ['/connect-four', '/assets/app.js']) {
          const response = await get(port, path).catch(() => ({ status: -1 }));
          statuses.add(response.status);
        }
      }
    } finally {
      churning = false;
      await churn;
    }
    expect([...statuses].every((status) => [200, 404, 500, -1].includes(status))).toBe(true);
    expect(await get(port, '/connect-four')).toMatchObject({ status: 200 });
    expect(await get(port, '/assets/app.js')).toMatchObject({ status: 200 });
  });
});

describe('tabletop serve', () => {
  it('refuses an empty --host instead of listening on every interface', async () => {
    for (const host of ['', '  ']) {
      const result = await runCli(['serve', '--port', '0', '--host', host]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/The host must be an address or a host name/);
    }
  });

  it('rejects a bad port', async () => {
    for (const port of ['http', '-1', '65536', '80.5']) {
      const result = await runCli(['serve', '--port', port]);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/The port must be/);
    }
  });

  it('says so when the port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const address = blocker.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const result = await runCli(['serve', '--port', String(port)]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`Port ${String(port)} on 127.0.0.1 is already in use`);
    } finally {
      blocker.close();
    }
  });
});

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starts `npm start` on a free port; resolves with npm's process and the port once it listens. */
function startWithNpm(): Promise<{ npm: ReturnType<typeof spawn>; port: number; exited: Promise<void> }> {
  const npm = spawn('npm', ['start', '--', '--port', '0'], { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((done) => npm.once('exit', () => done()));
  return new Promise((resolve, reject) => {
    let out = '';
    npm.once('error', reject);
    npm.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /served at http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match !== null) resolve({ npm, port: Number(match[1]), exited });
    });
    void exited.then(() => reject(new Error(`npm start ended before serving: ${out}`)));
  });
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits (generously: a busy machine is slow, not wrong) until nothing listens on `port`. */
async function portFreed(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (!(await isListening(port))) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT', 'SIGKILL'] as const)('leaves nothing listening when the npm process gets %s', async (signal) => {
    const { npm, port, exited } = await startWithNpm();
    expect(await isListening(port)).toBe(true);
    npm.kill(signal);
    await exited;
    expect(await portFreed(port)).toBe(true);
  }, 60_000);
});
