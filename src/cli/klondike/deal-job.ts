/**
 * The command-line frame of a job over seeded deals (`klondike solve --seeds`, `klondike grade`):
 * the house job runner (journal, shards, threads) with Ctrl-C stopping it after the batches under
 * way, a progress bar counting deals, the note on a torn last journal line, and the closing lines.
 * Each command keeps only what its job computes and how it reports it.
 */
import { plural } from '../../core/format.js';
import { runJob, type JobRun } from '../../lab/job-runner.js';
import type { JobRecord } from '../../lab/jobs.js';
import { interruptible } from '../lab/experiment.js';
import { progressBar, type Progress } from '../terminal.js';

export interface DealJobOutcome<R> {
  /** The journal's records and this run's, sorted by start. */
  readonly records: readonly JobRecord<R>[];
  /** True if Ctrl-C stopped the run before its part was done. */
  readonly aborted: boolean;
  /** Deals the journal held before this run, and deals this run did. */
  readonly earlierDeals: number;
  readonly done: number;
  /** When the run started (performance.now()), for `thisRunLine`. */
  readonly started: number;
}

export interface DealJobWords {
  /** Ends the note on a torn last line (e.g. " before resuming"). */
  readonly tornSuffix?: string;
  /** Told, before the progress bar shows, how many deals the journal already held. */
  readonly onEarlier?: (deals: number) => void;
}

/** Runs `run` with the frame above. Errors of the runner (a journal of another job, say) are the caller's to word. */
export async function runDealJob<R>(run: Omit<JobRun<R>, 'signal' | 'onStart' | 'onRecord'>, words: DealJobWords = {}): Promise<DealJobOutcome<R>> {
  const { controller, onSigint } = interruptible();
  let bar: Progress | undefined;
  let earlierDeals = 0;
  let done = 0;
  const started = performance.now();
  process.on('SIGINT', onSigint);
  try {
    const { records, aborted } = await runJob<R>({
      ...run,
      signal: controller.signal,
      onStart: ({ earlier, todo, tornBytes }) => {
        if (tornBytes > 0) process.stderr.write(`Note: dropped the half-written last line of ${run.journal!} (${plural(tornBytes, 'byte')})${words.tornSuffix ?? ''}.\n`);
        earlierDeals = earlier.reduce((n, r) => n + r.end - r.start, 0);
        words.onEarlier?.(earlierDeals);
        bar = progressBar(todo.reduce((n, [s, e]) => n + e - s, 0), 'deals');
      },
      onRecord: (record) => {
        done += record.end - record.start;
        bar?.update(done);
      },
    });
    return { records, aborted, earlierDeals, done, started };
  } finally {
    bar?.stop();
    process.off('SIGINT', onSigint);
  }
}

/** The last line of a run over many deals: what this run did, in how long, on how many threads; `earlier` adds what a resumed file already held. */
export function thisRunLine(deals: number, startedMs: number, threads: number, earlier = ''): string {
  return `This run: ${plural(deals, 'deal')} in ${((performance.now() - startedMs) / 1000).toFixed(1)} s on ${plural(threads, 'thread')}${earlier}.\n`;
}

/** Says on stderr that a run over deals was interrupted (`where`: how to continue, or ''), and exits 130 as a shell does for Ctrl-C. */
export function reportInterrupted(deals: number, where: string): void {
  process.stderr.write(`Interrupted after ${plural(deals, 'deal')}: the results above are partial.${where}\n`);
  process.exitCode = 130;
}
