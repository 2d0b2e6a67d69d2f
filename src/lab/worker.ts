/**
 * The lab's worker-thread entry (run by piscina from dist/lab/worker.js). Each thread keeps one
 * BatchPlayer per experiment — one reusable state and agent set — and plays the batches it is sent.
 */
import { BatchPlayer, type ExperimentConfig, type Tally } from './experiment.js';

export interface BatchTask {
  readonly config: ExperimentConfig;
  readonly start: number;
  readonly end: number;
}

let cachedKey = '';
let cached: BatchPlayer | undefined;

export default function playBatch(task: BatchTask): Tally {
  const key = JSON.stringify(task.config);
  if (cached === undefined || key !== cachedKey) {
    cached = new BatchPlayer(task.config);
    cachedKey = key;
  }
  return cached.play(task.start, task.end);
}
