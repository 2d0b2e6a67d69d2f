/**
 * Runs a job (jobs.ts) on Node: the Node side of the job core (job-core.ts, which plans the
 * batches and makes the records). Its journal is opened as every job's is (job-journal.ts: locked,
 * read by the one rule) and resumed — only the items of this run's part that the journal lacks are run — in
 * batches on the lab's worker pool (piscina), each batch's record appended as it completes.
 * Stopped (the signal), it drops the batches under way: the journal keeps every finished one.
 *
 * A job's worker module default-exports `(task: JobTask) => result` (or a promise of it); what
 * every thread needs once (a big table's size, a book to consult) comes as `workerData`, read in
 * the worker with `import { workerData } from 'piscina'`. Neither may change a result: they are
 * not part of the job's identity.
 */
import { startWorkerPool } from './worker-pool.js';
import { JournalFile } from './journal-file.js';
import type { GameRange } from './batching.js';
import { workerThreads } from './runner.js';
import { runJobBatches, type JobTask } from './job-core.js';
import { jobRecordsOf, partOf, todoOf, type JobIdentity, type JobRecord, type JobShard } from './jobs.js';
import { openJob, type JobJournal, type JobJournalKind } from './job-journal.js';

export type { JobTask } from './job-core.js';

export interface JobRun<R> {
  readonly identity: JobIdentity;
  /** The worker module (see the file's comment). */
  readonly workerFile: string;
  readonly workerData?: unknown;
  /** The journal: read and resumed if it holds records of this job and part, appended to. None: the records are only returned. */
  readonly journal?: string | undefined;
  /** A batch in this thread, used when `threads` is 1 or less (the same result as the worker's). */
  readonly here?: (task: JobTask) => R;
  /** Run only this shard's items; default all. */
  readonly shard?: JobShard | undefined;
  /** Worker threads (at least one is started). */
  readonly threads: number;
  /** Items per batch (per journal record). */
  readonly batchSize: number;
  readonly signal?: AbortSignal;
  /** Run nothing: only read the journal (for writing what it holds; no lock is taken). */
  readonly readOnly?: boolean;
  /** Called once the journal is read, before any batch runs. */
  readonly onStart?: (state: { readonly earlier: readonly JobRecord<R>[]; readonly todo: readonly GameRange[]; readonly part: GameRange; readonly tornBytes: number }) => void;
  /** Called with each record once it is in the journal. */
  readonly onRecord?: (record: JobRecord<R>) => void;
}

export interface JobOutcome<R> {
  /** The journal's records and this run's, sorted by start. */
  readonly records: readonly JobRecord<R>[];
  readonly part: GameRange;
  /** True if the signal stopped the run before its part was done. */
  readonly aborted: boolean;
}

export async function runJob<R>(run: JobRun<R>): Promise<JobOutcome<R>> {
  const part = partOf(run.identity.count, run.shard);
  const kind: JobJournalKind<JobRecord<R>> = { names: { read: 'the journal', write: 'the journal' }, readLines: (lines, path) => jobRecordsOf(lines, path, { identity: run.identity, part }) as JobRecord<R>[] };
  if (run.readOnly === true || run.journal === undefined) {
    // Nothing to append: read without the lock.
    const journal = run.journal === undefined ? undefined : JournalFile.read(run.journal, kind.names.read);
    const earlier = journal === undefined ? [] : kind.readLines(journal.lines, journal.path);
    const todo = run.readOnly === true ? [] : todoOf(part, earlier);
    run.onStart?.({ earlier, todo, part, tornBytes: journal?.tornBytes ?? 0 });
    return todo.length === 0 ? { records: [...earlier].sort((a, b) => a.start - b.start), part, aborted: false } : { ...(await runOnPool(run, part, earlier, todo, undefined)), part };
  }
  const journal = openJob(run.journal, 'either', kind);
  try {
    const earlier = journal.records;
    const todo = todoOf(part, earlier);
    run.onStart?.({ earlier, todo, part, tornBytes: journal.tornBytes });
    if (todo.length === 0) return { records: [...earlier].sort((a, b) => a.start - b.start), part, aborted: false };
    return { ...(await runOnPool(run, part, earlier, todo, journal)), part };
  } finally {
    journal.close();
  }
}

/** The items `todo` run by the job core (job-core.ts) on the worker pool, or in this thread; each record appended to the journal. */
async function runOnPool<R>(run: JobRun<R>, part: GameRange, earlier: readonly JobRecord<R>[], todo: readonly GameRange[], journal: JobJournal<JobRecord<R>> | undefined): Promise<{ records: readonly JobRecord<R>[]; aborted: boolean }> {
  const { signal, here } = run;
  const batchCount = todo.reduce((n, [s, e]) => n + Math.ceil((e - s) / run.batchSize), 0);
  const inThread = here !== undefined && run.threads <= 1;
  const threads = inThread ? 1 : workerThreads(run.threads, batchCount);
  const workers = inThread ? undefined : startWorkerPool<JobTask, R>({ filename: run.workerFile, threads, workerData: run.workerData });
  const pool = workers?.pool;
  const stopped = (): boolean => signal?.aborted === true;
  const runBatch = async (task: JobTask): Promise<R | undefined> => {
    if (pool !== undefined) return pool.run(task, signal === undefined ? {} : { signal });
    // In this thread: a turn of the event loop first, so that Ctrl-C is heard between batches.
    await new Promise((resolve) => setImmediate(resolve));
    const result = here!(task);
    // Stopped while it ran in this thread: dropped, as a worker's batch under way is.
    return stopped() ? undefined : result;
  };
  try {
    return await runJobBatches<R>({
      identity: run.identity,
      part,
      earlier,
      todo,
      batchSize: run.batchSize,
      lanes: threads,
      runBatch,
      stopped,
      onRecord: (record) => {
        journal?.append(record);
        run.onRecord?.(record);
      },
    });
  } finally {
    await workers?.close();
  }
}
