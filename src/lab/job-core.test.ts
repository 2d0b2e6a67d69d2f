/**
 * The platform-free core of running a job (job-core.ts): batches, rounds, the stop rule and records,
 * with batches run in this thread by a plain function.
 */
import { describe, expect, it } from 'vitest';
import { jobRounds, runJobBatches, type JobBatches, type JobStopRule } from './job-core.js';
import { JOB_FORMAT, type JobIdentity, type JobRecord } from './jobs.js';
import type { GameRange } from './batching.js';

const job: JobIdentity = { job: 'sum of squares', params: { power: 2 }, count: 100 };
const sumOfSquares = (start: number, end: number): number => {
  let sum = 0;
  for (let i = start; i < end; i++) sum += i * i;
  return sum;
};
const record = (start: number, end: number, part: GameRange = [0, 100]): JobRecord<number> => ({ format: JOB_FORMAT, ...job, part, start, end, result: sumOfSquares(start, end) });

/** Batches answered out of order: lane k waits k turns of the event loop, so later lanes finish first. */
const shuffled = async (start: number, end: number, lane: number): Promise<number> => {
  for (let k = 0; k < 3 - (lane % 3); k++) await Promise.resolve();
  return sumOfSquares(start, end);
};

function run(overrides: Partial<JobBatches<number>> = {}): ReturnType<typeof runJobBatches<number>> {
  return runJobBatches<number>({
    identity: job,
    part: [0, 100],
    earlier: [],
    todo: [[0, 100]],
    batchSize: 7,
    lanes: 3,
    runBatch: (task, lane) => shuffled(task.start, task.end, lane),
    stopped: () => false,
    ...overrides,
  });
}

/** Stops once the items folded so far sum past `limit`; records which boundaries it was asked at and what it had seen. */
function stopPast(limit: number, roundItems: number): JobStopRule<number> & { readonly asked: [number, number][] } {
  let sum = 0;
  let seen = 0;
  const asked: [number, number][] = [];
  return {
    asked,
    roundEnd: (start) => start + roundItems,
    add: (result, start, end) => {
      expect(start).toBe(seen);
      seen = end;
      sum += result;
    },
    satisfied: () => {
      asked.push([seen, sum]);
      return sum > limit;
    },
  };
}

describe('running a job in batches (job-core)', () => {
  it('records every batch of the items to do, cut at multiples of the batch size, whatever the lanes', async () => {
    const outcome = await run({ earlier: [record(0, 10)], todo: [[10, 30]] });
    expect(outcome.aborted).toBe(false);
    expect(outcome.stoppedByRule).toBe(false);
    expect(outcome.records.map((r) => [r.start, r.end])).toEqual([
      [0, 10],
      [10, 14],
      [14, 21],
      [21, 28],
      [28, 30],
    ]);
    expect(outcome.records[1]).toEqual(record(10, 14));
    const oneLane = await run({ earlier: [record(0, 10)], todo: [[10, 30]], lanes: 1 });
    expect(oneLane.records).toEqual(outcome.records);
  });

  it('hands each record to onRecord as its batch completes, with the part it belongs to', async () => {
    const seen: JobRecord<number>[] = [];
    await run({ part: [40, 60], todo: [[40, 60]], onRecord: (r) => seen.push(r) });
    expect(seen.map((r) => r.part)).toEqual(seen.map(() => [40, 60]));
    expect(seen.reduce((n, r) => n + r.end - r.start, 0)).toBe(20);
  });

  it('stops at the first round boundary where exactly the items before it satisfy the rule', async () => {
    // Sums of squares of 0..19 = 2470, of 0..29 = 8555: past 5000 first at the boundary 30.
    const rule = stopPast(5000, 10);
    const outcome = await run({ stopRule: rule });
    expect(outcome.stoppedByRule).toBe(true);
    expect(rule.asked).toEqual([
      [10, sumOfSquares(0, 10)],
      [20, sumOfSquares(0, 20)],
      [30, sumOfSquares(0, 30)],
    ]);
    expect(outcome.records.at(-1)!.end).toBe(30);
  });

  it('a resumed run holding items past a boundary stops where one uninterrupted run stops (the rule never sees them early)', async () => {
    const whole = await run({ stopRule: stopPast(5000, 10) });
    // An interrupted run that had finished items 0..19 and, out of order, 21..27 (past the boundary 20).
    const rule = stopPast(5000, 10);
    const resumed = await run({ earlier: [record(0, 14), record(14, 20), record(21, 28)], todo: [[20, 21], [28, 100]], stopRule: rule });
    expect(rule.asked[0]).toEqual([20, sumOfSquares(0, 20)]);
    expect(resumed.stoppedByRule).toBe(true);
    expect(resumed.records.at(-1)!.end).toBe(whole.records.at(-1)!.end);
  });

  it('does not apply the rule at a boundary an earlier record straddles', async () => {
    const rule = stopPast(0, 10);
    const outcome = await run({ earlier: [record(0, 15)], todo: [[15, 40]], stopRule: rule });
    expect(rule.asked.map(([hi]) => hi)).toEqual([20]);
    expect(outcome.records.at(-1)!.end).toBe(20);
  });

  it('when stopped, keeps only the batches that completed and says so', async () => {
    let batches = 0;
    const outcome = await run({ lanes: 1, stopped: () => batches >= 3, runBatch: (task) => Promise.resolve((batches++, sumOfSquares(task.start, task.end))) });
    expect(outcome.aborted).toBe(true);
    expect(outcome.records.map((r) => r.end)).toEqual([7, 14, 21]);
  });

  it('throws what a batch threw, after the batches under way finish', async () => {
    const done: number[] = [];
    const failing = run({ lanes: 2, runBatch: (task) => (task.start === 7 ? Promise.reject(new Error('broken batch')) : Promise.resolve(sumOfSquares(task.start, task.end))), onRecord: (r) => done.push(r.start) });
    await expect(failing).rejects.toThrow('broken batch');
    expect(done).toContain(0);
  });

  it('plans rounds between fixed boundaries, and refuses a round that does not advance', () => {
    expect(jobRounds([[5, 25]], (s) => s + 10)).toEqual([
      { items: [[5, 10]], end: 10 },
      { items: [[10, 20]], end: 20 },
      { items: [[20, 25]], end: 25 },
    ]);
    expect(jobRounds([[5, 25]])).toEqual([{ items: [[5, 25]], end: 25 }]);
    expect(() => jobRounds([[0, 5]], (s) => s)).toThrow(/must end after it/);
  });
});
