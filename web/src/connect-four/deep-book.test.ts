import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { canonicalKey, OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { DEEP_LEVEL_PARTS, SHIPPED_DEEP_LEVELS } from '../../../src/games/connect-four/book/shipped.js';
import { Position } from '../../../src/games/connect-four/position.js';
import { deepPartUrl } from './book-urls.js';
import { deepLevelWaitedFor, deepPartsWaitedFor, ownDeepPart } from './deep-book.js';

const partsOf = (level: (typeof SHIPPED_DEEP_LEVELS)[number]): OpeningBook[] =>
  Array.from({ length: DEEP_LEVEL_PARTS[level] }, (_, index) => OpeningBook.decode(readFileSync(deepPartUrl(level, index))));

describe('the deep levels of the opening book', () => {
  it('are each cut into the parts the page expects, which together hold the one complete level', () => {
    for (const level of SHIPPED_DEEP_LEVELS) {
      const parts = partsOf(level);
      parts.forEach((part, index) => {
        const info = part.info();
        expect({ first: info.firstLevel, last: info.depth, complete: info.completeDepth, part: info.part }).toEqual({ first: level, last: level, complete: level, part: { index, of: DEEP_LEVEL_PARTS[level] } });
      });
      expect(OpeningBook.merge(...parts).info()).toMatchObject({ firstLevel: level, depth: level, completeDepth: level, part: null });
    }
    // The folder holds those parts and nothing else (a file left over would be shipped for nothing).
    const folder = fileURLToPath(new URL('.', deepPartUrl(SHIPPED_DEEP_LEVELS[0], 0)));
    const names = SHIPPED_DEEP_LEVELS.flatMap((level) => Array.from({ length: DEEP_LEVEL_PARTS[level] }, (_, index) => fileURLToPath(deepPartUrl(level, index)).slice(folder.length)));
    expect(readdirSync(folder).sort()).toEqual(names.sort());
  });

  it('are waited for by the positions whose children they hold, and by no other', () => {
    const waiting = Array.from({ length: 43 }, (_, stones) => [stones, deepLevelWaitedFor(stones)] as const).filter(([, level]) => level !== undefined);
    expect(waiting).toEqual([
      [8, 9],
      [9, 10],
      [10, 11],
    ]);
  });

  it('are waited for in the parts that hold every child of the position, a few of them', () => {
    const level10 = partsOf(10);
    // Begin-Hard positions of 9 stones, one with a full column (only six children).
    for (const moves of ['127265363', '532146527', '444444123']) {
      const waited = deepPartsWaitedFor(moves)!;
      expect(waited.level).toBe(10);
      expect(waited.parts.length).toBeLessThanOrEqual(7);
      expect(waited.parts).toEqual([...new Set(waited.parts)].sort((a, b) => a - b));
      const merged = OpeningBook.merge(...waited.parts.map((index) => level10[index]!));
      const position = Position.fromMoves(moves);
      for (let column = 0; column < 7; column++) {
        if (!position.canPlay(column)) continue;
        const child = position.clone();
        child.play(column);
        if (child.canWinNext()) continue; // not stored: the solver settles these before any look-up
        expect(merged.scoreOfKey(canonicalKey(child)), `${moves} + ${String(column + 1)}`).toBeDefined();
      }
    }
    expect(deepPartsWaitedFor('444444123')!.parts.length).toBeLessThanOrEqual(6);
    // Not for other depths, a finished game or a string that is not a game.
    expect(deepPartsWaitedFor('4444')).toBeUndefined();
    expect(deepPartsWaitedFor('121212341')).toBeUndefined();
    expect(deepPartsWaitedFor('444444444')).toBeUndefined();
  });

  it("give a position of the deepest level, whose children they do not hold, its own part", () => {
    const deepest = Math.max(...SHIPPED_DEEP_LEVELS) as (typeof SHIPPED_DEEP_LEVELS)[number];
    const parts = partsOf(deepest);
    // Begin-Hard positions of the deepest level (11 stones), the slowest the page searches.
    for (const moves of ['52511551752', '72312275551', '11631725662', '65411257332']) {
      expect(moves.length).toBe(deepest);
      const own = ownDeepPart(moves)!;
      expect(own.level).toBe(deepest);
      expect(parts[own.part]!.scoreOfKey(canonicalKey(Position.fromMoves(moves))), moves).toBeDefined();
      // No other part holds it.
      expect(parts.filter((part) => part.scoreOfKey(canonicalKey(Position.fromMoves(moves))) !== undefined)).toHaveLength(1);
    }
    // Not for a position whose children a level holds (it waits for those), nor past the levels,
    // nor for a finished game or a string that is not a game.
    expect(ownDeepPart('5251155175')).toBeUndefined();
    expect(deepPartsWaitedFor('5251155175')).toBeDefined();
    expect(ownDeepPart('525115517524')).toBeUndefined();
    expect(ownDeepPart('12121213444')).toBeUndefined();
    expect(ownDeepPart('4444444')).toBeUndefined();
  });
});
