/**
 * The package as a user gets it: `npm pack` the built tree (`npm test` builds first), install the
 * tarball into an empty folder, run the `tabletop` binary, and import every entry point by name.
 *
 * Without the network: `npm install <tarball>` would ask the registry for its dependencies' metadata,
 * which the npm cache does not hold (`npm ci` caches only tarballs). So the folder gets a lockfile
 * pinning the tarball's production dependencies as this repository's lockfile does, and
 * `npm ci --offline` takes them from the cache. Dev-only packages are left out of that lockfile, so
 * a runtime dependency missing from package.json's "dependencies" fails the import test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEEP_LEVELS_FOLDER, shippedDeepPartFiles } from '../games/connect-four/book/shipped.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'tabletop-pack-'));
const app = join(work, 'app');
let files: string[] = [];

interface LockEntry {
  readonly dev?: boolean;
  readonly link?: boolean;
}

function run(command: string, args: readonly string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
}

beforeAll(() => {
  // --ignore-scripts: dist/ is already built; `prepare` would rebuild it for nothing.
  const packed = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], ROOT)) as [{ filename: string; files: { path: string }[] }];
  files = packed[0].files.map((file) => file.path);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const tarball = `file:../${packed[0].filename}`;
  const packages: Record<string, unknown> = {
    '': { name: 'packed-test', dependencies: { 'tabletop-lab': tarball } },
    'node_modules/tabletop-lab': { version: manifest.version, resolved: tarball, dependencies: manifest.dependencies, bin: manifest.bin, engines: manifest.engines },
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (path !== '' && entry.dev !== true && entry.link !== true) packages[path] = entry;
  }
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'packed-test', private: true, dependencies: { 'tabletop-lab': tarball } }));
  writeFileSync(join(app, 'package-lock.json'), JSON.stringify({ name: 'packed-test', lockfileVersion: 3, requires: true, packages }));
  run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--ignore-scripts'], app);
}, 120_000);

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('ships the code, the docs the help links to, the examples and the licence; no tests, benchmarks or test data', () => {
    for (const path of ['package.json', 'README.md', 'LICENSE', 'dist/cli/main.js', 'dist/index.js', 'docs/connect-four-bots.md', 'docs/lab.md', 'examples/connect-four/first-free-column.mjs']) {
      expect(files, path).toContain(path);
    }
    expect(files.filter((path) => /\.test\.|test-support|testdata|^dist\/bench\/|^src\//.test(path))).toEqual([]);
    const licence = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(licence).toMatch(/^MIT License/);
    expect((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { license: string }).license).toBe('MIT');
  });

  it('every relative link in the shipped README and docs points at a shipped file', () => {
    for (const doc of files.filter((path) => path.endsWith('.md'))) {
      const text = readFileSync(join(app, 'node_modules', 'tabletop-lab', doc), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        const path = join(doc, '..', target!).replace(/\\/g, '/');
        expect(files.some((file) => file === path || file.startsWith(`${path}/`)), `${doc} links ${target!}`).toBe(true);
      }
    }
  });

  it('runs `tabletop --help` from the installed binary', () => {
    const bin = join(app, 'node_modules', '.bin', 'tabletop');
    expect(existsSync(bin)).toBe(true);
    const help = run(bin, ['--help'], app);
    expect(help).toContain('Usage: tabletop');
    for (const command of ['connect-fwar', 'uno-war', 'connect-four', 'klondike', 'merge']) expect(help).toContain(command);
  });

  it('solves the empty board at once from the books it ships: `echo - | npx tabletop connect-four solve` prints `- 1`', () => {
    expect(files).toEqual(expect.arrayContaining(['dist/games/connect-four/book/opening.c4book', 'dist/games/connect-four/book/strategy.c4book']));
    // Every part of the deep levels too (the package's solver reads each when a lookup first needs it).
    expect(files).toEqual(expect.arrayContaining(shippedDeepPartFiles().map(({ name }) => `dist/games/connect-four/book/${DEEP_LEVELS_FOLDER}/${name}`)));
    // Without the books the installed CLI would warn that solving can take hours, and search.
    const solved = spawnSync('npx', ['--no', 'tabletop', 'connect-four', 'solve'], { cwd: app, input: '-\n', encoding: 'utf8', timeout: 120_000 });
    expect({ status: solved.status, stdout: solved.stdout }).toEqual({ status: 0, stdout: '- 1\n' });
    expect(solved.stderr).not.toMatch(/book|hours/i);
  });

  it('imports every entry point by name', () => {
    const script = [
      "const core = await import('tabletop-lab');",
      "const fwar = await import('tabletop-lab/connect-fwar');",
      "const uno = await import('tabletop-lab/uno-war');",
      "const four = await import('tabletop-lab/connect-four');",
      "const klondike = await import('tabletop-lab/klondike');",
      "const pkg = (await import('tabletop-lab/package.json', { with: { type: 'json' } })).default;",
      'const position = four.Position.fromMoves("4455");',
      'console.log(JSON.stringify({ core: typeof core.rngFromSeed, deck: new fwar.Deck(1).cardsRemaining(), uno: Object.keys(uno).length > 0, klondike: Object.keys(klondike).length > 0, moves: position.moves, name: pkg.name, testSets: "TEST_SETS" in four }));',
    ].join('\n');
    writeFileSync(join(app, 'probe.mjs'), script);
    expect(JSON.parse(run(process.execPath, ['probe.mjs'], app))).toEqual({ core: 'function', deck: 52, uno: true, klondike: true, moves: 4, name: 'tabletop-lab', testSets: false });
  });
});
