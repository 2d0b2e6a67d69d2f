/**
 * Worker-thread entry for labelling tuning samples on the lab's job runner (run by piscina from
 * dist/bench/tune-alphabeta/tuning-labels-worker.js; see tuning-labels.ts): one batch, its labels.
 */
import type { LabelledPosition } from '../../games/connect-four/players/tuning.js';
import type { JobTask } from '../../lab/job-runner.js';
import { labelSamples, type TuningLabelParams } from './tuning-labels.js';

export default function labelBatch(task: JobTask): LabelledPosition[] {
  return labelSamples(task.params as unknown as TuningLabelParams, task.start, task.end);
}
