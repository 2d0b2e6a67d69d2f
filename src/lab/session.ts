/**
 * One lab run, from a request to its tally: which games to play (a fresh run, a shard, or what a
 * resumed results log still lacks), the --until-ci stopping rule, and the records appended as the
 * batches complete. The CLI, a library user and the browser lab all go through `runLab`; the CLI
 * only parses options and prints.
 *
 * This module does no I/O of its own: the results log (a `JobLog`, jobs.ts) and the executor that plays
 * batches (`runExperiment` on Node, a web-worker pool in the browser) are passed in. On Node,
 * `runLabOnNode` (node-lab.ts) supplies both.
 *
 * Resuming trusts the log, not the command line: the experiment (game, players, seed, pairing),
 * its size, this run's shard and the stopping rule all come from the log's records, and an option
 * that contradicts them is refused rather than silently winning — a resumed run that played a
 * different game range would append records that no longer merge with the rest.
 */
import { combineRecords, RecordsError, resultsJobRecord, type BatchRecord } from './records.js';
import { partOf, todoOf, type JobLog, type JobShard } from './jobs.js';
import { freshSeed } from '../core/random.js';
import type { ExperimentConfig, PlayedGame, Tally } from './experiment.js';
import { validateConfig } from './experiment.js';
import { repeatedGames } from './tournament.js';
import { versionConflict } from './user-agents.js';
import { comparisonReport, tournamentReport, widestComparisonHalfWidth, widestWinRateHalfWidth } from './report.js';
import type { BatchSource, CompletedBatch, GameRange, RunOptions, RunResult, UntilCi } from './batching.js';

/** Part `index` (1-based) of `count` of an experiment's games: a job's shard (jobs.ts). */
export type Shard = JobShard;

/** Where a run's game records go (game-record.ts): a JSONL file on Node (game-records-file.ts). */
export interface GameRecordLog {
  /**
   * Called once the run is planned and the results log prepared, before any game: a resumed log
   * keeps the records of the games `plan.earlier` holds, and throws if it lacks some.
   */
  prepare(plan: LabRunPlan): void;
  /** Adds a completed batch's games; called before the batch is appended to the results log. Throws if they cannot be saved. */
  append(config: ExperimentConfig, games: readonly PlayedGame[]): void;
}

/** Plays the planned games: `runExperiment` (runner.ts) on Node. */
export type Executor = (options: RunOptions) => Promise<RunResult>;

export interface LabRunRequest {
  /** Game id in the lab registry. */
  readonly game: string;
  /** Agent ids per seat, one entry per lineup. Optional when resuming (the log names them). */
  readonly lineups?: readonly (readonly string[])[];
  /** Common random numbers (see ExperimentConfig.paired). Default false; from the log when resuming. */
  readonly paired?: boolean;
  /** A round robin's seat pairs and opening suite (see ExperimentConfig); from the log when resuming. */
  readonly seatPairs?: boolean;
  readonly openings?: string;
  /** What a paired run's differences count (see ExperimentConfig.differences). From the log when resuming. */
  readonly differences?: 'wins';
  /** Games per lineup in the whole experiment (all shards). From the log when resuming. */
  readonly games?: number;
  /** `games` when neither given nor resumed. */
  readonly defaultGames?: number;
  /** Experiment seed; default a fresh one (a fresh run) or the log's (a resumed one). */
  readonly seed?: number;
  /** Parameters of `source` (see ExperimentConfig.params). From the log when resuming. */
  readonly params?: string;
  /** What a batch is when it is not a playout of the game's agents (see RunOptions.source). */
  readonly source?: BatchSource;
  /** Play only this part of the games. From the log when resuming. */
  readonly shard?: Shard;
  /** Stop once the intervals of `stopRule(config)` are all narrower than this half-width. */
  readonly untilCi?: number;
  /**
   * A stopping rule of the caller's (a sequential test, sprt.ts), built from the planned config —
   * the saved one when resuming, so its parameters belong in `params` — and applied as `untilCi`'s
   * is: at fixed round boundaries, on exactly the games before each.
   */
  readonly stopWhen?: (config: ExperimentConfig) => UntilCi;
  /** Continue the run the log holds (plays only what it lacks) instead of starting a new one. */
  readonly resume?: boolean;
  /**
   * Where the batch records go: a log of the job `lab experiment` (jobs.ts) — on Node the results
   * file, opened and appended as every job's journal is (job-journal.ts, results-file.ts).
   */
  readonly log?: JobLog<BatchRecord>;
  /** Write every game played as a game record here (the run then records its games: `RunOptions.recordGames`). */
  readonly gameLog?: GameRecordLog;
  readonly threads?: number;
  readonly batchSize?: number;
  /** Longest one move of a player module may take, in ms (see RunOptions.moveTimeLimitMs). */
  readonly moveTimeLimitMs?: number;
  /** Most memory one worker thread playing player modules may use, in MB (see RunOptions.memoryLimitMb). */
  readonly memoryLimitMb?: number;
  readonly signal?: AbortSignal;
  /** Called once the run is planned and the log prepared, before any game is played. */
  readonly onPlan?: (plan: LabRunPlan, log: JobLog<BatchRecord> | undefined) => void;
  /** Games played so far in this run and planned for it (all lineups). */
  readonly onProgress?: (played: number, total: number) => void;
}

