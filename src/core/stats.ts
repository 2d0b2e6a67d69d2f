/**
 * Statistics for simulation reports.
 *
 * Results are kept as *sufficient statistics* — counts and integer sums — rather than running
 * means: integer sums add exactly and in any order, so a run split over threads, batches or
 * machines merges to bit-identical figures. (Scores in every game here are integers; sums of
 * squares stay far below 2^53 for billions of games.)
 */
import { mean as arrayMean, probit, sampleStandardDeviation } from 'simple-statistics';

/** z for a two-sided 95% interval: probit(0.975). */
export const Z95 = probit(0.975);

/** z for a two-sided interval of the given confidence level (0 < level < 1). */
export function zFor(level: number): number {
  if (!(level > 0 && level < 1)) throw new RangeError(`Invalid confidence level: ${String(level)} (expected 0 < level < 1)`);
  return probit(0.5 + level / 2);
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

/** Mean, standard deviation and confidence interval from sufficient statistics. */
export function summarizeMoments(m: Readonly<Moments>, z = Z95): ScoreSummary {
  const { n, sum, sumSq } = m;
  if (n === 0) return { n, mean: NaN, sd: NaN, ci: { low: NaN, high: NaN } };
  const mean = sum / n;
  if (n < 2) return { n, mean, sd: NaN, ci: { low: NaN, high: NaN } };
  // (sumSq - sum^2/n) is exact in integers for integer data; guard the tiny negative that
  // rounding can produce for constant non-integer samples.
  const variance = Math.max(0, (sumSq - (sum * sum) / n) / (n - 1));
  const sd = Math.sqrt(variance);
  const half = (z * sd) / Math.sqrt(n);
  return { n, mean, sd, ci: { low: mean - half, high: mean + half } };
}

/** The same summary from raw values (uses simple-statistics; for tests and small samples). */
export function summarize(values: readonly number[], z = Z95): ScoreSummary {
  const n = values.length;
  if (n === 0) return { n, mean: NaN, sd: NaN, ci: { low: NaN, high: NaN } };
  const mean = arrayMean(values as number[]);
  if (n < 2) return { n, mean, sd: NaN, ci: { low: NaN, high: NaN } };
  const sd = sampleStandardDeviation(values as number[]);
  const half = (z * sd) / Math.sqrt(n);
  return { n, mean, sd, ci: { low: mean - half, high: mean + half } };
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

/** Half-width of an interval (the "±" of a report). */
export const halfWidth = (interval: Interval): number => (interval.high - interval.low) / 2;
