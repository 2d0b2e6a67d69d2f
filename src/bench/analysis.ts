/**
 * `npm run bench:analysis`: how long (and how many nodes) the full analysis of a position (`solve --analyze`: every
 * column's exact score) takes with the shipped books, position by position, over a test set in
 * Pons' format — the figure behind "Begin-Hard analysed in at most 1 s". Each position gets a
 * fresh solver (an empty table, the books as the command line merges them), as a command run once
 * per position would; what the command adds on top (Node's start, reading and merging the books:
 * about 0.2 s) is not timed here, and `npm run bench:solution` times it, beside the page.
 *
 * Every analysis is checked against the file: the best column's score is the position's score
 * (a column the books bound without settling it fails the check too). A wrong one makes the run
 * fail (exit status 1).
 *
 *   npm run bench:analysis -- --file src/games/connect-four/testdata/Test_L1_R3 [--every N] [--limit N] [--no-book] [--slowest N]
 *
 * `--file F` a test set in Pons' format (`<moves> <score>` a line; default: Pons' Begin-Medium,
 * which the repository holds); `--every N` every N-th line from the first; `--limit N` at most N
 * positions; `--no-book` without the opening book (the strategy book stays); `--slowest N` lists
 * the N slowest positions (default 10).
 */
import { join } from 'node:path';
import { loadDefaultBook, loadDefaultValues, SHIPPED_BOOK_PATHS } from '../arena/connect-four/book-file.js';
import { Position } from '../games/connect-four/position.js';
import { analysisTexts, parseColumnText } from '../games/connect-four/solver/answers.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import type { TestPosition } from '../games/connect-four/testdata/test-sets.js';
import { option, readTestSetFile, testSetDirectory, usageFailure, wholeOption } from './test-set-args.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench:analysis',
  'usage: npm run bench:analysis -- [--file F] [--every N] [--limit N] [--no-book] [--slowest N]\n' +
    'The Connect Four analysis (every column\'s exact score) of each position of a test set, timed (see docs/benchmarks.md).',
  { valued: ['--file', '--every', '--limit', '--slowest'], flags: ['--no-book'] },
);

const fail: (message: string) => never = usageFailure('bench:analysis');

interface Timed {
  readonly moves: string;
  readonly seconds: number;
  readonly cpuSeconds: number;
  /** Nodes the analysis searched: unlike the times, the same on any machine, so changes to the search compare exactly. */
  readonly nodes: number;
  readonly texts: readonly string[];
}

/** The test set's positions, every `every`-th line, at most `limit`. */
function positions(): { readonly moves: string; readonly score: number }[] {
  const every = wholeOption('--every', 1, 1, fail);
  const limit = wholeOption('--limit', Number.MAX_SAFE_INTEGER, 1, fail);
  let file = option('--file');
  if (file === undefined) {
    try {
      file = join(testSetDirectory(), 'Test_L1_R2');
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  }
  let set: TestPosition[];
  try {
    set = readTestSetFile(file);
  } catch (error) {
    fail(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return set.filter((_, i) => i % every === 0).slice(0, limit);
}

/** The best column's score of an analysis, or undefined if some column is not an exact score. */
function bestScore(texts: readonly string[]): number | undefined {
  let best = -Infinity;
  for (const text of texts) {
    const value = parseColumnText(text);
    if (value.kind === 'full') continue;
    if (value.kind === 'bounds') return undefined;
    best = Math.max(best, value.score);
  }
  return best;
}

const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

const warn = (message: string): void => void process.stderr.write(`bench:analysis: ${message}\n`);
const book = process.argv.includes('--no-book') ? undefined : loadDefaultBook(warn, SHIPPED_BOOK_PATHS);
const values = loadDefaultValues(warn);
const slowest = wholeOption('--slowest', 10, 0, fail);
const set = positions();
console.log(
  `Node ${process.version}, one thread, ${String(set.length)} positions, opening book: ${book === undefined ? 'none' : `${book.size.toLocaleString('en-US')} positions, complete to ${String(book.completeDepth)} stones`}, ${new Date().toISOString()}`,
);

const timed: Timed[] = [];
let wrong = 0;
for (const [index, { moves, score }] of set.entries()) {
  const solver = new Solver({ ...(book === undefined ? {} : { book }), ...(values === undefined ? {} : { values }) });
  const position = Position.fromMoves(moves);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const texts = analysisTexts(solver, position, false);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  timed.push({ moves, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, nodes: solver.nodes, texts });
  if (bestScore(texts) !== score) {
    wrong++;
    process.stderr.write(`  WRONG ${moves}: expected a best column of ${String(score)}, got ${texts.join(' ')}\n`);
  }
  if ((index + 1) % 100 === 0) process.stderr.write(`  ${String(index + 1)}/${String(set.length)}\n`);
}

const walls = timed.map((t) => t.seconds).sort((a, b) => a - b);
const cpus = timed.map((t) => t.cpuSeconds).sort((a, b) => a - b);
const mean = (xs: readonly number[]): number => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const summary = (xs: readonly number[]): string =>
  `mean ${mean(xs).toFixed(3)} s, median ${percentile(xs, 0.5).toFixed(3)} s, 90th pct ${percentile(xs, 0.9).toFixed(3)} s, max ${xs[xs.length - 1]!.toFixed(3)} s`;
if (timed.length > 0) {
  console.log(`wall: ${summary(walls)}; over 1 s: ${String(walls.filter((s) => s > 1).length)} of ${String(timed.length)}`);
  console.log(`CPU:  ${summary(cpus)}; over 1 s: ${String(cpus.filter((s) => s > 1).length)} of ${String(timed.length)}`);
  console.log(`nodes: ${timed.reduce((sum, t) => sum + t.nodes, 0).toLocaleString('en-US')} in all`);
  const ranked = [...timed].sort((a, b) => b.seconds - a.seconds).slice(0, slowest);
  if (ranked.length > 0) console.log(`slowest (wall s, nodes, stones, position: columns):`);
  for (const t of ranked) console.log(`  ${t.seconds.toFixed(3)}  ${t.nodes.toLocaleString('en-US').padStart(11)}  ${String(t.moves.length).padStart(2)}  ${t.moves}: ${t.texts.join(' ')}`);
}
console.log(`wrong: ${String(wrong)}`);
if (wrong > 0) process.exitCode = 1;
