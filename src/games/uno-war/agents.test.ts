import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardIndex } from '../../core/cards.js';
import { Policy, bestSlot, biggestCardAgent, builtInPolicy, firstValidAgent, playableMask, smallestCardAgent } from './agents.js';
import { RANK, canPlayOn } from './rules.js';

const c = cardIndex; // (rank, suit)

/** The assignment's rule, written the slow, obvious way: scan slots 0 upwards with strict comparisons. */
function reference(policy: Policy, hand: readonly number[], top: number): number {
  let best = -1;
  for (let s = 0; s < hand.length; s++) {
    if (!canPlayOn(top, hand[s]!)) continue;
    if (best < 0) best = s;
    else if (policy === Policy.Smallest && RANK[hand[s]!]! < RANK[hand[best]!]!) best = s;
    else if (policy === Policy.Biggest && RANK[hand[s]!]! > RANK[hand[best]!]!) best = s;
  }
  return best;
}

describe('the built-in agents\' slot choice', () => {
  it('picks what the assignment’s AIs pick on a known hand', () => {
    // On the Eight of Hearts: 3♠ no, 9♣ yes, 7♦ no, 2♥ yes, K♦ yes.
    const hands = Uint8Array.from([c(3, 1), c(9, 3), c(7, 4), c(2, 2), c(13, 4)]);
    const top = c(8, 2);
    expect(playableMask(hands, 0, top)).toBe(0b11010);
    expect(bestSlot(Policy.FirstValid, hands, 0, top)).toBe(1);
    expect(bestSlot(Policy.Smallest, hands, 0, top)).toBe(3);
    expect(bestSlot(Policy.Biggest, hands, 0, top)).toBe(4);
  });

  it('breaks rank ties (and duplicates) by the earliest slot, in either hand', () => {
    const hands = Uint8Array.from([0, 0, 0, 0, 0, c(4, 3), c(9, 1), c(9, 3), c(2, 2), c(2, 2)]);
    expect(playableMask(hands, 5, c(2, 4))).toBe(0b11111);
    expect(bestSlot(Policy.FirstValid, hands, 5, c(2, 4))).toBe(0);
    expect(bestSlot(Policy.Smallest, hands, 5, c(2, 4))).toBe(3);
    expect(bestSlot(Policy.Biggest, hands, 5, c(2, 4))).toBe(1);
  });

  it('answers -1 for every policy when no card may go on the pile', () => {
    // On the King of Clubs: only clubs or kings; none here.
    const hands = Uint8Array.from([c(3, 1), c(9, 2), c(7, 4), c(2, 2), c(12, 4)]);
    for (const policy of [Policy.FirstValid, Policy.Smallest, Policy.Biggest]) expect(bestSlot(policy, hands, 0, c(13, 3))).toBe(-1);
  });

  it('agrees with the obvious scan on every hand', () => {
    const card = fc.integer({ min: 0, max: 51 });
    fc.assert(
      fc.property(fc.array(card, { minLength: 5, maxLength: 5 }), card, (hand, top) => {
        const hands = Uint8Array.from(hand);
        expect(playableMask(hands, 0, top) === 0).toBe(reference(Policy.FirstValid, hand, top) < 0);
        for (const policy of [Policy.FirstValid, Policy.Smallest, Policy.Biggest]) {
          expect(bestSlot(policy, hands, 0, top)).toBe(reference(policy, hand, top));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('recognises exactly its own agents', () => {
    expect(builtInPolicy(firstValidAgent)).toBe(Policy.FirstValid);
    expect(builtInPolicy(smallestCardAgent)).toBe(Policy.Smallest);
    expect(builtInPolicy(biggestCardAgent)).toBe(Policy.Biggest);
    expect(builtInPolicy({ ...biggestCardAgent })).toBe(Policy.Custom);
    expect([firstValidAgent.name, smallestCardAgent.name, biggestCardAgent.name]).toEqual(['Random Card AI', 'Smallest Card AI', 'Biggest Card AI']);
  });
});
