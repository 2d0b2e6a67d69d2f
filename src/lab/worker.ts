/**
 * The lab's worker-thread entry (run by piscina from dist/lab/worker.js). Each thread keeps one
 * BatchPlayer per experiment — one reusable state and agent set — and plays the batches it is sent.
 * User players' modules are imported here, once per thread and experiment.
 */
import { Console } from 'node:console';
import { BatchPlayer, playTask, type ExperimentConfig, type FailedMove, type PlayedGame } from './experiment.js';
import { DEFAULT_MOVE_TIME_LIMIT_MS, type BatchAnswer } from './batching.js';
import { lockIntrinsics } from './intrinsics.js';
import { LockstepPlayer, PlayerProgram } from './external-players.js';
import { hasExternalPlayers, loadUserAgents } from './user-players.js';
import { importGame } from './game-modules.js';

export interface BatchTask {
  readonly config: ExperimentConfig;
  readonly start: number;
  readonly end: number;
  /** Where to report the game and move under way ([lineup, game index, call]), for the runner's time limit. */
  readonly progress?: Int32Array;
  /** Moves that failed in an earlier attempt at this batch (past the time limit, or the thread died): played as faults. */
  readonly failed?: readonly FailedMove[];
  /** The move time limit, in ms: external programs must answer each batch within it. */
  readonly moveTimeLimitMs?: number;
  /** Return the games as played too (a `RecordedBatch`), for game records. */
  readonly record?: boolean;
}


// A player module's console output goes to stderr: stdout carries the command's results (--json).
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
// Before any module is loaded here: no module can change the builtins the games rely on.
lockIntrinsics();

let cachedKey = '';
let cached: BatchPlayer | LockstepPlayer | undefined;
/** External programs, kept running from batch to batch (and experiment to experiment) of this thread. */
const programs = new Map<string, PlayerProgram>();

export default async function playBatch(task: BatchTask): Promise<BatchAnswer> {
  const key = JSON.stringify(task.config);
  if (cached === undefined || key !== cachedKey) {
    // A game module and user players' modules are imported by each thread itself (their hashes checked first).
    await importGame(task.config.game);
    await loadUserAgents(task.config);
    cached = hasExternalPlayers(task.config) ? new LockstepPlayer(task.config, task.moveTimeLimitMs ?? DEFAULT_MOVE_TIME_LIMIT_MS, programs) : new BatchPlayer(task.config);
    cachedKey = key;
  }
  if (!(cached instanceof LockstepPlayer)) return playTask(cached, task);
  if (task.record !== true) return cached.play(task.start, task.end);
  const games: PlayedGame[] = [];
  const tally = await cached.play(task.start, task.end, games);
  return { tally, games };
}
