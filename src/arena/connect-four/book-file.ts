/**
 * Reading and writing opening-book files: the Node side of book/book.ts (which only decodes
 * bytes, so the browser can load the same file with `fetch`). Here, below the CLI and the bench,
 * because the arena's solver players load the shipped books too.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BookFormatError, OpeningBook, partMismatch } from '../../games/connect-four/book/book.js';
import { DEEP_LEVEL_PARTS, DEEP_LEVELS_FOLDER, deepPartFileName, SHIPPED_DEEP_LEVELS, shippedDeepPartFiles, type ShippedDeepLevel } from '../../games/connect-four/book/shipped.js';
import { checkWholeFileTarget, READ_LIMITS, readBoundedFile, refuseSameFiles, writeWholeFile, type NamedPath } from '../../lab/files.js';

/**
 * The shipped book, beside the module that decodes it: in src/ when run from the sources, in dist/
 * when built (`npm run build` copies the books there, and the npm package ships dist/, not src/).
 */
export const DEFAULT_BOOK_PATH = fileURLToPath(new URL('../../games/connect-four/book/opening.c4book', import.meta.url));

/**
 * The files of the shipped book's deep levels (book/shipped.ts), each level in parts so that the
 * browser app fetches only the parts a request needs, and the command line reads only those its
 * lookups touch (`loadDefaultBook`).
 */
export const DEEP_BOOK_FILES: readonly { readonly level: ShippedDeepLevel; readonly path: string }[] = shippedDeepPartFiles().map(({ level, name }) => ({
  level,
  path: deepPartPath(name),
}));

/** The path of a shipped deep part's file (`name` as book/shipped.ts names it). */
function deepPartPath(name: string): string {
  return fileURLToPath(new URL(`../../games/connect-four/book/${DEEP_LEVELS_FOLDER}/${name}`, import.meta.url));
}

/** The path of part `index` of a shipped deep level. */
function shippedPartPath(level: ShippedDeepLevel, index: number): string {
  return deepPartPath(deepPartFileName(level, index, DEEP_LEVEL_PARTS[level]));
}

/** The paths of DEEP_BOOK_FILES. */
export const DEEP_BOOK_PATHS: readonly string[] = DEEP_BOOK_FILES.map(({ path }) => path);

/** The files of the shipped book of exact scores, merged in this order. */
export const SHIPPED_BOOK_PATHS: readonly string[] = [DEFAULT_BOOK_PATH, ...DEEP_BOOK_PATHS];

/** The shipped strategy book: win/draw/loss values (book/strategy.ts), found the same way. */
export const DEFAULT_VALUES_PATH = fileURLToPath(new URL('../../games/connect-four/book/strategy.c4book', import.meta.url));

/**
 * Reads and checks a book file; throws a BookFormatError naming the file, or a FileSafetyError (a
 * usage error in the CLI) for a file that cannot be read or is far larger than a book (`/dev/zero`).
 */
export function readBookFile(path: string): OpeningBook {
  const bytes = readBoundedFile(path, READ_LIMITS.book, 'the book');
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
 * The shipped book, as the command line uses it: the opening levels read now, each deep level
 * read part by part as lookups first need them (`OpeningBook.withLevelsOnDemand`), so that a
 * command pays for the few parts its positions touch instead of reading every file (over 20 MB)
 * at its start. A damaged or misplaced part is reported through `warn` when first needed and left
 * out (the solver searches what it would have answered); a missing file is left out silently, as
 * a missing opening file is. Undefined if no file of the book is there.
 *
 * With `files`, those files are read and merged at once instead (the benches, which time the
 * search and not the reading; tests).
 */
export function loadDefaultBook(warn: (message: string) => void, files?: readonly string[]): OpeningBook | undefined {
  if (files !== undefined) return loadBookFiles(warn, files);
  const levels = SHIPPED_DEEP_LEVELS.filter((level) => existsSync(shippedPartPath(level, 0)));
  const opening = loadBookFiles(warn, [DEFAULT_BOOK_PATH]);
  if (opening === undefined && levels.length === 0) return undefined;
  return OpeningBook.withLevelsOnDemand(
    opening ?? OpeningBook.empty(),
    levels.map((level) => ({ level, of: DEEP_LEVEL_PARTS[level], read: (index: number) => readShippedPart(level, index, warn) })),
  );
}

/** Part `index` of a shipped deep level, if its file is there, sound and that part; else undefined (a warning for a file that is there). */
function readShippedPart(level: ShippedDeepLevel, index: number, warn: (message: string) => void): OpeningBook | undefined {
  const path = shippedPartPath(level, index);
  const book = soundBookOrWarn(path, false, warn);
  const mismatch = book === undefined ? undefined : partMismatch(book, level, index, DEEP_LEVEL_PARTS[level]);
  if (mismatch === undefined) return book;
  warn(`opening book not used: ${path}: ${mismatch}`);
  return undefined;
}

/**
 * The given book files merged at once, those that are there and sound. A damaged file is not
 * fatal — the solver works without it — so this reports the problem through `warn` and goes on
 * with the files that are sound (undefined if none is).
 */
function loadBookFiles(warn: (message: string) => void, files: readonly string[]): OpeningBook | undefined {
  const sound = files.flatMap((path) => {
    const book = soundBookOrWarn(path, false, warn);
    return book === undefined ? [] : [{ path, book }];
  });
  if (sound.length === 0) return undefined;
  try {
    // All at once: merged one by one, each of the many parts would cost a pass over the whole book.
    return OpeningBook.merge(...sound.map(({ book }) => book));
  } catch {
    // Some files disagree: one by one, to find which.
  }
  let merged: OpeningBook | undefined;
  for (const { path, book } of sound) {
    try {
      merged = merged === undefined ? book : OpeningBook.merge(merged, book);
    } catch (error) {
      // Two files that disagree cannot both be right: keep those before (the opening levels first).
      warn(`opening book: ${path} not used: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return merged;
}

/** The shipped strategy book (values), or undefined (with a warning through `warn` if it is damaged). */
export function loadDefaultValues(warn: (message: string) => void, path = DEFAULT_VALUES_PATH): OpeningBook | undefined {
  return soundBookOrWarn(path, true, warn);
}

/** The book at `path` if it exists and is sound and of the kind asked for; else undefined, with a warning for a file that is there. */
function soundBookOrWarn(path: string, weak: boolean, warn: (message: string) => void): OpeningBook | undefined {
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

/**
 * Before a build: refuses an --out book that would replace one of its inputs (the journal, a
 * --from book) or that cannot be written whole (a device, pipe, link, another run's file).
 */
export function checkBookTarget(out: string, inputs: readonly NamedPath[]): void {
  refuseSameFiles([{ option: '--out', path: out }], inputs);
  checkWholeFileTarget(out, 'the book');
}

/** Writes a book whole (files.ts: a new file renamed into place, never over a device or link). */
export function writeBookFile(path: string, book: OpeningBook): void {
  writeWholeFile(path, book.encode(), 'the book');
}
