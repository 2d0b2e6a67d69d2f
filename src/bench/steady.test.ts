import { describe, expect, it } from 'vitest';
import type { Benchmark } from './harness.js';
import { measureCpu, median, pairedRatios, spreadOf } from './steady.js';

describe('the steady measure of the bench', () => {
  it('median: the middle value, the mean of the two middle ones for an even count, in any order', () => {
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    // One outlier (a process that ran 3x slower) moves it not at all.
    expect(median([100, 98, 33, 101, 99])).toBe(99);
    expect(() => median([])).toThrow(RangeError);
  });

  it('spreadOf: median and range', () => {
    expect(spreadOf([3, 1, 2])).toEqual({ median: 2, low: 1, high: 3 });
  });

  it('pairedRatios: each rate over the baseline of its own round, then their median and range', () => {
    // Round 2 ran under load: both slower, its ratio the same.
    const spread = pairedRatios([90, 45, 88], [100, 50, 110]);
    expect(spread.median).toBeCloseTo(0.9, 12);
    expect(spread.low).toBeCloseTo(0.8, 12);
    expect(spread.high).toBeCloseTo(0.9, 12);
    expect(() => pairedRatios([1, 2], [1])).toThrow(RangeError);
    expect(() => pairedRatios([], [])).toThrow(RangeError);
  });

  it('measureCpu: runs whole batches after the warm-up, the rate per CPU-second, the checksum of the measured chunks', () => {
    const sizes: number[] = [];
    const benchmark: Benchmark = {
      engine: 'test',
      name: 'spin',
      unit: 'units',
      run(count) {
        sizes.push(count);
        let x = 0;
        for (let i = 0; i < count * 1000; i++) x += i & 1;
        return x === count * 500 ? 1 : 0;
      },
    };
    const m = measureCpu(benchmark, { warmupSeconds: 0.02, chunks: 3, chunkSeconds: 0.005 });
    // 3 chunks of the batch the warm-up settled on, each checksum 1.
    const chunks = sizes.slice(-3);
    expect(new Set(chunks).size).toBe(1);
    expect(m.units).toBe(3 * chunks[0]!);
    expect(m.checksum).toBe(3);
    expect(m.cpuSeconds).toBeGreaterThan(0);
    expect(m.rate).toBeGreaterThan(0);
    expect(Number.isFinite(m.rate)).toBe(true);
  });
});
