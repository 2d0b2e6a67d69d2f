/**
 * Runs a job (jobs.ts) on Node: its journal locked (files.ts), read by the one rule (journal.ts)
 * and resumed — only the items of this run's part that the journal lacks are run — in batches on
 * the lab's worker pool (piscina), each batch's record appended as it completes. Stopped (the
 * signal), it drops the batches under way: the journal keeps every finished one.
 *
 * A job's worker module default-exports `(task: JobTask) => result` (or a promise of it); what
 * every thread needs once (a big table's size, a book to consult) comes as `workerData`, read in
 * the worker with `import { workerData } from 'piscina'`. Neither may change a result: they are
 * not part of the job's identity.
 */
import { startWorkerPool } from './worker-pool.js';
import { JournalFile } from './journal-file.js';
import { batchesOf, runLanes, type GameRange } from './batching.js';
import { workerThreads } from './runner.js';
import { JOB_FORMAT, jobRecordLine, jobRecordsOf, partOf, todoOf, type JobIdentity, type JobRecord, type JobShard, type JsonValue } from './jobs.js';

/** What a job's worker is given per batch. */
export interface JobTask {
  readonly params: JsonValue;
  readonly start: number;
  readonly end: number;
}

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
  const recordsOf = (journal: JournalFile): JobRecord<R>[] => jobRecordsOf(journal.lines, journal.path, { identity: run.identity, part }) as JobRecord<R>[];
  const open = run.readOnly === true || run.journal === undefined ? undefined : JournalFile.openLocked(run.journal, { read: 'the journal', write: 'the journal' }, recordsOf);
  try {
    const journal = open?.journal ?? (run.journal === undefined ? undefined : JournalFile.read(run.journal, 'the journal'));
    const earlier = open?.accepted ?? (journal === undefined ? [] : recordsOf(journal));
    const todo = run.readOnly === true ? [] : todoOf(part, earlier);
    run.onStart?.({ earlier, todo, part, tornBytes: journal?.tornBytes ?? 0 });
    const records = [...earlier];
    let aborted = false;
    if (todo.length > 0) aborted = await runBatches(run, todo, journal, records);
    records.sort((a, b) => a.start - b.start);
    return { records, part, aborted };
  } finally {
    open?.close();
  }
}

async function runBatches<R>(run: JobRun<R>, todo: readonly GameRange[], journal: JournalFile | undefined, records: JobRecord<R>[]): Promise<boolean> {
  const { identity, signal, here } = run;
  const part = partOf(identity.count, run.shard);
  const batchCount = todo.reduce((n, [s, e]) => n + Math.ceil((e - s) / run.batchSize), 0);
  const threads = here !== undefined && run.threads <= 1 ? 1 : workerThreads(run.threads, batchCount);
  const workers = here !== undefined && run.threads <= 1 ? undefined : startWorkerPool<JobTask, R>({ filename: run.workerFile, threads, workerData: run.workerData });
  const pool = workers?.pool;
  const runBatch = async (task: JobTask): Promise<R> => {
    if (pool !== undefined) return pool.run(task, signal === undefined ? {} : { signal });
    // In this thread: a turn of the event loop first, so that Ctrl-C is heard between batches.
    await new Promise((resolve) => setImmediate(resolve));
    return here!(task);
  };
  const stopped = (): boolean => signal?.aborted === true;
  try {
    await runLanes<R>({
      batches: batchesOf(todo, run.batchSize),
      lanes: threads,
      stopped,
      run: async ([start, end]) => {
        const result = await runBatch({ params: identity.params, start, end });
        // Stopped while it ran in this thread: dropped, as a worker's batch under way is.
        return stopped() && pool === undefined ? undefined : result;
      },
      onDone: ([start, end], result) => {
        const record: JobRecord<R> = { format: JOB_FORMAT, job: identity.job, params: identity.params, count: identity.count, part, start, end, result };
        journal?.append(jobRecordLine(record));
        records.push(record);
        run.onRecord?.(record);
      },
    });
  } finally {
    await workers?.close();
  }
  return stopped() && todoOf(part, records).length > 0;
}
