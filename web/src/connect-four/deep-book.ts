/**
 * When an engine request should wait for the opening book's deep level (book-urls.ts `DEEP_URL`),
 * which the worker fetches only after it is ready. Kept apart from the worker so that it is tested
 * against the shipped file.
 */

/** The stones of the positions the deep file holds (its header says so too: deep-book.test.ts checks). */
export const DEEP_BOOK_LEVELS = { first: 9, last: 9 } as const;

/**
 * Whether a request about a position of `stones` stones is worth waiting for the deep level: its
 * children are there, so every column's score is a look-up instead of a search of up to seconds.
 * The position's own entry alone does not shorten its analysis (each column is a child), so a
 * position of the deep level itself, or shallower or deeper ones, go ahead at once.
 */
export function waitsForDeepBook(stones: number): boolean {
  return stones + 1 >= DEEP_BOOK_LEVELS.first && stones + 1 <= DEEP_BOOK_LEVELS.last;
}
