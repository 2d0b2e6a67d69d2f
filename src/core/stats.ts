/**
 * Statistics for simulation reports.
 *
 * Results are kept as *sufficient statistics* — counts and integer sums — rather than running
 * means: integer sums add exactly and in any order, so a run split over threads, batches or
 * machines merges to bit-identical figures. (Scores in every game here are integers; sums of
 * squares stay far below 2^53 for billions of games.)
 *
 * exp and log come from portable-math.ts, not Math: the figures are then the same bits in every
 * JavaScript engine (the browser lab promises exactly the CLI's numbers).
 */
import { exp, log } from './portable-math.js';
/**
 * The standard normal quantile (inverse CDF): Acklam's rational approximation (relative error
 * < 1.2e-9). Table-based probits (1.9572 for 0.975, not 1.95996) are too crude for reported intervals.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`Invalid probability: ${String(p)} (expected 0 < p < 1)`);
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * log(p));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * log(1 - p));
    x = -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  return x;
}

/** z for a two-sided 95% interval: the 0.975 normal quantile, 1.959964. */
export const Z95 = normalQuantile(0.975);

/** z for a two-sided interval of the given confidence level (0 < level < 1). */
export function zFor(level: number): number {
  if (!(level > 0 && level < 1)) throw new RangeError(`Invalid confidence level: ${String(level)} (expected 0 < level < 1)`);
  return normalQuantile(0.5 + level / 2);
}

export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** Count, sum and sum of squares of a sample: all that mean, variance and their merge need. */
export interface Moments {
  n: number;
  sum: number;
  sumSq: number;
}

export const emptyMoments = (): Moments => ({ n: 0, sum: 0, sumSq: 0 });

export function addValue(m: Moments, x: number): void {
  m.n += 1;
  m.sum += x;
  m.sumSq += x * x;
}

export function mergeMoments(into: Moments, from: Readonly<Moments>): void {
  into.n += from.n;
  into.sum += from.sum;
  into.sumSq += from.sumSq;
}

export interface ScoreSummary {
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation (n - 1 denominator); NaN for n < 2. */
  readonly sd: number;
  /** Normal-approximation interval for the mean; [NaN, NaN] for n < 2. */
  readonly ci: Interval;
}

/** Sample standard deviation (n - 1 denominator) from sufficient statistics. */
function sampleSd(n: number, sum: number, sumSq: number): number {
  // (sumSq - sum^2/n) is exact in integers for integer data; guard the tiny negative that
  // rounding can produce for constant non-integer samples.
  return Math.sqrt(Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)));
}

/**
 * Mean, standard deviation and confidence interval from sufficient statistics.
 *
 * With `range`, the scores' possible [lowest, highest] (a game's score range), the interval is
 * computed as if two more games had been played, one scoring each end of the range, and is kept
 * within the range. The plain normal interval fails on few games of a score with rare big values:
 * 20 games of a score that is 100 in 2% of games and 0 otherwise are all 0 two times in three,
 * and the interval [0, 0] then misses the mean of 2 — it held the truth in 36% of such samples,
 * and in about 90% at 200 games. The two pseudo-games (Agresti and Coull's remedy for a
 * proportion, carried over to a bounded score) bring both back above 95%, and weigh as two games
 * in n, so their effect fades as 1/n; they cost width where the scores sit far from both ends of
 * the range (measured in `npm run calibrate`; docs/lab.md). The mean and sd reported stay the
 * sample's own.
 */
export function summarizeMoments(m: Readonly<Moments>, z = Z95, range?: readonly [number, number]): ScoreSummary {
  const { n, sum, sumSq } = m;
  if (n === 0) return { n, mean: NaN, sd: NaN, ci: { low: NaN, high: NaN } };
  const mean = sum / n;
  if (n < 2) return { n, mean, sd: NaN, ci: { low: NaN, high: NaN } };
  const sd = sampleSd(n, sum, sumSq);
  if (range === undefined || !(Number.isFinite(range[0]) && Number.isFinite(range[1]))) {
    const half = (z * sd) / Math.sqrt(n);
    return { n, mean, sd, ci: { low: mean - half, high: mean + half } };
  }
  const [lowest, highest] = range;
  const padded = n + 2;
  const centre = (sum + lowest + highest) / padded;
  const half = (z * sampleSd(padded, sum + lowest + highest, sumSq + lowest * lowest + highest * highest)) / Math.sqrt(padded);
  return { n, mean, sd, ci: { low: Math.min(mean, Math.max(lowest, centre - half)), high: Math.max(mean, Math.min(highest, centre + half)) } };
}

