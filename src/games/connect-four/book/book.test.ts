import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { BookFormatError, MAX_PARTS, OpeningBook, canonicalKey, fnv1a, partMismatch, partOfKey, stonesOfKey, type BookEntry } from './book.js';
import { bookPositions, completeLevels, deriveScores } from './builder.js';

/** The mirror image of a move string (column c ↔ 8 - c, 1-based). */
const mirror = (moves: string): string => [...moves].map((c) => String(8 - Number(c))).join('');

/** A small real book: every position reachable from `root` up to `depth` stones, solved by the solver. */
function solvedBook(root: string, depth: number): { book: OpeningBook; known: Map<number, number>; levels: ReturnType<typeof bookPositions> } {
  const levels = bookPositions(root, depth);
  const solver = new Solver({ tableSize: (1 << 17) + 1 });
  const known = new Map<number, number>();
  for (const e of levels[levels.length - 1]!) known.set(e.key, solver.solve(Position.fromMoves(e.moves)));
  deriveScores(levels, known);
  const entries = levels.flat().flatMap((e) => (known.has(e.key) ? [{ key: e.key, score: known.get(e.key)!, moves: e.stones }] : []));
  return { book: OpeningBook.fromEntries(entries), known, levels };
}

// A Middle-Easy position with 26 stones (score 2): its subtree solves in milliseconds.
const ROOT = '21253774536432517717274325';

describe('canonical keys', () => {
  it('tell the stone count of their position (full columns, empty ones and the word boundary included)', () => {
    for (const moves of ['', '4', '1111117', '444444', '7777771111112222223333', '12345671234567', '2252576253462244111563365343671351441']) {
      const p = Position.fromMoves(moves);
      expect(stonesOfKey(canonicalKey(p)), moves).toBe(p.moves);
      expect(stonesOfKey(p.key()), moves).toBe(p.moves);
    }
  });

  it('are equal for a position and its mirror image, and differ otherwise', () => {
    const seen = new Map<number, string>();
    for (const level of bookPositions('', 5)) {
      for (const e of level) {
        expect(canonicalKey(Position.fromMoves(mirror(e.moves)))).toBe(e.key);
        expect(seen.has(e.key)).toBe(false);
        seen.set(e.key, e.moves);
      }
    }
  });

  it('give the mirror-reduced position counts of the first levels', () => {
    // Positions per depth (1, 7, 49, 238, 1120) reduced by the mirror: symmetric positions count once.
    const naive = (depth: number): number => {
      let frontier = new Set(['']);
      for (let d = 0; d < depth; d++) {
        const next = new Map<string, string>();
        for (const moves of frontier) {
          for (let c = 1; c <= 7; c++) {
            const p = Position.fromMoves(moves);
            if (!p.canPlay(c - 1)) continue;
            p.play(c - 1);
            if (p.isGameOver()) continue;
            // Identify a position by its board drawing, and its mirror by the mirrored drawing.
            const board = p.toString();
            const flipped = Position.fromMoves(mirror(moves + String(c))).toString();
            next.set(board < flipped ? board : flipped, moves + String(c));
          }
        }
        frontier = new Set(next.values());
      }
      return frontier.size;
    };
    const levels = bookPositions('', 5);
    expect(levels.map((l) => l.length)).toEqual([0, 1, 2, 3, 4, 5].map((d) => (d === 0 ? 1 : naive(d))));
  });
});

