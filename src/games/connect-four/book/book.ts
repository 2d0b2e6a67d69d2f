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
 * ## File format (little-endian), versions 1 and 2
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
 * | 16..19 | FNV-1a 32-bit checksum of bytes 20.. (the entries, and version 2's part fields) |
 * | 20.. | version 1: n entries of 8 bytes: the canonical key (7 bytes, 49 bits) and the score (int8) |
 * | 20, 21 | version 2 only: the number of parts P of the level (uint16, 2 or more) |
 * | 22, 23 | version 2 only: this part's index (uint16, below P) |
 * | 24.. | version 2 only: the n entries, as in version 1 |
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
 *
 * ## A level in parts (version 2)
 * A deep level of several MB is shipped in parts (`partition`): part i of P holds the positions
 * whose canonical key hashes to i (`partOfKey`). The browser app then fetches, for a request about
 * a position, only the parts holding its children (at most seven) instead of the whole level. A
 * part says it is complete when it holds every position of its share of the level; a book merged
 * from parts is complete to that level only once all P of them are in (`merge` keeps track of the
 * parts it was made from, so they may arrive in any order and in any number of merges).
 * Files without parts stay version 1, byte for byte.
 *
 * ## Levels read on demand
 * `withLevelsOnDemand` gives a book whose deep levels are read part by part, the first time a
 * position of a part's share is looked up (the command line's shipped book: most requests touch
 * a few parts, or none, of levels that weigh tens of MB). Until then the part counts as absent
 * (`size`, `entries` and `encode` hold what has been read; the complete depth stays the base
 * book's), and a part its reader cannot give is absent for good: the solver searches those
 * positions, as it does any the book does not hold.
 */
import { mix32 } from '../../../core/random.js';
import { CELLS, HEIGHT, WIDTH, type Position } from '../position.js';

const MAGIC = [0x43, 0x34, 0x42, 0x4b]; // "C4BK"
const VERSION = 1;
/** The version of a file holding one part of a level: its header has the part's fields. */
const PART_VERSION = 2;
const HEADER_BYTES = 20;
const PART_HEADER_BYTES = 24;
/** The most parts a level may be cut into (the part fields are 16 bits; more would be absurd). */
export const MAX_PARTS = 4096;
const ENTRY_BYTES = 8;
const SEVEN_BITS = 0x7f;
/** 2^28: the weight of the high word of a key (columns 4..6). */
const HI_WEIGHT = 0x1000_0000;

/**
 * Reads part `index` of a level read on demand (`OpeningBook.withLevelsOnDemand`): its book, or
 * undefined when it cannot be had (the reader reports why; the part then stays absent).
 */
export type PartReader = (index: number) => OpeningBook | undefined;

/** A level of `of` parts, each read by `read` when first needed. */
export interface LevelOnDemand {
  readonly level: number;
  readonly of: number;
  readonly read: PartReader;
}

/** A book file that cannot be used: bad magic, version, size or checksum. */
export class BookFormatError extends Error {
  override readonly name = 'BookFormatError';
}

export interface BookEntry {
  /** Canonical key (see `canonicalKey`). */
  readonly key: number;
  readonly score: number;
}

/** Which part of its level a book holds (see "A level in parts"). */
export interface BookPart {
  /** 0 .. of - 1. */
  readonly index: number;
  /** How many parts the level is cut into (2 .. MAX_PARTS). */
  readonly of: number;
}

/**
 * What one file a book was made from covers: its levels, how far they are complete, and its part.
 * A merged book keeps the coverage of all its files, so that a later merge can tell when the
 * parts of a level are all in.
 */
interface Coverage {
  readonly firstLevel: number;
  readonly completeDepth: number;
  readonly part: BookPart | null;
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
  /** The part of its level the file holds, or null for a file that is not a part. */
  readonly part: BookPart | null;
}

/**
 * The part (0 .. of - 1) of a level cut into `of` parts that holds the position of canonical key
 * `key`. A hash, not a range of keys: the children of one position (the entries one request
 * needs) then fall into up to seven different parts whatever the position, rather than into the
 * same few parts for every position near the start of the key order.
 */
export function partOfKey(key: number, of: number): number {
  // key < 2^49: its low 32 bits (ToUint32 is exact below 2^53) and the rest.
  return mix32((key >>> 0) ^ mix32(Math.floor(key / 0x1_0000_0000))) % of;
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
  // The low 28 bits (columns 0..3: ToUint32 is exact below 2^53) and the high word (columns 4..6),
  // in integer arithmetic: the book's lookups of parts call this on the solver's hot path.
  const lo = (key >>> 0) & 0x0fff_ffff;
  const hi = Math.floor(key / HI_WEIGHT);
  return (
    124 -
    Math.clz32((lo & SEVEN_BITS) + 1) -
    Math.clz32(((lo >>> 7) & SEVEN_BITS) + 1) -
    Math.clz32(((lo >>> 14) & SEVEN_BITS) + 1) -
    Math.clz32((lo >>> 21) + 1) +
    93 -
    Math.clz32((hi & SEVEN_BITS) + 1) -
    Math.clz32(((hi >>> 7) & SEVEN_BITS) + 1) -
    Math.clz32((hi >>> 14) + 1)
  );
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
  /**
   * The entries not kept in parts. Invariant: keys strictly ascending; `scores[i]` is the score
   * of `keys[i]`; all of them at levels in `#wholeLevels`.
   */
  readonly #whole: Run;
  /** The levels of the `#whole` entries: [fewest, most] stones ([0, -1] when there are none). */
  readonly #wholeLevels: readonly [number, number];
  /**
   * Parts of levels, kept apart (merged, they would cost a pass over the whole book per merge):
   * a key at a group's levels is looked up in the one part it hashes to. Invariant: no two groups
   * share a level, nor a group a level with `#whole`, and every key of a part hashes to its index.
   */
  readonly #groups: readonly PartGroup[];
  /** All the entries in one run, made when first needed (`encode`, `entries`, `slice`, `partition`). */
  #allEntries: Run | null = null;
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
  /** The part of its level this book holds (`partition`); null for a whole book. */
  readonly part: BookPart | null;
  /** The files this book was made from (one: itself, unless merged); see `Coverage`. */
  readonly #coverage: readonly Coverage[];

  private constructor(
    whole: Run,
    wholeLevels: readonly [number, number],
    groups: readonly PartGroup[],
    header: { readonly depth: number; readonly completeDepth: number; readonly weak: boolean; readonly firstLevel: number; readonly part: BookPart | null },
    coverage: readonly Coverage[],
  ) {
    this.#whole = whole;
    this.#wholeLevels = wholeLevels;
    this.#groups = groups;
    this.depth = header.depth;
    this.completeDepth = header.completeDepth;
    this.weak = header.weak;
    this.firstLevel = header.firstLevel;
    this.part = header.part;
    this.#coverage = coverage;
  }

  /** The book of one file's entries (`part`: those of one part of its levels). */
  static #of(run: Run, depth: number, completeDepth: number, weak: boolean, firstLevel: number, part: BookPart | null): OpeningBook {
    const header = { depth, completeDepth, weak, firstLevel, part };
    const coverage = [{ firstLevel, completeDepth, part }];
    if (part === null) return new OpeningBook(run, run.keys.length === 0 ? NO_LEVELS : [firstLevel, depth], [], header, coverage);
    const runs: (Run | undefined)[] = [];
    runs[part.index] = run;
    return new OpeningBook(EMPTY_RUN, NO_LEVELS, [{ firstLevel, lastLevel: Math.max(firstLevel, depth), of: part.of, runs }], header, coverage);
  }

  /** An empty book (covers nothing). */
  static empty(): OpeningBook {
    return OpeningBook.#of(EMPTY_RUN, -1, -1, false, 0, null);
  }

  /**
   * `base` with the given levels read on demand (see "Levels read on demand"): a lookup at such a
   * level reads the part its key hashes to once, and takes it in only if it is that part of that
   * level (`partMismatch`). The levels must lie apart from each other and from `base`'s.
   */
  static withLevelsOnDemand(base: OpeningBook, levels: readonly LevelOnDemand[]): OpeningBook {
    const spans = [...base.#groups, ...(base.#whole.keys.length === 0 ? [] : [{ firstLevel: base.#wholeLevels[0], lastLevel: base.#wholeLevels[1] }])];
    // The base's groups copied: parts read by the new book are its own, never written into `base`.
    const groups: PartGroup[] = base.#groups.map((group) => ({ ...group, runs: [...group.runs] }));
    for (const { level, of, read } of levels) {
      if (!Number.isInteger(level) || level < 0 || level > CELLS) throw new RangeError(`Invalid level ${String(level)}`);
      if (!Number.isInteger(of) || of < 2 || of > MAX_PARTS) throw new RangeError(`A level is cut into 2 to ${String(MAX_PARTS)} parts, not ${String(of)}`);
      if ([...spans, ...groups].some((span) => span.firstLevel <= level && level <= span.lastLevel)) throw new RangeError(`The level of ${String(level)} stones is already in the book`);
      groups.push({ firstLevel: level, lastLevel: level, of, runs: [], read });
    }
    const depth = Math.max(base.depth, ...levels.map(({ level }) => level));
    const header = { depth, completeDepth: base.completeDepth, weak: base.weak, firstLevel: base.size === 0 ? Math.min(...levels.map(({ level }) => level), CELLS) : base.firstLevel, part: null };
    return new OpeningBook(base.#whole, base.#wholeLevels, groups, header, base.#coverage);
  }

  /**
   * One book of everything the given books hold (e.g. the opening levels and a deep level shipped
   * as its own file, or in parts). They must be of one kind and agree on every position they
   * share; the complete levels are those the books cover together without a gap from the first
   * level, a level in parts counting only once every part is in (here or in an earlier merge).
   * Parts stay apart, so that merging parts into a large book costs only the parts' own size;
   * books whose levels overlap otherwise are merged entry by entry, their agreement checked.
   */
  static merge(...books: readonly OpeningBook[]): OpeningBook {
    if (books.length === 0) return OpeningBook.empty();
    const weak = books[0]!.weak;
    if (books.some((book) => book.weak !== weak)) throw new RangeError('Cannot merge a book of exact scores with a book of values');
    const wholes = books.filter((book) => book.#whole.keys.length > 0);
    const wholeLevels: [number, number] =
      wholes.length === 0 ? [...NO_LEVELS] : [Math.min(...wholes.map((book) => book.#wholeLevels[0])), Math.max(...wholes.map((book) => book.#wholeLevels[1]))];
    const groups = new Map<string, PartGroup>();
    for (const book of books) {
      for (const group of book.#groups) {
        const name = `${String(group.firstLevel)} ${String(group.lastLevel)} ${String(group.of)}`;
        // A level read on demand stays so: the parts not yet read are read by the merged book too.
        const there = groups.get(name);
        const read = there?.read ?? group.read;
        const into: PartGroup = { firstLevel: group.firstLevel, lastLevel: group.lastLevel, of: group.of, runs: there?.runs ?? [], ...(read === undefined ? {} : { read }) };
        group.runs.forEach((run, index) => {
          if (run === undefined) return;
          const held = into.runs[index];
          into.runs[index] = held === undefined ? run : mergeRuns([held, run]);
        });
        groups.set(name, into);
      }
    }
    const spans = [...groups.values(), ...(wholes.length === 0 ? [] : [{ firstLevel: wholeLevels[0], lastLevel: wholeLevels[1] }])];
    const overlap = spans.some((a, i) => spans.some((b, j) => i < j && a.firstLevel <= b.lastLevel && b.firstLevel <= a.lastLevel));
    // An empty book covers nothing, but an empty part still covers its share of its level.
    const covering = books.filter((book) => book.size > 0 || book.part !== null);
    const firstLevel = covering.length === 0 ? 0 : Math.min(...covering.map((book) => book.firstLevel));
    const size = books.reduce((sum, book) => sum + book.size, 0);
    const depth = size === 0 ? -1 : Math.max(...books.map((book) => book.depth));
    const coverage = covering.flatMap((book) => book.#coverage);
    const header = { depth, completeDepth: completeUnion(coverage, firstLevel), weak, firstLevel, part: null };
    if (overlap) {
      const all = mergeRuns([...wholes.map((book) => book.#whole), ...[...groups.values()].flatMap((group) => group.runs.filter((run) => run !== undefined))]);
      return new OpeningBook(all, all.keys.length === 0 ? NO_LEVELS : [firstLevel, depth], [], header, coverage);
    }
    return new OpeningBook(mergeRuns(wholes.map((book) => book.#whole)), wholeLevels, [...groups.values()], header, coverage);
  }

  /**
   * The book's positions of `fewestStones` stones or more, as a book that starts there: the deep
   * level(s) of a book, to ship as a second file that `merge` joins to the first.
   */
  slice(fewestStones: number): OpeningBook {
    if (!Number.isInteger(fewestStones) || fewestStones < 0 || fewestStones > CELLS) throw new RangeError(`Invalid first level ${String(fewestStones)}`);
    // A book that itself starts deeper holds nothing shallower: slicing below its start keeps its start.
    const firstLevel = Math.max(fewestStones, this.firstLevel);
    const all = this.#all();
    const keys: number[] = [];
    const scores: number[] = [];
    let depth = -1;
    for (let i = 0; i < all.keys.length; i++) {
      const stones = stonesOfKey(all.keys[i]!);
      if (stones < firstLevel) continue;
      keys.push(all.keys[i]!);
      scores.push(all.scores[i]!);
      if (stones > depth) depth = stones;
    }
    const completeDepth = this.completeDepth >= firstLevel && keys.length > 0 ? this.completeDepth : -1;
    // A part's slice is still that part: complete only for its share.
    return OpeningBook.#of({ keys: Float64Array.from(keys), scores: Int8Array.from(scores) }, depth, completeDepth, this.weak, firstLevel, this.part);
  }

  /**
   * The book cut into `of` parts by `partOfKey`, part i at index i: each says the book's levels,
   * depth and completeness (of its share), and `merge` of all of them is the book again.
   */
  partition(of: number): OpeningBook[] {
    if (!Number.isInteger(of) || of < 2 || of > MAX_PARTS) throw new RangeError(`A book is cut into 2 to ${String(MAX_PARTS)} parts, not ${String(of)}`);
    if (this.part !== null) throw new RangeError('A part of a book cannot be cut into parts again');
    const all = this.#all();
    const partOf = Array.from(all.keys, (key) => partOfKey(key, of));
    return Array.from({ length: of }, (_, index) => {
      const keys: number[] = [];
      const scores: number[] = [];
      for (let i = 0; i < partOf.length; i++) {
        if (partOf[i] !== index) continue;
        keys.push(all.keys[i]!);
        scores.push(all.scores[i]!);
      }
      return OpeningBook.#of({ keys: Float64Array.from(keys), scores: Int8Array.from(scores) }, this.depth, this.completeDepth, this.weak, this.firstLevel, { index, of });
    });
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
    return OpeningBook.#of({ keys: Float64Array.from(keys), scores: Int8Array.from(scores) }, depth, Math.min(completeDepth, depth), weak, 0, null);
  }

  /** Decodes a book file; throws a BookFormatError saying what is wrong. */
  static decode(bytes: Uint8Array): OpeningBook {
    if (bytes.length < HEADER_BYTES) throw new BookFormatError(`not an opening book: ${String(bytes.length)} bytes, shorter than the header`);
    for (let i = 0; i < MAGIC.length; i++) if (bytes[i] !== MAGIC[i]) throw new BookFormatError('not an opening book (bad magic number)');
    const version = bytes[4]!;
    if (version !== VERSION && version !== PART_VERSION) throw new BookFormatError(`unsupported opening book version ${String(version)} (expected ${String(VERSION)} or ${String(PART_VERSION)})`);
    const headerBytes = version === PART_VERSION ? PART_HEADER_BYTES : HEADER_BYTES;
    if (bytes.length < headerBytes) throw new BookFormatError(`not an opening book: ${String(bytes.length)} bytes, shorter than the header`);
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
    if (bytes.length !== headerBytes + count * ENTRY_BYTES) {
      throw new BookFormatError(`damaged opening book: ${String(bytes.length)} bytes, expected ${String(headerBytes + count * ENTRY_BYTES)} for ${String(count)} entries`);
    }
    if (fnv1a(bytes, HEADER_BYTES) !== checksum) throw new BookFormatError('damaged opening book: checksum mismatch');
    let part: BookPart | null = null;
    if (version === PART_VERSION) {
      part = { of: view.getUint16(20, true), index: view.getUint16(22, true) };
      if (part.of < 2 || part.of > MAX_PARTS || part.index >= part.of) throw new BookFormatError(`damaged opening book: part ${String(part.index)} of ${String(part.of)}`);
    }
    const keys = new Float64Array(count);
    const scores = new Int8Array(count);
    let previous = -1;
    for (let i = 0; i < count; i++) {
      const at = headerBytes + i * ENTRY_BYTES;
      const key = view.getUint32(at, true) + (view.getUint32(at + 4, true) & 0xffffff) * 0x1_0000_0000;
      const score = view.getInt8(at + 7);
      if (key <= previous) throw new BookFormatError(`damaged opening book: entry ${String(i)} is out of order`);
      if (score < -limit || score > limit) throw new BookFormatError(`damaged opening book: entry ${String(i)} has score ${String(score)}`);
      if (part !== null && partOfKey(key, part.of) !== part.index) throw new BookFormatError(`damaged opening book: entry ${String(i)} is not of part ${String(part.index)} of ${String(part.of)}`);
      keys[i] = key;
      scores[i] = score;
      previous = key;
    }
    // An empty part keeps its depth: it still covers its share of its levels.
    return OpeningBook.#of({ keys, scores }, count === 0 && part === null ? -1 : depth, completeDepth, kind === 1, firstLevel, part);
  }

  /** The file's bytes (see the format above). */
  encode(): Uint8Array {
    const { keys, scores } = this.#all();
    const count = keys.length;
    const headerBytes = this.part === null ? HEADER_BYTES : PART_HEADER_BYTES;
    const bytes = new Uint8Array(headerBytes + count * ENTRY_BYTES);
    const view = new DataView(bytes.buffer);
    bytes.set(MAGIC, 0);
    bytes[4] = this.part === null ? VERSION : PART_VERSION;
    bytes[5] = WIDTH;
    bytes[6] = HEIGHT;
    bytes[7] = Math.max(0, this.depth);
    bytes[8] = this.completeDepth + 1;
    bytes[9] = this.weak ? 1 : 0;
    bytes[10] = this.firstLevel;
    view.setUint32(12, count, true);
    if (this.part !== null) {
      view.setUint16(20, this.part.of, true);
      view.setUint16(22, this.part.index, true);
    }
    for (let i = 0; i < count; i++) {
      const at = headerBytes + i * ENTRY_BYTES;
      const key = keys[i]!;
      view.setUint32(at, key % 0x1_0000_0000, true);
      view.setUint32(at + 4, Math.floor(key / 0x1_0000_0000), true); // < 2^17: byte 7 stays 0
      view.setInt8(at + 7, scores[i]!);
    }
    view.setUint32(16, fnv1a(bytes, HEADER_BYTES), true);
    return bytes;
  }

  get size(): number {
    let size = this.#whole.keys.length;
    for (const group of this.#groups) for (const run of group.runs) size += run?.keys.length ?? 0;
    return size;
  }

  info(): BookInfo {
    return {
      entries: this.size,
      depth: this.depth,
      completeDepth: this.completeDepth,
      firstLevel: this.firstLevel,
      bytes: (this.part === null ? HEADER_BYTES : PART_HEADER_BYTES) + this.size * ENTRY_BYTES,
      weak: this.weak,
      part: this.part,
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
    const groups = this.#groups;
    if (groups.length > 0) {
      // A key at a group's levels can be nowhere but in the part it hashes to (the invariant).
      const stones = stonesOfKey(key);
      for (let g = 0; g < groups.length; g++) {
        const group = groups[g]!;
        if (stones < group.firstLevel || stones > group.lastLevel) continue;
        const index = partOfKey(key, group.of);
        const run = group.runs[index] ?? (group.read === undefined ? undefined : this.#readPart(group, index));
        return run === undefined ? undefined : search(run, key);
      }
    }
    return search(this.#whole, key);
  }

  /** Every entry, in key order. */
  *entries(): IterableIterator<BookEntry> {
    const { keys, scores } = this.#all();
    for (let i = 0; i < keys.length; i++) yield { key: keys[i]!, score: scores[i]! };
  }

  /** Part `index` of a level read on demand, read now and kept (an empty run if the reader cannot give that part). */
  #readPart(group: PartGroup, index: number): Run {
    const book = group.read!(index);
    const run = book === undefined || partMismatch(book, group.firstLevel, index, group.of) !== undefined || book.weak !== this.weak ? EMPTY_RUN : book.#groups[0]!.runs[index]!;
    group.runs[index] = run;
    this.#allEntries = null;
    return run;
  }

  #all(): Run {
    this.#allEntries ??= this.#groups.length === 0 ? this.#whole : mergeRuns([this.#whole, ...this.#groups.flatMap((group) => group.runs.filter((run) => run !== undefined))]);
    return this.#allEntries;
  }
}

/** Sorted keys and their scores: `scores[i]` is the score of `keys[i]`, keys strictly ascending. */
interface Run {
  readonly keys: Float64Array;
  readonly scores: Int8Array;
}

/** The parts of one cut of some levels that a book holds, each at its index (see `OpeningBook.#groups`). */
interface PartGroup {
  readonly firstLevel: number;
  readonly lastLevel: number;
  readonly of: number;
  /** Filled as parts arrive: by `merge`, or by `read` on the first lookup of a part's share. */
  readonly runs: (Run | undefined)[];
  /** For a level read on demand: reads a part not yet in `runs`. */
  readonly read?: PartReader;
}

/**
 * Why `book` is not part `index` of `of` of the level of `level` stones (a file named so but
 * holding something else), or undefined if it is.
 */
export function partMismatch(book: OpeningBook, level: number, index: number, of: number): string | undefined {
  const { part, firstLevel, depth } = book.info();
  if (part === null) return `not a part of a level (expected part ${String(index)} of ${String(of)})`;
  if (part.index !== index || part.of !== of) return `part ${String(part.index)} of ${String(part.of)}, expected part ${String(index)} of ${String(of)}`;
  if (firstLevel !== level || depth !== level) return `positions of ${String(firstLevel)} to ${String(depth)} stones, expected ${String(level)}`;
  return undefined;
}

const EMPTY_RUN: Run = { keys: new Float64Array(0), scores: new Int8Array(0) };
const NO_LEVELS: readonly [number, number] = [0, -1];

/** The score of `key` in a run, by binary search, or undefined. */
function search(run: Run, key: number): number | undefined {
  const keys = run.keys;
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid]!;
    if (k < key) lo = mid + 1;
    else if (k > key) hi = mid - 1;
    else return run.scores[mid]!;
  }
  return undefined;
}

/** Runs as one; a key in two must have one score. Smallest two first, as a Huffman tree, so that few passes go over the largest. */
function mergeRuns(runs: readonly Run[]): Run {
  const queue = [...runs];
  if (queue.length === 0) return EMPTY_RUN;
  while (queue.length > 1) {
    queue.sort((x, y) => x.keys.length - y.keys.length);
    const [a, b] = queue.splice(0, 2) as [Run, Run];
    const [keys, scores] = mergeSorted(a.keys, a.scores, b.keys, b.scores);
    queue.push({ keys, scores });
  }
  return queue[0]!;
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
 * The complete depth of books merged, from the files they were made of: their complete spans
 * (first level to complete depth) joined while they touch, from the merged book's first level on;
 * -1 if none starts there. The parts of a level make a span only when every one of them is there.
 */
function completeUnion(coverage: readonly Coverage[], firstLevel: number): number {
  const spans = coverage.filter((file) => file.part === null && file.completeDepth >= file.firstLevel);
  const partsSeen = new Map<string, { readonly span: Coverage; readonly of: number; readonly indices: Set<number> }>();
  for (const file of coverage) {
    if (file.part === null || file.completeDepth < file.firstLevel) continue;
    const group = `${String(file.firstLevel)} ${String(file.completeDepth)} ${String(file.part.of)}`;
    const seen = partsSeen.get(group) ?? { span: file, of: file.part.of, indices: new Set<number>() };
    seen.indices.add(file.part.index);
    partsSeen.set(group, seen);
  }
  for (const { span, of, indices } of partsSeen.values()) if (indices.size === of) spans.push(span);
  spans.sort((x, y) => x.firstLevel - y.firstLevel);
  let end = firstLevel - 1;
  for (const span of spans) if (span.firstLevel <= end + 1) end = Math.max(end, span.completeDepth);
  return end >= firstLevel ? end : -1;
}

function checkEntry(key: number, score: number, weak: boolean): void {
  if (!Number.isSafeInteger(key) || key < 0 || key >= 2 ** 49) throw new RangeError(`Invalid book key ${String(key)}`);
  const limit = weak ? 1 : 18;
  if (!Number.isInteger(score) || score < -limit || score > limit) throw new RangeError(`Invalid book score ${String(score)}`);
}
