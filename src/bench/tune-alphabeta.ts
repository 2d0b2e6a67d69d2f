/**
 * `npm run tune:alphabeta -- <step> [options]`: tuning AlphaBeta's evaluation (see
 * src/games/connect-four/players/tuning.ts) and measuring the result.
 *
 * - `label --out FILE [--positions N] [--seed S] [--max-nodes M] [--threads T] [--shard i/n]
 *   [--batch-size B]`: samples positions 0..N-1 and labels each with the solver, as a job of the
 *   lab's runner (bench/tune-alphabeta/tuning-labels.ts): FILE is its journal, one record per batch.
 *   Resumable (a rerun with the same FILE labels only what it lacks), on T threads, and shardable:
 *   part i of n into its own FILE (the samples and labels depend only on the seed, the budget and
 *   the index, so any split gives the same labels).
 * - `fit --data FILE[,FILE…]`: fits the weights on the even-indexed labelled positions and compares
 *   the tuned and untuned weights on the odd-indexed ones (cross-entropy at each one's best scale).
 *   Several FILEs are the journals of one run's shards; a file an earlier version wrote (one
 *   sample a line) is read too.
 * - `match --a PLAYER --b PLAYER`: PLAYER a against b, from the 49 two-move openings with both
 *   colours (98 games), clocks stopped so that every move is deterministic (depth and node budgets
 *   bind), as a job of the lab's runner (bench/tune-alphabeta/tuning-match.ts). PLAYER is a level
 *   name, `depth:D` or `nodes:N`, with tuned weights, or any of them followed by `/untuned`
 *   (default: `--a depth:4 --b depth:4/untuned`). With `--out FILE`, FILE is its journal (one
 *   record per batch of games): a rerun plays only the games FILE lacks. `--threads T`, `--shard
 *   i/n` (each shard into its own FILE) and `--batch-size B` split the games; `match --data
 *   A,B,…` prints the summary of the shards' files together.
 * - `solver --out FILE [--player grandmaster] [--budget MS] [--no-book]`: PLAYER against the perfect
 *   player — SolverPlayer with the shipped opening and strategy books, as the tournament's
 *   `solver`/`perfect` bot, but with MS per move (default 600,000: ten minutes, so that it proves
 *   every move instead of falling back to AlphaBeta; the moves that did fall back are counted; one
 *   player and one larger table serve all the games) —
 *   from each of the 49 two-move openings with both colours, one JSON line per game appended to
 *   FILE, the games where the perfect player stays in its book first. Resumable: a rerun skips the
 *   games FILE holds. Prints a table per opening (its value from the strategy book where it holds
 *   it, else the bounds the games prove; PLAYER's result with each colour) and the counts;
 *   `--summary` prints them from FILE without playing.
 * - `speed [--ms T]`: AlphaBeta's positions per CPU-second (calibrates the grandmaster's budget).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { wilsonInterval } from '../core/stats.js';
import { ALL_TWO_MOVE_OPENINGS, openingName } from '../games/connect-four/openings.js';
import { Position } from '../games/connect-four/position.js';
import { AlphaBetaPlayer, TUNED_WEIGHTS, UNTUNED_WEIGHTS, type AlphaBetaOptions } from '../games/connect-four/players/alphabeta.js';
import { fitEvaluation, logLossOf, positionTerms, type LabelledPosition } from '../games/connect-four/players/tuning.js';
import { SolverPlayer } from '../games/connect-four/players/solver-player.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import type { OpeningBook } from '../games/connect-four/book/book.js';
import { loadDefaultBook, loadDefaultValues, SHIPPED_BOOK_PATHS } from '../arena/connect-four/book-file.js';
import { option, usageFailure, wholeOption } from './test-set-args.js';
import { FileSafetyError } from '../lab/files.js';
import { JournalFile } from '../lab/journal-file.js';
import { runJob } from '../lab/job-runner.js';
import { describeRanges, JobJournalError, jobRecordsOf, mergeJobRecords, type JobShard, type MergedJob } from '../lab/jobs.js';
import { matchGamesOf, parseMatchPlayer, playMatchGames, playPlayers, tuningMatchJob, tuningMatchParams, tuningMatchWorkerFile, type MatchGame, type SyncPlayer } from './tune-alphabeta/tuning-match.js';
import { LABEL_TABLE_ENTRIES, labelSamples, labelsOf, tuningLabelParams, tuningLabelsJob, tuningLabelsWorkerFile } from './tune-alphabeta/tuning-labels.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'tune:alphabeta',
  'usage: npm run tune:alphabeta -- label|fit|match|solver|speed [options]\n' +
    'Tuning AlphaBeta\'s evaluation and measuring it; the steps and their options are in src/bench/tune-alphabeta.ts.',
  { valued: ['--a', '--b', '--batch-size', '--budget', '--data', '--max-nodes', '--ms', '--out', '--player', '--positions', '--seed', '--shard', '--threads'], flags: ['--no-book', '--summary'], positionals: true },
);

const fail: (message: string) => never = usageFailure('tune:alphabeta');
const whole = (name: string, fallback: number, min: number): number => wholeOption(name, fallback, min, fail);

/**
 * A file of one JSON record per line, read and appended by the journals' one rule (lab/journal.ts):
 * a torn last line (a run stopped mid-write) is not counted and is cut off before the first append;
 * a whole line that is not JSON is an error naming it.
 */
