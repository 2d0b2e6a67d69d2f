/**
 * The books of `tabletop connect-four solve`, as its options ask for them: `--book FILE` (exact
 * scores or values, by the file's kind), `--no-book`, or by default the shipped ones. Shared by
 * the command and its analysis helper thread (analysis-helper.ts), so both search with the same
 * books.
 */
import type { OpeningBook } from '../../games/connect-four/book/book.js';
import { loadDefaultBook, loadDefaultValues, readBookFile } from '../../arena/connect-four/book-file.js';

export interface SolveBooks {
  readonly book?: OpeningBook;
  readonly values?: OpeningBook;
}

/** `option`: a book file, false for --no-book, undefined for the shipped books; `warn` hears what is left out of them. */
export function loadSolveBooks(option: string | false | undefined, warn: (message: string) => void): SolveBooks {
  if (option === false) return {};
  if (option !== undefined) {
    const given = readBookFile(option);
    return given.weak ? { values: given } : { book: given };
  }
  const book = loadDefaultBook(warn);
  const values = loadDefaultValues(warn);
  return { ...(book === undefined ? {} : { book }), ...(values === undefined ? {} : { values }) };
}
