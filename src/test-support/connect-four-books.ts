/**
 * The opening books shipped with Connect Four, for the game's own tests. Reading files is the
 * Node side's business (src/arena/connect-four/book-file.ts), above the games layer; test support
 * may reach it. A missing or damaged book fails the test that asks for it.
 */
import type { OpeningBook } from '../games/connect-four/book/book.js';
import { DEFAULT_BOOK_PATH, DEFAULT_VALUES_PATH, readBookFile } from '../arena/connect-four/book-file.js';

/** The book of exact opening scores. */
export const shippedBook = (): OpeningBook => readBookFile(DEFAULT_BOOK_PATH);

/** The strategy book (win/draw/loss values). */
export const shippedValues = (): OpeningBook => readBookFile(DEFAULT_VALUES_PATH);