function openJsonJournal<T>(file: string): { records: T[]; append: (record: T) => void } {
  let journal: JournalFile;
  try {
    journal = JournalFile.read(file, 'the journal');
  } catch (error) {
    return fail(error instanceof FileSafetyError ? error.message : String(error));
  }
  const records = journal.lines.flatMap((line, i): T[] => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line) as T];
    } catch {
      return fail(`${file} line ${String(i + 1)} is not JSON`);
    }
  });
  return { records, append: (record) => journal.append(JSON.stringify(record)) };
}

/** `--shard i/n` (1 <= i <= n), or undefined. */
function shardOption(): JobShard | undefined {
  const raw = option('--shard');
  if (raw === undefined) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const [index, count] = [Number(match?.[1]), Number(match?.[2])];
  if (match === null || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) fail(`--shard must be i/n with 1 <= i <= n (e.g. 2/8), got '${raw}'`);
  return { index, count };
}

/** True if `file`'s first line is a sample as an earlier version wrote them (one JSON sample a line, no job record). */
function isPlainLabelFile(file: string): boolean {
  const first = openJsonJournal<Record<string, unknown>>(file).records[0];
  return first !== undefined && first.format === undefined && typeof first.index === 'number';
}

/**
 * The labelled samples of `--data FILE[,FILE…]`: the journals of a labelling run or of its shards
 * (added up; a sample counted twice, or journals of different runs, refused), or one file of an
 * earlier version (one sample a line).
 */
function readLabels(data: string): LabelledPosition[] {
  const files = data.split(',');
  if (files.some(isPlainLabelFile)) {
    if (files.length > 1) fail(`${data}: a file of the earlier one-sample-a-line format is read alone, not with other files`);
    return openJsonJournal<LabelledPosition>(files[0]!).records;
  }
  const merged = mergedJournals(data);
  return usable(() => {
    tuningLabelParams(merged.identity);
    if (merged.missing.length > 0) process.stderr.write(`tune:alphabeta: no journal holds samples ${describeRanges(merged.missing)}: fitting on the others\n`);
    return labelsOf(merged.records, data);
  });
}

/** `action`'s value; a journal or file that cannot be used is a usage error. */
function usable<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    return fail(error instanceof JobJournalError || error instanceof FileSafetyError ? error.message : String(error));
  }
}

/** The job journals `FILE[,FILE…]` added up: one job, no item counted twice. */
function mergedJournals(data: string): MergedJob {
  return usable(() => mergeJobRecords(data.split(',').map((path) => ({ path, records: jobRecordsOf(JournalFile.read(path, 'the journal').lines, path) }))));
}