/**
 * A resumed run's batch size when none is given: the largest batch the log holds, the size the run
 * was started with (only a range's last batch is shorter). The default depends on the games left,
 * so a long run resumed without it would switch to far larger batches: slow games would then show
 * no progress for many minutes, and its batches would no longer line up with other runs' of the
 * same games. Undefined for a fresh run (the runner's default).
 */
export function resumedBatchSize(earlier: readonly BatchRecord[]): number | undefined {
  let largest = 0;
  for (const batch of earlier) largest = Math.max(largest, batch.end - batch.start);
  return largest > 0 ? largest : undefined;
}

/** Thrown when a request contradicts itself or the log it resumes (the CLI reports a usage error). */
export class PlanError extends Error {
  override readonly name = 'PlanError';
}

export interface LabRunPlan {
  readonly config: ExperimentConfig;
  /** True when the seed was drawn fresh for this run (print it so the run can be replayed). */
  readonly freshSeed: boolean;
  /** Games per lineup in the whole experiment (with untilCi: at most). */
  readonly total: number;
  /** The game indices this run (or shard) is responsible for, [start, end). */
  readonly span: GameRange;
  /** What is left to play, disjoint and sorted. */
  readonly ranges: readonly GameRange[];
  /** Batches the log already holds (resumed runs). */
  readonly earlier: readonly BatchRecord[];
  /** Games per lineup the log already holds. */
  readonly alreadyPlayed: number;
  readonly untilCi: number | undefined;
  /** Which intervals the stopping rule covers, in words (undefined without untilCi). */
  readonly stopRule: StopRule | undefined;
}

export interface StopRule {
  /** The widest 95% half-width among the covered intervals. */
  readonly widest: (config: ExperimentConfig, tally: Tally) => number;
  /** The covered intervals, in words: "each strategy's mean", … */
  readonly covers: string;
  /** Printed intervals the rule does not cover, in words (empty if none). */
  readonly excludes: string;
}

const countOf = (ranges: readonly GameRange[]): number => ranges.reduce((n, [s, e]) => n + e - s, 0);

/**
 * What `--until-ci` watches for an experiment: a one-player comparison watches each strategy's
 * mean (and, when paired, each paired difference); a tournament watches each pairing's win rate.
 * The other printed intervals are named, so a report never claims more than the rule checked.
 */
export function stopRuleFor(config: ExperimentConfig): StopRule {
  const game = validateConfig(config);
  if (game.numPlayers === 1) {
    const differences = config.lineups.length > 1;
    return {
      widest: (c, tally) => widestComparisonHalfWidth(comparisonReport(c, tally)),
      covers: config.paired && differences ? "each strategy's mean and each paired difference" : "each strategy's mean",
      excludes: !config.paired && differences ? 'the differences between strategies (independent games: their intervals are about √2 times wider)' : '',
    };
  }
  return {
    // The stopping rule needs no ratings: skip them.
    widest: (c, tally) => widestWinRateHalfWidth(tournamentReport(c, tally, { ratings: false })),
    covers: "each pairing's win rate (Wilson)",
    excludes: 'the Elo ratings',
  };
}

function refuse(why: string): never {
  throw new PlanError(why);
}

function checkGames(games: number): number {
  if (!Number.isSafeInteger(games) || games < 1) refuse(`Invalid number of games: ${String(games)} (expected a whole number >= 1)`);
  return games;
}

function shardSpan(games: number, shard: Shard | undefined): GameRange {
  try {
    return partOf(games, shard);
  } catch (error) {
    return refuse((error as Error).message);
  }
}

