import { describe, expect, it } from 'vitest';
import { combineRecords, RECORD_FORMAT, RecordsError, type BatchRecord } from '../records.js';
import { runExperiment } from '../runner.js';
import { planLabRun, PlanError } from '../session.js';
import type { Tally } from '../experiment.js';
import { classifyConfig, classifyDeals, classifyParams, classifySource, dealResults, type ClassifyParams, type DealResult } from './classify.js';
import { solveSeed } from '../../games/klondike/solver/deal.js';

/** A position budget alone (no clock to speak of), so verdicts do not depend on the machine. */
const PARAMS: ClassifyParams = { piles: 7, timeMs: 600_000, maxStates: 3_000 };

describe('classifying seeded deals as a lab experiment', () => {
  it('tallies each deal as its verdict: winnable a win, unwinnable a loss, undecided a draw', () => {
    const config = classifyConfig(70, PARAMS);
    const tally = classifyDeals(config, 0, 12);
    const verdicts = Array.from({ length: 12 }, (_, i) => solveSeed(70 + i, 7, 3, PARAMS).verdict);
    const count = (v: string): number => verdicts.filter((x) => x === v).length;
    const seat = tally.lineups[0]!.seats[0]!;
    expect(tally.lineups[0]!.games).toBe(12);
    expect([seat.wins, seat.losses, seat.draws]).toEqual([count('winnable'), count('unwinnable'), count('undecided')]);
    expect(seat.sum).toBe(seat.wins);
    expect(seat.atMin).toBe(12 - seat.wins);
    // Deals 70..81 under this budget hold more than one kind of verdict, so the test can tell them apart.
    expect(new Set(verdicts).size).toBeGreaterThan(1);
    // Each deal's own result is kept with the tally.
    expect(tally.deals.map((d) => [d.seed, d.verdict])).toEqual(verdicts.map((v, i) => [70 + i, v]));
    expect(tally.deals.every((d) => d.positions >= 1 && d.positions <= PARAMS.maxStates && d.ms >= 0)).toBe(true);
  });

  it("runs on the lab's runner: the same tally in this thread and on two worker threads, in any batches", async () => {
    const config = classifyConfig(70, PARAMS);
    const here = await runExperiment({ config, ranges: [[0, 12]], threads: 1, batchSize: 5, source: classifySource() });
    const threaded = await runExperiment({ config, ranges: [[0, 12]], threads: 2, batchSize: 3, source: classifySource() });
    expect(threaded.tally).toEqual(here.tally);
    const { deals, ...sums } = classifyDeals(config, 0, 12);
    expect(here.tally).toEqual(sums);
    // The batches keep their deals' results, from this thread and from the workers alike.
    const stable = (list: readonly DealResult[]): unknown[] => list.map(({ seed, verdict, positions }) => [seed, verdict, positions]);
    for (const run of [here, threaded]) {
      const found = dealResults(run.batches);
      expect(found.missing).toBe(0);
      expect(stable(found.deals)).toEqual(stable(deals));
    }
  });

  it('lists deals only from batches that kept them: older records count as missing', () => {
    const config = classifyConfig(70, PARAMS);
    const kept = classifyDeals(config, 0, 3);
    const { deals: _deals, ...old } = classifyDeals(config, 3, 5);
    const found = dealResults([
      { start: 3, end: 5, tally: old },
      { start: 0, end: 3, tally: kept },
      { start: 5, end: 6, tally: { ...kept, deals: [{ seed: 75, verdict: 'maybe', ms: 1, positions: 1 }] } as unknown as Tally },
    ]);
    expect(found.deals.map((d) => d.seed)).toEqual([70, 71, 72]);
    expect(found.missing).toBe(3);
  });

  it('keeps the budget in the experiment: records of other parameters never combine, and a resume cannot change them', () => {
    const record = (params: ClassifyParams): BatchRecord => {
      const config = classifyConfig(1, params);
      return { format: RECORD_FORMAT, config, planned: [0, 4], total: 4, start: 0, end: 2, tally: classifyDeals(config, 0, 2) };
    };
    const a = record(PARAMS);
    const b = { ...record({ ...PARAMS, maxStates: 50 }), start: 2, end: 4 };
    expect(() => combineRecords([a, b])).toThrow(RecordsError);
    expect(() => planLabRun({ game: 'klondike', params: classifyConfig(1, { ...PARAMS, maxStates: 50 }).params }, [a])).toThrow(PlanError);
    expect(planLabRun({ game: 'klondike' }, [a]).config.params).toBe(a.config.params);
    expect(classifyParams(a.config)).toEqual(PARAMS);
    expect(() => classifyParams({ ...a.config, lineups: [['greedy']] })).toThrow(RangeError);
  });
});
