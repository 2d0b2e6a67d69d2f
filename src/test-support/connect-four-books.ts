/**
 * The opening books shipped with Connect Four, for the game's own tests. Reading files is the
 * Node side's business (src/arena/connect-four/book-file.ts), above the games layer; test support
 * may reach it. A missing or damaged book fails the test that asks for it.
 */
import { OpeningBook } from '../games/connect-four/book/book.js';
import { Position } from '../games/connect-four/position.js';
import { randomInt, rngFromSeed } from '../core/random.js';
import { DEFAULT_BOOK_PATH, DEFAULT_VALUES_PATH, readBookFile, SHIPPED_BOOK_PATHS } from '../arena/connect-four/book-file.js';

/** The book of exact opening scores: its files (the opening levels and the deep levels) merged. */
export const shippedBook = (): OpeningBook => OpeningBook.merge(...SHIPPED_BOOK_PATHS.map(readBookFile));

/** The opening levels alone (the file `opening.c4book`, without the deep levels). */
export const shippedOpeningLevels = (): OpeningBook => readBookFile(DEFAULT_BOOK_PATH);

/** The strategy book (win/draw/loss values). */
export const shippedValues = (): OpeningBook => readBookFile(DEFAULT_VALUES_PATH);

/**
 * `count` positions of `stones` stones reached by random play from `seed` (repeats possible),
 * each one whose side to move cannot win at once (the books store no such position): a sample of
 * a level too large to enumerate in a test.
 */
export function randomLevelPositions(stones: number, count: number, seed: number): string[] {
  const rng = rngFromSeed(seed);
  const found: string[] = [];
  while (found.length < count) {
    const position = new Position();
    while (position.moves < stones && !position.canWinNext()) {
      const legal = position.legalMoves();
      position.play(legal[randomInt(rng, legal.length)]!);
    }
    if (position.moves === stones && !position.canWinNext()) found.push(position.toMoves());
  }
  return found;
}
