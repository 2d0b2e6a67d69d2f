/** Where the app's build puts the Connect Four books (one copy each, under a name that changes with the content). */
import type { ShippedDeepLevel } from '../../../src/games/connect-four/book/shipped.js';

/** The strategy book (win/draw/loss values of the positions a perfect player meets). */
export const VALUES_URL = new URL('../../../src/games/connect-four/book/strategy.c4book', import.meta.url);
/** The opening book (exact scores of every position of its first levels). */
export const OPENING_URL = new URL('../../../src/games/connect-four/book/opening.c4book', import.meta.url);
/**
 * The opening book's deep levels, a file each: each outweighs the opening levels, so the worker
 * fetches them after it is ready or when a request waits for one (deep-book.ts), and merges each
 * when it arrives. (Written out one by one: the app's build finds a file by its literal name.)
 */
export const DEEP_URLS: Readonly<Record<ShippedDeepLevel, URL>> = {
  9: new URL('../../../src/games/connect-four/book/opening-9.c4book', import.meta.url),
  10: new URL('../../../src/games/connect-four/book/opening-10.c4book', import.meta.url),
};
