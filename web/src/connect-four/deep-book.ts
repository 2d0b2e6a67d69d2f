/**
 * Which of the opening book's deep levels (src/games/connect-four/book/shipped.ts; their files in
 * book-urls.ts `DEEP_URLS`) an engine request waits for. The worker fetches every one, shallowest
 * first, once it is ready; a request that needs one before it has arrived waits for it. Kept apart
 * from the worker so that it is tested against the shipped files.
 */
import { SHIPPED_DEEP_LEVELS, type ShippedDeepLevel } from '../../../src/games/connect-four/book/shipped.js';

/**
 * The deep level worth waiting for in a request about a position of `stones` stones, if any: the
 * one holding its children, so that every column's score is a look-up instead of a search of up
 * to seconds. The position's own entry alone does not shorten its analysis (each column is a
 * child), so a request about a position of a deep level itself goes ahead with what has arrived.
 */
export function deepLevelWaitedFor(stones: number): ShippedDeepLevel | undefined {
  return SHIPPED_DEEP_LEVELS.find((level) => level === stones + 1);
}
