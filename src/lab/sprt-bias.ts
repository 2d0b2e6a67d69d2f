/**
 * The estimate after a sequential test, adjusted for where the test stopped (Whitehead's bias
 * adjustment: J. Whitehead, "On the bias of maximum likelihood estimation following a sequential
 * test", Biometrika 73, 1986).
 *
 * Why: an SPRT stops the first time the LLR leaves its band. A run that wandered high early stops
 * early on that high mean; one that wandered low goes on and is pulled back. Over many tests the
 * mean at stopping therefore overshoots: E_θ[θ̂] = θ + b(θ), the bias b pointing away from the
 * hypothesis the test tends to reject. Whitehead's estimate θ̃ is the value whose expected naive
 * estimate under the test's own stopping rule is the observed one, E_θ̃[θ̂] = θ̂_obs (equivalently
 * θ̃ = θ̂ − b(θ̃)); the interval's ends are mapped the same way.
 *
 * How E_θ[θ̂] is computed: in the test's normal model (sprt.ts) each pair's score is N(θ, σ²) with σ²
 * the observed (regularised) variance, and the LLR at a look after n pairs, LLR = (s1 − s0)(2S −
 * n(s0 + s1)) / (2σ²), is linear in the sum S of the pair scores. The test goes on while
 * y = S − n(s0 + s1)/2 lies in the fixed band (lo, hi) · σ² / (s1 − s0), so between two looks y
 * takes a normal step and the sub-density of the runs still going is carried from look to look on
 * a grid (numerical integration, as for group sequential designs: Armitage, McPherson and Rowe
 * 1969). At each look the runs leaving the band contribute their expected S / n in closed form
 * (truncated-normal moments); at the last look (max-games) every run still going stops. The grid is
 * exact up to its spacing (a quarter of a step's standard deviation or finer).
 */
import { normalUpperTail } from '../core/stats.js';

/** The stopping rule of a test, in the units of the observations (pair score per game, or score difference per deal). */
export interface StoppingRule {
  /** H0's and H1's means. */
  readonly mu0: number;
  readonly mu1: number;
  /** The variance of one observation (the regularised one the LLR uses). */
  readonly variance: number;
  /** The LLR bounds [lo, hi]. */
  readonly bounds: readonly [number, number];
  /** Observations between two looks. */
  readonly every: number;
  /** The most observations: the last look is there (whether or not a multiple of `every`). */
  readonly maxN: number;
}

const SQRT_2PI = Math.sqrt(2 * Math.PI);
const density = (z: number): number => Math.exp(-0.5 * z * z) / SQRT_2PI;
/** Runs still going below this share are dropped: what they could add to the mean is below it times the score range. */
const NEGLIGIBLE = 1e-9;
const MAX_GRID = 1200;

/**
 * E_θ[x̄ at stopping] for observations N(θ, σ²) under `rule`: the naive estimate's mean over all
 * the tests that might have been run at θ.
 */
