import { describe, expect, it } from 'vitest';
import { randomFloat, rngFromSeed } from '../core/random.js';
import { biasAdjusted, expectedStoppedMean, type StoppingRule } from './sprt-bias.js';
import { sprtBounds } from './sprt.js';

const RULE: StoppingRule = { mu0: 0.5, mu1: 0.52, variance: 0.06, bounds: sprtBounds(0.05, 0.05), every: 20, maxN: 20_000 };

/** The mean at stopping of `runs` simulated tests of normal observations N(theta, variance), and its standard error. */
function simulatedStoppedMean(rule: StoppingRule, theta: number, runs: number, seed: number): { mean: number; se: number } {
  const rng = rngFromSeed(seed);
  const normal = (): number => Math.sqrt(-2 * Math.log(1 - randomFloat(rng))) * Math.cos(2 * Math.PI * randomFloat(rng));
  let sum = 0;
  let sumSq = 0;
  for (let r = 0; r < runs; r++) {
    let total = 0;
    let n = 0;
    for (;;) {
      const step = Math.min(rule.every, rule.maxN - n);
      total += step * theta + Math.sqrt(step * rule.variance) * normal();
      n += step;
      const llr = ((rule.mu1 - rule.mu0) * (2 * total - n * (rule.mu0 + rule.mu1))) / (2 * rule.variance);
      if (llr <= rule.bounds[0] || llr >= rule.bounds[1] || n >= rule.maxN) break;
    }
    sum += total / n;
    sumSq += (total / n) ** 2;
  }
  const mean = sum / runs;
  return { mean, se: Math.sqrt((sumSq / runs - mean * mean) / runs) };
}

describe('the mean at stopping of a sequential test (Whitehead)', () => {
  it('matches simulated tests: below the truth at H0, above it at H1, none midway', () => {
    for (const [theta, seed] of [[0.5, 1], [0.52, 2]] as const) {
      const simulated = simulatedStoppedMean(RULE, theta, 4000, seed);
      const computed = expectedStoppedMean(RULE, theta);
      expect(Math.abs(computed - simulated.mean)).toBeLessThan(4 * simulated.se);
      // The bias itself is many standard errors: what the adjustment is for.
      expect(Math.abs(simulated.mean - theta)).toBeGreaterThan(8 * simulated.se);
      expect(Math.sign(computed - theta)).toBe(theta === 0.5 ? -1 : 1);
    }
    expect(expectedStoppedMean(RULE, 0.51)).toBeCloseTo(0.51, 6);
  });

  it('is the truth when the test cannot stop before its end', () => {
    const fixed = { ...RULE, every: 500, maxN: 500 };
    expect(expectedStoppedMean(fixed, 0.53)).toBe(0.53);
    expect(biasAdjusted(fixed, 0.53, 0, 1)).toBeCloseTo(0.53, 8);
  });

  it('the adjusted value is the truth whose expected stopped mean was observed', () => {
    for (const theta of [0.47, 0.5, 0.515, 0.52, 0.56]) {
      expect(biasAdjusted(RULE, expectedStoppedMean(RULE, theta), 0, 1)).toBeCloseTo(theta, 6);
    }
    // At the ends of the range there is nothing to adjust.
    expect(biasAdjusted(RULE, 1, 0, 1)).toBe(1);
  });
});
