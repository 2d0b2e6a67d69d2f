/**
 * `tabletop serve`: serves the built browser app (dist/web, made by `vite build`) over HTTP.
 *
 * A deliberately small static server on node:http. Everything the app computes runs in the
 * browser; the server only hands out files. Its one hard rule: nothing outside the build folder is
 * ever served — not through `..` (plain or percent-encoded), not through absolute or backslash
 * paths, not through a symbolic link inside the folder that points out of it. A path that names no
 * file and has no file extension is a page of the app (`/connect-four`), so it gets index.html and
 * the app's own router takes over; a missing file with an extension is a plain 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidArgumentError, type Command } from 'commander';
import { parseIntegerIn } from './options.js';

/** Where `npm run build` puts the app: dist/web next to this file's dist/cli. */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../web', import.meta.url));

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Sent with every response: the app needs nothing from other origins. Inline styles are allowed
 * (scripts are not): the lab's charts (Observable Plot) style each chart with a <style> element.
 * 'wasm-unsafe-eval' lets the page compile WebAssembly (the Connect Four solver's search is a
 * wasm module shipped inside the app's own script); it allows no JavaScript eval.
 */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
};

export interface StaticServerOptions {
  /** The build folder; must contain index.html. */
  readonly root: string;
}

/**
 * Maps a request path to a file inside `root` (both already real paths), or says why not.
 * Exported for tests; `root` must be the real path of the folder.
 */
export function resolveRequestPath(root: string, urlPath: string): { kind: 'file'; file: string } | { kind: 'app' } | { kind: 'missing' } | { kind: 'forbidden' } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'forbidden' }; // malformed percent-encoding
  }
  // A NUL, a backslash (a Windows separator) or any `..` segment is never part of a real app URL.
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return { kind: 'forbidden' };
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..')) return { kind: 'forbidden' };
  const candidate = resolve(root, '.' + decoded);
  if (!isInside(root, candidate)) return { kind: 'forbidden' };
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    return extname(decoded) === '' ? { kind: 'app' } : { kind: 'missing' };
  }
  // A symbolic link may point anywhere; only what it resolves to inside the root is served.
  if (!isInside(root, real)) return { kind: 'forbidden' };
  // The file may vanish between realpath and stat (a rebuild replaces the whole folder).
  const stats = statSync(real, { throwIfNoEntry: false });
  if (stats === undefined) return extname(decoded) === '' ? { kind: 'app' } : { kind: 'missing' };
  if (stats.isFile()) return { kind: 'file', file: real };
  if (stats.isDirectory()) return { kind: 'app' };
  return { kind: 'missing' };
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

export function createStaticServer(options: StaticServerOptions): Server {
  const indexFile = resolve(options.root, 'index.html');
  if (!existsSync(indexFile)) {
    throw new Error(`The browser app is not built (${indexFile} is missing): run \`npm run build\` first.`);
  }
  const root = realpathSync(options.root);
  return createServer((request, response) => handle(root, request, response));
}

function handle(root: string, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    return;
  }
  const rawUrl = request.url ?? '/';
  // Only the path matters; the query (`?pos=4453`) belongs to the app.
  const queryAt = rawUrl.search(/[?#]/);
  const urlPath = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const target = resolveRequestPath(root, urlPath);
  switch (target.kind) {
    case 'forbidden':
      send(response, 403, 'Forbidden\n');
      return;
    case 'missing':
      send(response, 404, 'Not found\n');
      return;
    case 'app':
      sendFile(request, response, resolve(root, 'index.html'), 'no-cache', 500);
      return;
    case 'file':
      // Vite puts content-hashed files under assets/: they never change under the same name.
      sendFile(request, response, target.file, relative(root, target.file).startsWith('assets' + sep) ? 'public, max-age=31536000, immutable' : 'no-cache');
      return;
  }
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/**
 * Sends one file. The build folder can change under a running server (a rebuild, a file moved
 * away), so nothing here may throw out of the request: the file is opened once and its size taken
 * from the open file, a file gone by then is a 404 (a missing index.html a 500: the app is not
 * built), and at most the bytes announced are sent, so a file that grows or shrinks mid-send ends
 * that one response and never the server.
 */
function sendFile(request: IncomingMessage, response: ServerResponse, file: string, cacheControl: string, ifMissing: 404 | 500 = 404): void {
  void (async () => {
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      const gone = (error as NodeJS.ErrnoException).code === 'ENOENT';
      if (gone && ifMissing === 500) send(response, 500, 'The browser app is not built (index.html is missing): run `npm run build`.\n');
      else if (gone) send(response, 404, 'Not found\n');
      else send(response, 500, 'Cannot read the file\n');
      return;
    }
    let size: number;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) throw new Error('not a file');
      size = stats.size;
    } catch {
      await handle.close().catch(() => undefined);
      send(response, 404, 'Not found\n');
      return;
    }
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': size,
      'Cache-Control': cacheControl,
    });
    if (request.method === 'HEAD' || size === 0) {
      await handle.close().catch(() => undefined);
      response.end();
      return;
    }
    const stream = handle.createReadStream({ start: 0, end: size - 1 });
    let sent = 0;
    stream.on('data', (chunk) => (sent += chunk.length));
    stream.on('error', () => response.destroy());
    // A file cut short mid-send cannot deliver what Content-Length promised: end the connection.
    stream.on('end', () => {
      if (sent < size) response.destroy();
    });
    response.on('close', () => stream.destroy());
    stream.pipe(response);
  })().catch(() => response.destroy());
}

