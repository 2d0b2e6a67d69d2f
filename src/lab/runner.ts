/**
 * The experiment runner: plays the games of an experiment in batches on worker threads (piscina)
 * or in-process, and adds up their tallies.
 *
 * Determinism: a batch is a range of game indices; game i depends on (seed, lineup, i) only, and
 * tallies are integer sums. So the result is the same for 1, 2 or N threads, any batch size, any
 * completion order, and any split over shards or resumed runs. The one decision that depends on
 * results — `untilCi`'s stopping rule — is taken only at fixed round boundaries (every `roundGames`
 * game indices), which depend on neither threads nor batch size, and the rule at boundary `hi`
 * sees exactly the games [0, hi): never a game past it. That matters for resumed runs: an
 * interrupted run may hold batches past the boundary it was working towards (workers finish out of
 * order), and counting them would let the resumed run stop where one uninterrupted run would not.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { BatchPlayer, emptyTally, mergeTally, validateConfig, type ExperimentConfig, type Tally } from './experiment.js';
import type { BatchTask } from './worker.js';
import { hasObjectPlayers, loadUserAgents } from './user-players.js';

/** A half-open range [start, end) of game indices. */
export type GameRange = readonly [start: number, end: number];

export interface CompletedBatch {
  readonly start: number;
  readonly end: number;
  readonly tally: Tally;
}

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
  /** A worker module whose default export takes a `BatchTask` and returns (or resolves to) its tally. */
  readonly workerFile: string;
  /** The same batch in this thread. */
  readonly play: (config: ExperimentConfig, start: number, end: number) => Tally;
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

export const defaultThreads = (): number => availableParallelism();

