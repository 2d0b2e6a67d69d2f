/**
 * The solver's transposition table: what a previous search learnt about a position, so a position
 * reached again through another move order (a transposition) is not searched again.
 *
 * Layout: two typed arrays of `size` entries, `size` a prime. Entry i = key mod size holds
 * `keys[i]` = key mod 2^32 and `values[i]` (0 = empty; the solver's encoding of a bound otherwise).
 * Collisions simply overwrite (the most recent result is the most useful one).
 *
 * Why the 32-bit partial key is enough (Pons' trick, Chinese remainder theorem): keys are below
 * 2^49; given key mod size and key mod 2^32, with size and 2^32 coprime (size is an odd prime) and
 * size * 2^32 > 2^49, the key is unique. So an entry whose stored 32 bits match IS that position.
 *
 * Why `values` alone is cleared: a stale key with value 0 reads as "empty"; 8 MB instead of 40 MB.
 */
export class TranspositionTable {
  readonly size: number;
  readonly keys: Int32Array;
  readonly values: Int8Array;
  /** 1 / size, to reduce keys with a multiplication instead of a floating-point modulo. */
  readonly #inverse: number;

  /**
   * @param minEntries the table holds the smallest prime number of entries >= this (>= 2^17 + 1).
   * @param buffer where the table lives (the solver's WebAssembly memory: its search reads and
   *   writes the table there), from `byteOffset` (a multiple of 4) for `TranspositionTable.bytes`
   *   bytes: the keys, then the values. Default: a buffer of its own.
   * @param prefault touch every page of the table now (below); false leaves the zero pages
   *   untouched, for a caller whose first answer may need no search at all (a book look-up).
   */
  constructor(minEntries = 1 << 23, buffer?: ArrayBuffer, byteOffset = 0, prefault = true) {
    this.size = nextPrime(TranspositionTable.checkedEntries(minEntries));
    this.keys = new Int32Array(buffer ?? new ArrayBuffer(TranspositionTable.bytes(this.size)), byteOffset, this.size);
    this.values = new Int8Array(this.keys.buffer, byteOffset + 4 * this.size, this.size);
    this.#inverse = 1 / this.size;
    // Typed arrays start as untouched zero pages; writing them now moves the page faults (about a
    // microsecond each) out of the searches, where they would land at random. Untouched, the
    // table is just as valid: a zero value is an empty entry whatever its key.
    if (!prefault) return;
    this.keys.fill(-1);
    this.values.fill(1);
    this.values.fill(0);
  }

  /** `minEntries` if it is a valid table size request (2^17 + 1 to 2^28, default 2^23), else a RangeError. */
  static checkedEntries(minEntries = 1 << 23): number {
    if (!Number.isSafeInteger(minEntries) || minEntries < (1 << 17) + 1 || minEntries > 1 << 28) {
      throw new RangeError(`Transposition table size must be from 2^17+1 to 2^28 entries, got ${String(minEntries)}`);
    }
    return minEntries;
  }

  /** Bytes a table of `entries` entries takes (keys and values), rounded up to 8. */
  static bytes(entries: number): number {
    return (entries * 5 + 7) & ~7;
  }

  /**
   * key mod size, for 0 <= key < 2^49. The quotient from the multiplication may be off by one
   * when key is within rounding error of a multiple of size; the two compares correct that.
   */
  index(key: number): number {
    let i = key - Math.floor(key * this.#inverse) * this.size;
    if (i < 0) i += this.size;
    else if (i >= this.size) i -= this.size;
    return i | 0;
  }

  /** The stored value for `key` (given as its index and its low 32 bits), 0 if none. */
  get(index: number, key32: number): number {
    return this.keys[index] === key32 ? this.values[index]! : 0;
  }

  clear(): void {
    this.values.fill(0);
  }
}

export function isPrime(n: number): boolean {
  if (n < 2) return false;
  if (n % 2 === 0) return n === 2;
  for (let d = 3; d * d <= n; d += 2) if (n % d === 0) return false;
  return true;
}

export function nextPrime(n: number): number {
  while (!isPrime(n)) n++;
  return n;
}
