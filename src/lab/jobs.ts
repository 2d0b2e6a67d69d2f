/**
 * Long work as a job over numbered items: item i of N depends only on the job's parameters and i,
 * so any set of disjoint ranges of items can run anywhere, in any order, on any number of threads
 * or machines, and the results fit together exactly. This file is what a job's journal means
 * (pure: lines in, records out, so the browser can read journals too); job-runner.ts runs a job on
 * Node's worker pool.
 *
 * A journal holds one JSON record per line, by the journals' one rule (journal.ts: a line counts
 * only when it ends with '\n'):
 *
 *   {"format":"tabletop-job/1","job":"<kind>","params":{…},"count":N,"part":[lo,hi],"start":s,"end":e,"result":…}
 *
 * `job`, `params` and `count` say which job it is (every record of a journal, and every journal of
 * a merge, must name the same one); `part` is the range of items the journal is responsible for
 * (all items, or one shard); `result` is what items s … e−1 gave, in the job's own shape.
 */
import { firstOverlap, missingRanges, shardRange } from './game-ranges.js';
import type { GameRange } from './batching.js';

export const JOB_FORMAT = 'tabletop-job/1';

/** A JSON value (what a job's parameters and results are made of). */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Which job a record belongs to. */
export interface JobIdentity {
  /** The kind of job, in words (`connect-four book level`). */
  readonly job: string;
  /** Everything item i depends on besides i. */
  readonly params: JsonValue;
  /** The number of items, N. */
  readonly count: number;
}

/** One journal line: the result of items start … end − 1 of a job. */
export interface JobRecord<R = unknown> extends JobIdentity {
  readonly format: typeof JOB_FORMAT;
  /** The items the journal holding this record is responsible for. */
  readonly part: GameRange;
  readonly start: number;
  readonly end: number;
  readonly result: R;
}

/**
 * Where a run's records are kept: a job's journal on Node (job-journal.ts), memory in a test. The
 * browser lab keeps none. Platform-free, so the lab's planning (session.ts) can take one.
 */
export interface JobLog<T> {
  /** What the log held when the run began, as its kind reads it (a torn last line is not among them). */
  readonly records: readonly T[];
  /** Appends one record. Throws if it cannot be saved. */
  append(record: JobRecord<unknown>): void;
  /**
   * Called once the run is planned and accepted, before its first batch: a log may then repair
   * itself (drop a torn last line). Until then it changes nothing, so a refused run leaves it as it was.
   */
  prepare?(): void;
}

/** A journal that cannot be read, resumed or merged as asked (the CLI reports it as a usage error, exit 2). */
export class JobJournalError extends Error {
  override readonly name = 'JobJournalError';
}

/** A shard, 1-based: part `index` of `count`. */
export interface JobShard {
  readonly index: number;
  readonly count: number;
}

/** The items shard `shard` of a job of `count` items is responsible for (all of them without a shard). */
export function partOf(count: number, shard: JobShard | undefined): GameRange {
  return shard === undefined ? [0, count] : shardRange(count, shard.index, shard.count);
}

/** JSON with object keys sorted: equal parameters give equal text, whatever order they were written in. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map((v: JsonValue) => canonicalJson(v)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Readonly<Record<string, JsonValue>>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key]!)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The job in words, for messages: `connect-four book level {"depth":6,"root":""} of 1234 items`. */
export function describeJob(identity: JobIdentity): string {
  return `${identity.job} ${canonicalJson(identity.params)} of ${String(identity.count)} items`;
}

const sameJob = (a: JobIdentity, b: JobIdentity): boolean => a.job === b.job && a.count === b.count && canonicalJson(a.params) === canonicalJson(b.params);

/** Ranges in words: `3..7, 12`. */
export function describeRanges(ranges: readonly GameRange[]): string {
  return ranges.map(([s, e]) => (e - s === 1 ? String(s) : `${String(s)}..${String(e - 1)}`)).join(', ');
}

/** The line of a record (no newline). */
export function jobRecordLine(record: JobRecord<unknown>): string {
  return JSON.stringify(record);
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;

/** Parses one journal line; a JobJournalError naming `where` (`file:line`) if it is not a job record. */
export function parseJobRecord(line: string, where: string): JobRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    value = undefined;
  }
  const r = (value ?? {}) as Partial<Record<keyof JobRecord, unknown>>;
  const part = r.part;
  const ok =
    r.format === JOB_FORMAT &&
    typeof r.job === 'string' &&
    r.params !== undefined &&
    isCount(r.count) &&
    Array.isArray(part) &&
    part.length === 2 &&
    isCount(part[0]) &&
    isCount(part[1]) &&
    isCount(r.start) &&
    isCount(r.end) &&
    r.result !== undefined &&
    part[0] <= r.start &&
    r.start < r.end &&
    r.end <= part[1] &&
    part[1] <= r.count;
  if (!ok) throw new JobJournalError(`${where}: not a ${JOB_FORMAT} record of items inside its part: '${line.slice(0, 120)}'`);
  return value as JobRecord;
}

/**
 * The records of a journal's whole lines (`path` names it in messages). All must be of one job
 * and one part — of `expected`, when given (a run resuming its journal) — and no item may be
 * counted twice; a blank line is skipped. Anything else is a JobJournalError naming the line.
 */
