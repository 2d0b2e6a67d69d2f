/**
 * Worker-thread entry for grading seeded deals on the lab's job runner (run by piscina from
 * dist/cli/klondike/grade-worker.js; see grade-job.ts): one batch of deals, their measurements.
 */
import type { JobTask } from '../../lab/job-runner.js';
import { gradeDeals, type GradedDeal, type GradeJobParams } from './grade-job.js';

export default function gradeBatch(task: JobTask): GradedDeal[] {
  return gradeDeals(task.params as unknown as GradeJobParams, task.start, task.end);
}
