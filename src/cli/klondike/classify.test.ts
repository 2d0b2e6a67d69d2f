import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runJob } from '../../lab/job-runner.js';
import { JobJournalError, jobRecordsOf, mergeJobRecords } from '../../lab/jobs.js';
import { classifyDeals, classifyJob, classifyParams, classifyWorkerFile, dealResults, type ClassifyParams, type DealResult } from './classify.js';
import { solveSeed } from '../../games/klondike/solver/deal.js';

/** A position budget alone (no clock to speak of), so verdicts do not depend on the machine. */
const PARAMS: ClassifyParams = { firstDeal: 70, piles: 7, timeMs: 600_000, maxStates: 3_000 };
const dir = mkdtempSync(join(tmpdir(), 'classify-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A deal's result without its time (the one thing that differs from run to run). */
const stable = (list: readonly DealResult[]): unknown[] => list.map(({ deal, verdict, positions }) => [deal, verdict, positions]);

describe('classifying seeded deals as a job', () => {
  it("lists each deal's verdict, as the solver gives it", () => {
    const deals = classifyDeals(PARAMS, 0, 12);
    const verdicts = Array.from({ length: 12 }, (_, i) => solveSeed(70 + i, 7, 3, PARAMS).verdict);
    expect(deals.map((d) => [d.deal, d.verdict])).toEqual(verdicts.map((v, i) => [70 + i, v]));
    // Deals 70..81 under this budget hold more than one kind of verdict, so the test can tell them apart.
    expect(new Set(verdicts).size).toBeGreaterThan(1);
    expect(deals.every((d) => d.positions >= 1 && d.positions <= PARAMS.maxStates && d.ms >= 0)).toBe(true);
  });

  it('classifies a list of deals (a retry) item by item, and refuses a list that is not one deal per item', () => {
    const listed: ClassifyParams = { ...PARAMS, firstDeal: 0, deals: [81, 70, 75] };
    expect(stable(classifyDeals(listed, 0, 3))).toEqual(stable([...classifyDeals(PARAMS, 11, 12), ...classifyDeals(PARAMS, 0, 1), ...classifyDeals(PARAMS, 5, 6)]));
    expect(classifyParams(classifyJob(listed, 3))).toEqual(listed);
    expect(() => classifyParams({ ...classifyJob(listed, 3), count: 4 })).toThrow(JobJournalError);
    expect(() => classifyParams(classifyJob({ ...listed, deals: [81, -1, 75] }, 3))).toThrow(JobJournalError);
    // A record's results must be the listed deals, in order.
    const results = classifyDeals(listed, 0, 2);
    // (by deal number, as every classification's results are)
    expect(dealResults([{ start: 0, end: 2, result: results }], listed, 'x').map((d) => d.deal)).toEqual([70, 81]);
    expect(() => dealResults([{ start: 1, end: 3, result: results }], listed, 'x')).toThrow(/x: the record of deals 70, 75 does not list one result per deal/);
  });

  it("runs on the lab's job runner: the same deals in this thread and on two worker threads, in any batches, journalled", async () => {
    const identity = classifyJob(PARAMS, 12);
    const here = await runJob<DealResult[]>({ identity, workerFile: classifyWorkerFile(), here: (t) => classifyDeals(PARAMS, t.start, t.end), threads: 1, batchSize: 5 });
    const journal = join(dir, 'two.journal');
    const threaded = await runJob<DealResult[]>({ identity, workerFile: classifyWorkerFile(), journal, threads: 2, batchSize: 3 });
    const expected = stable(classifyDeals(PARAMS, 0, 12));
    expect(stable(dealResults(here.records, PARAMS, 'here'))).toEqual(expected);
    expect(stable(dealResults(threaded.records, PARAMS, journal))).toEqual(expected);
    // The journal holds the same, record by record, and names the job.
    const saved = jobRecordsOf(readFileSync(journal, 'utf8').trim().split('\n'), journal);
    expect(saved).toHaveLength(4);
    expect(classifyParams(saved[0]!)).toEqual(PARAMS);
    expect(stable(dealResults(mergeJobRecords([{ path: journal, records: saved }]).records, PARAMS, journal))).toEqual(expected);
  });

  it('keeps the budget in the job: journals of other parameters never combine, and other jobs are not classifications', () => {
    const record = (params: ClassifyParams, start: number, end: number) => ({ format: 'tabletop-job/1' as const, ...classifyJob(params, 4), part: [0, 4] as const, start, end, result: classifyDeals(params, start, end) });
    const a = record(PARAMS, 0, 2);
    const b = record({ ...PARAMS, maxStates: 50 }, 2, 4);
    expect(() => mergeJobRecords([{ path: 'a', records: [a] }, { path: 'b', records: [b] }])).toThrow(/journals of different jobs do not merge/);
    expect(() => classifyParams({ job: 'connect-four book level', params: { root: '', depth: 4 }, count: 3 })).toThrow(JobJournalError);
    // A record whose deals are not its range's is refused.
    expect(() => dealResults([{ ...a, start: 1, end: 3 }], PARAMS, 'x')).toThrow(/x: the record of deals 71\.\.72 does not list one result per deal/);
  });
});
