import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyTally, type ExperimentConfig } from './experiment.js';
import { coalesce, combineRecords, missingRanges, RECORD_FORMAT, shardRange, type BatchRecord } from './records.js';
import type { GameRange } from './runner.js';

const CONFIG: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic']], seed: 1, paired: false };

function record(start: number, end: number, sum: number, config = CONFIG): BatchRecord {
  const tally = emptyTally(config);
  tally.lineups[0]!.games = end - start;
  tally.lineups[0]!.seats[0]!.sum = sum;
  tally.lineups[0]!.seats[0]!.sumSq = sum * sum;
  return { format: RECORD_FORMAT, config, planned: [0, 100], total: 100, start, end, tally };
}

describe('shardRange', () => {
  it('splits 0..games into n contiguous, disjoint shards that cover every game', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 64 }), (games, count) => {
        let cursor = 0;
        for (let i = 1; i <= count; i++) {
          const [s, e] = shardRange(games, i, count);
          expect(s).toBe(cursor);
          expect(e).toBeGreaterThanOrEqual(s);
          expect(e - s).toBeLessThanOrEqual(Math.ceil(games / count));
          cursor = e;
        }
        expect(cursor).toBe(games);
      }),
    );
    expect(() => shardRange(10, 0, 3)).toThrow(/Invalid shard 0\/3/);
    expect(() => shardRange(10, 4, 3)).toThrow(RangeError);
  });
});

describe('ranges', () => {
  it('coalesces touching ranges and finds what is missing', () => {
    expect(coalesce([[10, 20], [0, 5], [5, 8], [19, 25]])).toEqual([[0, 8], [10, 25]]);
    expect(missingRanges([[0, 30]], [[0, 8], [10, 25]])).toEqual([[8, 10], [25, 30]]);
    expect(missingRanges([[0, 30]], [])).toEqual([[0, 30]]);
    expect(missingRanges([[5, 10]], [[0, 30]])).toEqual([]);
  });

  it('missing + covered = planned, for any batches', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 30 }))), (starts) => {
        const covered = coalesce(starts.map(([s, n]): GameRange => [s, s + n]));
        const missing = missingRanges([[0, 250]], covered);
        const inside = (x: number, rs: readonly GameRange[]): boolean => rs.some(([s, e]) => x >= s && x < e);
        for (let x = 0; x < 250; x++) expect(inside(x, missing)).toBe(!inside(x, covered));
      }),
    );
  });
});

describe('combineRecords', () => {
  it('adds batches in any order', () => {
    const combined = combineRecords([record(50, 100, 7), record(0, 50, 5)]);
    expect(combined.tally.lineups[0]).toMatchObject({ games: 100, seats: [{ sum: 12, sumSq: 74 }] });
    expect(combined.covered).toEqual([[0, 100]]);
    expect(combined.total).toBe(100);
  });

  it('refuses overlapping batches and mixed experiments', () => {
    expect(() => combineRecords([record(0, 50, 1), record(40, 60, 1)])).toThrow(/Games 40\.\.49 appear twice/);
    expect(() => combineRecords([record(0, 50, 1), record(50, 60, 1, { ...CONFIG, seed: 2 })])).toThrow(/different experiments/);
    expect(() => combineRecords([])).toThrow(/No batch records/);
  });
});
