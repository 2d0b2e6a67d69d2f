/**
 * An experiment's games as a job on the job core (job-core.ts): what every executor of lab runs —
 * the Node runner (runner.ts) and the browser's pool of Web Workers (web/src/lab/pool.ts) — does
 * the same way once it can play one batch: the rounds and `untilCi`'s stop rule, the tally of the
 * earlier batches and the new ones, progress and `onBatch`. No Node APIs here.
 */
import { runJobBatches } from './job-core.js';
import { JOB_FORMAT, type JobRecord } from './jobs.js';
import { resultsJob } from './records.js';
import { emptyTally, mergeTally, type PlayedGame, type Tally } from './experiment.js';
import type { CompletedBatch, GameRange, RunOptions, RunResult } from './batching.js';

/** Where the round that starts at game index `start` ends (`UntilCi.roundGames`, or rounds growing by 10%). */
export function roundEnd(start: number, roundGames?: number): number {
  if (roundGames !== undefined) return start + roundGames;
  return start + Math.max(1000, Math.floor(start / 10));
}

/** How an executor plays the batches of a run. */
export interface ExperimentBatches {
  /** Game indices per batch. */
  readonly batchSize: number;
  /** How many batches are played at once. */
  readonly lanes: number;
  /** Plays games [start, end) of every lineup on lane `lane`: their tally (and games, when recorded), or undefined for a batch stopped under way. */
  readonly playBatch: (range: GameRange, lane: number) => Promise<{ readonly tally: Tally; readonly games?: readonly PlayedGame[] | undefined } | undefined>;
  /** True once the run is stopped: no further batch is started. */
  readonly stopped: () => boolean;
}

/** Plays `options.ranges` of an experiment in batches through the job core, and adds up the result. */
export async function runExperimentBatches(options: RunOptions, executor: ExperimentBatches): Promise<RunResult> {
  const { config, untilCi } = options;
  const lineups = config.lineups.length;
  const tally = emptyTally(config);
  for (const batch of options.earlier ?? []) mergeTally(tally, batch.tally);
  const batches: CompletedBatch[] = [];
  const total = options.ranges.reduce((n, [s, e]) => n + e - s, 0) * lineups;
  let played = 0;
  // The records stay in this function (a results file is written by `onBatch`): they are of the
  // games up to the last one planned or held, which is all an experiment's run knows of its size.
  const count = Math.max(options.ranges.reduce((m, [, e]) => Math.max(m, e), 0), ...(options.earlier ?? []).map((b) => b.end));
  const identity = resultsJob(config, count, undefined);
  const part: GameRange = [0, count];
  const asRecord = (batch: CompletedBatch): JobRecord<CompletedBatch> => ({ format: JOB_FORMAT, ...identity, part, start: batch.start, end: batch.end, result: batch });
  // For untilCi: the tally of exactly the games before the round boundary the core asks at.
  const prefix = emptyTally(config);
  const outcome = await runJobBatches<CompletedBatch>({
    identity,
    part,
    earlier: (options.earlier ?? []).map(asRecord),
    todo: options.ranges,
    batchSize: executor.batchSize,
    lanes: executor.lanes,
    runBatch: async ({ start, end }, lane) => {
      const answer = await executor.playBatch([start, end], lane);
      return answer === undefined ? undefined : { start, end, tally: answer.tally, ...(answer.games === undefined ? {} : { games: answer.games }) };
    },
    stopped: executor.stopped,
    ...(untilCi === undefined ? {} : { stopRule: { roundEnd: (start: number) => roundEnd(start, untilCi.roundGames), add: (batch: CompletedBatch) => mergeTally(prefix, batch.tally), satisfied: () => untilCi.satisfied(prefix) } }),
    onRecord: ({ result: batch }) => {
      mergeTally(tally, batch.tally);
      // The games go to `onBatch` only: kept in the result, every game of a long run would stay in memory.
      batches.push({ start: batch.start, end: batch.end, tally: batch.tally });
      played += (batch.end - batch.start) * lineups;
      options.onBatch?.(batch);
      options.onProgress?.(played, total);
    },
  });
  batches.sort((x, y) => x.start - y.start);
  return { tally, batches, aborted: outcome.aborted, stoppedByCi: outcome.stoppedByRule };
}
