/**
 * Worker-thread entry for classifying seeded deals on the lab's job runner (run by piscina from
 * dist/cli/klondike/classify-worker.js; see classify.ts): one batch of deals, their results.
 */
import type { JobTask } from '../../lab/job-runner.js';
import { classifyDeals, type ClassifyParams, type DealResult } from './classify.js';

export default function classifyBatch(task: JobTask): DealResult[] {
  return classifyDeals(task.params as unknown as ClassifyParams, task.start, task.end);
}