const sameLineups = (a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean => JSON.stringify(a) === JSON.stringify(b);
const lineupList = (lineups: readonly (readonly string[])[]): string => lineups.map((l) => l.join(' vs ')).join(', ');

/**
 * Plans a run: pure, no I/O. `saved` is the log's records when resuming (undefined for a new run).
 * Throws PlanError for a request that contradicts itself or the saved run.
 */
export function planLabRun(request: LabRunRequest, saved?: readonly BatchRecord[]): LabRunPlan {
  if (request.untilCi !== undefined && !(Number.isFinite(request.untilCi) && request.untilCi > 0)) refuse(`Invalid --until-ci width: ${String(request.untilCi)} (expected a positive number)`);
  if (request.untilCi !== undefined && request.shard !== undefined) refuse("--until-ci cannot be combined with --shard: a shard cannot see the other shards' results.");
  if (request.stopWhen !== undefined && (request.shard !== undefined || request.untilCi !== undefined)) refuse('A sequential test stops on all of its games: it cannot be combined with --shard or --until-ci.');
  if (saved === undefined) {
    if (request.lineups === undefined) refuse('A new run needs its lineups (the players)');
    const games = checkGames(request.games ?? request.defaultGames ?? refuse('A new run needs its number of games'));
    const fresh = request.seed === undefined;
    const config: ExperimentConfig = {
      game: request.game,
      lineups: request.lineups,
      seed: request.seed ?? freshSeed(),
      paired: request.paired ?? false,
      ...(request.params === undefined ? {} : { params: request.params }),
      ...(request.seatPairs === true ? { seatPairs: true } : {}),
      ...(request.openings === undefined ? {} : { openings: request.openings }),
      ...(request.differences === undefined ? {} : { differences: request.differences }),
    };
    try {
      validateConfig(config);
    } catch (error) {
      refuse((error as Error).message);
    }
    const repeats = repeatedGames(config, games);
    if (repeats !== undefined) refuse(repeats);
    const span = shardSpan(games, request.shard);
    return {
      config,
      freshSeed: fresh,
      total: games,
      span,
      ranges: span[0] < span[1] ? [span] : [],
      earlier: [],
      alreadyPlayed: 0,
      untilCi: request.untilCi,
      stopRule: request.untilCi === undefined ? undefined : stopRuleFor(config),
    };
  }

  let combined;
  try {
    combined = combineRecords(saved);
  } catch (error) {
    if (error instanceof RecordsError) refuse(error.message);
    throw error;
  }
  const savedConfig = combined.config;
  const contradicts = (given: string, held: string): never =>
    refuse(`${given} contradicts the saved run, which has ${held}. Leave it out to continue the saved run as it was.`);
  if (request.game !== savedConfig.game) refuse(`The saved run is a ${savedConfig.game} experiment, not ${request.game}.`);
  const versions = request.lineups === undefined ? undefined : versionConflict(savedConfig.lineups, request.lineups);
  if (versions !== undefined) refuse(`The saved run and this one were played by ${versions}: results of two versions of a player must not be mixed. Start a new run (--out another file) or restore that version.`);
  if (request.lineups !== undefined && !sameLineups(request.lineups, savedConfig.lineups)) contradicts(`The players ${lineupList(request.lineups)}`, lineupList(savedConfig.lineups));
  if (request.paired !== undefined && request.paired !== savedConfig.paired) contradicts(request.paired ? '--paired' : 'An unpaired run', savedConfig.paired ? 'paired deals' : 'independent deals');
  if (request.seed !== undefined && request.seed !== savedConfig.seed) contradicts(`--seed ${String(request.seed)}`, `seed ${String(savedConfig.seed)}`);
  if (request.params !== undefined && request.params !== savedConfig.params) contradicts(`The parameter set ${request.params}`, savedConfig.params ?? 'none');
  if (request.games !== undefined && request.games !== combined.total) contradicts(`--games ${String(request.games)}`, `${combined.total.toLocaleString('en-US')} games`);
  if (request.untilCi !== combined.untilCi && request.untilCi !== undefined) {
    contradicts(`--until-ci ${String(request.untilCi)}`, combined.untilCi === undefined ? 'no --until-ci (a fixed number of games)' : `--until-ci ${String(combined.untilCi)}`);
  }
  // The saved run's part of the games: one contiguous span (a whole run, or one shard).
  const savedSpan: GameRange = [Math.min(...combined.planned.map((r) => r[0])), Math.max(...combined.planned.map((r) => r[1]))];
  if (request.shard !== undefined) {
    const asked = shardSpan(combined.total, request.shard);
    if (asked[0] !== savedSpan[0] || asked[1] !== savedSpan[1]) {
      contradicts(`--shard ${String(request.shard.index)}/${String(request.shard.count)} (games ${String(asked[0])}..${String(asked[1] - 1)})`, `games ${String(savedSpan[0])}..${String(savedSpan[1] - 1)}`);
    }
  }
  if (combined.untilCi !== undefined && (savedSpan[0] !== 0 || savedSpan[1] !== combined.total)) refuse('The saved run combines --until-ci with a shard, which cannot stop on its own results.');
  // What is left: the job runner's one rule (jobs.ts), as every resumed job computes it.
  const ranges = todoOf(savedSpan, combined.batches);
  return {
    config: savedConfig,
    freshSeed: false,
    total: combined.total,
    span: savedSpan,
    ranges,
    earlier: saved,
    alreadyPlayed: countOf(combined.covered),
    untilCi: combined.untilCi,
    stopRule: combined.untilCi === undefined ? undefined : stopRuleFor(savedConfig),
  };
}

/** The first game index at or after `from` that `ranges` (disjoint, sorted) plan to play; Infinity when none. */
function nextPlanned(ranges: readonly GameRange[], from: number): number {
  const range = ranges.find(([, end]) => end > from);
  return range === undefined ? Infinity : Math.max(range[0], from);
}

/** Why the results log is incomplete, when saving a batch failed (the games still count in the tally). */
export interface SaveFailure {
  readonly error: Error;
  /** Batches of this run saved before the failure. */
  readonly saved: number;
  /** Batches of this run played but not saved. */
  readonly unsaved: number;
}

export interface LabRunOutcome {
  readonly plan: LabRunPlan;
  /** Every game counted: the log's earlier batches plus this run's. */
  readonly tally: Tally;
  /** Games per lineup in the tally. */
  readonly played: number;
  readonly aborted: boolean;
  readonly stoppedByCi: boolean;
  /** Set when some batches could not be saved to the log (disk full, say). */
  readonly saveFailure: SaveFailure | undefined;
  /** Every batch counted in the tally (the log's and this run's), sorted by their games: how the answer settled. */
  readonly batches: readonly CompletedBatch[];
}

/**
 * Plans and plays one run (see `planLabRun`), appending a record per completed batch to the log.
 * A log that fails mid-run (a full disk) does not stop the games or lose the tally: the failure is
 * returned, and no further record is attempted, so the log holds a clean prefix of whole batches
 * (at most a torn last line, which a resume drops).
 */
export async function runLab(request: LabRunRequest, execute: Executor): Promise<LabRunOutcome> {
  if (request.resume === true && request.log === undefined) refuse('Resuming needs the results log to resume');
  const plan = planLabRun(request, request.resume === true ? request.log!.records : undefined);
  const { config } = plan;
  const log = request.log;
  // The game records first: a records file that cannot continue this run refuses it before the results log changes.
  const gameLog = request.gameLog;
  gameLog?.prepare(plan);
  log?.prepare?.();
  request.onPlan?.(plan, log);
  let saved = 0;
  let unsaved = 0;
  let failure: Error | undefined;
  const save = (batch: CompletedBatch): void => {
    if (failure !== undefined) {
      unsaved++;
      return;
    }
    try {
      // The games first: a batch the results log holds must have its records (a resume checks it).
      if (gameLog !== undefined) gameLog.append(config, batch.games ?? []);
      log?.append(resultsJobRecord({ config, planned: plan.span, total: plan.total, untilCi: plan.untilCi, start: batch.start, end: batch.end, tally: batch.tally }));
      saved++;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      unsaved++;
    }
  };
  // Batches are saved in game order, a batch that ends early waiting for those before it (a few at
  // most: the runner hands them out in order), so the game records stream to their file in order
  // and need no sorting at the end.
  const waiting = new Map<number, CompletedBatch>();
  let next = nextPlanned(plan.ranges, -Infinity);
  const onBatch = (batch: CompletedBatch): void => {
    if (log === undefined && gameLog === undefined) return;
    waiting.set(batch.start, batch);
    for (let ready = waiting.get(next); ready !== undefined; ready = waiting.get(next)) {
      waiting.delete(next);
      save(ready);
      next = nextPlanned(plan.ranges, ready.end);
    }
  };
  const stopRule = plan.stopRule;
  const width = plan.untilCi;
  let result: RunResult;
  try {
    result = await execute({
    config,
    ranges: plan.ranges,
    source: request.source,
    threads: request.threads,
    batchSize: request.batchSize ?? resumedBatchSize(plan.earlier),
    moveTimeLimitMs: request.moveTimeLimitMs,
    memoryLimitMb: request.memoryLimitMb,
    // The log's batches, not just their sum: --until-ci must see which games they hold.
    earlier: plan.earlier,
    signal: request.signal,
    onProgress: request.onProgress,
    onBatch,
    ...(gameLog === undefined ? {} : { recordGames: true }),
    untilCi: request.stopWhen?.(config) ?? (stopRule === undefined || width === undefined ? undefined : { satisfied: (tally) => stopRule.widest(config, tally) < width }),
    });
  } finally {
    // Batches after one that never completed (a failure stopped the run): saved all the same.
    for (const start of [...waiting.keys()].sort((x, y) => x - y)) save(waiting.get(start)!);
  }
  return {
    plan,
    tally: result.tally,
    played: result.tally.lineups[0]?.games ?? 0,
    aborted: result.aborted,
    stoppedByCi: result.stoppedByCi,
    saveFailure: failure === undefined ? undefined : { error: failure, saved, unsaved },
    batches: [...plan.earlier, ...result.batches].sort((x, y) => x.start - y.start),
  };
}

