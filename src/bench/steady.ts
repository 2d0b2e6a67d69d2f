/**
 * A steady measure for comparing two players on the same path (a user's module against the
 * built-in strategy it reimplements): CPU time instead of wall time, after a warm-up, the median of
 * several chunks in a process, and the median of several fresh processes run alternately with the
 * built-in, so a neighbour's load, a slow first JIT tier or one unlucky process does not decide the
 * ratio.
 *
 * Why each part (the wall-time rows of `npm run bench` gave the same build 52% in one run and 104%
 * in the next on a 2-core machine shared with other work):
 * - CPU time (`process.cpuUsage`, every thread of the process: the JIT's and GC's threads count)
 *   does not grow while the process waits for a core, as wall time does.
 * - The median of chunks drops a chunk in which V8 was still compiling or collecting.
 * - Fresh processes, alternating built-in and module within each round, because V8's inlining
 *   decisions differ from process to process (one process can run a steady 30% slower than the
 *   next), and a round's two processes share whatever load the machine had then: the ratio is
 *   taken within each round and the median of those ratios is reported, with their range.
 */
import type { Benchmark } from './harness.js';

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A set of rates (or ratios): its median and its range. */
export interface Spread {
  readonly median: number;
  readonly low: number;
  readonly high: number;
}

export function spreadOf(values: readonly number[]): Spread {
  return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
}

/**
 * Per round, `rates[k]` ÷ `baseline[k]` (both measured in that round), and their spread: a ratio
 * from processes that ran side by side rather than a ratio of two medians taken at different times.
 */
export function pairedRatios(rates: readonly number[], baseline: readonly number[]): Spread {
  if (rates.length !== baseline.length || rates.length === 0) throw new RangeError('pairedRatios needs one baseline rate per rate');
  return spreadOf(rates.map((rate, k) => rate / baseline[k]!));
}

export interface CpuMeasurement {
  /** Units per CPU-second: the median of the chunks' rates. */
  readonly rate: number;
  /** Units in the measured chunks (not the warm-up). */
  readonly units: number;
  /** CPU seconds of the measured chunks. */
  readonly cpuSeconds: number;
  readonly checksum: number;
}

/** CPU seconds of this process (user + system, every thread) since `since`, or since it started. */
function cpuSecondsSince(since?: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1e6;
}

/**
 * Runs `benchmark` for `warmupSeconds` of CPU time (doubling a batch until it takes about
 * `chunkSeconds`), then `chunks` chunks of that batch, each timed in CPU time; the rate is the
 * median of the chunks' rates.
 */
/** Chunks measured per process by `measureCpu` (the rate is their median). */
export const CPU_CHUNKS = 5;

export function measureCpu(benchmark: Benchmark, { warmupSeconds = 0.5, chunks = CPU_CHUNKS, chunkSeconds = 0.15 } = {}): CpuMeasurement {
  let batch = 1;
  const warmupStart = process.cpuUsage();
  while (cpuSecondsSince(warmupStart) < warmupSeconds) {
    const t = process.cpuUsage();
    benchmark.run(batch);
    if (cpuSecondsSince(t) < chunkSeconds) batch *= 2;
  }
  const rates: number[] = [];
  let units = 0;
  let cpuSeconds = 0;
  let checksum = 0;
  for (let c = 0; c < chunks; c++) {
    const t = process.cpuUsage();
    checksum += benchmark.run(batch);
    const spent = cpuSecondsSince(t);
    rates.push(batch / spent);
    units += batch;
    cpuSeconds += spent;
  }
  return { rate: median(rates), units, cpuSeconds, checksum };
}