/** dist/lab/worker.js next to this module in the build; from the sources (tests), the built copy. */
function workerFile(): string {
  const sibling = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return fileURLToPath(sibling);
  const built = new URL('../../dist/lab/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return fileURLToPath(built);
  throw new Error('The lab worker script is missing: run `npm run build` first (or use threads: 1).');
}

/** Splits ranges into batches at multiples of `batchSize`, in ascending order. */
export function planBatches(ranges: readonly GameRange[], batchSize: number): GameRange[] {
  return [...batchesOf(ranges, batchSize)];
}

/** planBatches one batch at a time: a run of any length plans only the batches under way. */
function* batchesOf(ranges: readonly GameRange[], batchSize: number): Generator<GameRange> {
  for (const [start, end] of [...ranges].sort((x, y) => x[0] - y[0])) {
    let s = start;
    while (s < end) {
      const e = Math.min(end, (Math.floor(s / batchSize) + 1) * batchSize);
      yield [s, e];
      s = e;
    }
  }
}

/**
 * Worker threads worth starting for `requested` threads and `batches` batches: at most one per core
 * (more only compete for the cores, each costing its own heap: 1,000 threads asked for used to take
 * 6.4 GB), no more than there are batches, and at least one.
 */
export function workerThreads(requested: number, batches: number): number {
  return Math.max(1, Math.min(requested, availableParallelism(), batches));
}

/** Where the round that starts at game index `start` ends. */
export function roundEnd(start: number, roundGames?: number): number {
  if (roundGames !== undefined) return start + roundGames;
  return start + Math.max(1000, Math.floor(start / 10));
}

/** Intersects ranges with [lo, hi). */
function clip(ranges: readonly GameRange[], lo: number, hi: number): GameRange[] {
  return ranges.map(([s, e]): GameRange => [Math.max(s, lo), Math.min(e, hi)]).filter(([s, e]) => s < e);
}

const countOf = (ranges: readonly GameRange[]): number => ranges.reduce((n, [s, e]) => n + e - s, 0);

function validateRanges(ranges: readonly GameRange[]): void {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  sorted.forEach(([s, e], k) => {
    if (!Number.isSafeInteger(s) || !Number.isSafeInteger(e) || s < 0 || e < s) throw new RangeError(`Invalid game range [${String(s)}, ${String(e)})`);
    if (k > 0 && s < sorted[k - 1]![1]) throw new RangeError(`Overlapping game ranges at game ${String(s)}`);
  });
}

export async function runExperiment(options: RunOptions): Promise<RunResult> {
  const { config } = options;
  validateConfig(config);
  const signal = options.signal;
  validateRanges(options.ranges);
  // User players are loaded here too (each worker loads them again), so an unusable or changed
  // module is one error before any game is played.
  const source = options.source;
  if (source === undefined) await loadUserAgents(config);
  const threads = options.threads ?? defaultThreads();
  if (!Number.isSafeInteger(threads) || threads < 0) throw new RangeError(`Invalid thread count: ${String(threads)}`);
  const totalIndices = countOf(options.ranges);
  const lineups = config.lineups.length;
  // Default: about 50 batches per thread of 100 to 10,000 games (all lineups together), so progress
  // and Ctrl-C stay responsive while messaging costs stay negligible.
  const gamesPerBatch = Math.min(10_000, Math.max(100, Math.ceil((totalIndices * lineups) / (workerThreads(threads, Infinity) * 50))));
  const batchSize = options.batchSize ?? Math.max(1, Math.ceil(gamesPerBatch / lineups));
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`Invalid batch size: ${String(batchSize)}`);

  const tally = emptyTally(config);
  for (const batch of options.earlier ?? []) mergeTally(tally, batch.tally);
  const batches: CompletedBatch[] = [];
  // For untilCi: the tally of games [0, prefixEnd), grown batch by batch in game order at each
  // round boundary, and the completed batches (earlier or new) not folded into it yet, by start.
  const prefix = emptyTally(config);
  let prefixEnd = 0;
  const unfolded = new Map<number, CompletedBatch>((options.earlier ?? []).map((b) => [b.start, b]));
  /** The tally of exactly games [0, hi), or undefined while some of them are missing. */
  const tallyBefore = (hi: number): Tally | undefined => {
    for (let b = unfolded.get(prefixEnd); b !== undefined && b.end <= hi; b = unfolded.get(prefixEnd)) {
      mergeTally(prefix, b.tally);
      unfolded.delete(b.start);
      prefixEnd = b.end;
    }
    // A gap (games neither played before nor planned now) or an earlier batch straddling `hi`
    // (from a run without untilCi) leaves [0, hi) incomplete: the rule is then not applied here,
    // rather than applied to the wrong games.
    return prefixEnd === hi ? prefix : undefined;
  };
  let played = 0;
  const total = totalIndices * lineups;
  const complete = (start: number, end: number, batchTally: Tally): void => {
    mergeTally(tally, batchTally);
    const batch = { start, end, tally: batchTally };
    batches.push(batch);
    if (options.untilCi !== undefined) unfolded.set(start, batch);
    played += (end - start) * lineups;
    options.onBatch?.(batch);
    options.onProgress?.(played, total);
  };

  // A player object lives in this thread: with one, every game is played here.
  const useWorkers = (source !== undefined || !hasObjectPlayers(config)) && (options.workers ?? threads > 1);
  const poolSize = workerThreads(threads, Math.ceil(totalIndices / batchSize) + options.ranges.length);
  const pool = useWorkers ? new Piscina<BatchTask, Tally>({ filename: source?.workerFile ?? workerFile(), minThreads: poolSize, maxThreads: poolSize, idleTimeout: 1000 }) : undefined;
  const local = useWorkers || source !== undefined ? undefined : new BatchPlayer(config);
  const playHere = (start: number, end: number): Tally => (source === undefined ? local!.play(start, end) : source.play(config, start, end));

  // Rounds: one round for a fixed-size run; for untilCi, rounds ending at fixed game indices.
  const rangeEnd = options.ranges.reduce((m, [, e]) => Math.max(m, e), 0);
  const rounds: GameRange[][] = [];
  const roundEnds: number[] = [];
  if (options.untilCi === undefined) rounds.push([...options.ranges]);
  else {
    for (let lo = 0; lo < rangeEnd; ) {
      const hi = Math.min(rangeEnd, roundEnd(lo, options.untilCi.roundGames));
      rounds.push(clip(options.ranges, lo, hi));
      roundEnds.push(hi);
      lo = hi;
    }
  }

  let aborted = false;
  let stoppedByCi = false;
  try {
    for (let r = 0; r < rounds.length; r++) {
      const round = rounds[r]!;
      if (isAborted(signal)) {
        aborted = true;
        break;
      }
      const planned = batchesOf(round, batchSize);
      if (pool !== undefined) {
        // Batches are handed to the pool a few at a time (two per thread, so a worker never waits
        // for its next task), and a running batch is never cancelled: piscina would terminate its
        // worker, racing the result message already on its way. So Ctrl-C and failures stop the
        // dispatch, the batches under way finish (they are short), and only whole batches count.
        let failure: { reason: unknown } | undefined;
        const lane = async (): Promise<void> => {
          for (let batch = planned.next(); !batch.done && failure === undefined && !isAborted(signal); batch = planned.next()) {
            const [start, end] = batch.value;
            try {
              complete(start, end, await pool.run({ config, start, end }));
            } catch (reason) {
              // A real failure (an agent's illegal move, a bug) stops the dispatch.
              failure ??= { reason };
            }
          }
        };
        await Promise.all(Array.from({ length: 2 * poolSize }, lane));
        if (failure !== undefined) throw failure.reason;
        if (isAborted(signal)) {
          aborted = true;
          break;
        }
      } else {
        for (const [start, end] of planned) {
          if (isAborted(signal)) {
            aborted = true;
            break;
          }
          complete(start, end, playHere(start, end));
          // Let signal handlers and timers (progress bar, Ctrl-C) run between batches.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
        if (aborted) break;
      }
      if (options.untilCi !== undefined && r < rounds.length - 1) {
        const before = tallyBefore(roundEnds[r]!);
        if (before !== undefined && options.untilCi.satisfied(before)) {
          stoppedByCi = true;
          break;
        }
      }
    }
  } finally {
    await pool?.destroy();
  }
  batches.sort((x, y) => x.start - y.start);
  return { tally, batches, aborted, stoppedByCi };
}


/** A function, not an inline test, so the compiler does not assume the flag cannot change across awaits. */
const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;