/**
 * Wilson score interval for a proportion: well-behaved near 0 and 1 and for small n, where the
 * textbook normal interval collapses or leaves [0, 1].
 */
export function wilsonInterval(successes: number, n: number, z = Z95): Interval {
  if (n === 0) return { low: 0, high: 1 };
  if (successes < 0 || successes > n) throw new RangeError(`Invalid proportion: ${String(successes)} of ${String(n)}`);
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  // Clamp the rounding at the ends: at p = 0 the low end is exactly 0, at p = 1 the high end is 1.
  return { low: successes === 0 ? 0 : Math.max(0, centre - half), high: successes === n ? 1 : Math.min(1, centre + half) };
}

/** The p-quantile (0 < p ≤ 1) of sorted values by the nearest-rank rule: the smallest value with at least p of them at or below it. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('No values to take a percentile of');
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

/** Half-width of an interval (the "±" of a report). */
export const halfWidth = (interval: Interval): number => (interval.high - interval.low) / 2;

/**
 * The upper tail of the standard normal, P(Z > x), with small relative error even far out in the
 * tail (Numerical Recipes' Chebyshev fit to erfc, relative error < 1.2e-7), so tiny p-values are
 * still meaningful rather than rounded to 0.
 */
export function normalUpperTail(x: number): number {
  return x >= 0 ? erfc(x / Math.SQRT2) / 2 : 1 - erfc(-x / Math.SQRT2) / 2;
}

function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const r =
    t *
    exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** Two-sided p-value of a z statistic. */
export const twoSidedPValue = (z: number): number => (Number.isNaN(z) ? NaN : Math.min(1, 2 * normalUpperTail(Math.abs(z))));

export interface DifferenceSummary {
  /** Estimated difference of means (a - b). */
  readonly mean: number;
  readonly ci: Interval;
  /** z statistic of the difference against 0. */
  readonly z: number;
  /** Two-sided p-value of "no difference". */
  readonly pValue: number;
}

function differenceFrom(mean: number, standardError: number, z: number): DifferenceSummary {
  if (Number.isNaN(standardError)) return { mean, ci: { low: NaN, high: NaN }, z: NaN, pValue: NaN };
  if (!(standardError > 0)) {
    // No spread: the difference is known exactly (p is 1 when it is 0, else 0).
    return { mean, ci: { low: mean, high: mean }, z: mean === 0 ? 0 : Math.sign(mean) * Infinity, pValue: mean === 0 ? 1 : 0 };
  }
  const stat = mean / standardError;
  return { mean, ci: { low: mean - z * standardError, high: mean + z * standardError }, z: stat, pValue: twoSidedPValue(stat) };
}

/**
 * Difference of two independent means (Welch's standard error, normal reference: the samples here
 * run to thousands of games).
 */
export function differenceOfMeans(a: Readonly<Moments>, b: Readonly<Moments>, z = Z95): DifferenceSummary {
  const sa = summarizeMoments(a);
  const sb = summarizeMoments(b);
  const se = Math.sqrt((sa.sd * sa.sd) / a.n + (sb.sd * sb.sd) / b.n);
  return differenceFrom(sa.mean - sb.mean, se, z);
}

/**
 * Paired difference: `d` holds the per-game differences (a - b on the same deal). Common random
 * numbers remove the deal-to-deal variance both share, so this is usually far tighter than
 * `differenceOfMeans` on the same number of games.
 */
export function pairedDifference(d: Readonly<Moments>, z = Z95): DifferenceSummary {
  const s = summarizeMoments(d);
  return differenceFrom(s.mean, s.sd / Math.sqrt(d.n), z);
}
