/**
 * Reading and writing opening-book files: the Node side of book/book.ts (which only decodes
 * bytes, so the browser can load the same file with `fetch`). Here, below the CLI and the bench,
 * because the arena's solver players load the shipped books too.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BookFormatError, OpeningBook } from '../../games/connect-four/book/book.js';

/** The book shipped in the repository (read from src/, next to the module that decodes it). */
export const DEFAULT_BOOK_PATH = fileURLToPath(new URL('../../../src/games/connect-four/book/opening.c4book', import.meta.url));

/** The strategy book shipped in the repository: win/draw/loss values (book/strategy.ts). */
export const DEFAULT_VALUES_PATH = fileURLToPath(new URL('../../../src/games/connect-four/book/strategy.c4book', import.meta.url));

/** Reads and checks a book file; throws a BookFormatError (or the file system's error) naming the file. */
export function readBookFile(path: string): OpeningBook {
  const bytes = readFileSync(path);
  try {
    return OpeningBook.decode(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    if (error instanceof BookFormatError) throw new BookFormatError(`${path}: ${error.message}`);
    throw error;
  }
}

/** What a book holds, as the errors name it. */
export function kindOf(weak: boolean): string {
  return weak ? 'a strategy book (values)' : 'a book of exact scores';
}

/**
 * The book to use by default: the shipped one if it is there and sound. A damaged book is not
 * fatal — the solver works without it — so this reports the problem through `warn` and returns
 * undefined.
 */
export function loadDefaultBook(warn: (message: string) => void, path = DEFAULT_BOOK_PATH, weak = false): OpeningBook | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const book = readBookFile(path);
    if (book.weak !== weak) throw new BookFormatError(`${path}: ${kindOf(book.weak)}, expected ${kindOf(weak)}`);
    return book;
  } catch (error) {
    warn(`opening book not used: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/** The shipped strategy book (values), or undefined (with a warning through `warn` if it is damaged). */
export function loadDefaultValues(warn: (message: string) => void, path = DEFAULT_VALUES_PATH): OpeningBook | undefined {
  return loadDefaultBook(warn, path, true);
}

/** Writes a book atomically (a temporary file renamed over the target). */
export function writeBookFile(path: string, book: OpeningBook): void {
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, book.encode());
  renameSync(temporary, path);
}
