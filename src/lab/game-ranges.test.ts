import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameRange } from './batching.js';
import { coalesce, firstOverlap, missingRanges, shardRange } from './game-ranges.js';

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

  it('firstOverlap finds two ranges sharing a game exactly when some two do, whatever their order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 8 })), { maxLength: 12 }), (pairs) => {
        const ranges = pairs.map(([start, n]) => ({ start, end: start + n }));
        const shared = (a: { start: number; end: number }, b: { start: number; end: number }): boolean => a.start < b.end && b.start < a.end;
        const any = ranges.some((a, i) => ranges.some((b, j) => i < j && shared(a, b)));
        const found = firstOverlap(ranges);
        expect(found !== undefined).toBe(any);
        if (found !== undefined) expect(shared(found[0], found[1]) && found[0].start <= found[1].start).toBe(true);
      }),
    );
  });
});