export function jobRecordsOf(lines: readonly string[], path: string, expected?: { readonly identity: JobIdentity; readonly part: GameRange }): JobRecord[] {
  const records: JobRecord[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    const where = `${path}:${String(i + 1)}`;
    const record = parseJobRecord(line, where);
    const first = expected ?? (records[0] === undefined ? undefined : { identity: records[0], part: records[0].part });
    if (first !== undefined && !sameJob(record, first.identity)) {
      throw new JobJournalError(`${where}: a record of ${describeJob(record)}, but ${expected === undefined ? 'the file began with' : 'this run is'} ${describeJob(first.identity)}`);
    }
    if (first !== undefined && (record.part[0] !== first.part[0] || record.part[1] !== first.part[1])) {
      throw new JobJournalError(
        `${where}: a record of items ${describeRanges([record.part])}, but ${expected === undefined ? 'the file began with items' : 'this run (or shard) holds items'} ${describeRanges([first.part])}`,
      );
    }
    records.push(record);
  });
  refuseOverlaps(records.map((record) => ({ record, path })));
  return records;
}

/** Refuses items counted twice (in one file or across files), naming where. */
function refuseOverlaps(entries: readonly { readonly record: JobRecord; readonly path: string }[], items = 'Items', hint = ': a journal given twice, or shards of different splits?'): void {
  const overlap = firstOverlap(entries.map((entry) => ({ start: entry.record.start, end: entry.record.end, path: entry.path })));
  if (overlap === undefined) return;
  const [before, here] = overlap;
  const where = here.path === before.path ? `twice in ${here.path}` : `in both ${before.path} and ${here.path}`;
  throw new JobJournalError(`${items} ${describeRanges([[here.start, Math.min(here.end, before.end)]])} are counted ${where}${hint}`);
}

/** What a set of journals adds up to. */
export interface MergedJob<R = unknown> {
  readonly identity: JobIdentity;
  /** Every record counted (a verbatim repeat once, see `JobMergeRules.repeatsCountOnce`), sorted by start. */
  readonly records: readonly JobRecord<R>[];
  /** The items no journal holds, as ranges (empty when the job is complete). */
  readonly missing: readonly GameRange[];
  /** Records that repeated another verbatim and were counted once (0 unless `repeatsCountOnce`). */
  readonly repeats: number;
}

/** How a kind of job words the one check of `mergeJobRecords`, and whether a verbatim repeat counts once. */
export interface JobMergeRules {
  /**
   * Why the journal at `path` (holding `other`) and the first one (holding `first`) are not of one
   * job, in the kind's own words (which option differs); default: both jobs described.
   */
  readonly different?: (first: JobIdentity, other: JobIdentity) => string;
  /**
   * A record repeated verbatim — the same items and the same result — counts once instead of being
   * refused as items counted twice: for kinds whose users merge whatever files they have (the lab's
   * results files), where a file given twice changes nothing. Items are deterministic, so dropping
   * the copy is exact.
   */
  readonly repeatsCountOnce?: boolean;
  /** What the items are, in messages (`Games`); default `Items`. */
  readonly items?: string;
}

/**
 * The one check that journals are of one job, and their sum: every record must be of the first
 * one's job (its kind, parameters and item count), and no item may be counted twice (a verbatim
 * repeat counts once, when the rules say so). A journal without records is skipped (a shard that
 * never finished a batch). Used by every kind of job — the lab's results files too (records.ts).
 */
export function mergeJobRecords<R = unknown>(files: readonly { readonly path: string; readonly records: readonly JobRecord<R>[] }[], rules: JobMergeRules = {}): MergedJob<R> {
  const entries = files.flatMap(({ path, records }) => records.map((record) => ({ record, path })));
  const first = entries[0];
  if (first === undefined) throw new JobJournalError(`Nothing to merge: ${files.length === 0 ? 'no journal given' : `${files.map((f) => f.path).join(', ')} ${files.length === 1 ? 'holds' : 'hold'} no records`}.`);
  for (const { record, path } of entries) {
    if (sameJob(record, first.record)) continue;
    throw new JobJournalError(rules.different?.(first.record, record) ?? `${path} holds ${describeJob(record)}, ${first.path} ${describeJob(first.record)}: journals of different jobs do not merge.`);
  }
  const sorted = [...entries].sort((a, b) => a.record.start - b.record.start || a.record.end - b.record.end);
  const repeats = (a: JobRecord | undefined, b: JobRecord): boolean => a !== undefined && a.start === b.start && a.end === b.end && canonicalJson(a.result as JsonValue) === canonicalJson(b.result as JsonValue);
  const kept = rules.repeatsCountOnce === true ? sorted.filter((entry, k) => !repeats(sorted[k - 1]?.record, entry.record)) : sorted;
  refuseOverlaps(kept, rules.items, rules.repeatsCountOnce === true ? ', in different batches: shards of different splits?' : undefined);
  const records = kept.map((e) => e.record);
  const identity: JobIdentity = { job: first.record.job, params: first.record.params, count: first.record.count };
  return { identity, records, missing: missingRanges([[0, identity.count]], records.map((r): GameRange => [r.start, r.end])), repeats: entries.length - kept.length };
}

/** The items of `part` that `records` lack. */
export function todoOf(part: GameRange, records: readonly { readonly start: number; readonly end: number }[]): GameRange[] {
  return missingRanges([part], [...records].sort((a, b) => a.start - b.start).map((r): GameRange => [r.start, r.end]));
}
