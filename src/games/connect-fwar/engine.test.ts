import { describe, expect, it } from 'vitest';
import { describeConformance } from '../../test-support/conformance.js';
import { connectFwarGame } from './definition.js';
import { ConnectFwarState } from './engine.js';

describeConformance(connectFwarGame, {
  invariant(s: ConnectFwarState) {
    // Nothing lost or duplicated: board + hand + undealt never repeat a card.
    const seen = new Set<number>();
    for (const c of s.cells) if (c >= 0) seen.add(c);
    const onBoard = s.cells.filter((c) => c >= 0).length;
    expect(seen.size).toBe(onBoard);
    for (let i = 0; i < s.remaining; i++) expect(seen.has(s.deck[i]!)).toBe(false);
  },
});

describe('ConnectFwarState', () => {
  it('starts at a chance node with a full deck', () => {
    const s = new ConnectFwarState();
    expect(s.currentPlayer()).toBe(-1);
    expect(s.remaining).toBe(52);
  });
});
