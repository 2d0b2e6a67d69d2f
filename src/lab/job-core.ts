/**
 * The part of running a job (jobs.ts) that needs no platform: which items are left to do, the
 * batches and rounds they are run in, the stop rule at round boundaries, and the records that
 * come out. Where a batch runs (a Node worker, a Web Worker, this thread) and where records are
 * kept (a journal file, memory) are the caller's: job-runner.ts is the Node side. No Node APIs here.
 *
 * Determinism: a batch is a range of items, and item i depends on the job's parameters and i
 * only. The one decision that depends on results — the stop rule — is taken only at fixed round
 * boundaries (which depend on neither threads nor batch size), and the rule at boundary `hi` sees
 * exactly items [0, hi): never an item past it. That matters for resumed runs: an interrupted run
 * may hold batches past the boundary it was working towards (lanes finish out of order), and
 * counting them would let the resumed run stop where one uninterrupted run would not.
 */
import { batchesOf, runLanes, type GameRange } from './batching.js';
import { JOB_FORMAT, type JobIdentity, type JobRecord, type JsonValue } from './jobs.js';

/** What one batch of a job is: the job's parameters and its items start … end − 1. */
export interface JobTask {
  readonly params: JsonValue;
  readonly start: number;
  readonly end: number;
}

/**
 * When a job may stop before its planned items are done: at round boundaries, once the results of
 * exactly the items before the boundary satisfy it.
 */
export interface JobStopRule<R> {
  /** Where the round that starts at item `start` ends (past `start`). */
  readonly roundEnd: (start: number) => number;
  /** Folds the result of items start … end − 1 into what `satisfied` judges; called in item order, each item once. */
  readonly add: (result: R, start: number, end: number) => void;
  /** Whether the items folded so far (exactly [0, the boundary)) are enough to stop. */
  readonly satisfied: () => boolean;
}

export interface JobBatches<R> {
  readonly identity: JobIdentity;
  /** The items the records are of (the job's part, written in each record). */
  readonly part: GameRange;
  /** The records already held (a resumed journal): their results count for the stop rule. */
  readonly earlier: readonly JobRecord<R>[];
  /** The items to run, as disjoint ranges (default: what `earlier` lacks of the part). */
  readonly todo: readonly GameRange[];
  /** Items per batch. */
  readonly batchSize: number;
  /** How many batches run at once. */
  readonly lanes: number;
  /**
   * Runs one batch on lane `lane`: its result, or undefined for a batch that was stopped and does
   * not count. A throw stops the run (the batches under way finish) and is thrown by `runJobBatches`.
   */
  readonly runBatch: (task: JobTask, lane: number) => Promise<R | undefined>;
  /** True once the run is stopped (Ctrl-C): no further batch is started. */
  readonly stopped: () => boolean;
  readonly stopRule?: JobStopRule<R>;
  /** Called with each record as its batch completes, in completion order (to journal it). */
  readonly onRecord?: (record: JobRecord<R>) => void;
}

export interface JobBatchesOutcome<R> {
  /** The earlier records and this run's, sorted by start. */
  readonly records: readonly JobRecord<R>[];
  /** True if the run was stopped before its items were done. */
  readonly aborted: boolean;
  /** True if the stop rule ended the run early. */
  readonly stoppedByRule: boolean;
}

/** Intersects ranges with [lo, hi). */
function clip(ranges: readonly GameRange[], lo: number, hi: number): GameRange[] {
  return ranges.map(([s, e]): GameRange => [Math.max(s, lo), Math.min(e, hi)]).filter(([s, e]) => s < e);
}

const countOf = (ranges: readonly GameRange[]): number => ranges.reduce((n, [s, e]) => n + e - s, 0);

/** The rounds `todo` is run in: one without a stop rule, else the items between consecutive boundaries, with each round's end. */
export function jobRounds(todo: readonly GameRange[], roundEnd?: (start: number) => number): { readonly items: GameRange[]; readonly end: number }[] {
  const last = todo.reduce((m, [, e]) => Math.max(m, e), 0);
  if (roundEnd === undefined) return [{ items: [...todo], end: last }];
  const rounds: { items: GameRange[]; end: number }[] = [];
  for (let lo = 0; lo < last; ) {
    const hi = Math.min(last, roundEnd(lo));
    if (!(hi > lo)) throw new RangeError(`A round starting at item ${String(lo)} must end after it, not at ${String(hi)}`);
    rounds.push({ items: clip(todo, lo, hi), end: hi });
    lo = hi;
  }
  return rounds;
}

/**
 * The results of exactly items [0, hi), folded into a stop rule in item order as the records
 * covering them arrive: `before(hi)` is false while some of them are missing — a gap, or an earlier
 * record straddling `hi` (from a run without the rule) — and the rule is then not applied there,
 * rather than applied to the wrong items.
 */
class Prefix<R> {
  readonly #rule: JobStopRule<R>;
  #end = 0;
  readonly #pending = new Map<number, JobRecord<R>>();

  constructor(rule: JobStopRule<R>, earlier: readonly JobRecord<R>[]) {
    this.#rule = rule;
    for (const record of earlier) this.#pending.set(record.start, record);
  }

  add(record: JobRecord<R>): void {
    this.#pending.set(record.start, record);
  }

  before(hi: number): boolean {
    for (let r = this.#pending.get(this.#end); r !== undefined && r.end <= hi; r = this.#pending.get(this.#end)) {
      this.#rule.add(r.result, r.start, r.end);
      this.#pending.delete(r.start);
      this.#end = r.end;
    }
    return this.#end === hi;
  }
}

/** Runs the `todo` items of a job in batches and rounds (see the file's comment), making a record of each completed batch. */
export async function runJobBatches<R>(job: JobBatches<R>): Promise<JobBatchesOutcome<R>> {
  const { identity, part, stopRule } = job;
  const records = [...job.earlier];
  const prefix = stopRule === undefined ? undefined : new Prefix(stopRule, job.earlier);
  const rounds = jobRounds(job.todo, stopRule?.roundEnd);
  let aborted = false;
  let stoppedByRule = false;
  for (let r = 0; r < rounds.length; r++) {
    const round = rounds[r]!;
    let left = countOf(round.items);
    await runLanes<R>({
      batches: batchesOf(round.items, job.batchSize),
      lanes: job.lanes,
      stopped: job.stopped,
      run: ([start, end], lane) => job.runBatch({ params: identity.params, start, end }, lane),
      onDone: ([start, end], result) => {
        const record: JobRecord<R> = { format: JOB_FORMAT, job: identity.job, params: identity.params, count: identity.count, part, start, end, result };
        left -= end - start;
        records.push(record);
        prefix?.add(record);
        job.onRecord?.(record);
      },
    });
    if (left > 0) {
      // Only a stop leaves items of a round undone (a failure has thrown).
      aborted = true;
      break;
    }
    if (prefix !== undefined && r < rounds.length - 1 && prefix.before(round.end) && stopRule!.satisfied()) {
      stoppedByRule = true;
      break;
    }
  }
  records.sort((a, b) => a.start - b.start);
  return { records, aborted, stoppedByRule };
}
