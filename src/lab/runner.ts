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
 * The rounds, the stop rule's view and the tallies are the job core's (job-core.ts, through
 * experiment-job.ts, as in the browser); this file is what a batch of an experiment is on Node (threads, the move watchdog).
 *
 * One fact about a game may depend on timing: whether a player module's move ran past the move
 * time limit. When one does, its worker is stopped and the batch is played again from its start
 * with that move (named by game and call, `FailedMove`) played as a fault; every game before it
 * comes out the same, so a game's result depends on timing only through which of its moves ran
 * past the limit — not on threads, batches or the moment the watchdog noticed. A move under which
 * the worker died — the module called `process.exit`, ran out of its memory limit, or threw where
 * nothing catches it (a timer's callback) — is handled the same way: a fault of that player, named
 * by what ended its thread, and the run goes on.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatDuration, printable, thrownText } from '../core/format.js';
import { BatchPlayer, gameSeed, validateConfig, type ExperimentConfig, type FailedMove, type PlayedGame, type Tally } from './experiment.js';
import type { BatchTask } from './worker.js';
import { startWorkerPool } from './worker-pool.js';
import { PROGRESS_SLOTS, agentLabel, userModuleOf } from './user-agents.js';
import { checkUserAgents, hasExternalPlayers, hasModulePlayers, hasObjectPlayers, loadUserAgents } from './user-players.js';
import { PROGRAM_RANGE } from './external-players.js';
import { builtScript, DEFAULT_MEMORY_LIMIT_MB } from './module-probe.js';
import { checkGameModuleUnchanged, GameModuleError } from './game-modules.js';
import { isUserGameId, userGameModuleOf } from './user-games.js';
import { runExperimentBatches } from './experiment-job.js';
import { DEFAULT_MOVE_TIME_LIMIT_MS, defaultBatchSize, type BatchAnswer, type GameRange, type RunOptions, type RunResult } from './batching.js';

export { roundEnd } from './experiment-job.js';
export { DEFAULT_MOVE_TIME_LIMIT_MS, planBatches, type BatchSource, type CompletedBatch, type GameRange, type RunOptions, type RunResult, type UntilCi } from './batching.js';


export { DEFAULT_MEMORY_LIMIT_MB };

export const defaultThreads = (): number => availableParallelism();

/** dist/lab/worker.js next to this module in the build; from the sources (tests), the built copy. */
const workerFile = (): string => builtScript(new URL('./worker.js', import.meta.url));

/**
 * Worker threads worth starting for `requested` threads and `batches` batches: at most one per core
 * (more only compete for the cores, each costing its own heap: 1,000 threads asked for used to take
 * 6.4 GB), no more than there are batches, and at least one.
 */