/** Starts listening; resolves with the URL, or rejects with a message a user can act on. */
export function listen(server: Server, port: number, host: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      if (error.code === 'EADDRINUSE') reject(new Error(`Port ${String(port)} on ${host} is already in use: choose another with --port (--port 0 picks a free one).`));
      else if (error.code === 'EACCES') reject(new Error(`Not allowed to listen on port ${String(port)} of ${host} (ports below 1024 need privileges): choose another with --port.`));
      else if (error.code === 'EADDRNOTAVAIL') reject(new Error(`Cannot listen on host '${host}': it is not an address of this machine.`));
      else if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') reject(new Error(`Cannot listen on host '${host}': no such host name.`));
      else reject(error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      const actualPort = typeof address === 'object' && address !== null ? address.port : port;
      const shownHost = host.includes(':') ? `[${host}]` : host;
      resolvePromise(`http://${shownHost}:${String(actualPort)}/`);
    });
  });
}

/**
 * The address to listen on. Node reads an empty host as "every interface", which nobody means by
 * typing `--host ''`; listening on all interfaces must be asked for by name (0.0.0.0 or ::).
 */
export function parseHost(value: string): string {
  const host = value.trim();
  if (host === '') throw new InvalidArgumentError("The host must be an address or a host name (e.g. 127.0.0.1, localhost; 0.0.0.0 for every interface), got ''.");
  return host;
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Started by npm (`npm start`, `npx tabletop serve`), the server stops when that npm process is
 * gone. The start script `exec`s the server, so npm's own forwarding of SIGINT/SIGTERM reaches it
 * directly; this watch covers the rest (npm killed with SIGKILL, an npm that forwards nothing),
 * which would otherwise leave the port taken with nobody to stop it. Started any other way (a
 * shell, nohup, a service manager), the server outlives its parent as a server should.
 */
function watchNpmParent(parent: number, stop: () => void): NodeJS.Timeout | undefined {
  if (process.env.npm_lifecycle_event === undefined) return undefined;
  const timer = setInterval(() => {
    if (!isParent(parent)) stop();
  }, 500);
  timer.unref();
  return timer;
}

/**
 * Whether `pid` is still this process's parent: on Linux from /proc/self/stat (an orphan's parent
 * becomes init or a subreaper); elsewhere, whether that process still exists.
 */
function isParent(pid: number): boolean {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
  } catch {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
}

interface ServeOptions {
  readonly port: number;
  readonly host: string;
}

/** `tabletop serve` */
export function registerServe(program: Command): Command {
  return program
    .command('serve')
    .description('Serve the browser app (Connect Four and more) and print its URL')
    .option('--port <port>', 'port to listen on (0: any free port)', parseIntegerIn(0, 65535, 'The port'), 8080)
    .option('--host <host>', 'address to listen on (0.0.0.0: every interface)', parseHost, '127.0.0.1')
    .action(async (options: ServeOptions) => {
      // The parent as it was at the start: process.ppid is read once, on first use, and never
      // updated, so it must be read before anyone can know of the server (the URL below) and stop
      // npm; later the system is asked (isParent).
      const parent = process.ppid;
      const server = createStaticServer({ root: DEFAULT_WEB_ROOT });
      const url = await listen(server, options.port, options.host);
      process.stdout.write(`Tabletop Lab is served at ${url} (Ctrl+C to stop)\n`);
      await new Promise<void>((resolveClosed) => {
        let stopped = false;
        const stop = (): void => {
          if (stopped) return;
          stopped = true;
          clearInterval(parentWatch);
          server.close(() => resolveClosed());
          server.closeAllConnections();
        };
        for (const signal of STOP_SIGNALS) process.once(signal, stop);
        const parentWatch = watchNpmParent(parent, stop);
      });
    });
}
