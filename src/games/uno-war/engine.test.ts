import { describe, expect, it } from 'vitest';
import { describeConformance } from '../../test-support/conformance.js';
import { unoWarGame } from './definition.js';
import { Phase, UnoWarState } from './engine.js';
import { HAND_SIZE } from './rules.js';

const buffer = new Int32Array(52);

describeConformance(unoWarGame, {
  invariant(s: UnoWarState) {
    // Checked at every node, so plain loops that throw only on failure (expect() is slow here).
    // The deck array is always a permutation of the 52 cards, indexed by `position`.
    let seen = 0n;
    for (let i = 0; i < 52; i++) {
      const card = s.deck[i]!;
      if (s.position[card] !== i) throw new Error(`position[${String(card)}] is not ${String(i)}`);
      seen |= 1n << BigInt(card);
    }
    if (seen !== (1n << 52n) - 1n) throw new Error('the deck array is not a permutation of 0..51');
    if (s.scores[0]! + s.scores[1]! !== s.rounds) throw new Error('scores do not add up to the rounds played');
    // A player is only asked when they have a playable card.
    if (s.phase === Phase.Play && s.legalActions(buffer) === 0) throw new Error('a player node without a legal slot');
  },
});

describe('UnoWarState', () => {
  it('starts at a chance node dealing 2 hands of 5 from a full deck', () => {
    const s = new UnoWarState();
    expect(s.currentPlayer()).toBe(-1);
    expect(s.remaining).toBe(52);
    expect(HAND_SIZE).toBe(5);
  });
});
