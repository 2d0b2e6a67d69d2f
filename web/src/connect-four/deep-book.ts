/**
 * Which of the opening book's deep levels (src/games/connect-four/book/shipped.ts; their files in
 * book-urls.ts `DEEP_URLS`) an engine request waits for, and which the worker fetches as soon as
 * it is ready. Kept apart from the worker so that it is tested against the shipped files.
 */
import { SHIPPED_DEEP_LEVELS, type ShippedDeepLevel } from '../../../src/games/connect-four/book/shipped.js';

/**
 * The deep levels fetched once the worker is ready, shallowest first, so that a later request
 * finds them merged. The others (several MB each) are fetched only when a request waits for them.
 */
export const EAGER_DEEP_LEVELS: readonly ShippedDeepLevel[] = [9];

/**
 * The deep level worth waiting for in a request about a position of `stones` stones, if any: the
 * one holding its children, so that every column's score is a look-up instead of a search of up
 * to seconds. The position's own entry alone does not shorten its analysis (each column is a
 * child), so a request about a position of a deep level itself goes ahead with what has arrived.
 */
export function deepLevelWaitedFor(stones: number): ShippedDeepLevel | undefined {
  return SHIPPED_DEEP_LEVELS.find((level) => level === stones + 1);
}
