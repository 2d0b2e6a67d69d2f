/**
 * Command-line arguments shared by the solver benches (bench:solver, bench:side-by-side): which of
 * Pons' test sets to run and how many positions of each, and how times are printed.
 */
import { TEST_SETS } from '../games/connect-four/testdata/test-sets.js';

/** The value after `--name` on the command line, if any. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** `--sets a,b` (default all) and `--limit N` (default all positions); `fail` reports a bad value. */
export function testSetArgs(fail: (message: string) => never): { readonly wanted: readonly string[]; readonly limit: number } {
  const known = TEST_SETS.map((s) => s.id) as string[];
  const setsArg = option('--sets');
  const wanted = setsArg === undefined ? known : setsArg.split(',').map((s) => s.trim());
  for (const id of wanted) if (!known.includes(id)) fail(`unknown test set '${id}' (choose from ${known.join(', ')})`);
  const limitArg = option('--limit');
  const limit = limitArg === undefined ? Infinity : Number(limitArg);
  if ((!Number.isInteger(limit) && limit !== Infinity) || limit < 1) fail(`--limit must be a whole number >= 1, got '${String(limitArg)}'`);
  return { wanted, limit };
}

export function formatTime(micros: number): string {
  if (micros < 1000) return `${micros.toFixed(1)} µs`;
  if (micros < 1_000_000) return `${(micros / 1000).toFixed(2)} ms`;
  return `${(micros / 1_000_000).toFixed(3)} s`;
}
