/**
 * `npm run tune:alphabeta -- <step> [options]`: tuning AlphaBeta's evaluation (see
 * src/games/connect-four/players/tuning.ts) and measuring the result.
 *
 * - `label --out FILE [--positions N] [--seed S] [--max-nodes M]`: samples positions 0..N-1 and
 *   labels each with the solver, appending one JSON line per position to FILE. Resumable: a rerun
 *   with the same FILE continues after the last index written (the samples depend only on the seed
 *   and the index), so it may be stopped at any time.
 * - `fit --data FILE`: fits the weights on the even-indexed labelled positions and compares the
 *   tuned and untuned weights on the odd-indexed ones (cross-entropy at each one's best scale).
 * - `match --a PLAYER --b PLAYER`: PLAYER a against b, in process, from the 49 two-move openings
 *   with both colours (98 games), clocks stopped so that every move is deterministic (depth and node
 *   budgets bind). PLAYER is a level name, `depth:D` or `nodes:N`, with tuned weights, or any of
 *   them followed by `/untuned` (default: `--a depth:4 --b depth:4/untuned`).
 * - `solver --out FILE [--player master] [--budget MS]`: PLAYER against the perfect player as the
 *   tournament's `solver` bot plays it (SolverPlayer, MS per move: default 5,000, the bot's cap),
 *   from each of the 49 two-move openings with both colours, one JSON line per game appended to
 *   FILE; resumable like `label`. Prints, per opening, whether PLAYER drew or won with either colour.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { wilsonInterval } from '../core/stats.js';
import { ALL_TWO_MOVE_OPENINGS, openingName } from '../arena/connect-four/openings.js';
import { Position } from '../games/connect-four/position.js';
import { AlphaBetaPlayer, TUNED_WEIGHTS, UNTUNED_WEIGHTS, alphaBetaLevel, type AlphaBetaLevelName, type AlphaBetaOptions } from '../games/connect-four/players/alphabeta.js';
import { fitEvaluation, labelPosition, logLossOf, positionTerms, samplePosition, type LabelledPosition } from '../games/connect-four/players/tuning.js';
import { SolverPlayer } from '../games/connect-four/players/solver-player.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { option } from './test-set-args.js';

function fail(message: string): never {
  process.stderr.write(`tune:alphabeta: ${message}\n`);
  process.exit(2);
}

function whole(name: string, fallback: number, min: number): number {
  const raw = option(name);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(value) || value < min) fail(`${name} must be a whole number >= ${String(min)}, got '${String(raw)}'`);
  return value;
}

function readLabels(file: string): LabelledPosition[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as LabelledPosition;
      } catch {
        return fail(`${file} line ${String(i + 1)} is not JSON (a run stopped mid-line? delete that line and resume)`);
      }
    });
}

function label(): void {
  const out = option('--out') ?? fail('label needs --out FILE');
  const positions = whole('--positions', 4_000, 1);
  const seed = whole('--seed', 2026, 0);
  const maxNodes = whole('--max-nodes', 2_000_000, 1);
  const done = readLabels(out);
  const start = done.length === 0 ? 0 : done[done.length - 1]!.index + 1;
  const solver = new Solver({ tableSize: 1 << 20 });
  const began = performance.now();
  let written = 0;
  process.stderr.write(`labelling positions ${String(start)}..${String(positions - 1)} of seed ${String(seed)} into ${out}\n`);
  for (let index = start; index < positions; index++) {
    const moves = samplePosition(seed, index);
    // Skipped samples are recorded too, so a resumed run knows where it stopped.
    const record: LabelledPosition = moves === null ? { index, moves: '', label: null, nodes: 0 } : labelPosition(solver, index, moves, maxNodes);
    appendFileSync(out, `${JSON.stringify(record)}\n`);
    written++;
    if (index % 100 === 99) process.stderr.write(`  ${String(index + 1)} (${((performance.now() - began) / 1000).toFixed(0)} s)\n`);
  }
  process.stderr.write(`${String(written)} written in ${((performance.now() - began) / 1000).toFixed(1)} s\n`);
}

function fit(): void {
  const file = option('--data') ?? fail('fit needs --data FILE');
  const all = readLabels(file);
  const labelled = all.filter((record): record is LabelledPosition & { label: -1 | 0 | 1 } => record.label !== null && record.moves !== '');
  const samples = labelled.map((record) => ({ index: record.index, terms: positionTerms(Position.fromMoves(record.moves)), label: record.label }));
  const train = samples.filter((sample) => sample.index % 2 === 0);
  const test = samples.filter((sample) => sample.index % 2 === 1);
  const counts = [-1, 0, 1].map((value) => labelled.filter((record) => record.label === value).length);
  console.log(`${String(all.length)} samples, ${String(labelled.length)} labelled (losses ${String(counts[0])}, draws ${String(counts[1])}, wins ${String(counts[2])} for the side to move); ${String(train.length)} to fit, ${String(test.length)} to test`);
  const result = fitEvaluation(train);
  console.log(`fitted coefficients: ${result.coefficients.map((c) => c.toFixed(5)).join(', ')}`);
  console.log(`whole weights: ${JSON.stringify(result.weights)}`);
  const ys = test.map((sample) => (sample.label + 1) / 2);
  const xs = test.map((sample) => sample.terms);
  const vector = (w: typeof UNTUNED_WEIGHTS): number[] => [w.material, w.threats, w.parityThreats, w.stackedThreats];
  console.log(`held-out cross-entropy (best scale each; ln 2 = ${Math.LN2.toFixed(4)} is a coin):`);
  console.log(`  untuned ${JSON.stringify(UNTUNED_WEIGHTS)}: ${logLossOf(vector(UNTUNED_WEIGHTS), xs, ys).toFixed(4)}`);
  console.log(`  fitted  ${JSON.stringify(result.weights)}: ${logLossOf(vector(result.weights), xs, ys).toFixed(4)}`);
  console.log(`  shipped ${JSON.stringify(TUNED_WEIGHTS)}: ${logLossOf(vector(TUNED_WEIGHTS), xs, ys).toFixed(4)}`);
}

/** One game from `opening` between two fresh AlphaBeta players, clocks stopped; 1, 0.5 or 0 for `first`. */
function playGame(first: AlphaBetaOptions, second: AlphaBetaOptions, firstIsRed: boolean, opening: readonly number[]): number {
  return playPlayers(new AlphaBetaPlayer({ ...first, now: () => 0 }), new AlphaBetaPlayer({ ...second, now: () => 0 }), firstIsRed, opening).score;
}

