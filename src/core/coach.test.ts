import { describe, expect, it } from 'vitest';
import { CLEAR_LEAD, clearlyBest, pairedCost } from './coach.js';

/** `n` outcomes of which the first `ones` are 1 and the rest 0. */
function outcomes(n: number, ones: number): Uint8Array {
  return new Uint8Array(n).fill(1, 0, ones);
}

describe('clearlyBest', () => {
  it('holds when the leader is ahead of every other choice by more than CLEAR_LEAD standard errors, wherever it stands', () => {
    const leader = outcomes(100, 100);
    const far = outcomes(100, 50);
    expect(pairedCost(leader, far, Infinity).cost).toBeGreaterThan(CLEAR_LEAD * pairedCost(leader, far, Infinity).standardError);
    expect(clearlyBest([leader, far])).toBe(true);
    expect(clearlyBest([far, far, leader])).toBe(true);
  });

  it('fails while one other choice is within CLEAR_LEAD standard errors, though ahead of the two that mark a choice', () => {
    const leader = outcomes(400, 400);
    // 7 losses in 400: a lead of 1.75 points, about 2.7 standard errors (0.66 points).
    const close = outcomes(400, 393);
    const { cost, standardError } = pairedCost(leader, close, Infinity);
    expect(cost).toBeGreaterThan(2 * standardError);
    expect(cost).toBeLessThanOrEqual(CLEAR_LEAD * standardError);
    expect(clearlyBest([leader, close, outcomes(400, 0)])).toBe(false);
  });

  it('counts choices that ended alike on every sample as settled, and needs the others clearly behind', () => {
    const leader = outcomes(100, 60);
    expect(clearlyBest([leader, outcomes(100, 60)])).toBe(true);
    expect(clearlyBest([leader, outcomes(100, 60), outcomes(100, 0)])).toBe(true);
    // Two equal means on different samples are not alike: a difference of 0 with a spread.
    const shifted = new Uint8Array(100).fill(1, 40, 100);
    expect(clearlyBest([leader, shifted])).toBe(false);
  });
});
