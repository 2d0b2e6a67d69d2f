/**
 * Seeded randomness. Every random choice in Tabletop Lab flows from an explicit seed through a
 * generator made here; nothing calls `Math.random`.
 *
 * The generator is pure-rand's xoroshiro128+ (mutable since pure-rand 8): fast, 128 bits of state,
 * and jumpable. Seeds are non-negative safe integers (0 .. 2^53 - 1) so that they survive JSON and a
 * command line unchanged; the seed's 53 bits are spread over the 128-bit state with a splitmix-style
 * mixer so that neighbouring seeds give unrelated streams.
 */
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** A mutable random generator; `next()` yields a uniform int32. */
export type Rng = RandomGenerator;

/** What anything random accepts: a seed (replayable), a generator (shared stream), or nothing (fresh). */
export type SeedLike = number | Rng | undefined;

const TWO_POW_32 = 0x1_0000_0000;

/** murmur3's 32-bit finaliser: a bijection on 32-bit values with full avalanche. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85eb_ca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2_ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Throws unless `seed` is a valid seed (an integer in 0 .. 2^53 - 1): a TypeError for a value that
 * is not a number at all (JavaScript callers pass '7'), a RangeError for a number out of range.
 */
export function assertSeed(seed: number, what = 'seed'): void {
  if (typeof seed !== 'number') throw new TypeError(`Invalid ${what}: ${describeValue(seed)} (expected an integer from 0 to ${String(Number.MAX_SAFE_INTEGER)})`);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`Invalid ${what}: ${String(seed)} (expected an integer from 0 to ${String(Number.MAX_SAFE_INTEGER)})`);
  }
}

/** Throws unless `seed` is a SeedLike: a valid seed, a generator (an object with `next()`), or undefined. */
export function assertSeedLike(seed: unknown): asserts seed is SeedLike {
  if (seed === undefined || typeof seed === 'number') {
    if (seed !== undefined) assertSeed(seed);
    return;
  }
  if (typeof seed === 'object' && seed !== null && typeof (seed as Partial<Rng>).next === 'function') return;
  const what = typeof seed === 'object' && seed !== null ? 'an object without next()' : describeValue(seed);
  throw new TypeError(`Invalid seed: ${what} (expected an integer from 0 to ${String(Number.MAX_SAFE_INTEGER)}, or a random generator)`);
}

/** A wrong value, for a message: `"7" is a string`, `an object`, `null`. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)} is a string`;
  if (typeof value === 'object') return 'an object';
  return `${String(value)} is a ${typeof value}`;
}

/** The four 32-bit state words a seed expands to (splitmix32-style), never all zero. */
function seedWords(seed: number, out: Int32Array): void {
  assertSeed(seed);
  const lo = seed >>> 0;
  const hi = Math.floor(seed / TWO_POW_32);
  let x = mix32(lo ^ 0x9e37_79b9) ^ mix32(hi + 0x7f4a_7c15);
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e37_79b9) | 0;
    out[i] = mix32(x) | 0;
  }
  // xoroshiro must not start from the all-zero state; the mixer makes that astronomically rare,
  // but a fixed non-zero word rules it out.
  if ((out[0]! | out[1]! | out[2]! | out[3]!) === 0) out[0] = 1;
}

const scratchWords = new Int32Array(4);

/** A generator whose whole stream is determined by `seed` (pure-rand's xoroshiro128+). */
export function rngFromSeed(seed: number): Rng {
  seedWords(seed, scratchWords);
  return xoroshiro128plusFromState(Array.from(scratchWords));
}

/**
 * xoroshiro128+ on 32-bit halves that can be re-seeded in place: the stream of `reseed(s)` is, value
 * for value, the stream of `rngFromSeed(s)` (random.test.ts checks it against pure-rand). It exists
 * for one reason: the lab seeds a generator per game, a million times a second per thread, and
 * re-seeding one object instead of allocating a new one keeps the garbage collector — whose
 * threads compete with the other worker for the second core — out of the hot loop.
 */
export class ReseedableRng implements Rng {
  // The 128-bit state as pure-rand lays it out: (s01, s00) and (s11, s10), high word first.
  private s01 = 0;
  private s00 = 0;
  private s11 = 0;
  private s10 = 0;

  constructor(seed = 0) {
    this.reseed(seed);
  }

  reseed(seed: number): void {
    seedWords(seed, scratchWords);
    this.s01 = scratchWords[0]!;
    this.s00 = scratchWords[1]!;
    this.s11 = scratchWords[2]!;
    this.s10 = scratchWords[3]!;
  }