/** The players these matches use answer at once (no promise). */
type SyncPlayer = AlphaBetaPlayer | SolverPlayer;

/** One game from `opening`; the score for `a` (1, 0.5 or 0) and the moves (1-based digits). */
function playPlayers(a: SyncPlayer, b: SyncPlayer, aIsRed: boolean, opening: readonly number[]): { score: number; moves: string } {
  const [red, yellow] = aIsRed ? [a, b] : [b, a];
  red.init(true);
  yellow.init(false);
  const position = new Position();
  for (const column of opening) {
    position.play(column);
    red.inform(column);
    yellow.inform(column);
  }
  while (!position.isGameOver()) {
    const [mover, other] = position.turn ? [red, yellow] : [yellow, red];
    const column = mover.move();
    position.play(column);
    other.inform(column);
  }
  const winner = position.winner();
  return { score: winner === null ? 0.5 : winner === aIsRed ? 1 : 0, moves: position.toMoves() };
}

/**
 * A player description: a level name (`club`), `depth:D` or `nodes:N` (tuned weights), any of them
 * followed by `/untuned` for the weights before tuning.
 */
function parsePlayer(spec: string): AlphaBetaOptions {
  const [limit = '', weights] = spec.split('/');
  if (weights !== undefined && weights !== 'untuned') fail(`'${spec}': only '/untuned' may follow a player`);
  const chosen = { weights: weights === undefined ? TUNED_WEIGHTS : UNTUNED_WEIGHTS };
  const [kind, amount] = limit.split(':');
  if (amount === undefined) {
    if (alphaBetaLevel(limit) === undefined) fail(`'${spec}' is neither a level name nor depth:D or nodes:N`);
    return { ...chosen, level: limit as AlphaBetaLevelName };
  }
  const value = Number(amount);
  if (!Number.isSafeInteger(value) || value < 1) fail(`'${spec}': ${String(amount)} is not a whole number >= 1`);
  if (kind === 'depth') return { ...chosen, level: 'master', maxDepth: value, maxNodes: Infinity };
  if (kind === 'nodes') return { ...chosen, level: 'master', maxNodes: value };
  return fail(`'${spec}': expected depth:D or nodes:N`);
}