/** `label`: samples 0 … N−1 labelled as a job of the lab's runner (bench/tune-alphabeta/tuning-labels.ts). */
async function label(): Promise<void> {
  const out = option('--out') ?? fail('label needs --out FILE');
  const positions = whole('--positions', 4_000, 1);
  const params = { seed: whole('--seed', 2026, 0), maxNodes: whole('--max-nodes', 2_000_000, 1), table: LABEL_TABLE_ENTRIES };
  const threads = whole('--threads', 1, 1);
  const shard = shardOption();
  if (existsSync(out) && isPlainLabelFile(out)) {
    fail(`${out} holds samples an earlier version wrote one a line: \`fit --data ${out}\` still reads it; to label more, write a new file with --out (the labels are the same)`);
  }
  const controller = new AbortController();
  const stop = (): void => {
    process.stderr.write('tune:alphabeta: stopping (the samples in progress are dropped; the journal keeps the rest)\n');
    controller.abort();
  };
  process.once('SIGINT', stop);
  const began = performance.now();
  let written = 0;
  try {
    const outcome = await runJob<LabelledPosition[]>({
      identity: tuningLabelsJob(params, positions),
      workerFile: tuningLabelsWorkerFile(),
      here: (task) => labelSamples(params, task.start, task.end),
      journal: out,
      shard,
      threads,
      batchSize: whole('--batch-size', 10, 1),
      signal: controller.signal,
      onStart: ({ todo, part, tornBytes }) => {
        if (tornBytes > 0) process.stderr.write(`the last line of ${out} was cut short (${String(tornBytes)} bytes): not counted, its samples are labelled again\n`);
        process.stderr.write(`labelling samples ${describeRanges(todo)} of ${describeRanges([part])}, seed ${String(params.seed)}, into ${out}\n`);
      },
      onRecord: (record) => {
        written += record.end - record.start;
        process.stderr.write(`  ${String(written)} (${((performance.now() - began) / 1000).toFixed(0)} s)\n`);
      },
    });
    process.stderr.write(`${String(written)} written in ${((performance.now() - began) / 1000).toFixed(1)} s${outcome.aborted ? ' (stopped: run the same command again to resume)' : ''}\n`);
  } catch (error) {
    fail(error instanceof JobJournalError || error instanceof FileSafetyError ? error.message : String(error));
  } finally {
    process.off('SIGINT', stop);
  }
}

