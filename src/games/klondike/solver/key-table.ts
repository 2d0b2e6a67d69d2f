/**
 * A set of fixed-width keys (`width` 32-bit words each) for the solver's transposition table: open
 * addressing with linear probing over one flat Uint32Array, so a position costs `width` words and a
 * lookup hashes and compares words, with no string built and nothing for the garbage collector.
 *
 * Keys are stored whole and compared exactly: a hash collision costs a probe, never a wrong "seen"
 * (which could make a winnable deal look unwinnable).
 *
 * Invariant: `size` keys are stored; slot i is occupied iff `used[i]` is 1, its key at
 * `keys[i·width .. i·width + width)`; the table is at most 3/4 full (it doubles before that).
 */
export class KeyTable {
  private keys: Uint32Array;
  private used: Uint8Array;
  private mask: number;
  size = 0;

  constructor(
    private readonly width: number,
    initialCapacity = 1 << 16,
  ) {
    let capacity = 16;
    while (capacity < initialCapacity) capacity *= 2;
    this.keys = new Uint32Array(capacity * width);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
  }

  /** Adds `key` (its first `width` words); true if it was not there before. */
  add(key: Uint32Array): boolean {
    const width = this.width;
    let slot = hashWords(key, width) & this.mask;
    const { keys, used } = this;
    for (;;) {
      if (used[slot] === 0) break;
      let equal = true;
      const base = slot * width;
      for (let w = 0; w < width; w++) {
        if (keys[base + w] !== key[w]) {
          equal = false;
          break;
        }
      }
      if (equal) return false;
      slot = (slot + 1) & this.mask;
    }
    used[slot] = 1;
    keys.set(key.subarray(0, width), slot * width);
    if (++this.size * 4 > used.length * 3) this.grow();
    return true;
  }

  private grow(): void {
    const { keys: oldKeys, used: oldUsed, width } = this;
    const capacity = oldUsed.length * 2;
    this.keys = new Uint32Array(capacity * width);
    this.used = new Uint8Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < oldUsed.length; i++) {
      if (oldUsed[i] === 0) continue;
      const key = oldKeys.subarray(i * width, i * width + width);
      let slot = hashWords(key, width) & this.mask;
      while (this.used[slot] === 1) slot = (slot + 1) & this.mask;
      this.used[slot] = 1;
      this.keys.set(key, slot * width);
    }
  }
}

/** A well-mixed 32-bit hash of the first `width` words (murmur3's finaliser after each word). */
function hashWords(key: Uint32Array, width: number): number {
  let h = 0x9e3779b9;
  for (let w = 0; w < width; w++) {
    h = Math.imul(h ^ key[w]!, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}
