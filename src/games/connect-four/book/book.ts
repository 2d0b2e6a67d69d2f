/**
 * The opening book: exact scores of positions near the start of the game, computed ahead of time
 * (`tabletop connect-four book build`), so the solver answers them at once instead of searching
 * for minutes. This module only decodes and encodes bytes: it runs in the browser as in Node
 * (reading the file is the caller's business, see src/arena/connect-four/book-file.ts).
 *
 * ## Positions and symmetry
 * A position and its mirror image (column c ↔ 6 - c) have the same score, so only one of the two
 * is stored, under its canonical key: the smaller of the two positions' keys (Position.key:
 * per column `cur + mask`, below 2^49).
 *
 * ## File format (little-endian), version 1
 * | bytes | content |
 * |---|---|
 * | 0..3 | magic `C4BK` |
 * | 4 | format version (1) |
 * | 5, 6 | board width 7, height 6 |
 * | 7 | depth: the most stones of any stored position |
 * | 8 | complete depth + 1: every position with from the first level (byte 10) up to that many stones (game not over) is stored; 0: no level is complete |
 * | 9 | kind: 0 exact scores (-18..18), 1 values only (-1 loss, 0 draw, 1 win: a strategy book, see strategy.ts) |
 * | 10 | first level: the fewest stones of a stored position (0 for a book from the empty board; a deep level shipped as a file of its own starts later) |
 * | 11 | reserved, 0 |
 * | 12..15 | entry count n |
 * | 16..19 | FNV-1a 32-bit checksum of bytes 20.. (the entries) |
 * | 20.. | n entries of 8 bytes: the canonical key (7 bytes, 49 bits) and the score (int8) |
 *
 * Entries are sorted by key, without repeats; a lookup is a binary search. Positions whose side
 * to move wins at once are not stored (the solver settles them before any lookup), so "complete"
 * means every other position of that depth. Scores are the
 * solver's (side to move's view, -18..18). Beyond the complete depth a position may or may not be
 * stored (a partly built level): `score` returns undefined for what the book does not hold, and
 * the solver searches those as usual.
 *
 * ## A book in two files
 * The shipped book is two files: the opening levels, which the page's first analysis needs, and a
 * deeper level that arrives later (`slice` writes it from a whole book; its first level says where
 * it starts). `merge` joins them into the one book the solver consults; the two files' entries
 * merged are the entries of the whole book, byte for byte.
 */
import { CELLS, HEIGHT, WIDTH, type Position } from '../position.js';

const MAGIC = [0x43, 0x34, 0x42, 0x4b]; // "C4BK"
const VERSION = 1;
const HEADER_BYTES = 20;
const ENTRY_BYTES = 8;
const SEVEN_BITS = 0x7f;
/** 2^28: the weight of the high word of a key (columns 4..6). */
const HI_WEIGHT = 0x1000_0000;

/** A book file that cannot be used: bad magic, version, size or checksum. */
export class BookFormatError extends Error {
  override readonly name = 'BookFormatError';
}

export interface BookEntry {
  /** Canonical key (see `canonicalKey`). */
  readonly key: number;
  readonly score: number;
}

export interface BookInfo {
  readonly entries: number;
  /** Most stones of any stored position. */
  readonly depth: number;
  /** Every position with from `firstLevel` up to this many stones is stored (-1: none). */
  readonly completeDepth: number;
  /** The fewest stones of a position the book covers: 0, or where a deep level's own file starts. */
  readonly firstLevel: number;
  readonly bytes: number;
  /** Values only (win 1, draw 0, loss -1), not exact scores. */
  readonly weak: boolean;
}

/**
 * The canonical key of a position given as the two words of its key (per column `cur + mask`;
 * columns 0..3 in `keyLo`, bits 7c; columns 4..6 in `keyHi`): the smaller of the key and its
 * mirror image's.
 */
export function canonicalKeyOfWords(keyLo: number, keyHi: number): number {
  const key = keyHi * HI_WEIGHT + keyLo;
  // Mirror: column c goes to 6 - c; each column is a 7-bit field.
  const mirrorLo = ((keyHi >>> 14) & SEVEN_BITS) | (((keyHi >>> 7) & SEVEN_BITS) << 7) | ((keyHi & SEVEN_BITS) << 14) | (((keyLo >>> 21) & SEVEN_BITS) << 21);
  const mirrorHi = ((keyLo >>> 14) & SEVEN_BITS) | (((keyLo >>> 7) & SEVEN_BITS) << 7) | ((keyLo & SEVEN_BITS) << 14);
  const mirror = mirrorHi * HI_WEIGHT + mirrorLo;
  return mirror < key ? mirror : key;
}