function match(): void {
  const [aSpec, bSpec] = [option('--a') ?? 'depth:4', option('--b') ?? 'depth:4/untuned'];
  const [a, b] = [parsePlayer(aSpec), parsePlayer(bSpec)];
  const results = [0, 0, 0];
  let points = 0;
  const lost: string[] = [];
  const began = performance.now();
  for (const opening of ALL_TWO_MOVE_OPENINGS) {
    for (const aIsRed of [true, false]) {
      const score = playGame(a, b, aIsRed, opening);
      points += score;
      results[score === 1 ? 0 : score === 0.5 ? 1 : 2]!++;
      if (score === 0) lost.push(`${openingName(opening)}${aIsRed ? ' as red' : ' as yellow'}`);
    }
  }
  const games = 2 * ALL_TWO_MOVE_OPENINGS.length;
  // Draws as half a win: the Wilson interval the tournament's two-player Elo interval maps from.
  const interval = wilsonInterval(points, games);
  console.log(
    `${aSpec} vs ${bSpec} from the 49 two-move openings, both colours: +${String(results[0])} =${String(results[1])} -${String(results[2])}, ` +
      `score ${(points / games).toFixed(3)} [${interval.low.toFixed(3)}, ${interval.high.toFixed(3)}] (${((performance.now() - began) / 1000).toFixed(1)} s)`,
  );
  if (lost.length > 0) console.log(`  ${aSpec} lost: ${lost.join(', ')}`);
}

interface SolverGame {
  readonly game: number;
  readonly opening: string;
  readonly playerIsRed: boolean;
  readonly score: number;
  readonly moves: string;
  readonly seconds: number;
}

function versusSolver(): void {
  const out = option('--out') ?? fail('solver needs --out FILE');
  const spec = option('--player') ?? 'master';
  const player = parsePlayer(spec);
  const budgetMs = whole('--budget', 5_000, 1);
  const done = existsSync(out) ? (readFileSync(out, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as SolverGame)) : [];
  const total = 2 * ALL_TWO_MOVE_OPENINGS.length;
  process.stderr.write(`${spec} against the solver (${String(budgetMs)} ms a move): games ${String(done.length + 1)}..${String(total)} into ${out}\n`);
  for (let game = done.length; game < total; game++) {
    const opening = ALL_TWO_MOVE_OPENINGS[game >> 1]!;
    const playerIsRed = (game & 1) === 0;
    const began = performance.now();
    // The AlphaBeta side is bounded by its depth or nodes (its clock stopped: deterministic); the
    // solver by its time budget, as the tournament's `solver` bot.
    const { score, moves } = playPlayers(new AlphaBetaPlayer({ ...player, now: () => 0 }), new SolverPlayer({ budgetMs }), playerIsRed, opening);
    const record: SolverGame = { game, opening: openingName(opening), playerIsRed, score, moves, seconds: Math.round((performance.now() - began) / 100) / 10 };
    appendFileSync(out, `${JSON.stringify(record)}\n`);
    done.push(record);
    process.stderr.write(`  ${String(game + 1)}/${String(total)} ${record.opening} ${playerIsRed ? 'red' : 'yellow'}: ${String(score)} (${String(record.seconds)} s)\n`);
  }
  const byOpening = new Map<string, SolverGame[]>();
  for (const record of done) byOpening.set(record.opening, [...(byOpening.get(record.opening) ?? []), record]);
  const held = [...byOpening.entries()].filter(([, games]) => games.some((g) => g.score >= 0.5));
  const heldBoth = [...byOpening.entries()].filter(([, games]) => games.length === 2 && games.every((g) => g.score >= 0.5));
  const points = done.reduce((sum, g) => sum + g.score, 0);
  console.log(
    `${spec} against the solver, ${String(done.length)} games from ${String(byOpening.size)} openings: score ${points.toFixed(1)}/${String(done.length)}; ` +
      `drew or won with at least one colour from ${String(held.length)} openings, with both colours from ${String(heldBoth.length)}`,
  );
  console.log(`  held: ${held.map(([name]) => name).join(' ')}`);
}

const step = process.argv[2];
if (step === 'label') label();
else if (step === 'fit') fit();
else if (step === 'match') match();
else if (step === 'solver') versusSolver();
else fail(`expected a step: label, fit, match or solver (got '${String(step)}')`);
