/**
 * The /lab page's executor for `runLab` (src/lab/session.ts): the planned batches played on a small
 * pool of Web Workers, one per hardware thread, each running the lab's BatchPlayer. It is the
 * browser's `runExperiment`: the same batches, rounds and tallies (the job core, through
 * src/lab/experiment-job.ts), integer tallies added in any order, so a seed gives the CLI's figures exactly.
 *
 * Cancelling terminates the workers at once: the batches under way are lost, and only completed
 * batches count (the result says it was aborted). `untilCi` is not offered by the page.
 */
import { defaultBatchSize, type RunOptions, type RunResult } from '../../../src/lab/batching.js';
import type { PlayedGame, Tally } from '../../../src/lab/experiment.js';
import { runExperimentBatches } from '../../../src/lab/experiment-job.js';
import type { Executor } from '../../../src/lab/session.js';
import type { BatchRequest, BatchResponse } from './lab.worker.js';

/** Workers for this machine: one per hardware thread (navigator.hardwareConcurrency), 1 to 16. */
export const hardwareThreads = (): number => Math.max(1, Math.min(16, navigator.hardwareConcurrency || 2));

export function webWorkerExecutor(threads = hardwareThreads()): Executor {
  return (options: RunOptions) => runInWorkers(options, threads);
}

async function runInWorkers(options: RunOptions, threads: number): Promise<RunResult> {
  if (options.untilCi !== undefined) throw new Error('The lab page does not stop on the width of the intervals (--until-ci): give a number of games.');
  const { config, signal } = options;
  const lineups = config.lineups.length;
  const indices = options.ranges.reduce((n, [s, e]) => n + e - s, 0);
  const batchSize = options.batchSize ?? defaultBatchSize(indices, lineups, threads);
  const poolSize = Math.max(1, Math.min(threads, Math.ceil(indices / batchSize)));
  const workers = Array.from({ length: poolSize }, (_, k) => new Worker(new URL('./lab.worker.ts', import.meta.url), { type: 'module', name: `lab-${String(k + 1)}` }));
  let aborted = false;
  /** Ends every lane at once (cancel): each waits on this as well as on its worker. */
  const stopper: { stop?: () => void } = {};
  const stopped = new Promise<'stopped'>((resolve) => {
    stopper.stop = () => resolve('stopped');
  });
  const stop = (): void => stopper.stop?.();
  const onAbort = (): void => {
    aborted = true;
    stop();
  };
  signal?.addEventListener('abort', onAbort);
  if (signal?.aborted === true) onAbort();

  let nextId = 1;
  const playOn = (worker: Worker, start: number, end: number): Promise<{ tally: Tally; games?: readonly PlayedGame[] }> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const onMessage = (event: MessageEvent<BatchResponse>): void => {
        if (event.data.id !== id) return;
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        if ('error' in event.data) reject(new Error(event.data.error));
        else resolve(event.data);
      };
      const onError = (event: ErrorEvent): void => {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        reject(new Error(`A lab worker failed: ${event.message || 'it could not be loaded'}`));
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      const request: BatchRequest = { id, config, start, end, ...(options.recordGames === true ? { record: true } : {}) };
      worker.postMessage(request);
    });

  try {
    // The lab's one way of running an experiment's batches (the job core), a lane per worker.
    return await runExperimentBatches(options, {
      batchSize,
      lanes: workers.length,
      stopped: () => aborted,
      playBatch: async ([start, end], lane) => {
        try {
          const result = await Promise.race([playOn(workers[lane]!, start, end), stopped]);
          return result === 'stopped' ? undefined : result;
        } catch (error) {
          // A failed worker ends the other lanes at once (their batches are cut off, not waited for).
          stop();
          throw error;
        }
      },
    });
  } catch (error) {
    aborted = true;
    throw error;
  } finally {
    stop();
    signal?.removeEventListener('abort', onAbort);
    for (const worker of workers) worker.terminate();
  }
}
