/**
 * The files of the shipped book of exact scores: the opening levels (`opening.c4book`, every
 * position of 0 to 8 stones), then each deeper level in a file of its own, `opening-<level>.c4book`.
 * A deep level is a file of its own because it outweighs everything before it: the browser app's
 * worker fetches it only once it is ready, so that its first analysis need not wait for it, unless
 * a request needs it (web/src/connect-four/deep-book.ts); the command line merges every file at
 * once (src/arena/connect-four/book-file.ts). Each file's header states its levels; tests check them
 * against this list.
 */

/** The shipped deep levels, shallowest first: the stones of the positions each file holds. */
export const SHIPPED_DEEP_LEVELS = [9, 10] as const;
export type ShippedDeepLevel = (typeof SHIPPED_DEEP_LEVELS)[number];

/** The file name of a deep level, beside `opening.c4book`. */
export function deepLevelFileName(level: ShippedDeepLevel): string {
  return `opening-${String(level)}.c4book`;
}
