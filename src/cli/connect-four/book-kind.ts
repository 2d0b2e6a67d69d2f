/** Book files an option takes only of one kind: the other kind is a usage error (exit 2). */
import type { OpeningBook } from '../../games/connect-four/book/book.js';
import { kindOf, readBookFile } from '../../arena/connect-four/book-file.js';
import { UsageError } from '../options.js';

/**
 * Reads a book file that `option` takes only of one kind (`weak`: values); the other kind is a
 * UsageError naming both (`hint` is appended, e.g. the option that does take it).
 */
export function readBookOfKind(path: string, weak: boolean, option: string, hint = ''): OpeningBook {
  const book = readBookFile(path);
  if (book.weak !== weak) throw new UsageError(`${path}: ${kindOf(book.weak)}; ${option} takes ${kindOf(weak)}${hint}`);
  return book;
}