  next(): number {
    const out = (this.s00 + this.s10) | 0;
    const a0 = this.s10 ^ this.s00;
    const a1 = this.s11 ^ this.s01;
    const s00 = this.s00;
    const s01 = this.s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  clone(): Rng {
    return xoroshiro128plusFromState(this.getState());
  }

  getState(): readonly number[] {
    return [this.s01, this.s00, this.s11, this.s10];
  }
}

/** A fresh, unpredictable seed (from the platform's CSPRNG), for callers that gave none. */
export function freshSeed(): number {
  const words = new Uint32Array(2);
  globalThis.crypto.getRandomValues(words);
  return (words[0]! & 0x1f_ffff) * TWO_POW_32 + words[1]!;
}

/**
 * Resolves a SeedLike: a generator is used as given (so callers can share one stream), a seed makes
 * a replayable generator, nothing makes a fresh one.
 */
export function toRng(seed?: SeedLike): Rng {
  assertSeedLike(seed); // the boundary of everything random: a wrong seed fails here, clearly
  if (seed === undefined) return rngFromSeed(freshSeed());
  if (typeof seed === 'number') return rngFromSeed(seed);
  return seed;
}

/**
 * The seed of item `index` (game i, shard j, …) of an experiment seeded with `seed`. Depends on
 * (seed, index) only, never on which worker asks, so results do not depend on the thread count.
 */
export function deriveSeed(seed: number, index: number): number {
  assertSeed(seed);
  assertSeed(index, 'index');
  const sLo = seed >>> 0;
  const sHi = Math.floor(seed / TWO_POW_32);
  const iLo = index >>> 0;
  const iHi = Math.floor(index / TWO_POW_32);
  const a = mix32(mix32(sLo ^ 0x2545_f491) + Math.imul(iLo, 0x9e37_79b9) + iHi);
  const b = mix32(mix32(sHi ^ 0x6a09_e667) ^ mix32(iLo + 0x3c6e_f372) ^ a);
  return (b & 0x1f_ffff) * TWO_POW_32 + a;
}

/**
 * The rejection bound of `randomInt(rng, n)`: raw values (shifted to 0 .. 2^32-1) at or above it are
 * redrawn, so the accepted range is a whole multiple of n and the result has no modulo bias. Hot loops
 * that draw from a few fixed n precompute it once per n and call `randomIntBelow`.
 */
export function rejectionLimit(n: number): number {
  return n > 2 ? Math.floor(TWO_POW_32 / n) * n : TWO_POW_32;
}

/**
 * `randomInt(rng, n)` with `limit = rejectionLimit(n)` already known: the hot-path form.
 *
 * The remainder is taken as `v - floor(v / n) * n`, not `v % n`: for v above int32 range V8 computes
 * `%` as a float64 remainder (a call to fmod), the slowest step of a simulated game. The two are the
 * same integer: the true quotient's fraction is 0 or at least 1/n, far above the rounding error of
 * `v / n` (below 2^-20 for v < 2^32), so the floor is exact.
 */
export function randomIntBelow(rng: Rng, n: number, limit: number): number {
  let v = rng.next() + 0x8000_0000;
  while (v >= limit) v = rng.next() + 0x8000_0000;
  return v - Math.floor(v / n) * n;
}

/** The largest n `randomIntSmall` serves (a deck's draws). */
export const SMALL_RANGE = 64;
/** `rejectionLimit(n) - 1` as an unsigned 32-bit integer: raw values above it are redrawn. */
const SMALL_LAST_ACCEPTED = Uint32Array.from({ length: SMALL_RANGE + 1 }, (_, n) => rejectionLimit(Math.max(n, 1)) - 1);

/**
 * `randomInt(rng, n)` for 1 <= n <= SMALL_RANGE, the same value from the same stream, for the
 * engines' draws. In unsigned 32-bit integers throughout: the raw value shifted by 2^31 is the raw
 * value with its top bit flipped, and its remainder is one integer division — cheaper on the
 * engines' hot path than `randomIntBelow`'s float arithmetic and its conversions. n is not checked.
 */
export function randomIntSmall(rng: Rng, n: number): number {
  const last = SMALL_LAST_ACCEPTED[n]!;
  let v = (rng.next() ^ 0x8000_0000) >>> 0;
  while (v > last) v = (rng.next() ^ 0x8000_0000) >>> 0;
  // `| 0` changes no value (the remainder is below 64) but tells the JIT an integer result is
  // wanted: without it V8 computes the unsigned remainder as a float (a call to fmod).
  return (v % (n >>> 0)) | 0;
}

/**
 * A uniform integer in [0, n), for 1 <= n <= 2^32, by rejection (no modulo bias). Written by hand
 * because it sits on every simulation's hot path; it follows the same algorithm as pure-rand's
 * `uniformInt`, so both give the same values from the same stream.
 *
 * Invariant relied on by the decks: n === 1 still consumes one value; callers that must not
 * consume randomness for a forced choice skip the call.
 */
export function randomInt(rng: Rng, n: number): number {
  return randomIntBelow(rng, n, rejectionLimit(n));
}

/**
 * Durstenfeld–Fisher–Yates in place: i from length-1 down to 1, j uniform in [0, i], swap. Every
 * shuffle in the project is this one function, so the same stream always gives the same order.
 */
export function shuffleInPlace<T>(items: { length: number; [index: number]: T }, rng: Rng): void {
  for (let i = items.length - 1; i >= 1; i--) {
    const j = randomInt(rng, i + 1);
    const item = items[i]!;
    items[i] = items[j]!;
    items[j] = item;
  }
}

/** A uniform float in [0, 1) with 32 bits of randomness. */
export function randomFloat(rng: Rng): number {
  return (rng.next() + 0x8000_0000) / TWO_POW_32;
}
