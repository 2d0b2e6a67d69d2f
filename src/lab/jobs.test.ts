/**
 * Job journals (jobs.ts): what a journal's lines mean, and which journals add up.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, JOB_FORMAT, jobRecordLine, jobRecordsOf, JobJournalError, mergeJobRecords, partOf, todoOf, type JobIdentity, type JobRecord } from './jobs.js';
import { splitJournal } from './journal.js';

const job: JobIdentity = { job: 'squares', params: { base: 3, name: 'x' }, count: 10 };
const record = (start: number, end: number, part: readonly [number, number] = [0, 10], identity: JobIdentity = job): JobRecord => ({
  format: JOB_FORMAT,
  ...identity,
  part,
  start,
  end,
  result: Array.from({ length: end - start }, (_, k) => (start + k) ** 2),
});
const lines = (...records: JobRecord[]): string[] => records.map(jobRecordLine);

describe('job journals', () => {
  it('reads the records of whole lines only (a torn last line is not counted) and says what is left to do', () => {
    const text = `${lines(record(0, 3), record(5, 7)).join('\n')}\n${jobRecordLine(record(3, 5)).slice(0, 30)}`;
    const split = splitJournal(new TextEncoder().encode(text));
    const records = jobRecordsOf(split.lines, 'j');
    expect(records.map((r) => [r.start, r.end])).toEqual([
      [0, 3],
      [5, 7],
    ]);
    expect(split.tornBytes).toBe(30);
    expect(todoOf([0, 10], records)).toEqual([
      [3, 5],
      [7, 10],
    ]);
  });

  it('takes parameters written in any key order as the same job', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: 3 }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":3,"d":2}]}');
    const reordered = jobRecordLine(record(3, 4)).replace('{"base":3,"name":"x"}', '{"name":"x","base":3}');
    expect(jobRecordsOf([jobRecordLine(record(0, 3)), reordered], 'j', { identity: job, part: [0, 10] })).toHaveLength(2);
  });

  it('refuses, naming the line: a line that is no record, a record of another job or part, items counted twice', () => {
    expect(() => jobRecordsOf(['3344 -15'], 'j')).toThrow(/j:1: not a tabletop-job\/1 record/);
    expect(() => jobRecordsOf(lines(record(0, 3), record(3, 5, [0, 10], { ...job, params: { base: 4, name: 'x' } })), 'j')).toThrow(/j:2: a record of squares .*"base":4/);
    expect(() => jobRecordsOf(lines(record(0, 3)), 'j', { identity: job, part: [0, 5] })).toThrow(/j:1: a record of items 0\.\.9, but this run \(or shard\) holds items 0\.\.4/);
    expect(() => jobRecordsOf(lines(record(0, 3), record(2, 4)), 'j')).toThrow(/Items 2 are counted twice in j/);
    // A record outside its own part, or past the job's end.
    expect(() => jobRecordsOf(lines(record(4, 6, [0, 5])), 'j')).toThrow(JobJournalError);
    expect(() => jobRecordsOf([jobRecordLine(record(8, 11, [0, 11]))], 'j')).toThrow(JobJournalError);
  });

  it('merges shards into the whole job, and refuses journals of different jobs or counting an item twice', () => {
    const shards = [1, 2, 3].map((i) => {
      const [lo, hi] = partOf(10, { index: i, count: 3 });
      return { path: `s${String(i)}`, records: [record(lo, hi, [lo, hi])] };
    });
    const merged = mergeJobRecords([shards[2]!, shards[0]!, shards[1]!]);
    expect(merged.missing).toEqual([]);
    expect(merged.records.flatMap((r) => r.result as number[])).toEqual([0, 1, 4, 9, 16, 25, 36, 49, 64, 81]);
    expect(mergeJobRecords([shards[0]!, shards[2]!]).missing).toEqual([partOf(10, { index: 2, count: 3 })]);
    expect(() => mergeJobRecords([shards[0]!, shards[0]!])).toThrow(/counted twice in s1/);
    const otherSplit = { path: 'h1', records: [record(0, 5, [0, 5])] };
    expect(() => mergeJobRecords([otherSplit, shards[1]!])).toThrow(/Items 3\.\.4 are counted in both h1 and s2/);
    const otherJob = { path: 'o', records: [record(0, 3, [0, 3], { ...job, count: 9 })] };
    expect(() => mergeJobRecords([shards[1]!, otherJob])).toThrow(/journals of different jobs do not merge/);
    expect(() => mergeJobRecords([{ path: 'e', records: [] }])).toThrow(/Nothing to merge: e holds no records/);
  });
});
