import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PileOrder } from './pile-order.js';

/** The order `PileOrder` keeps, sorted afresh: sizes descending, then index. */
function sorted(sizes: ArrayLike<number>): number[] {
  return Array.from({ length: sizes.length }, (_, p) => p).sort((a, b) => sizes[b]! - sizes[a]! || a - b);
}

describe('PileOrder', () => {
  it('starts sorted by size, largest first, piles of one size by index', () => {
    const sizes = Int8Array.from([2, 0, 5, 2, 5, 1, 0]);
    expect(Array.from(new PileOrder(sizes).piles)).toEqual([2, 4, 0, 3, 5, 1, 6]);
  });

  it('stays the sorted order through any sequence of sizes changed by one, as a search shrinks and grows piles', () => {
    const piles = fc.integer({ min: 1, max: 9 });
    const run = piles.chain((count) =>
      fc.record({
        start: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: count, maxLength: count }),
        steps: fc.array(fc.record({ pile: fc.nat({ max: count - 1 }), grow: fc.boolean() }), { maxLength: 60 }),
      }),
    );
    fc.assert(
      fc.property(run, ({ start, steps }) => {
        const sizes = Int8Array.from(start);
        const order = new PileOrder(sizes);
        for (const { pile, grow } of steps) {
          if (!grow && sizes[pile] === 0) continue;
          sizes[pile] = sizes[pile]! + (grow ? 1 : -1);
          order.resized(pile);
          expect(Array.from(order.piles)).toEqual(sorted(sizes));
        }
      }),
    );
  });

  it('returns to the same order when a change is taken back (a search undoing its moves)', () => {
    const sizes = Int8Array.from([3, 3, 1, 3, 0]);
    const order = new PileOrder(sizes);
    const before = Array.from(order.piles);
    for (const p of [0, 3, 1]) {
      sizes[p] = sizes[p]! - 1;
      order.resized(p);
    }
    expect(Array.from(order.piles)).toEqual([0, 1, 3, 2, 4]);
    for (const p of [1, 3, 0]) {
      sizes[p] = sizes[p]! + 1;
      order.resized(p);
    }
    expect(Array.from(order.piles)).toEqual(before);
  });
});
