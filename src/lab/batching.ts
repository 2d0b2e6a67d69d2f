/**
 * What an executor of lab runs is given and returns (`RunOptions`, `RunResult`), and how a run's
 * game indices are cut into batches: shared by the Node runner (runner.ts: piscina workers or this
 * thread) and the browser lab (a pool of Web Workers), so both hand out the same batches.
 * Batching never changes results (tallies are integer sums); it only sets how often progress is
 * reported and how quickly a run can stop. No Node APIs here.
 */
import type { ExperimentConfig, PlayedGame, Tally } from './experiment.js';

/** A half-open range [start, end) of game indices. */
export type GameRange = readonly [start: number, end: number];

export interface CompletedBatch {
  readonly start: number;
  readonly end: number;
  readonly tally: Tally;
  /** Its games as played (`RunOptions.recordGames`), by game index and then lineup: handed to `onBatch` only, not kept in the result. */
  readonly games?: readonly PlayedGame[];
}

/**
 * The default time limit of one move of a player module: generous (a lab move usually takes well
 * under a millisecond), it only catches players that never return.
 */
export const DEFAULT_MOVE_TIME_LIMIT_MS = 10_000;

/** What a batch task returns when its games are recorded (`BatchTask.record`). */
export interface RecordedBatch {
  readonly tally: Tally;
  readonly games: readonly PlayedGame[];
}

/** A batch task's answer: its tally, or for a task with `record` its `RecordedBatch`. */
export type BatchAnswer = Tally | RecordedBatch;

export interface UntilCi {
  /** Called at each round boundary `hi` with the tally of exactly games [0, hi); true stops the run. */
  readonly satisfied: (tally: Readonly<Tally>) => boolean;
  /**
   * Game indices per round. Default: rounds of 1,000 games growing by 10% of the games so far
   * (1,000, 2,000, …, 10,000, 11,000, 12,100, …), so a long run checks rarely and a short one
   * overshoots little.
   */
  readonly roundGames?: number;
}

/**
 * A batch that is not a playout of the game's agents — e.g. solving seeded Klondike deals — run
 * by the same machinery (threads, batches, progress, records, resume). Both functions must give
 * the same tally for the same (config, start, end), as the games do.
 */
export interface BatchSource {
  /**
   * A worker module whose default export takes a `BatchTask` and returns (or resolves to) its
   * tally — or, for a task with `record`, a `RecordedBatch`.
   */
  readonly workerFile: string;
  /**
   * The same batch in this thread (a promise for batches that wait on other threads or programs,
   * e.g. refereed games); with `games`, its games are pushed there as played.
   */
  readonly play: (config: ExperimentConfig, start: number, end: number, games?: PlayedGame[]) => Tally | Promise<Tally>;
}

export interface RunOptions {
  readonly config: ExperimentConfig;
  /** What a batch is; default: games of the config's lineups (dist/lab/worker.js, `BatchPlayer`). */
  readonly source?: BatchSource;
  /** The game indices to play, as disjoint ranges (e.g. one shard, or what a resumed run lacks). */
  readonly ranges: readonly GameRange[];
  /** Worker threads; 0 or 1 plays in this thread (no workers). Default: the available cores. */
  readonly threads?: number;
  /**
   * Play on worker threads even with one thread (benchmarks compare 1 and 2 workers). Default:
   * workers when threads > 1.
   */
  readonly workers?: boolean;
  /** Game indices per batch. Default: about 50 batches per thread, of 100 to 10,000 games over all lineups. */
  readonly batchSize?: number;
  /**
   * Batches already played (e.g. those a resumed run's file holds), disjoint from `ranges`: the
   * result counts them, and `untilCi` uses them at the boundaries they fall before.
   */
  readonly earlier?: readonly CompletedBatch[];
  readonly signal?: AbortSignal;
  /** Called after each completed batch with the games played so far (all lineups) and the total planned. */
  readonly onProgress?: (played: number, total: number) => void;
  /** Called with each completed batch, in completion order (e.g. to append it to a JSONL file). */
  readonly onBatch?: (batch: CompletedBatch) => void;
  readonly untilCi?: UntilCi;
  /** Keep every game as played (its actions and result) in its `CompletedBatch.games`, for game records. */
  readonly recordGames?: boolean;
  /**
   * Longest one move of a player module may take, in ms (default DEFAULT_MOVE_TIME_LIMIT_MS). Module
   * players always play on worker threads (one at least), so that a move past the limit — a player
   * that never returns — is cut off: its worker is terminated, the move counts as a fault of that
   * player (played as the game's rules play a failed move), the player plays no more in that game,
   * and the run goes on; and so that an abort (Ctrl-C) cancels the batches under way instead of
   * waiting for them. Objects play in the calling thread and cannot be cut off (nor can anything in
   * a run that has an object player: all of it plays in the calling thread), so a limit given for
   * such a run is a RangeError.
   */
  readonly moveTimeLimitMs?: number;
  /**
   * The most memory (V8's old generation, in MB) one worker thread playing player modules may use
   * (default DEFAULT_MEMORY_LIMIT_MB): a module that allocates past it ends its thread, and the
   * move under way is a fault of that player ("ran out of memory"). Like the time limit, it holds
   * only on workers: a RangeError for a run with an object player.
   */
  readonly memoryLimitMb?: number;
}

