/**
 * The npm package as a user gets it: packed from the built tree, installed into an empty folder,
 * run through `npx`. What the package leaves out (the `files` list) is invisible to every other
 * test, which runs inside the repository. The install is offline: it may use only what `npm ci`
 * put in npm's cache, never the network.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tabletop-package-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Run {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, input?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(command, args, { cwd, timeout: 240_000, maxBuffer: 16 << 20, env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
    child.stdin?.end(input ?? '');
  });
}

describe('the npm package', () => {
  it('installs from its tarball without the network and solves the empty board from its shipped book', async () => {
    // --ignore-scripts: `prepare` would rebuild; `npm test` has built dist already.
    const packed = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', folder], PROJECT_ROOT);
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = readdirSync(folder).find((name) => name.endsWith('.tgz'));
    expect(tarball).toBeDefined();
    const project = join(folder, 'project');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "uses-tabletop", "private": true }\n');
    const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(folder, tarball!)], project);
    expect(installed.status, installed.stderr).toBe(0);
    // The book's exact score of the empty board: answered from the book, with no warning that
    // solving without it can take hours.
    const solved = await run('npx', ['--no', 'tabletop', 'connect-four', 'solve'], project, '-\n');
    expect(solved).toMatchObject({ status: 0, stdout: '- 1\n' });
    expect(solved.stderr).not.toMatch(/book|hours/i);
  }, 300_000);
});
