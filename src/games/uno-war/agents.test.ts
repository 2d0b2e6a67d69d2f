import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cardIndex } from '../../core/cards.js';
import { Policy, biggestCardAgent, builtInPolicy, chooseSlot, firstValidAgent, playableMask, smallestCardAgent } from './agents.js';
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
    const mask = playableMask(hands, 0, top);
    expect(mask).toBe(0b11010);
    expect(chooseSlot(Policy.FirstValid, hands, 0, mask)).toBe(1);
    expect(chooseSlot(Policy.Smallest, hands, 0, mask)).toBe(3);
    expect(chooseSlot(Policy.Biggest, hands, 0, mask)).toBe(4);
  });

  it('breaks rank ties (and duplicates) by the earliest slot, in either hand', () => {
    const hands = Uint8Array.from([0, 0, 0, 0, 0, c(4, 3), c(9, 1), c(9, 3), c(2, 2), c(2, 2)]);
    const mask = playableMask(hands, 5, c(2, 4));
    expect(mask).toBe(0b11111);
    expect(chooseSlot(Policy.Smallest, hands, 5, mask)).toBe(3);
    expect(chooseSlot(Policy.Biggest, hands, 5, mask)).toBe(1);
  });

  it('agrees with the obvious scan on every hand', () => {
    const card = fc.integer({ min: 0, max: 51 });
    fc.assert(
      fc.property(fc.array(card, { minLength: 5, maxLength: 5 }), card, (hand, top) => {
        const hands = Uint8Array.from(hand);
        const mask = playableMask(hands, 0, top);
        expect(mask === 0).toBe(reference(Policy.FirstValid, hand, top) < 0);
        if (mask === 0) return;
        for (const policy of [Policy.FirstValid, Policy.Smallest, Policy.Biggest]) {
          expect(chooseSlot(policy, hands, 0, mask)).toBe(reference(policy, hand, top));
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
