/**
 * The one way a job's journal is opened and appended (job-journal.ts): the modes, the lock, the
 * torn last line cut only once the run is accepted, and a kind's own wording of its refusals.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openJob, type JobJournalKind } from './job-journal.js';
import { JOB_FORMAT, JobJournalError, jobRecordLine, jobRecordsOf, type JobIdentity, type JobRecord } from './jobs.js';
import { FileSafetyError } from './files.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-job-journal-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const identity: JobIdentity = { job: 'test squares', params: { base: 2 }, count: 10 };
const record = (start: number, end: number): JobRecord<number> => ({ format: JOB_FORMAT, ...identity, part: [0, 10], start, end, result: start * start });
const kind: JobJournalKind<JobRecord> = { names: { read: 'the journal', write: 'the journal' }, readLines: (lines, path) => jobRecordsOf(lines, path, { identity, part: [0, 10] }) };
const refusals = {
  holdsRecords: (path: string) => `${path} holds squares already`,
  missing: (path: string) => `no squares at ${path}`,
  nothingToResume: (path: string, torn: number) => `${path}: no squares, ${String(torn)} torn bytes`,
};

class SquaresError extends Error {}

describe('openJob', () => {
  it("'either' starts a missing journal or continues one, holding the lock until closed", () => {
    const path = join(dir, 'either.jsonl');
    const first = openJob(path, 'either', kind);
    expect(first.records).toEqual([]);
    expect(() => openJob(path, 'either', kind)).toThrow(FileSafetyError);
    first.append(record(0, 3));
    first.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    const second = openJob(path, 'either', kind);
    expect(second.records).toEqual([record(0, 3)]);
    second.close();
  });

  it('cuts a torn last line only once prepared or appended to, then appends whole lines', () => {
    const path = join(dir, 'torn.jsonl');
    const whole = `${jobRecordLine(record(0, 3))}\n`;
    writeFileSync(path, `${whole}${jobRecordLine(record(3, 6)).slice(0, 25)}`);
    const journal = openJob(path, 'resume', { ...kind, refusals });
    expect(journal.records).toHaveLength(1);
    expect(journal.tornBytes).toBe(25);
    expect(readFileSync(path, 'utf8').length).toBe(whole.length + 25);
    journal.append(record(3, 6));
    journal.close();
    expect(readFileSync(path, 'utf8')).toBe(`${whole}${jobRecordLine(record(3, 6))}\n`);
  });

  it("refuses by mode in the kind's words and error, leaving the file and its lock as they were", () => {
    const held = join(dir, 'held.jsonl');
    writeFileSync(held, `${jobRecordLine(record(0, 3))}\n`);
    expect(() => openJob(held, 'new', { ...kind, refusals })).toThrow(new JobJournalError(`${held} holds squares already`));
    expect(existsSync(`${held}.lock`)).toBe(false);
    const torn = join(dir, 'torn-only.jsonl');
    writeFileSync(torn, jobRecordLine(record(0, 3)).slice(0, 12));
    const squares = { ...kind, refusals, error: (message: string) => new SquaresError(message) };
    expect(() => openJob(torn, 'resume', squares)).toThrow(new SquaresError(`${torn}: no squares, 12 torn bytes`));
    expect(readFileSync(torn, 'utf8')).toHaveLength(12);
    expect(() => openJob(join(dir, 'none.jsonl'), 'resume', squares)).toThrow(SquaresError);
    // 'new' replaces a torn first line (it holds no record); a lock held is the kind's error too.
    const fresh = openJob(torn, 'new', squares);
    expect(() => openJob(torn, 'new', squares)).toThrow(SquaresError);
    fresh.prepare();
    fresh.close();
    expect(readFileSync(torn, 'utf8')).toBe('');
  });

  it("refuses a record of another job, naming the line", () => {
    const path = join(dir, 'other.jsonl');
    writeFileSync(path, `${jobRecordLine({ ...record(0, 3), count: 11, part: [0, 11] })}\n`);
    expect(() => openJob(path, 'either', kind)).toThrow(`${path}:1: a record of test squares {"base":2} of 11 items, but this run is test squares {"base":2} of 10 items`);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
