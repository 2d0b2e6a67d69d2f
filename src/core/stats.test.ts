import { describe, expect, it } from 'vitest';
import {
  addValue,
  differenceOfMeans,
  emptyMoments,
  halfWidth,
  mergeMoments,
  normalUpperTail,
  pairedDifference,
  summarizeMoments,
  twoSidedPValue,
  wilsonInterval,
  Z95,
  zFor,
} from './stats.js';

const momentsOf = (values: readonly number[]) => {
  const m = emptyMoments();
  values.forEach((v) => addValue(m, v));
  return m;
};

describe('wilsonInterval (hand-computed values, z = 1.959964)', () => {
  it('0 of 10: [0, 0.2775]', () => {
    const { low, high } = wilsonInterval(0, 10);
    expect(low).toBe(0);
    // z²/(n+z²) = 3.841459 / 13.841459
    expect(high).toBeCloseTo(0.277533, 5);
  });
  it('5 of 10: [0.2366, 0.7634], symmetric about 0.5', () => {
    const { low, high } = wilsonInterval(5, 10);
    expect(low).toBeCloseTo(0.236593, 5);
    expect(high).toBeCloseTo(0.763407, 5);
  });
  it('10 of 10: [0.7225, 1]', () => {
    const { low, high } = wilsonInterval(10, 10);
    expect(low).toBeCloseTo(0.722467, 5);
    expect(high).toBe(1);
  });
  it('rejects impossible proportions and is [0, 1] with no data', () => {
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('mean, sd and CI', () => {
  it('matches a hand computation for 2, 4, 4, 4, 5, 5, 7, 9', () => {
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    const s = summarizeMoments(momentsOf(values));
    expect(s.mean).toBe(5);
    // sum of squared deviations 32, n - 1 = 7
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(halfWidth(s.ci)).toBeCloseTo((1.959964 * Math.sqrt(32 / 7)) / Math.sqrt(8), 5);
  });
  it('within a score range, counts a pseudo-game at each end: hand computation for 2, 4, 4, 4, 5, 5, 7, 9 of 0..10', () => {
    // n' = 10, Σ = 40 + 0 + 10 = 50, Σx² = 232 + 0 + 100 = 332: centre 5,
    // var = (332 − 50²/10)/9 = 82/9 = 9.1111, ±1.959964 × 3.018462 / √10 = ±1.870828 → [3.1292, 6.8708].
    const s = summarizeMoments(momentsOf([2, 4, 4, 4, 5, 5, 7, 9]), Z95, [0, 10]);
    expect(s.mean).toBe(5);
    expect(s.sd).toBeCloseTo(Math.sqrt(32 / 7), 12);
    expect(s.ci.low).toBeCloseTo(5 - 1.870828, 5);
    expect(s.ci.high).toBeCloseTo(5 + 1.870828, 5);
  });
  it('within a score range, a sample with no spread still gets an interval, cut at the range', () => {
    // 20 games all scoring 0 of 0..100: the plain interval is [0, 0]; with the pseudo-games
    // n' = 22, Σ = 100, Σx² = 10,000: centre 4.5455, var = (10000 − 100²/22)/21 = 454.545,
    // ±1.959964 × 21.3201 / √22 = ±8.9089 → [−4.36, 13.4544], cut at 0.
    expect(summarizeMoments(momentsOf(new Array<number>(20).fill(0))).ci).toEqual({ low: 0, high: 0 });
    const s = summarizeMoments(momentsOf(new Array<number>(20).fill(0)), Z95, [0, 100]);
    expect(s.ci.low).toBe(0);
    expect(s.ci.high).toBeCloseTo(13.4544, 4);
  });
  it('merging moments equals one pass', () => {
    const a = momentsOf([1, 2, 3]);
    mergeMoments(a, momentsOf([10, 20]));
    expect(a).toEqual(momentsOf([1, 2, 3, 10, 20]));
  });
  it('z for 95% is 1.96', () => {
    expect(Z95).toBeCloseTo(1.959963985, 8);
    expect(zFor(0.99)).toBeCloseTo(2.575829, 5);
    expect(() => zFor(1)).toThrow(RangeError);
  });
});

describe('p-values', () => {
  it('normal tail at known points', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 7);
    expect(normalUpperTail(1.959964)).toBeCloseTo(0.025, 6);
    expect(normalUpperTail(-1.959964)).toBeCloseTo(0.975, 6);
    // Far tail keeps relative precision: P(Z > 10) = 7.6199e-24.
    expect(normalUpperTail(10) / 7.6198530241604696e-24).toBeCloseTo(1, 5);
    expect(twoSidedPValue(1.959964)).toBeCloseTo(0.05, 6);
  });

  it('paired difference of a known case', () => {
    // Differences 1, 2, 3, 4, 5, 6, 7, 8: mean 4.5, sd sqrt(6), se sqrt(6)/sqrt(8) = 0.8660
    const d = pairedDifference(momentsOf([1, 2, 3, 4, 5, 6, 7, 8]));
    expect(d.mean).toBe(4.5);
    expect(d.z).toBeCloseTo(4.5 / Math.sqrt(6 / 8), 10);
    expect(d.ci.low).toBeCloseTo(4.5 - 1.959964 * Math.sqrt(0.75), 5);
    expect(d.pValue).toBeCloseTo(2 * normalUpperTail(4.5 / Math.sqrt(0.75)), 12);
    expect(d.pValue).toBeLessThan(1e-6);
    // Symmetric differences around 0: no evidence either way.
    expect(pairedDifference(momentsOf([-2, -1, 1, 2])).pValue).toBeCloseTo(1, 9);
    // Identical strategies on identical deals: exactly no difference.
    expect(pairedDifference(momentsOf([0, 0, 0])).pValue).toBe(1);
  });

  it('unpaired difference uses Welch standard error', () => {
    const a = momentsOf([1, 2, 3, 4]);
    const b = momentsOf([2, 4, 6, 8]);
    const d = differenceOfMeans(a, b);
    const se = Math.sqrt(5 / 3 / 4 + 20 / 3 / 4);
    expect(d.mean).toBe(-2.5);
    expect(d.z).toBeCloseTo(-2.5 / se, 10);
    expect(d.ci.high).toBeCloseTo(-2.5 + Z95 * se, 10);
  });
});
