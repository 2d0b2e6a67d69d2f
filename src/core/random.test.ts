import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { ReseedableRng, SMALL_RANGE, assertSeed, deriveSeed, mix32, randomFloat, randomInt, randomIntSmall, rngFromSeed, toRng, type Rng } from './random.js';

describe('rngFromSeed', () => {
  it('replays the same stream for the same seed', () => {
    const a = rngFromSeed(42);
    const b = rngFromSeed(42);
    for (let i = 0; i < 100; i++) expect(a.next()).toBe(b.next());
  });

  it('gives unrelated streams for neighbouring seeds', () => {
    const a = rngFromSeed(1);
    const b = rngFromSeed(2);
    const same = Array.from({ length: 64 }, () => a.next() === b.next()).filter(Boolean).length;
    expect(same).toBeLessThan(2);
  });

  it('accepts every safe non-negative integer and rejects anything else', () => {
    expect(() => rngFromSeed(Number.MAX_SAFE_INTEGER)).not.toThrow();
    for (const bad of [-1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1, Infinity]) {
      expect(() => rngFromSeed(bad)).toThrow(RangeError);
    }
    expect(() => assertSeed(-3)).toThrow(/Invalid seed: -3/);
  });
});

describe('toRng', () => {
  it('uses a generator as given, so callers can share one stream', () => {
    const rng = rngFromSeed(7);
    expect(toRng(rng)).toBe(rng);
  });

  it('draws fresh randomness when given nothing', () => {
    const a = toRng();
    const b = toRng();
    expect([a.next(), a.next()]).not.toEqual([b.next(), b.next()]);
  });
});

describe('deriveSeed', () => {
  it('is a pure function of (seed, index) giving valid, distinct seeds', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const s = deriveSeed(123, i);
      expect(deriveSeed(123, i)).toBe(s);
      expect(Number.isSafeInteger(s) && s >= 0).toBe(true);
      seen.add(s);
    }
    expect(seen.size).toBe(10_000);
  });

  it('separates experiments', () => {
    expect(deriveSeed(1, 0)).not.toBe(deriveSeed(2, 0));
    expect(deriveSeed(0, 1)).not.toBe(deriveSeed(1, 0));
  });
});

describe('randomInt', () => {
  it('agrees with pure-rand uniformInt on the same stream', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 1000 }), (seed, n) => {
        const a = rngFromSeed(seed);
        const b = rngFromSeed(seed);
        for (let i = 0; i < 20; i++) expect(randomInt(a, n)).toBe(uniformInt(b, 0, n - 1));
      }),
    );
  });

  it('is uniform (chi-square over 6 outcomes)', () => {
    const rng = rngFromSeed(99);
    const counts = new Array<number>(6).fill(0);
    const draws = 60_000;
    for (let i = 0; i < draws; i++) counts[randomInt(rng, 6)]! += 1;
    const expected = draws / 6;
    const chi2 = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    expect(chi2).toBeLessThan(20.5); // p = 0.001 critical value for 5 degrees of freedom
  });

  it('randomFloat stays in [0, 1)', () => {
    const rng = rngFromSeed(5);
    for (let i = 0; i < 10_000; i++) {
      const x = randomFloat(rng);
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
});

describe('randomIntSmall', () => {
  it('gives randomInt\'s value from the same stream for every n it serves', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: SMALL_RANGE }), (seed, n) => {
        const a = rngFromSeed(seed);
        const b = rngFromSeed(seed);
        for (let i = 0; i < 20; i++) expect(randomIntSmall(a, n)).toBe(randomInt(b, n));
      }),
    );
  });

  it('takes the exact remainder at the edges of every quotient, up to the largest raw value', () => {
    // A generator answering chosen raw values: v - 2^31 as int32, for v around multiples of n.
    let raw = 0;
    const fixed: Rng = { next: () => raw, clone: () => fixed, getState: () => [] } as unknown as Rng;
    for (let n = 1; n <= SMALL_RANGE; n++) {
      const limit = n > 2 ? Math.floor(2 ** 32 / n) * n : 2 ** 32;
      for (const q of [0, 1, 12345, Math.floor(limit / n) - 1]) {
        for (const r of [0, 1, n - 1]) {
          const v = q * n + Math.min(r, n - 1);
          if (v >= limit) continue;
          raw = (v - 2 ** 31) | 0;
          expect(randomIntSmall(fixed, n)).toBe(v % n);
        }
      }
    }
  });
});

describe('mix32', () => {
  it('is a bijection on a sample (no collisions)', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 50_000; i++) seen.add(mix32(i));
    expect(seen.size).toBe(50_000);
  });
});

describe('ReseedableRng', () => {
  it('gives, value for value, the stream of rngFromSeed (pure-rand xoroshiro128+) for every seed', () => {
    const reusable = new ReseedableRng();
    fc.assert(
      fc.property(fc.maxSafeNat(), (seed) => {
        reusable.reseed(seed);
        const reference = rngFromSeed(seed);
        for (let i = 0; i < 50; i++) expect(reusable.next()).toBe(reference.next());
      }),
    );
  });

  it('clones into an independent generator continuing the same stream', () => {
    const a = new ReseedableRng(9);
    a.next();
    const b = a.clone();
    expect(Array.from({ length: 10 }, () => b.next())).toEqual(Array.from({ length: 10 }, () => a.next()));
  });
});