export function canonicalKey(position: Position): number {
  return canonicalKeyOfWords(position.curLo + position.maskLo, position.curHi + position.maskHi);
}

/**
 * The stone count of a position given by its key (or its canonical key: a mirror image has as
 * many stones). Each column's 7-bit field is `cur + mask` with mask = 2^h - 1 and cur within
 * mask, so the field lies in [2^h - 1, 2^(h+1) - 2]: h = floor(log2(field + 1)).
 */
export function stonesOfKey(key: number): number {
  let stones = 0;
  let rest = key;
  for (let col = 0; col < WIDTH; col++) {
    const field = rest % 128;
    rest = (rest - field) / 128;
    stones += 31 - Math.clz32(field + 1);
  }
  return stones;
}

/** FNV-1a, 32 bits: cheap, and any flipped or truncated byte changes it. */
export function fnv1a(bytes: Uint8Array, from = 0): number {
  let hash = 0x811c9dc5;
  for (let i = from; i < bytes.length; i++) {
    hash ^= bytes[i]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class OpeningBook {
  /** Sorted canonical keys. Invariant: strictly ascending; `scores[i]` is the score of `keys[i]`. */
  readonly #keys: Float64Array;
  readonly #scores: Int8Array;
  /** Most stones of any stored position (-1 when empty): deeper positions are never looked up. */
  readonly depth: number;
  /**
   * Every position with from `firstLevel` up to this many stones (game not over, no immediate
   * win) is stored; -1: no level is complete.
   */
  readonly completeDepth: number;
  /** The fewest stones of a position the book covers (0 unless it is a deep level on its own, see `slice`). */
  readonly firstLevel: number;
  /** The scores are values only: 1 win, 0 draw, -1 loss for the side to move (a strategy book). */
  readonly weak: boolean;

  private constructor(keys: Float64Array, scores: Int8Array, depth: number, completeDepth: number, weak: boolean, firstLevel = 0) {
    this.#keys = keys;
    this.#scores = scores;
    this.depth = depth;
    this.completeDepth = completeDepth;
    this.weak = weak;
    this.firstLevel = firstLevel;
  }

  /** An empty book (covers nothing). */
  static empty(): OpeningBook {
    return new OpeningBook(new Float64Array(0), new Int8Array(0), -1, -1, false);
  }

  /**
   * One book of everything the given books hold (e.g. the opening levels and a deep level shipped
   * as its own file). They must be of one kind and agree on every position they share; the
   * complete levels are those the books cover together without a gap from the first level.
   */
  static merge(...books: readonly OpeningBook[]): OpeningBook {
    if (books.length === 0) return OpeningBook.empty();
    const weak = books[0]!.weak;
    if (books.some((book) => book.weak !== weak)) throw new RangeError('Cannot merge a book of exact scores with a book of values');
    let keys = books[0]!.#keys;
    let scores = books[0]!.#scores;
    for (const book of books.slice(1)) [keys, scores] = mergeSorted(keys, scores, book.#keys, book.#scores);
    const covering = books.filter((book) => book.size > 0);
    const firstLevel = covering.length === 0 ? 0 : Math.min(...covering.map((book) => book.firstLevel));
    const depth = keys.length === 0 ? -1 : Math.max(...books.map((book) => book.depth));
    return new OpeningBook(keys, scores, depth, completeUnion(covering, firstLevel), weak, firstLevel);
  }

  /**
   * The book's positions of `fewestStones` stones or more, as a book that starts there: the deep
   * level(s) of a book, to ship as a second file that `merge` joins to the first.
   */
  slice(fewestStones: number): OpeningBook {
    if (!Number.isInteger(fewestStones) || fewestStones < 0 || fewestStones > CELLS) throw new RangeError(`Invalid first level ${String(fewestStones)}`);
    // A book that itself starts deeper holds nothing shallower: slicing below its start keeps its start.
    const firstLevel = Math.max(fewestStones, this.firstLevel);
    const keys: number[] = [];
    const scores: number[] = [];
    let depth = -1;
    for (let i = 0; i < this.#keys.length; i++) {
      const stones = stonesOfKey(this.#keys[i]!);
      if (stones < firstLevel) continue;
      keys.push(this.#keys[i]!);
      scores.push(this.#scores[i]!);
      if (stones > depth) depth = stones;
    }
    const completeDepth = this.completeDepth >= firstLevel && keys.length > 0 ? this.completeDepth : -1;
    return new OpeningBook(Float64Array.from(keys), Int8Array.from(scores), depth, completeDepth, this.weak, firstLevel);
  }

  /**
   * Builds a book from entries (any order; a repeated key must carry the same score). `weak`:
   * the scores are values only (-1, 0, 1).
   */
  static fromEntries(entries: Iterable<BookEntry & { readonly moves: number }>, completeDepth = -1, weak = false): OpeningBook {
    const list = [...entries].sort((a, b) => a.key - b.key);
    const keys: number[] = [];
    const scores: number[] = [];
    let depth = -1;
    for (const e of list) {
      checkEntry(e.key, e.score, weak);
      if (keys.length > 0 && keys[keys.length - 1] === e.key) {
        if (scores[scores.length - 1] !== e.score) throw new RangeError(`Two scores for the book key ${String(e.key)}`);
        continue;
      }
      keys.push(e.key);
      scores.push(e.score);
      if (e.moves > depth) depth = e.moves;
    }
    return new OpeningBook(Float64Array.from(keys), Int8Array.from(scores), depth, Math.min(completeDepth, depth), weak);
  }

  /** Decodes a book file; throws a BookFormatError saying what is wrong. */
  static decode(bytes: Uint8Array): OpeningBook {
    if (bytes.length < HEADER_BYTES) throw new BookFormatError(`not an opening book: ${String(bytes.length)} bytes, shorter than the header`);
    for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) throw new BookFormatError('not an opening book (bad magic number)');
    if (bytes[4] !== VERSION) throw new BookFormatError(`unsupported opening book version ${String(bytes[4])} (expected ${String(VERSION)})`);
    if (bytes[5] !== WIDTH || bytes[6] !== HEIGHT) throw new BookFormatError(`opening book for a ${String(bytes[5])}x${String(bytes[6])} board, expected 7x6`);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const depth = bytes[7]!;
    const completeDepth = bytes[8]! - 1;
    const count = view.getUint32(12, true);
    const checksum = view.getUint32(16, true);
    const kind = bytes[9]!;
    const firstLevel = bytes[10]!;
    if (kind > 1) throw new BookFormatError(`unknown opening book kind ${String(kind)} (expected 0, exact scores, or 1, values)`);
    const limit = kind === 1 ? 1 : 18;
    if (depth > CELLS || completeDepth > depth) throw new BookFormatError(`damaged opening book: depth ${String(depth)}, complete depth ${String(completeDepth)}`);
    if (firstLevel > CELLS || (completeDepth >= 0 && firstLevel > completeDepth)) {
      throw new BookFormatError(`damaged opening book: first level ${String(firstLevel)}, complete depth ${String(completeDepth)}`);
    }
    if (bytes.length !== HEADER_BYTES + count * ENTRY_BYTES) {
      throw new BookFormatError(`damaged opening book: ${String(bytes.length)} bytes, expected ${String(HEADER_BYTES + count * ENTRY_BYTES)} for ${String(count)} entries`);
    }
    if (fnv1a(bytes, HEADER_BYTES) !== checksum) throw new BookFormatError('damaged opening book: checksum mismatch');
    const keys = new Float64Array(count);
    const scores = new Int8Array(count);
    let previous = -1;
    for (let i = 0; i < count; i++) {
      const at = HEADER_BYTES + i * ENTRY_BYTES;
      const key = view.getUint32(at, true) + (view.getUint32(at + 4, true) & 0xffffff) * 0x1_0000_0000;
      const score = view.getInt8(at + 7);
      if (key <= previous) throw new BookFormatError(`damaged opening book: entry ${String(i)} is out of order`);
      if (score < -limit || score > limit) throw new BookFormatError(`damaged opening book: entry ${String(i)} has score ${String(score)}`);
      keys[i] = key;
      scores[i] = score;
      previous = key;
    }
    return new OpeningBook(keys, scores, count === 0 ? -1 : depth, completeDepth, kind === 1, firstLevel);
  }

  /** The file's bytes (see the format above). */
  encode(): Uint8Array {
    const count = this.#keys.length;
    const bytes = new Uint8Array(HEADER_BYTES + count * ENTRY_BYTES);
    const view = new DataView(bytes.buffer);
    bytes.set(MAGIC, 0);
    bytes[4] = VERSION;
    bytes[5] = WIDTH;
    bytes[6] = HEIGHT;
    bytes[7] = Math.max(0, this.depth);
    bytes[8] = this.completeDepth + 1;
    bytes[9] = this.weak ? 1 : 0;
    bytes[10] = this.firstLevel;
    view.setUint32(12, count, true);
    for (let i = 0; i < count; i++) {
      const at = HEADER_BYTES + i * ENTRY_BYTES;
      const key = this.#keys[i]!;
      view.setUint32(at, key % 0x1_0000_0000, true);
      view.setUint32(at + 4, Math.floor(key / 0x1_0000_0000), true); // < 2^17: byte 7 stays 0
      view.setInt8(at + 7, this.#scores[i]!);
    }
    view.setUint32(16, fnv1a(bytes, HEADER_BYTES), true);
    return bytes;
  }

  get size(): number {
    return this.#keys.length;
  }

  info(): BookInfo {
    return {
      entries: this.size,
      depth: this.depth,
      completeDepth: this.completeDepth,
      firstLevel: this.firstLevel,
      bytes: HEADER_BYTES + this.size * ENTRY_BYTES,
      weak: this.weak,
    };
  }

  /** The stored score of the position (side to move's view), or undefined if the book does not hold it. */
  score(position: Position): number | undefined {
    if (position.moves > this.depth || position.moves < this.firstLevel) return undefined;
    return this.scoreOfKey(canonicalKey(position));
  }

  /** As `score`, for a position given by its key words (the solver's hot path; no allocation). */
  scoreOfWords(keyLo: number, keyHi: number): number | undefined {
    return this.scoreOfKey(canonicalKeyOfWords(keyLo, keyHi));
  }

  scoreOfKey(key: number): number | undefined {
    const keys = this.#keys;
    let lo = 0;
    let hi = keys.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k = keys[mid]!;
      if (k < key) lo = mid + 1;
      else if (k > key) hi = mid - 1;
      else return this.#scores[mid]!;
    }
    return undefined;
  }

  /** Every entry, in key order. */
  *entries(): IterableIterator<BookEntry> {
    for (let i = 0; i < this.#keys.length; i++) yield { key: this.#keys[i]!, score: this.#scores[i]! };
  }
}

/** Two sorted key arrays (with their scores) as one; a key in both must have one score. */
function mergeSorted(keysA: Float64Array, scoresA: Int8Array, keysB: Float64Array, scoresB: Int8Array): [Float64Array, Int8Array] {
  const keys = new Float64Array(keysA.length + keysB.length);
  const scores = new Int8Array(keys.length);
  let a = 0;
  let b = 0;
  let n = 0;
  while (a < keysA.length || b < keysB.length) {
    const ka = a < keysA.length ? keysA[a]! : Infinity;
    const kb = b < keysB.length ? keysB[b]! : Infinity;
    if (ka === kb) {
      if (scoresA[a] !== scoresB[b]) throw new RangeError(`Two scores for the book key ${String(ka)}: ${String(scoresA[a])} and ${String(scoresB[b])}`);
      b++;
    }
    if (ka <= kb) {
      keys[n] = ka;
      scores[n++] = scoresA[a++]!;
    } else {
      keys[n] = kb;
      scores[n++] = scoresB[b++]!;
    }
  }
  return [keys.subarray(0, n), scores.subarray(0, n)];
}

/**
 * The complete depth of books merged: their complete spans (first level to complete depth) joined
 * while they touch, from the merged book's first level on; -1 if none starts there.
 */
function completeUnion(books: readonly OpeningBook[], firstLevel: number): number {
  const spans = books.filter((book) => book.completeDepth >= book.firstLevel).sort((x, y) => x.firstLevel - y.firstLevel);
  let end = firstLevel - 1;
  for (const book of spans) if (book.firstLevel <= end + 1) end = Math.max(end, book.completeDepth);
  return end >= firstLevel ? end : -1;
}

function checkEntry(key: number, score: number, weak: boolean): void {
  if (!Number.isSafeInteger(key) || key < 0 || key >= 2 ** 49) throw new RangeError(`Invalid book key ${String(key)}`);
  const limit = weak ? 1 : 18;
  if (!Number.isInteger(score) || score < -limit || score > limit) throw new RangeError(`Invalid book score ${String(score)}`);
}
