/** Where the app's build puts the Connect Four books (one copy each, under a name that changes with the content). */

/** The strategy book (win/draw/loss values of the positions a perfect player meets). */
export const VALUES_URL = new URL('../../../src/games/connect-four/book/strategy.c4book', import.meta.url);
/** The opening book (exact scores of every position of its first levels). */
export const OPENING_URL = new URL('../../../src/games/connect-four/book/opening.c4book', import.meta.url);