export function workerThreads(requested: number, batches: number): number {
  return Math.max(1, Math.min(requested, availableParallelism(), batches));
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
  // User players are checked here (a changed module is one error before any game). Modules play
  // on workers, which import them: their code never runs in this thread — unless a player object
  // is in the run, which has every game played here, modules too.
  const source = options.source;
  // A game module plays on workers only, like player modules (its code never runs in this thread).
  const gameModule = source === undefined && isUserGameId(config.game);
  if (gameModule && hasObjectPlayers(config)) throw new RangeError('A game module plays on worker threads only, and a player object only in the calling thread: give the player as a module');
  if (gameModule) checkGameModuleUnchanged(config.game);
  if (source === undefined) {
    if (hasObjectPlayers(config)) await loadUserAgents(config);
    else checkUserAgents(config);
  }
  const threads = options.threads ?? defaultThreads();
  if (!Number.isSafeInteger(threads) || threads < 0) throw new RangeError(`Invalid thread count: ${String(threads)}`);
  const totalIndices = countOf(options.ranges);
  const lineups = config.lineups.length;
  // External programs answer one message per round for all the games side by side: long batches
  // (up to PROGRAM_RANGE games, see LockstepPlayer) make few round trips through the pipe.
  const programBatch = hasExternalPlayers(config) ? Math.min(PROGRAM_RANGE, Math.ceil(totalIndices / workerThreads(threads, Infinity))) : 1;
  const batchSize = options.batchSize ?? Math.max(programBatch, defaultBatchSize(totalIndices, lineups, workerThreads(threads, Infinity)));
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`Invalid batch size: ${String(batchSize)}`);

  const record = options.recordGames === true;

  // A player object lives in this thread: with one, every game is played here. Player modules
  // play on workers, which can be cut off (a hang, Ctrl-C) without stopping this thread.
  const modules = source === undefined && (hasModulePlayers(config) || gameModule) && !hasObjectPlayers(config);
  const moveLimitMs = options.moveTimeLimitMs ?? DEFAULT_MOVE_TIME_LIMIT_MS;
  if (!(moveLimitMs > 0)) throw new RangeError(`Invalid move time limit: ${String(moveLimitMs)} ms`);
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_MEMORY_LIMIT_MB;
  if (!(Number.isSafeInteger(memoryLimitMb) && memoryLimitMb >= MIN_MEMORY_LIMIT_MB)) {
    throw new RangeError(`Invalid memory limit: ${String(memoryLimitMb)} MB (expected a whole number of MB, at least ${String(MIN_MEMORY_LIMIT_MB)})`);
  }
  // A limit asked for that could not be kept is an error, not a silent promise.
  if ((options.moveTimeLimitMs !== undefined || options.memoryLimitMb !== undefined) && source === undefined && hasObjectPlayers(config)) {
    throw new RangeError(
      `A ${options.moveTimeLimitMs !== undefined ? 'move time' : 'memory'} limit applies to player modules only: a player object plays in the calling thread, which cannot stop a move that never returns ` +
        'nor bound its memory, and with one every game of the run plays there. Give the player as a module (a path or file URL) to have it limited, or leave out the limit.',
    );
  }
  if (source === undefined && hasObjectPlayers(config) && hasExternalPlayers(config)) {
    throw new RangeError('An external program cannot play in a run with a player object (which plays only in the calling thread): give the object as a module file.');
  }
  const useWorkers = (source !== undefined || !hasObjectPlayers(config)) && (modules || (options.workers ?? threads > 1));
  const poolSize = workerThreads(threads, Math.ceil(totalIndices / batchSize) + options.ranges.length);
  const workers = useWorkers
    ? startWorkerPool<BatchTask, BatchAnswer>({
        filename: source?.workerFile ?? workerFile(),
        threads: poolSize,
        // Player modules' threads are bounded, so one that allocates without end ends its own thread, not the process.
        ...(modules ? { resourceLimits: { maxOldGenerationSizeMb: memoryLimitMb } } : {}),
      })
    : undefined;
  const pool = workers?.pool;
  const local = useWorkers || source !== undefined ? undefined : new BatchPlayer(config);
  const playHere = async (start: number, end: number): Promise<{ tally: Tally; games?: PlayedGame[] }> => {
    const games: PlayedGame[] | undefined = record ? [] : undefined;
    const played = await (source === undefined ? local!.play(start, end, undefined, undefined, games) : source.play(config, start, end, games));
    return { tally: played, games };
  };

  /**
   * One batch on the pool. With player modules, the game and move under way ([lineup, game index,
   * call], written by the worker in `progress`) are watched, and a move past the limit — or one
   * under which the worker died — is played again as a fault: the batch is replayed from its start
   * (its games are deterministic, so the same up to that move) until no move fails. Undefined when
   * the run was stopped (the batch under way is not counted).
   */
  const playOnPool = async (start: number, end: number, progress: Int32Array | undefined): Promise<BatchAnswer | undefined> => {
    const failed: FailedMove[] = [];
    for (;;) {
      if (isAborted(signal)) return undefined;
      const cancel = progress === undefined ? undefined : new AbortController();
      const watch = progress === undefined ? undefined : watchMoves(progress, moveLimitMs, cancel!, signal, gameModule);
      let answer: BatchAnswer | undefined;
      let lost: FailedMove | undefined;
      try {
        answer = await pool!.run({ config, start, end, progress, failed, moveTimeLimitMs: moveLimitMs, ...(record ? { record } : {}) }, cancel === undefined ? {} : { signal: cancel.signal });
      } catch (reason) {
        // A worker that died under a module's move: that move's fault. Any other failure (a bug)
        // stops the run; a batch cancelled by Ctrl-C is simply not counted.
        if (watch?.timedOut === undefined && watch?.gameHung === undefined && !isAborted(signal)) {
          const under = progress === undefined ? undefined : moveUnderWay(progress);
          if (under === undefined) throw workerFailure(config, reason);
          lost = failedMove(start, under, threadEnd(reason, memoryLimitMb));
        }
      } finally {
        watch?.stop();
      }
      if (watch?.gameHung !== undefined) throw gameHang(config, start, watch.gameHung, moveLimitMs);
      if (isAborted(signal)) return undefined;
      // The watchdog's verdict stands even if the batch finished as it fired: the move took longer than the limit.
      const timedOut = watch?.timedOut;
      if (timedOut !== undefined) lost = failedMove(start, timedOut, `gave no answer within the time limit of ${formatDuration(moveLimitMs)}`);
      if (lost === undefined) return answer;
      const move = lost;
      if (failed.some((h) => h.lineup === move.lineup && h.game === move.game && h.call === move.call)) throw stuckError(config, move);
      failed.push(move);
    }
  };
  // Batches are handed to the pool a few at a time (two lanes per thread, so a worker never waits
  // for its next task), and a running batch is cancelled only by the watchdog: piscina would
  // terminate its worker, racing the result message already on its way. So Ctrl-C and failures
  // stop the dispatch, the batches under way finish (they are short), and only whole batches count.
  const lanes = pool === undefined ? 1 : 2 * poolSize;
  const progressOf = Array.from({ length: lanes }, () => (modules ? new Int32Array(new SharedArrayBuffer(4 * PROGRESS_SLOTS)) : undefined));
  const playBatch = async ([start, end]: GameRange, lane: number): Promise<{ tally: Tally; games?: readonly PlayedGame[] | undefined } | undefined> => {
    if (pool !== undefined) {
      const answer = await playOnPool(start, end, progressOf[lane]);
      if (answer === undefined) return undefined;
      return record ? (answer as { tally: Tally; games: PlayedGame[] }) : { tally: answer as Tally };
    }
    const played = await playHere(start, end);
    // Let signal handlers and timers (progress bar, Ctrl-C) run between batches.
    await new Promise<void>((resolve) => setImmediate(resolve));
    return played;
  };

  // The rounds, untilCi's rule and the tallies are the job core's, as in the browser (experiment-job.ts).
  try {
    return await runExperimentBatches(options, { batchSize, lanes, playBatch, stopped: () => isAborted(signal) });
  } finally {
    await workers?.close();
  }
}