export interface RunResult {
  readonly tally: Tally;
  /** The batches completed by this run, sorted by start. */
  readonly batches: readonly CompletedBatch[];
  /** True if the signal stopped the run before all planned games were played. */
  readonly aborted: boolean;
  /** True if `untilCi` stopped the run early. */
  readonly stoppedByCi: boolean;
}


/** Splits ranges into batches at multiples of `batchSize`, in ascending order. */
export function planBatches(ranges: readonly GameRange[], batchSize: number): GameRange[] {
  return [...batchesOf(ranges, batchSize)];
}

/** planBatches one batch at a time: a run of any length plans only the batches under way. */
export function* batchesOf(ranges: readonly GameRange[], batchSize: number): Generator<GameRange> {
  for (const [start, end] of [...ranges].sort((x, y) => x[0] - y[0])) {
    let s = start;
    while (s < end) {
      const e = Math.min(end, (Math.floor(s / batchSize) + 1) * batchSize);
      yield [s, e];
      s = e;
    }
  }
}

/** What `runLanes` is given: the batches to hand out and how one is run. */
export interface Lanes<T> {
  /** The batches, handed out in this order (`batchesOf`). */
  readonly batches: Iterator<GameRange>;
  /** How many batches run at once (a lane takes its next batch when its last is done). */
  readonly lanes: number;
  /**
   * Runs one batch on lane `lane` (0 … lanes − 1). Resolves to its result, or to undefined for a
   * batch that was stopped and does not count. A throw stops the dispatch: the other lanes finish
   * the batches under way, and the first error is thrown by `runLanes` — unless the run was
   * stopped by then, which is not a failure (a batch cut off by Ctrl-C).
   */
  readonly run: (batch: GameRange, lane: number) => Promise<T | undefined>;
  /** True once the run is stopped (Ctrl-C): no further batch is handed out. */
  readonly stopped: () => boolean;
  /** Called with each batch that completed, in completion order. */
  readonly onDone: (batch: GameRange, result: T) => void;
}

/**
 * The one dispatch loop of every executor of batches — the lab runner (runner.ts), the job runner
 * (job-runner.ts) and the browser lab: lanes take the batches in order, one at a time each, until
 * none is left, one fails, or the run is stopped. Only completed batches reach `onDone`.
 */
export async function runLanes<T>(lanes: Lanes<T>): Promise<void> {
  let failure: { reason: unknown } | undefined;
  const lane = async (index: number): Promise<void> => {
    for (let batch = lanes.batches.next(); !batch.done && failure === undefined && !lanes.stopped(); batch = lanes.batches.next()) {
      let result: T | undefined;
      try {
        result = await lanes.run(batch.value, index);
      } catch (reason) {
        if (!lanes.stopped()) failure ??= { reason };
        return;
      }
      if (result === undefined) return;
      lanes.onDone(batch.value, result);
    }
  };
  await Promise.all(Array.from({ length: lanes.lanes }, (_, index) => lane(index)));
  if (failure !== undefined) throw failure.reason;
}

/**
 * The default game indices per batch: about 50 batches per thread of 100 to 10,000 games (all
 * lineups together), so progress and cancelling stay responsive while messaging costs stay negligible.
 */
export function defaultBatchSize(indices: number, lineups: number, threads: number): number {
  const gamesPerBatch = Math.min(10_000, Math.max(100, Math.ceil((indices * lineups) / (threads * 50))));
  return Math.max(1, Math.ceil(gamesPerBatch / lineups));
}
