/**
 * The books a Connect Four worker holds (the engine worker and Show solution's analysis helper
 * alike), and how a book file arriving joins them: the strategy book replaces the values, a file of
 * the opening book (its opening levels, or parts of a deep level) is merged into what has arrived,
 * in any order. Both workers take files in through here, so that the helper's books are the
 * worker's whenever it has been given the same files.
 */
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';

export interface Books {
  /** The strategy book (win/draw/loss values). */
  readonly values?: OpeningBook;
  /** The opening book (exact scores), merged from the files that have arrived. */
  readonly book?: OpeningBook;
}

/** What a book file is to the worker. */
export type BookRole = 'values' | 'opening';

/**
 * `books` with the files taken in (several parts of a level merge in one go). Throws (a
 * RangeError) if an opening file scores a position apart from the book: the caller leaves it out.
 */
export function withBookFiles(books: Books, role: BookRole, files: readonly OpeningBook[]): Books {
  if (files.length === 0) return books;
  if (role === 'values') return { ...books, values: files[files.length - 1]! };
  return { ...books, book: books.book === undefined ? OpeningBook.merge(...files) : OpeningBook.merge(books.book, ...files) };
}
