/** Where the app's build puts the Connect Four books (one copy each, under a name that changes with the content). */

/** The strategy book (win/draw/loss values of the positions a perfect player meets). */
export const VALUES_URL = new URL('../../../src/games/connect-four/book/strategy.c4book', import.meta.url);
/** The opening book (exact scores of every position of its first levels). */
export const OPENING_URL = new URL('../../../src/games/connect-four/book/opening.c4book', import.meta.url);
/**
 * The opening book's deep level: twice the opening levels' bytes, so it is fetched after the
 * worker is ready (a first analysis of a shallower or deeper position does not wait for it) and
 * merged in when it arrives.
 */
export const DEEP_URL = new URL('../../../src/games/connect-four/book/opening-deep.c4book', import.meta.url);
