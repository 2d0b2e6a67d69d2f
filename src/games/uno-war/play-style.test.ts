import { describe, expect, it } from 'vitest';
import { counterStyle } from './play-style.js';

describe('counterStyle (the card counter against Smallest, in numbers)', () => {
  it('counts departures from Smallest only among moves with a choice, by the rank played', () => {
    const style = counterStyle(10, 3);
    expect(style.games).toBe(20);
    expect(style.choices).toBeGreaterThan(0);
    expect(style.departures).toBeGreaterThan(0);
    expect(style.departures).toBeLessThan(style.choices);
    expect(style.departureRanks.reduce((a, b) => a + b, 0)).toBe(Math.round(style.departures * 20));
    // A departure plays a higher card than Smallest's, so never an Ace.
    expect(style.departureRanks[1]).toBe(0);
    expect(style.roundsWonOnItsPlay).toBeLessThanOrEqual(style.roundsWon);
    expect(counterStyle(10, 3)).toEqual(style);
  });
});
