import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_SETS } from '../games/connect-four/testdata/test-sets.js';
import { TEST_SET_DIR, packageRoot, readTestSet, testSetArgs, testSetDirectory } from './test-set-args.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url)).replace(/[\\/]$/, '');

describe('the solver benches find the test sets', () => {
  const temporary: string[] = [];
  afterEach(() => {
    for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('from the package root, at any depth below it (src/bench as much as dist/bench)', () => {
    expect(packageRoot(import.meta.url)).toBe(REPO);
    expect(packageRoot(join(REPO, 'dist', 'bench', 'solver.js'))).toBe(REPO);
    const dir = testSetDirectory(join(REPO, 'dist', 'bench', 'solver.js'));
    expect(dir).toBe(join(REPO, TEST_SET_DIR));
    const first = readTestSet(dir, TEST_SETS[0]!.file);
    expect(first).toHaveLength(1000);
  });

  it('and, outside a repository checkout, say where they looked and why they are missing', () => {
    const root = mkdtempSync(join(tmpdir(), 'tabletop-bench-'));
    temporary.push(root);
    writeFileSync(join(root, 'package.json'), '{}');
    mkdirSync(join(root, 'dist', 'bench'), { recursive: true });
    const bench = join(root, 'dist', 'bench', 'solver.js');
    expect(() => testSetDirectory(bench)).toThrow(join(root, TEST_SET_DIR));
    expect(() => testSetDirectory(bench)).toThrow(/run from a repository checkout .*not from the installed package/);
  });
});

describe('the sets a solver bench runs', () => {
  const argv = process.argv;
  afterEach(() => {
    process.argv = argv;
  });
  const fail = (message: string): never => {
    throw new Error(message);
  };

  it('are all but Begin-Hard unless named, and exactly those named with --sets', () => {
    process.argv = ['node', 'bench'];
    expect(testSetArgs(fail).wanted).toEqual(['end-easy', 'middle-easy', 'middle-medium', 'begin-easy', 'begin-medium']);
    process.argv = ['node', 'bench', '--sets', 'begin-hard,end-easy'];
    expect(testSetArgs(fail).wanted).toEqual(['begin-hard', 'end-easy']);
    process.argv = ['node', 'bench', '--sets', 'begin-harder'];
    expect(() => testSetArgs(fail)).toThrow("unknown test set 'begin-harder' (choose from end-easy, middle-easy, middle-medium, begin-easy, begin-medium, begin-hard)");
  });
});
