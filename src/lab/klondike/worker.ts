/**
 * Worker-thread entry for classifying seeded deals on the lab's runner (run by piscina from
 * dist/lab/klondike/worker.js; see classify.ts): one batch of deals, its tally.
 */
import type { Tally } from '../experiment.js';
import type { BatchTask } from '../worker.js';
import { classifyDeals } from './classify.js';

export default function classifyBatch(task: BatchTask): Tally {
  return classifyDeals(task.config, task.start, task.end);
}