function fit(): void {
  const all = readLabels(option('--data') ?? fail('fit needs --data FILE[,FILE…]'));
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

/** A player description (see `parseMatchPlayer`); a usage error if it is not one. */
function parsePlayer(spec: string): AlphaBetaOptions {
  try {
    return parseMatchPlayer(spec);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/** A game's key in a record file: the opening and the colour of the player the record is about. */
const gameKey = (opening: string, isRed: boolean): string => `${opening}${isRed ? 'r' : 'y'}`;

/**
 * `match`: the 98 games as a job of the lab's runner (bench/tune-alphabeta/tuning-match.ts); with
 * `--out FILE` its journal, resumed by a rerun; `--shard i/n` plays part of them into its own FILE,
 * and `match --data A,B` prints the summary of the shards' files together.
 */
async function match(): Promise<void> {
  const data = option('--data');
  if (data !== undefined) {
    const merged = mergedJournals(data);
    const { a, b } = usable(() => tuningMatchParams(merged.identity));
    if (merged.missing.length > 0) process.stderr.write(`tune:alphabeta: no file holds games ${describeRanges(merged.missing)}: the summary counts the others\n`);
    printMatch(a, b, usable(() => matchGamesOf(merged.records, data)), 0);
    return;
  }
  const params = { a: option('--a') ?? 'depth:4', b: option('--b') ?? 'depth:4/untuned' };
  parsePlayer(params.a);
  parsePlayer(params.b);
  const out = option('--out');
  if (out !== undefined && existsSync(out)) {
    const first = openJsonJournal<Record<string, unknown>>(out).records[0];
    if (first !== undefined && first.format === undefined) fail(`${out} holds games an earlier version wrote one a line: write the match to a new file with --out`);
  }
  const began = performance.now();
  const outcome = await runUsable(() =>
    runJob<MatchGame[]>({
      identity: tuningMatchJob(params),
      workerFile: tuningMatchWorkerFile(),
      here: (task) => playMatchGames(params, task.start, task.end),
      journal: out,
      shard: shardOption(),
      threads: whole('--threads', 1, 1),
      batchSize: whole('--batch-size', 2, 1),
      onRecord: (record) => {
        if (out !== undefined) for (const game of record.result) process.stderr.write(`  ${game.opening} ${game.aIsRed ? 'red' : 'yellow'}: ${String(game.score)}\n`);
      },
    }),
  );
  printMatch(params.a, params.b, matchGamesOf(outcome.records, out ?? 'this run'), performance.now() - began);
}

/** Runs a job; a journal or file that cannot be used is a usage error. */
async function runUsable<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    return fail(error instanceof JobJournalError || error instanceof FileSafetyError ? error.message : String(error));
  }
}

function printMatch(aSpec: string, bSpec: string, done: readonly MatchGame[], ms: number): void {
  const results = [0, 0, 0];
  let points = 0;
  const lost: string[] = [];
  for (const game of done) {
    points += game.score;
    results[game.score === 1 ? 0 : game.score === 0.5 ? 1 : 2]!++;
    if (game.score === 0) lost.push(`${game.opening}${game.aIsRed ? ' as red' : ' as yellow'}`);
  }
  const games = done.length;
  // Draws as half a win: the Wilson interval the tournament's two-player Elo interval maps from.
  const interval = wilsonInterval(points, games);
  console.log(
    `${aSpec} vs ${bSpec} from the 49 two-move openings, both colours: +${String(results[0])} =${String(results[1])} -${String(results[2])}, ` +
      `score ${(points / games).toFixed(3)} [${interval.low.toFixed(3)}, ${interval.high.toFixed(3)}]${ms > 0 ? ` (${(ms / 1000).toFixed(1)} s)` : ''}`,
  );
  if (lost.length > 0) console.log(`  ${aSpec} lost: ${lost.join(', ')}`);
}

interface SolverGame {
  readonly opening: string;
  readonly playerIsRed: boolean;
  readonly score: number;
  readonly moves: string;
  readonly seconds: number;
  /** The perfect player's moves, and how many of them the solver did not prove (AlphaBeta's fallback). */
  readonly perfectMoves: number;
  readonly fallbacks: number;
  /** The perfect player's slowest move, in seconds. */
  readonly slowestPerfectMove: number;
  /** The most positions the AlphaBeta player searched for one move. */
  readonly mostNodes: number;
}

/**
 * The value of the opening position for red (to move): 1 win, 0 draw, -1 loss, from the opening
 * book's exact score (it holds every position of up to 2 stones) or the strategy book; null if
 * neither holds it.
 */
function openingValue(solver: Solver, opening: readonly number[]): number | null {
  const position = new Position();
  for (const column of opening) position.play(column);
  // No node to spend: only what the books give at the root.
  return solver.search(position, { weak: true, maxNodes: 0 }).score;
}

/**
 * The 98 games, cheapest first: those where the perfect player stays in its strategy book (as red
 * after the opening 4x, as yellow after its own book reply to red's first move), then the rest in
 * the suite's order. A stopped run resumes with the games not yet written, whatever the order.
 */
function solverGameOrder(solver: Solver): { opening: readonly number[]; playerIsRed: boolean }[] {
  const replyTo = (first: number): number | undefined => {
    const position = new Position();
    position.play(first);
    return solver.bookValue(position) === undefined ? undefined : solver.bestMove(position, { weak: true }).column;
  };
  const games = ALL_TWO_MOVE_OPENINGS.flatMap((opening) => [true, false].map((playerIsRed) => ({ opening, playerIsRed })));
  const booked = ({ opening, playerIsRed }: { opening: readonly number[]; playerIsRed: boolean }): boolean =>
    playerIsRed ? opening[1] === replyTo(opening[0]!) : opening[0] === 3;
  return [...games.filter(booked), ...games.filter((game) => !booked(game))];
}

/** Transposition-table entries of the perfect player in `solver` (2^25, about 170 MB). */
const PERFECT_TABLE_ENTRIES = 1 << 25;

function versusSolver(): void {
  const out = option('--out') ?? fail('solver needs --out FILE');
  const spec = option('--player') ?? 'grandmaster';
  const player = parsePlayer(spec);
  const budgetMs = whole('--budget', 600_000, 1);
  const books = loadBooks();
  const journal = openJsonJournal<SolverGame>(out);
  const done = journal.records;
  const finished = new Set(done.map((game) => gameKey(game.opening, game.playerIsRed)));
  const judge = new Solver(books);
  if (process.argv.includes('--summary')) {
    printSolverSummary(spec, done, judge);
    return;
  }
  const order = solverGameOrder(judge).filter((game) => !finished.has(gameKey(openingName(game.opening), game.playerIsRed)));
  const total = 2 * ALL_TWO_MOVE_OPENINGS.length;
  process.stderr.write(`${spec} against the perfect player (${String(budgetMs)} ms a move, books: ${books.values === undefined ? 'none' : 'shipped'}): ${String(order.length)} of ${String(total)} games left, into ${out}\n`);
  // One perfect player (one transposition table) for every game: the solver's entries are exact
  // bounds of positions, true in any game, and the games from one opening share their first
  // positions, the hardest to prove. A table larger than the tournament bot's serves the long searches.
  const perfect = new SolverPlayer({ budgetMs, tableSize: PERFECT_TABLE_ENTRIES, ...books });
  for (const { opening, playerIsRed } of order) {
    const began = performance.now();
    let perfectMoves = 0;
    let fallbacks = 0;
    let slowest = 0;
    // Counts the moves the solver did not prove (AlphaBeta's fallback): such a move may be right by luck.
    const counted: SyncPlayer = {
      move: (): number => {
        const moveBegan = performance.now();
        const column = perfect.move();
        slowest = Math.max(slowest, performance.now() - moveBegan);
        perfectMoves++;
        if (perfect.lastReport?.perfect !== true) fallbacks++;
        return column;
      },
      init: (color: boolean): void => perfect.init(color),
      inform: (column: number): void => perfect.inform(column),
    };
    // The AlphaBeta side is bounded by its depth or nodes (its clock stopped: deterministic).
    const alphabeta = new AlphaBetaPlayer({ ...player, now: () => 0 });
    let mostNodes = 0;
    const measured: SyncPlayer = {
      move: (): number => {
        const column = alphabeta.move();
        mostNodes = Math.max(mostNodes, alphabeta.lastReport?.nodes ?? 0);
        return column;
      },
      init: (color: boolean): void => alphabeta.init(color),
      inform: (column: number): void => alphabeta.inform(column),
    };
    const { score, moves } = playPlayers(measured, counted, playerIsRed, opening);
    const record: SolverGame = {
      opening: openingName(opening),
      playerIsRed,
      score,
      moves,
      seconds: Math.round((performance.now() - began) / 100) / 10,
      perfectMoves,
      fallbacks,
      slowestPerfectMove: Math.round(slowest / 100) / 10,
      mostNodes,
    };
    journal.append(record);
    done.push(record);
    process.stderr.write(
      `  ${String(done.length)}/${String(total)} ${record.opening} ${playerIsRed ? 'red' : 'yellow'}: ${String(score)} (${String(record.seconds)} s, ` +
        `${String(fallbacks)} of ${String(perfectMoves)} perfect moves fell back, slowest ${String(record.slowestPerfectMove)} s)\n`,
    );
  }
  printSolverSummary(spec, done, judge);
}

/** W, D or L for the AlphaBeta player's game, '-' if not played; a fallback marks it '*'. */
function cell(game: SolverGame | undefined): string {
  if (game === undefined) return '-';
  return `${game.score === 1 ? 'W' : game.score === 0.5 ? 'D' : 'L'}${game.fallbacks > 0 ? '*' : ''}`;
}

const VALUE_WORDS = ['loss', 'draw', 'win'] as const;

/**
 * What is known of an opening's value for red (1 win, 0 draw, -1 loss): the strategy book's value,
 * else the bounds the two games prove. A perfect player never lets its side's value slip, so red's
 * result is at least the value when the perfect player had red, and at most it when the perfect
 * player had yellow. A game where the perfect player fell back proves nothing.
 */
function openingValueBounds(bookValue: number | null, asRed: SolverGame | undefined, asYellow: SolverGame | undefined): { low: number; high: number; fromBook: boolean } {
  if (bookValue !== null) return { low: bookValue, high: bookValue, fromBook: true };
  const redResult = (game: SolverGame, playerIsRed: boolean): number => 2 * (playerIsRed ? game.score : 1 - game.score) - 1;
  // The AlphaBeta player had red (the perfect player yellow): red's result bounds the value from below.
  const low = asRed !== undefined && asRed.fallbacks === 0 ? redResult(asRed, true) : -1;
  const high = asYellow !== undefined && asYellow.fallbacks === 0 ? redResult(asYellow, false) : 1;
  return { low, high, fromBook: false };
}

function printSolverSummary(spec: string, done: readonly SolverGame[], judge: Solver): void {
  const byKey = new Map(done.map((game) => [gameKey(game.opening, game.playerIsRed), game]));
  const held = (game: SolverGame | undefined): boolean => game !== undefined && game.score >= 0.5;
  console.log(`| opening | value for red | ${spec} as red | ${spec} as yellow |`);
  console.log('| --- | --- | :---: | :---: |');
  const counts = { red: 0, yellow: 0, either: 0, redPlayed: 0, yellowPlayed: 0, redPossible: 0, yellowPossible: 0, redUnknown: 0, yellowUnknown: 0, fallbacks: 0, redHeldPossible: 0, yellowHeldPossible: 0 };
  for (const opening of ALL_TWO_MOVE_OPENINGS) {
    const name = openingName(opening);
    const [red, yellow] = [byKey.get(gameKey(name, true)), byKey.get(gameKey(name, false))];
    const { low, high, fromBook } = openingValueBounds(openingValue(judge, opening), red, yellow);
    const value = low === high ? `${VALUE_WORDS[low + 1]!}${fromBook ? '' : ' (games)'}` : low === -1 && high === 1 ? '?' : `${VALUE_WORDS[low + 1]!} or ${VALUE_WORDS[high + 1]!} (games)`;
    console.log(`| ${name} | ${value} | ${cell(red)} | ${cell(yellow)} |`);
    if (red !== undefined) {
      counts.redPlayed++;
      // A draw or a win as red was possible if the value for red is not a loss.
      if (low >= 0) counts.redPossible++;
      else if (high >= 0) counts.redUnknown++;
      if (held(red) && low >= 0) counts.redHeldPossible++;
    }
    if (yellow !== undefined) {
      counts.yellowPlayed++;
      if (high <= 0) counts.yellowPossible++;
      else if (low <= 0) counts.yellowUnknown++;
      if (held(yellow) && high <= 0) counts.yellowHeldPossible++;
    }
    if (held(red)) counts.red++;
    if (held(yellow)) counts.yellow++;
    if (held(red) || held(yellow)) counts.either++;
    counts.fallbacks += (red?.fallbacks ?? 0) + (yellow?.fallbacks ?? 0);
  }
  console.log(
    `\n${spec} drew or won as red from ${String(counts.red)} of ${String(counts.redPlayed)} openings played, as yellow from ${String(counts.yellow)} of ${String(counts.yellowPlayed)}; ` +
      `with at least one colour from ${String(counts.either)}.\n` +
      `Possible (the opening's value not a loss for that colour): as red ${String(counts.redPossible)} known (${String(counts.redHeldPossible)} held), ${String(counts.redUnknown)} not known; ` +
      `as yellow ${String(counts.yellowPossible)} known (${String(counts.yellowHeldPossible)} held), ${String(counts.yellowUnknown)} not known.\n` +
      `Perfect moves that fell back to AlphaBeta: ${String(counts.fallbacks)} (their games marked *).`,
  );
}

/** The shipped opening and strategy books (a damaged one is left out with a warning), or none with --no-book. */
function loadBooks(): { book?: OpeningBook; values?: OpeningBook } {
  if (process.argv.includes('--no-book')) return {};
  const warn = (message: string): boolean => process.stderr.write(`tune:alphabeta: ${message}\n`);
  const book = loadDefaultBook(warn, SHIPPED_BOOK_PATHS);
  const values = loadDefaultValues(warn);
  return { ...(book === undefined ? {} : { book }), ...(values === undefined ? {} : { values }) };
}

/**
 * `speed [--ms T]`: AlphaBeta's raw speed, positions searched per CPU-second, over the first ten
 * two-move openings, each searched for T ms of wall time (default 1,000) without a node budget.
 * The CPU time is the process's, so a busy machine slows the wall clock more than the figure.
 */
function speed(): void {
  const ms = whole('--ms', 1_000, 1);
  let nodes = 0;
  let cpuMicros = 0;
  let wall = 0;
  for (const opening of ALL_TWO_MOVE_OPENINGS.slice(0, 10)) {
    const player = new AlphaBetaPlayer({ level: 'master', maxNodes: Infinity, budgetMs: ms });
    player.setPosition(openingName(opening));
    const cpu = process.cpuUsage();
    const began = performance.now();
    nodes += player.search().nodes;
    wall += performance.now() - began;
    const used = process.cpuUsage(cpu);
    cpuMicros += used.user + used.system;
  }
  const perCpuSecond = nodes / (cpuMicros / 1e6);
  console.log(
    `${nodes.toLocaleString('en-US')} positions in ${(cpuMicros / 1e6).toFixed(2)} CPU-s (${(wall / 1000).toFixed(2)} s wall): ` +
      `${(perCpuSecond / 1e6).toFixed(2)} million positions per CPU-second; load average ${loadavg()[0]!.toFixed(1)}`,
  );
}

const step = process.argv[2];
if (step === 'label') await label();
else if (step === 'fit') fit();
else if (step === 'match') await match();
else if (step === 'solver') versusSolver();
else if (step === 'speed') speed();
else fail(`expected a step: label, fit, match, solver or speed (got '${String(step)}')`);
