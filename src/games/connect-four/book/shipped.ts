/**
 * The files of the shipped book of exact scores: the opening levels (`opening.c4book`, every
 * position of 0 to 8 stones), then each deeper level cut into parts (book.ts, "A level in parts"),
 * a file each, in the folder `deep/`. A deep level is apart from the opening levels because it
 * outweighs them: the browser app's worker fetches, for a request, only the parts holding the
 * position's children, and the rest once it is idle (web/src/connect-four/deep-book.ts); the
 * command line reads a part the first time a lookup needs it (src/arena/connect-four/book-file.ts). Each file's header
 * states its level and part; tests check them against this list.
 */

/** The shipped deep levels, shallowest first: the stones of the positions each level holds. */
export const SHIPPED_DEEP_LEVELS = [9, 10, 11] as const;
export type ShippedDeepLevel = (typeof SHIPPED_DEEP_LEVELS)[number];

/**
 * How many parts each deep level is cut into: parts of 60 to 80 KB (level 9 holds 239,959
 * positions, level 10 634,338, level 11 1,784,788, at 8 bytes each), so that a request waits for
 * at most seven of them (under 0.6 MB) instead of the whole level (1.9, 5.1 and 14.3 MB).
 */
export const DEEP_LEVEL_PARTS: Readonly<Record<ShippedDeepLevel, number>> = { 9: 32, 10: 64, 11: 192 };

/** The folder of the deep levels' parts, beside `opening.c4book`. */
export const DEEP_LEVELS_FOLDER = 'deep';

/**
 * The file name of part `index` of a book of `of` parts written as `<stem>.c4book` whole:
 * `<stem>-part-07.c4book`, the index as wide as the last one, so that the names sort in order.
 */
export function partFileName(stem: string, index: number, of: number): string {
  return `${stem}-part-${String(index).padStart(String(of - 1).length, '0')}.c4book`;
}

/** The parts of a book written as `<stem>.c4book` whole, as one name: `<stem>-part-*.c4book` (as `book info` describes them). */
export function partFilesPattern(stem: string): string {
  return `${stem}-part-*.c4book`;
}

/** The file name of part `index` of a deep level of `of` parts (in DEEP_LEVELS_FOLDER): `opening-10-part-07.c4book`. */
export function deepPartFileName(level: number, index: number, of: number): string {
  return partFileName(`opening-${String(level)}`, index, of);
}

/** Every shipped deep part's file name (in DEEP_LEVELS_FOLDER), level by level, part by part. */
export function shippedDeepPartFiles(): { readonly level: ShippedDeepLevel; readonly index: number; readonly name: string }[] {
  return SHIPPED_DEEP_LEVELS.flatMap((level) => {
    const of = DEEP_LEVEL_PARTS[level];
    return Array.from({ length: of }, (_, index) => ({ level, index, name: deepPartFileName(level, index, of) }));
  });
}