describe('OpeningBook', () => {
  it('round-trips through its file format and answers lookups', () => {
    const { book, known } = solvedBook(ROOT, 29);
    const again = OpeningBook.decode(book.encode());
    expect([...again.entries()]).toEqual([...book.entries()]);
    expect(again.depth).toBe(29);
    for (const [key, score] of known) expect(again.scoreOfKey(key)).toBe(score);
    expect(again.score(Position.fromMoves('4455'))).toBeUndefined();
  });

  it('holds scores that agree with the solver, also for the mirror images', () => {
    const { book, levels } = solvedBook(ROOT, 29);
    const solver = new Solver({ tableSize: (1 << 17) + 1 });
    let checked = 0;
    for (const level of levels) {
      for (const e of level) {
        for (const moves of [e.moves, mirror(e.moves)]) {
          const p = Position.fromMoves(moves);
          expect(book.score(p)).toBe(solver.solve(p));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('derives every level above a complete one, and only true scores from a partial one', () => {
    const { known, levels } = solvedBook(ROOT, 29);
    expect(completeLevels(levels, known)).toBe(levels.length - 1);
    const deepest = levels[levels.length - 1]!;
    // Half of the deepest level solved: what can be derived is right, the rest is left out.
    const partial = new Map<number, number>();
    for (const e of deepest.slice(0, deepest.length >> 1)) partial.set(e.key, known.get(e.key)!);
    const added = deriveScores(levels, partial);
    expect(added).toBeGreaterThan(0);
    for (const [key, score] of partial) expect(score).toBe(known.get(key));
    expect(partial.size).toBeLessThan(known.size);
    expect(completeLevels(levels, partial)).toBeLessThan(levels.length - 1);
  });

  it('rejects a damaged file with a clear error', () => {
    const bytes = solvedBook(ROOT, 28).book.encode();
    const flipped = bytes.slice();
    flipped[bytes.length - 3]! ^= 0x10;
    expect(() => OpeningBook.decode(flipped)).toThrow(/checksum/);
    expect(() => OpeningBook.decode(bytes.slice(0, bytes.length - 1))).toThrow(BookFormatError);
    expect(() => OpeningBook.decode(bytes.slice(0, 10))).toThrow(/shorter than the header/);
    const magic = bytes.slice();
    magic[0] = 0;
    expect(() => OpeningBook.decode(magic)).toThrow(/magic/);
    expect(fnv1a(new Uint8Array([1, 2, 3]))).not.toBe(fnv1a(new Uint8Array([1, 2, 4])));
  });
});

describe('A book in two files', () => {
  /** The book of ROOT's subtree to 29 stones, taken as complete (every position of the subtree is there). */
  function wholeAndLevels(): { whole: OpeningBook; entries: (BookEntry & { moves: number })[] } {
    const { book } = solvedBook(ROOT, 29);
    const entries = [...book.entries()].map((e) => ({ ...e, moves: stonesOfKey(e.key) }));
    return { whole: OpeningBook.fromEntries(entries, 29), entries };
  }

  it('is the deep level sliced off and the opening levels, merged back byte for byte in either order', () => {
    const { whole, entries } = wholeAndLevels();
    const deep = OpeningBook.decode(whole.slice(28).encode());
    expect(deep.info()).toMatchObject({ firstLevel: 28, completeDepth: 29, depth: 29 });
    // Sliced again below its start, a deep level does not claim the levels it never held.
    expect(deep.slice(20).info()).toEqual(deep.info());
    expect(deep.size).toBe(entries.filter((e) => e.moves >= 28).length);
    expect(deep.size).toBeGreaterThan(0);
    // A position of the opening levels is not the deep file's to answer.
    const shallow = entries.find((e) => e.moves === 27)!;
    expect(deep.scoreOfKey(shallow.key)).toBeUndefined();
    expect(whole.scoreOfKey(shallow.key)).toBe(shallow.score);
    const opening = OpeningBook.fromEntries(entries.filter((e) => e.moves < 28), 27);
    expect(opening.completeDepth).toBe(27);
    for (const merged of [OpeningBook.merge(opening, deep), OpeningBook.merge(deep, opening)]) {
      expect(merged.info()).toEqual(whole.info());
      expect(merged.encode()).toEqual(whole.encode());
    }
  });

  it('joins only the complete levels that touch, and refuses books that disagree or differ in kind', () => {
    const { whole, entries } = wholeAndLevels();
    // Levels up to 26 and from 28: level 27 is missing, so only the first span stays complete.
    const upTo26 = OpeningBook.fromEntries(entries.filter((e) => e.moves <= 26), 26);
    const gap = OpeningBook.merge(upTo26, whole.slice(28));
    expect(gap.completeDepth).toBe(26);
    expect(gap.depth).toBe(29);
    // Alone, a deep level's file is complete from its first level, not from the empty board.
    expect(OpeningBook.merge(OpeningBook.empty(), whole.slice(28)).info()).toMatchObject({ firstLevel: 28, completeDepth: 29 });
    const [first] = entries;
    const liar = OpeningBook.fromEntries([{ ...first!, score: first!.score === 0 ? 1 : 0 }]);
    expect(() => OpeningBook.merge(whole, liar)).toThrow(/Two scores/);
    const values = OpeningBook.fromEntries([{ ...first!, score: Math.sign(first!.score) }], -1, true);
    expect(() => OpeningBook.merge(whole, values)).toThrow(/exact scores with a book of values/);
  });

  it('rejects a header whose first level lies past its complete depth', () => {
    const bytes = wholeAndLevels().whole.slice(28).encode();
    bytes[10] = 30;
    expect(() => OpeningBook.decode(bytes)).toThrow(/first level 30, complete depth 29/);
  });
});

describe('A level in parts', () => {
  const { book: solved } = solvedBook(ROOT, 29);
  const entries = [...solved.entries()].map((e) => ({ ...e, moves: stonesOfKey(e.key) }));
  const whole = OpeningBook.fromEntries(entries, 29);
  const opening = OpeningBook.fromEntries(entries.filter((e) => e.moves < 28), 27);
  const deep = whole.slice(28);

  it('holds in part i exactly the entries whose key hashes to i, each part a version-2 file that round-trips', () => {
    const parts = deep.partition(8);
    expect(parts.map((part) => part.part)).toEqual(Array.from({ length: 8 }, (_, index) => ({ index, of: 8 })));
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(deep.size);
    for (const part of parts) {
      for (const { key } of part.entries()) expect(partOfKey(key, 8)).toBe(part.part!.index);
      const bytes = part.encode();
      expect(bytes[4]).toBe(2);
      expect(bytes.length).toBe(24 + 8 * part.size);
      const read = OpeningBook.decode(bytes);
      expect(read.info()).toEqual(part.info());
      expect(read.info()).toMatchObject({ firstLevel: 28, depth: 29, completeDepth: 29, part: part.part });
      expect([...read.entries()]).toEqual([...part.entries()]);
    }
    // A whole level stays a version-1 file.
    expect(deep.encode()[4]).toBe(1);
  });

  it('merges back into the level, byte for byte, in any order and any batches; complete only once every part is in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 40, maxLength: 40 }),
        (of, order, batchSizes) => {
          const parts = deep.partition(of).map((part) => OpeningBook.decode(part.encode()));
          // A random order of the parts (the sort keys), taken in random batches.
          const shuffled = parts.map((part, i) => ({ part, rank: order[i]! * 64 + i })).sort((x, y) => x.rank - y.rank).map(({ part }) => part);
          let book = opening;
          let taken = 0;
          for (let batch = 0; taken < of; batch++) {
            const next = shuffled.slice(taken, taken + batchSizes[batch % batchSizes.length]!);
            taken += next.length;
            book = OpeningBook.merge(book, ...next);
            // Until the last part is in, the level is not complete; its positions in are answered.
            expect(book.completeDepth).toBe(taken === of ? 29 : 27);
            for (const part of next) for (const { key, score } of part.entries()) expect(book.scoreOfKey(key)).toBe(score);
          }
          expect(book.encode()).toEqual(whole.encode());
          // Looked up in its parts, every position answers as in the whole book; others not at all.
          for (const { key, score } of whole.entries()) expect(book.scoreOfKey(key)).toBe(score);
          expect(book.scoreOfKey(canonicalKey(Position.fromMoves(ROOT.slice(0, 20))))).toBeUndefined();
          // The parts alone make the level, whole, from its first level.
          expect(OpeningBook.merge(...shuffled).encode()).toEqual(deep.encode());
        },
      ),
      { numRuns: 60 },
    );
  });

  it('counts a part once however often it is merged, and a part of another cut not at all', () => {
    const eight = deep.partition(8);
    const four = deep.partition(4);
    // Seven of eight parts twice over, and a part of the four: the level is still not complete.
    expect(OpeningBook.merge(opening, ...eight.slice(1), ...eight.slice(1), four[0]!).completeDepth).toBe(27);
    expect(OpeningBook.merge(opening, ...eight.slice(1), four[0]!, eight[0]!).completeDepth).toBe(29);
    // A part sliced is still a part: it never claims the whole level.
    expect(OpeningBook.merge(opening, eight[0]!.slice(28)).completeDepth).toBe(27);
  });

  it('refuses a bad number of parts, a part cut again and a damaged part header', () => {
    expect(() => deep.partition(1)).toThrow(/2 to 4096 parts, not 1/);
    expect(() => deep.partition(MAX_PARTS + 1)).toThrow(/not 4097/);
    expect(() => deep.partition(2.5)).toThrow(/not 2.5/);
    const [part] = deep.partition(4);
    expect(() => part!.partition(2)).toThrow(/cannot be cut into parts again/);
    const bytes = part!.encode();
    // Index 5 of 4 (the checksum covers the part fields: recomputed, as a writer that erred would).
    bytes[22] = 5;
    new DataView(bytes.buffer).setUint32(16, fnv1a(bytes, 20), true);
    expect(() => OpeningBook.decode(bytes)).toThrow(/damaged opening book: part 5 of 4/);
    // Unrecomputed, a flipped part field fails the checksum.
    const flipped = part!.encode();
    flipped[20]! ^= 1;
    expect(() => OpeningBook.decode(flipped)).toThrow(/checksum/);
    expect(() => OpeningBook.decode(flipped.slice(0, 22))).toThrow(/shorter than the header/);
  });

  it('spreads keys evenly over the parts', () => {
    const counts = new Array<number>(16).fill(0);
    for (const { key } of OpeningBook.fromEntries(entries).entries()) counts[partOfKey(key, 16)]!++;
    const mean = entries.length / 16;
    // A chi-squared statistic far below what a skewed hash gives (15 degrees of freedom: 99.9% below 37.7).
    const chi2 = counts.reduce((sum, count) => sum + (count - mean) ** 2 / mean, 0);
    expect(chi2).toBeLessThan(37.7);
  });
});

describe('Levels read on demand', () => {
  const { book: solved } = solvedBook(ROOT, 29);
  const entries = [...solved.entries()].map((e) => ({ ...e, moves: stonesOfKey(e.key) }));
  const whole = OpeningBook.fromEntries(entries, 29);
  const upTo28 = OpeningBook.fromEntries(
    entries.filter((e) => e.moves < 29),
    28,
  );
  // The level of 29 stones in four part files, as shipped.
  const parts = whole
    .slice(29)
    .partition(4)
    .map((part) => OpeningBook.decode(part.encode()));
  const onDemand = (read: (index: number) => OpeningBook | undefined, base = upTo28): OpeningBook => OpeningBook.withLevelsOnDemand(base, [{ level: 29, of: 4, read }]);
  const deepKeys = [...parts.flatMap((part) => [...part.entries()])];

  it('reads a part once, the first time a lookup needs it, and then answers as the whole book', () => {
    expect(deepKeys.length).toBeGreaterThan(8);
    const reads: number[] = [];
    const book = onDemand((index) => {
      reads.push(index);
      return parts[index];
    });
    expect(book.info()).toMatchObject({ depth: 29, completeDepth: 28, entries: upTo28.size });
    expect(reads).toEqual([]);
    // A shallower position reads nothing.
    const [shallow] = upTo28.entries();
    expect(book.scoreOfKey(shallow!.key)).toBe(shallow!.score);
    expect(reads).toEqual([]);
    const first = deepKeys[0]!;
    expect(book.scoreOfKey(first.key)).toBe(first.score);
    expect(reads).toEqual([partOfKey(first.key, 4)]);
    for (const { key, score } of whole.entries()) expect(book.scoreOfKey(key)).toBe(score);
    expect([...reads].sort()).toEqual([0, 1, 2, 3]);
    expect(book.size).toBe(whole.size);
    expect([...book.entries()]).toEqual([...whole.entries()]);
  });

  it('gives the solver the same answers as the whole book, also with nothing but the level', () => {
    const position = Position.fromMoves(ROOT.slice(0, 27));
    const expected = new Solver({ tableSize: (1 << 17) + 1, book: whole }).analyze(position);
    expect(new Solver({ tableSize: (1 << 17) + 1, book: onDemand((index) => parts[index]) }).analyze(position)).toEqual(expected);
    const reads: number[] = [];
    const alone = onDemand((index) => {
      reads.push(index);
      return parts[index];
    }, OpeningBook.empty());
    expect(alone.info()).toMatchObject({ depth: 29, firstLevel: 29, entries: 0 });
    expect(new Solver({ tableSize: (1 << 17) + 1, book: alone }).analyze(position)).toEqual(expected);
    expect(reads.length).toBeGreaterThan(0);
  });

  it('leaves out for good a part its reader cannot give, or gives wrong, and reads it only once', () => {
    const reads: number[] = [];
    // Part 1 cannot be had; part 2's file holds part 3; part 3's holds a part of another cut.
    const other = whole.slice(29).partition(8)[3]!;
    const book = onDemand((index) => {
      reads.push(index);
      return index === 1 ? undefined : index === 2 ? parts[3] : index === 3 ? other : parts[index];
    });
    for (let round = 0; round < 2; round++) {
      for (const { key, score } of deepKeys) expect(book.scoreOfKey(key)).toBe(partOfKey(key, 4) === 0 ? score : undefined);
    }
    expect([...reads].sort()).toEqual([0, 1, 2, 3]);
    expect(partMismatch(parts[3]!, 29, 2, 4)).toBe('part 3 of 4, expected part 2 of 4');
    expect(partMismatch(other, 29, 3, 4)).toBe('part 3 of 8, expected part 3 of 4');
    expect(partMismatch(whole.slice(29), 29, 0, 4)).toMatch(/not a part of a level/);
    expect(partMismatch(whole.slice(28).partition(4)[0]!, 29, 0, 4)).toBe('positions of 28 to 29 stones, expected 29');
    expect(partMismatch(parts[0]!, 29, 0, 4)).toBeUndefined();
  });

  it('stays read on demand when merged or built on, never writing into the book it was built on, and refuses a level the book holds or a bad cut', () => {
    const reads: number[] = [];
    const merged = OpeningBook.merge(
      onDemand((index) => {
        reads.push(index);
        return parts[index];
      }),
      parts[0]!,
    );
    const [inZero] = parts[0]!.entries();
    expect(merged.scoreOfKey(inZero!.key)).toBe(inZero!.score);
    expect(reads).toEqual([]);
    for (const { key, score } of deepKeys) expect(merged.scoreOfKey(key)).toBe(score);
    expect([...reads].sort()).toEqual([1, 2, 3]);
    // A book built on a lazy one (the same reader) keeps the parts it reads: the base is left as it was.
    const base = onDemand((index) => parts[index]);
    const onTop = OpeningBook.withLevelsOnDemand(base, []);
    for (const { key, score } of deepKeys) expect(onTop.scoreOfKey(key)).toBe(score);
    expect(onTop.size).toBe(whole.size);
    expect(base.size).toBe(upTo28.size);
    expect(() => OpeningBook.withLevelsOnDemand(whole, [{ level: 29, of: 4, read: () => undefined }])).toThrow(/level of 29 stones is already in the book/);
    expect(() => OpeningBook.withLevelsOnDemand(upTo28, [{ level: 29, of: 1, read: () => undefined }])).toThrow(/2 to 4096 parts, not 1/);
    expect(() => OpeningBook.withLevelsOnDemand(upTo28, [{ level: 43, of: 4, read: () => undefined }])).toThrow(/Invalid level 43/);
  });
});

describe('Solver with a book', () => {
  it('answers book positions without search and matches the plain solver elsewhere', () => {
    const { book, levels } = solvedBook(ROOT, 29);
    const withBook = new Solver({ tableSize: (1 << 17) + 1, book });
    const plain = new Solver({ tableSize: (1 << 17) + 1 });
    const root = Position.fromMoves(ROOT);
    const result = withBook.search(root);
    expect(result.nodes).toBe(0);
    expect(result.score).toBe(plain.solve(root));
    expect(withBook.solve(root, true)).toBe(Math.sign(result.score!));
    expect(withBook.analyze(root)).toEqual(plain.analyze(root));
    // Deeper than the book: searched, and the search stops on the book's positions.
    const deeper = Position.fromMoves(levels[levels.length - 1]![0]!.moves + '6');
    expect(deeper.isGameOver()).toBe(false);
    expect(withBook.solve(deeper)).toBe(plain.solve(deeper));
    const best = withBook.bestMove(root);
    expect(best.complete).toBe(true);
    const after = root.clone();
    after.play(best.column);
    expect(after.isWin() || -plain.solve(after) === result.score).toBe(true);
  });
});
