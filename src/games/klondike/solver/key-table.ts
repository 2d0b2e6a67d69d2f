/**
 * A set of fixed-width keys (`width` 32-bit words each) for the solver's transposition table: open
 * addressing with linear probing over one flat Uint32Array, so a position costs `width` words and a
 * lookup hashes and compares words, with no string built and nothing for the garbage collector.
 *
 * Keys are stored whole and compared exactly: a hash collision costs a probe, never a wrong "seen"
 * (which could make a winnable deal look unwinnable).
 *
 * Invariant: `size` keys are stored; slot i is occupied iff `tags[i]` is not 0, and then its key is at
 * `keys[i·width .. i·width + width)` and `tags[i]` is the key's hash with its lowest bit set (never
 * 0); a key's probe sequence starts at slot (hash >>> 1) & mask. The tag is compared before the key,
 * so probing past other keys rarely touches their words (the table is far larger than the CPU's
 * caches), and growing needs no rehash. The table is at most 3/4 full (it doubles before that).
 */
export class KeyTable {
  private keys: Uint32Array;
  private tags: Uint32Array;
  private mask: number;
  size = 0;

  constructor(
    private readonly width: number,
    initialCapacity = 1 << 16,
  ) {
    let capacity = 16;
    while (capacity < initialCapacity) capacity *= 2;
    this.keys = new Uint32Array(capacity * width);
    this.tags = new Uint32Array(capacity);
    this.mask = capacity - 1;
  }

  /** Adds `key` (its first `width` words); true if it was not there before. */
  add(key: Uint32Array): boolean {
    const width = this.width;
    const hash = hashWords(key, width);
    const tag = (hash | 1) >>> 0;
    let slot = (hash >>> 1) & this.mask;
    const { keys, tags } = this;
    for (;;) {
      const found = tags[slot]!;
      if (found === 0) break;
      if (found === tag) {
        let equal = true;
        const base = slot * width;
        for (let w = 0; w < width; w++) {
          if (keys[base + w] !== key[w]) {
            equal = false;
            break;
          }
        }
        if (equal) return false;
      }
      slot = (slot + 1) & this.mask;
    }
    tags[slot] = tag;
    const base = slot * width;
    for (let w = 0; w < width; w++) keys[base + w] = key[w]!;
    if (++this.size * 4 > tags.length * 3) this.grow();
    return true;
  }

  private grow(): void {
    const { keys: oldKeys, tags: oldTags, width } = this;
    const capacity = oldTags.length * 2;
    this.keys = new Uint32Array(capacity * width);
    this.tags = new Uint32Array(capacity);
    this.mask = capacity - 1;
    for (let i = 0; i < oldTags.length; i++) {
      const tag = oldTags[i]!;
      if (tag === 0) continue;
      // The tag keeps every bit of the hash the slot is taken from.
      let slot = (tag >>> 1) & this.mask;
      while (this.tags[slot] !== 0) slot = (slot + 1) & this.mask;
      this.tags[slot] = tag;
      this.keys.set(oldKeys.subarray(i * width, i * width + width), slot * width);
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