/**
 * Watches the move a worker reports in `progress` ([lineup, game index, call]: the call under way is
 * positive, minus it once returned); when the same call runs past `limitMs`, or `signal` aborts,
 * aborts `cancel` (piscina then terminates the worker).
 */
function watchMoves(progress: Int32Array, limitMs: number, cancel: AbortController, signal: AbortSignal | undefined, gameModule = false): MoveWatch {
  progress[0] = -1;
  progress[2] = 0;
  let seen = '';
  let since = performance.now();
  const state: MoveWatch = {
    stop: () => {
      clearInterval(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
  const onAbort = (): void => {
    cancel.abort();
  };
  signal?.addEventListener('abort', onAbort);
  const timer = setInterval(
    () => {
      const now = performance.now();
      const current = [Atomics.load(progress, 0), Atomics.load(progress, 1), Atomics.load(progress, 2)] as [number, number, number];
      const key = current.join(',');
      if (key !== seen) {
        seen = key;
        since = now;
      } else if (now - since > limitMs && current[0] >= 0 && current[2] > 0 && state.timedOut === undefined) {
        state.timedOut = current;
        cancel.abort();
      } else if (gameModule && now - since > limitMs && current[0] >= 0 && current[2] <= 0 && state.gameHung === undefined) {
        // No player module's move under way: the game module's own code (its rules or its agents) is stuck.
        state.gameHung = current;
        cancel.abort();
      }
    },
    Math.min(100, Math.max(5, limitMs / 10)),
  );
  return state;
}

interface MoveWatch {
  /** The player module's move that ran past the limit: [lineup, game index, call]. */
  timedOut?: [number, number, number];
  /** With a game module: the game under way when nothing moved for longer than the limit outside a player module's move. */
  gameHung?: [number, number, number];
  stop(): void;
}

/** A game module stuck in a game (see `watchMoves`): the run stops, naming the module and the game. */
function gameHang(config: ExperimentConfig, start: number, at: [number, number, number], limitMs: number): GameModuleError {
  const game = start + ((at[1] - start) >>> 0);
  const path = fileURLToPath(userGameModuleOf(config.game)!.url);
  return new GameModuleError(
    printable(`The game module ${path} did not finish game ${String(game)} of ${config.lineups[at[0]]!.map(agentLabel).join(' vs ')} (seed ${String(gameSeed(config, at[0], game))}): ` +
      `its code ran for more than ${formatDuration(limitMs)} without a new game or a player module's move (a loop in its rules or its agents?)`),
  );
}

/** The smallest memory limit taken: below it a worker cannot even load the lab. */
export const MIN_MEMORY_LIMIT_MB = 16;

/**
 * The user move a worker was on ([lineup, game index, call] from `progress`): the call under way,
 * or the last one returned in the game under way (a timer it set may end the thread later); or
 * undefined before any user move of the game (nothing a player did is to blame).
 */
function moveUnderWay(progress: Int32Array): [number, number, number] | undefined {
  const lineup = Atomics.load(progress, 0);
  const call = Math.abs(Atomics.load(progress, 2));
  return lineup >= 0 && call > 0 ? [lineup, Atomics.load(progress, 1), call] : undefined;
}

/** The failed move at `at` ([lineup, game index as the worker stored it, call]) of the batch that starts at `start`. */
function failedMove(start: number, at: [number, number, number], fault: string): FailedMove {
  // The worker stores the game index as an int32: the batch (under 2^32 games) makes it exact again.
  const [lineup, stored, call] = at;
  return { lineup, game: start + ((stored - start) >>> 0), call, fault };
}

/** What ended a worker thread under a player's move, as the fault's message says it. */
function threadEnd(reason: unknown, memoryLimitMb: number): string {
  if ((reason as { code?: unknown } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') return `ran out of memory (the limit is ${String(memoryLimitMb)} MB per thread; --memory-limit sets it)`;
  const exit = /^worker exited with code: (-?\d+)$/.exec(thrownText(reason, false));
  if (exit !== null) return `ended its thread (process.exit, code ${exit[1]!})`;
  return `crashed its thread (${thrownText(reason)})`;
}

/** A worker that failed with no player's move under way: the run stops, saying what failed and which modules it ran. */
function workerFailure(config: ExperimentConfig, reason: unknown): Error {
  const game = userGameModuleOf(config.game);
  if (game !== undefined) return new GameModuleError(printable(`The game module ${fileURLToPath(game.url)} failed: ${thrownText(reason, false)}`));
  const modules = [...new Set(config.lineups.flat().filter((id) => userModuleOf(id) !== undefined))].map((id) => fileURLToPath(userModuleOf(id)!.url));
  return new Error(printable(`A lab worker thread failed before any player's move${modules.length === 0 ? '' : ` (it was running the player modules ${modules.join(', ')})`}: ${thrownText(reason)}`));
}

/** A batch that failed again on a move already played as a fault: a bug, not a player's fault. */
function stuckError(config: ExperimentConfig, move: FailedMove): Error {
  const ids = config.lineups[move.lineup]!;
  return new Error(
    `Game ${String(move.game)} of ${ids.map(agentLabel).join(' vs ')} (seed ${String(gameSeed(config, move.lineup, move.game))}) failed again at user move ${String(move.call)} ` +
      `(it ${move.fault}), which was already played as a fault: this is a bug in the lab, please report it.`,
  );
}

/** A function, not an inline test, so the compiler does not assume the flag cannot change across awaits. */
const isAborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;
