/** Where the app's build puts the Connect Four books (one copy each, under a name that changes with the content). */
import { DEEP_LEVEL_PARTS, deepPartFileName, type ShippedDeepLevel } from '../../../src/games/connect-four/book/shipped.js';

/** The strategy book (win/draw/loss values of the positions a perfect player meets). */
export const VALUES_URL = new URL('../../../src/games/connect-four/book/strategy.c4book', import.meta.url);
/** The opening book (exact scores of every position of its first levels). */
export const OPENING_URL = new URL('../../../src/games/connect-four/book/opening.c4book', import.meta.url);

/**
 * Part `index` of a deep level of the opening book (shipped.ts): each level outweighs the opening
 * levels, so the worker fetches a request's parts when it needs them and the others once it is
 * idle (deep-book.ts), and merges each batch when it arrives. (A template in `new URL`: the app's
 * build then ships every file of the folder, each under its own name.)
 */
export function deepPartUrl(level: ShippedDeepLevel, index: number): URL {
  return new URL(`../../../src/games/connect-four/book/deep/${deepPartFileName(level, index, DEEP_LEVEL_PARTS[level])}`, import.meta.url);
}