export function expectedStoppedMean(rule: StoppingRule, theta: number): number {
  const { mu0, mu1, variance, bounds, every, maxN } = rule;
  const centre = (mu0 + mu1) / 2;
  const low = (bounds[0] * variance) / (mu1 - mu0);
  const high = (bounds[1] * variance) / (mu1 - mu0);
  const stepSd = Math.sqrt(every * variance);
  const grid = Math.min(MAX_GRID, Math.max(64, Math.ceil((4 * (high - low)) / stepSd)));
  const h = (high - low) / grid;
  const ys = Float64Array.from({ length: grid }, (_, i) => low + (i + 0.5) * h);
  // The chance that a full step (`every` observations) from the centre of cell j ends in cell i, by
  // i − j: the step's normal mass over the whole cell, so the grid neither makes nor loses runs.
  const drift = every * (theta - centre);
  const cellMass = (offset: number, mean: number, s: number): number => normalUpperTail((offset - h / 2 - mean) / s) - normalUpperTail((offset + h / 2 - mean) / s);
  const kernel = Float64Array.from({ length: 2 * grid - 1 }, (_, k) => cellMass((k - grid + 1) * h, drift, stepSd));
  // The step reaches only so far: cells beyond where its chance falls below 1e-16 are skipped.
  let reachFrom = 0;
  while (reachFrom < kernel.length - 1 && kernel[reachFrom]! < 1e-16) reachFrom++;
  let reachTo = kernel.length - 1;
  while (reachTo > reachFrom && kernel[reachTo]! < 1e-16) reachTo--;
  let expected = 0;
  /** Adds the runs leaving the band at the look after n observations, from y ~ N(m, s²) with weight w; returns nothing. */
  const leave = (w: number, m: number, s: number, n: number): void => {
    const zHigh = (high - m) / s;
    const zLow = (low - m) / s;
    const pHigh = normalUpperTail(zHigh);
    const pLow = normalUpperTail(-zLow);
    // E[y; y ≥ high] + E[y; y ≤ low] (truncated-normal moments), then S = y + n · centre.
    const y = m * (pHigh + pLow) + s * (density(zHigh) - density(zLow));
    expected += (w * (y + (pHigh + pLow) * n * centre)) / n;
  };
  const first = Math.min(every, maxN);
  const firstSd = Math.sqrt(first * variance);
  const firstMean = first * (theta - centre);
  if (first === maxN) return theta;
  leave(1, firstMean, firstSd, first);
  let weights = Float64Array.from(ys, (y) => cellMass(y, firstMean, firstSd));
  for (let n = first + every; ; n += every) {
    if (n >= maxN) {
      // The last look (max-games): every run still going stops there, S = y + step drift + maxN · centre.
      const step = maxN - (n - every);
      const mean = step * (theta - centre);
      for (let j = 0; j < grid; j++) expected += (weights[j]! * (ys[j]! + mean + maxN * centre)) / maxN;
      return expected;
    }
    const next = new Float64Array(grid);
    let kept = 0;
    for (let j = 0; j < grid; j++) {
      const w = weights[j]!;
      if (w < NEGLIGIBLE * NEGLIGIBLE) continue;
      leave(w, ys[j]! + drift, stepSd, n);
      const offset = grid - 1 - j;
      const to = Math.min(grid - 1, reachTo - offset);
      for (let i = Math.max(0, reachFrom - offset); i <= to; i++) next[i]! += w * kernel[i + offset]!;
    }
    for (let i = 0; i < grid; i++) kept += next[i]!;
    if (kept < NEGLIGIBLE) return expected;
    weights = next;
  }
}

/**
 * Whitehead's adjusted value: the θ whose expected stopped mean is `observed` (the expected
 * stopped mean rises with θ), within [lowest, highest], the observations' range. Searched by
 * regula falsi (the Illinois variant) from a bracket a few steps wide, widened until it holds
 * the answer; to within 1e-7 of the range.
 */
export function biasAdjusted(rule: StoppingRule, observed: number, lowest: number, highest: number): number {
  if (!(observed > lowest && observed < highest)) return observed;
  const f = (theta: number): number => expectedStoppedMean(rule, theta) - observed;
  // 1e-7 of the range: under a thousandth of an Elo point near even scores.
  const tolerance = 1e-7 * (highest - lowest);
  let width = 2 * (Math.abs(rule.mu1 - rule.mu0) + Math.sqrt(rule.variance / rule.every));
  let a: number;
  let b: number;
  let fa: number;
  let fb: number;
  for (;;) {
    a = Math.max(lowest, observed - width);
    b = Math.min(highest, observed + width);
    fa = f(a);
    fb = f(b);
    if ((fa <= 0 && fb >= 0) || (a === lowest && b === highest)) break;
    width *= 4;
  }
  if (fa > 0) return a;
  if (fb < 0) return b;
  let side = 0;
  for (let k = 0; k < 100 && b - a > tolerance; k++) {
    const c = (a * fb - b * fa) / (fb - fa);
    const fc = f(c);
    if (fc === 0) return c;
    if (fc < 0) {
      a = c;
      fa = fc;
      // Illinois: halve the end kept twice in a row, so the bracket closes from both sides.
      if (side === -1) fb /= 2;
      side = -1;
    } else {
      b = c;
      fb = fc;
      if (side === 1) fa /= 2;
      side = 1;
    }
  }
  return (a * fb - b * fa) / (fb - fa);
}
