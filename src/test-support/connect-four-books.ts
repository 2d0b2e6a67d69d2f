/**
 * The opening books shipped with Connect Four, for the game's own tests. Reading files is the
 * Node side's business (src/arena/connect-four/book-file.ts), above the games layer; test support
 * may reach it. A missing or damaged book fails the test that asks for it.
 */
import { OpeningBook } from '../games/connect-four/book/book.js';
import { DEFAULT_BOOK_PATH, DEFAULT_VALUES_PATH, readBookFile, SHIPPED_BOOK_PATHS } from '../arena/connect-four/book-file.js';

/** The book of exact opening scores: its files (the opening levels and the deep levels) merged. */
export const shippedBook = (): OpeningBook => OpeningBook.merge(...SHIPPED_BOOK_PATHS.map(readBookFile));

/** The opening levels alone (the file `opening.c4book`, without the deep levels). */
export const shippedOpeningLevels = (): OpeningBook => readBookFile(DEFAULT_BOOK_PATH);

/** The strategy book (win/draw/loss values). */
export const shippedValues = (): OpeningBook => readBookFile(DEFAULT_VALUES_PATH);
