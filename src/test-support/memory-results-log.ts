/**
 * A results log in memory for tests of lab runs: each job record appended is kept as the batch
 * record it stands for (records.ts), unchecked, so that an executor of made-up tallies can use it
 * too; a resumed run can be handed what an earlier one appended.
 */
import type { JobLog } from '../lab/jobs.js';
import type { BatchRecord } from '../lab/records.js';
import type { ExperimentConfig, Tally } from '../lab/experiment.js';

/** `records`: what the log held before the run; `failAfter` appends succeed, then every append throws (a full disk). */
export function memoryResultsLog(records: readonly BatchRecord[] = [], failAfter = Infinity): JobLog<BatchRecord> & { readonly appended: BatchRecord[] } {
  const appended: BatchRecord[] = [];
  return {
    records,
    appended,
    append({ params, part, count, start, end, result }) {
      if (appended.length >= failAfter) throw new Error('ENOSPC: no space left on device');
      const { config, untilCi } = params as unknown as { readonly config: ExperimentConfig; readonly untilCi?: number };
      appended.push({ config, planned: part, total: count, ...(untilCi === undefined ? {} : { untilCi }), start, end, tally: result as Tally });
    },
  };
}
