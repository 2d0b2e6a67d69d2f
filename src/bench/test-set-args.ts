/**
 * Command-line arguments shared by the solver benches (bench:solver, bench:side-by-side): which of
 * Pons' test sets to run and how many positions of each, and how times are printed; and the
 * option helpers every Connect Four bench uses (usage errors, whole-number options).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SETS, parseTestSet, type TestPosition } from '../games/connect-four/testdata/test-sets.js';

/** Where Pons' test sets live, relative to the repository root (the package does not ship them). */
export const TEST_SET_DIR = join('src', 'games', 'connect-four', 'testdata');

/**
 * The nearest directory at or above the file `from` that holds a package.json: the repository root for the
 * built benches (dist/bench/…) as much as for the sources run directly (src/bench/…), so the test
 * sets are found however deep the bench file sits. Throws when no directory up to the file-system
 * root has one.
 */
export function packageRoot(from: string | URL): string {
  // `from` is a file path, or a file: URL such as import.meta.url (a string or a URL).
  let dir = dirname(typeof from === 'string' && !from.startsWith('file:') ? from : fileURLToPath(from));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json in any directory above ${String(from)}`);
    dir = parent;
  }
}

/**
 * The directory of Pons' test sets in the repository holding `from` (by default this file).
 * Throws an error naming the path when they are missing: the benches run from a repository
 * checkout, not from the installed package, which does not ship the test data.
 */
export function testSetDirectory(from: string | URL = import.meta.url): string {
  const dir = join(packageRoot(from), TEST_SET_DIR);
  const missing = TEST_SETS.map((s) => join(dir, s.file)).find((file) => !existsSync(file));
  if (missing !== undefined) {
    throw new Error(
      `Pons' test set ${missing} is missing: the solver benchmarks run from a repository checkout (npm run bench:solver), not from the installed package, which does not ship the test sets`,
    );
  }
  return dir;
}

/** The positions of one test-set file (a name from TEST_SETS) in `directory`. */
export function readTestSet(directory: string, file: string): TestPosition[] {
  return readTestSetFile(join(directory, file));
}

/** The positions of any file in Pons' format (`<moves> <score>` a line), such as Begin-Hard. */
export function readTestSetFile(path: string): TestPosition[] {
  return parseTestSet(readFileSync(path, 'utf8'));
}

/** The value after `--name` on the command line, if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** A bench's usage error: `tool: message` on stderr, exit status 2. */
export function usageFailure(tool: string): (message: string) => never {
  return (message) => {
    process.stderr.write(`${tool}: ${message}\n`);
    process.exit(2);
  };
}

/** `--name N`, a whole number >= `min` (`fallback` when absent); anything else is reported by `fail`. */
export function wholeOption(name: string, fallback: number, min: number, fail: (message: string) => never): number {
  const raw = option(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < min) fail(`${name} must be a whole number >= ${String(min)}, got '${String(raw)}'`);
  return value;
}

/**
 * `--sets a,b` (default: every set but Begin-Hard, see TEST_SETS) and `--limit N` (default all positions), and the directory of the test
 * sets; `fail` reports a bad value or missing test sets.
 */
export function testSetArgs(fail: (message: string) => never): {
  readonly wanted: readonly string[];
  readonly limit: number;
  readonly directory: string;
} {
  const known = TEST_SETS.map((s) => s.id) as string[];
  const setsArg = option('--sets');
  const wanted = setsArg === undefined ? TEST_SETS.filter((s) => s.byDefault).map((s) => s.id as string) : setsArg.split(',').map((s) => s.trim());
  for (const id of wanted) if (!known.includes(id)) fail(`unknown test set '${id}' (choose from ${known.join(', ')})`);
  const limitArg = option('--limit');
  const limit = limitArg === undefined ? Infinity : Number(limitArg);
  if ((!Number.isInteger(limit) && limit !== Infinity) || limit < 1) fail(`--limit must be a whole number >= 1, got '${String(limitArg)}'`);
  let directory: string;
  try {
    directory = testSetDirectory();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  return { wanted, limit, directory };
}

export function formatTime(micros: number): string {
  if (micros < 1000) return `${micros.toFixed(1)} µs`;
  if (micros < 1_000_000) return `${(micros / 1000).toFixed(2)} ms`;
  return `${(micros / 1_000_000).toFixed(3)} s`;
}
