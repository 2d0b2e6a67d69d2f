/**
 * Worker-thread entry for classifying seeded deals on the lab's runner (run by piscina from
 * dist/games/klondike/solver/worker.js; see classify.ts): one batch of deals, its tally.
 */
import type { Tally } from '../../../lab/experiment.js';
import type { BatchTask } from '../../../lab/worker.js';
import { classifyDeals } from './classify.js';

export default function classifyBatch(task: BatchTask): Tally {
  return classifyDeals(task.config, task.start, task.end);
}
