/**
 * `npm run bench:coach -- [--decisions N] [--seed S] [--nodes N] [--factor F]`: how far the Connect
 * Four coach (src/games/connect-four/coach.ts) can be trusted, and how fast it answers. N decisions
 * (default 1,000) are sampled from imperfect games (players/tuning.ts samplePosition: plies 8-30,
 * the positions a person meets once the opening book is behind); each is rated by the coach on its
 * budget (`--nodes`, default COACH_NODES; one solver, its table kept from decision to decision, as
 * in a game) and by a reference with F times that budget (default 100; its own solver).
 *
 * Agreement: the reference proves the coach's best column as good as any other. Disagreement: it
 * proves another column better. Otherwise the reference could not tell (its own bounds overlap).
 * Also counted: decisions where the coach's best column keeps the position's outcome (win, draw or
 * loss) by the reference. Latency: wall time of each coach rating (median, 90th percentile, max)
 * and the nodes searched.
 */
import { COACH_NODES, bestColumn, outcomeOf, scoreColumns, type ColumnScore } from '../games/connect-four/coach.js';
import { Position } from '../games/connect-four/position.js';
import { samplePosition } from '../games/connect-four/players/tuning.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { loadDefaultBook, loadDefaultValues } from '../arena/connect-four/book-file.js';
import { usageFailure, wholeOption } from './test-set-args.js';

const fail: (message: string) => never = usageFailure('bench:coach');
const whole = (name: string, fallback: number, min: number): number => wholeOption(name, fallback, min, fail);

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write('usage: npm run bench:coach -- [--decisions N] [--seed S] [--nodes N] [--factor F]\nThe Connect Four coach against a reference with F times its budget (see docs/benchmarks.md).\n');
  process.exit(0);
}

const decisions = whole('--decisions', 1000, 1);
const seed = whole('--seed', 1, 0);
const nodes = whole('--nodes', COACH_NODES, 1);
const factor = whole('--factor', 100, 1);

const warn = (message: string): void => void process.stderr.write(`bench:coach: ${message}\n`);
const books = { book: loadDefaultBook(warn), values: loadDefaultValues(warn) };
const withBooks = { ...(books.book === undefined ? {} : { book: books.book }), ...(books.values === undefined ? {} : { values: books.values }) };
const coach = new Solver(withBooks);
const reference = new Solver(withBooks);

/** 1: the reference proves `column` as good as any other; -1: it proves another better; 0: it cannot tell. */
function judged(scores: readonly (ColumnScore | null)[], column: number): -1 | 0 | 1 {
  const mine = scores[column]!;
  const others = scores.filter((score, index): score is ColumnScore => score !== null && index !== column);
  if (others.every((score) => mine.lower >= score.upper)) return 1;
  if (others.some((score) => score.lower > mine.upper)) return -1;
  return 0;
}

let agree = 0;
let disagree = 0;
let keepsOutcome = 0;
let outcomeKnown = 0;
const times: number[] = [];
let coachNodes = 0;
const disagreements: string[] = [];
let sampled = 0;
for (let index = 0; sampled < decisions; index++) {
  const moves = samplePosition(seed, index);
  if (moves === null) continue;
  sampled++;
  const position = Position.fromMoves(moves);
  const before = coach.nodes;
  const started = performance.now();
  const best = bestColumn(scoreColumns(coach, position, nodes));
  times.push(performance.now() - started);
  coachNodes += coach.nodes - before;
  const truth = scoreColumns(reference, position, nodes * factor);
  const verdict = judged(truth, best);
  if (verdict === 1) agree++;
  else if (verdict === -1) {
    disagree++;
    disagreements.push(moves);
  }
  const whole = outcomeOf({ lower: Math.max(...truth.map((s) => s?.lower ?? -Infinity)), upper: Math.max(...truth.map((s) => s?.upper ?? -Infinity)) });
  const kept = outcomeOf(truth[best]!);
  if (whole !== null && kept !== null) {
    outcomeKnown++;
    if (whole === kept) keepsOutcome++;
  }
}

const sorted = [...times].sort((a, b) => a - b);
const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const share = (n: number, of: number): string => `${(of === 0 ? 0 : (100 * n) / of).toFixed(1)}%`;
process.stdout.write(
  [
    `decisions ${String(decisions)} (seed ${String(seed)}), coach ${String(nodes)} nodes, reference ${String(factor)}x`,
    `best column: agrees ${String(agree)} (${share(agree, decisions)}), disagrees ${String(disagree)} (${share(disagree, decisions)}), reference cannot tell ${String(decisions - agree - disagree)}`,
    `keeps the outcome: ${String(keepsOutcome)} of ${String(outcomeKnown)} settled by the reference (${share(keepsOutcome, outcomeKnown)})`,
    `coach rating wall time: median ${at(0.5).toFixed(0)} ms, 90th percentile ${at(0.9).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms; ${(coachNodes / decisions / 1e6).toFixed(2)} M nodes a rating`,
    ...(disagreements.length === 0 ? [] : [`disagreements: ${disagreements.slice(0, 10).join(' ')}`]),
    '',
  ].join('\n'),
);
