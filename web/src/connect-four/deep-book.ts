/**
 * Which parts of the opening book's deep levels (src/games/connect-four/book/shipped.ts; their
 * files in book-urls.ts `deepPartUrl`) an engine request waits for. The worker fetches every part,
 * shallowest level first, once it is idle; a request that needs some before they have arrived
 * waits for those alone. Kept apart from the worker so that it is tested against the shipped files.
 */
import { canonicalKey, partOfKey } from '../../../src/games/connect-four/book/book.js';
import { DEEP_LEVEL_PARTS, SHIPPED_DEEP_LEVELS, type ShippedDeepLevel } from '../../../src/games/connect-four/book/shipped.js';
import { Position, WIDTH } from '../../../src/games/connect-four/position.js';

/**
 * The deep level worth waiting for in a request about a position of `stones` stones, if any: the
 * one holding its children, so that every column's score is a look-up instead of a search of up
 * to seconds. The position's own entry alone does not shorten its analysis (each column is a
 * child), so a request about a position of a deep level itself goes ahead with what has arrived.
 */
export function deepLevelWaitedFor(stones: number): ShippedDeepLevel | undefined {
  return SHIPPED_DEEP_LEVELS.find((level) => level === stones + 1);
}

/** The position after `moves`, if they are a game that is not over. */
function playablePosition(moves: string): Position | undefined {
  try {
    const position = Position.fromMoves(moves);
    return position.isGameOver() ? undefined : position;
  } catch {
    return undefined;
  }
}

/** The parts of a deep level that a request waits for. */
export interface DeepParts {
  readonly level: ShippedDeepLevel;
  /** Part indices, ascending, without repeats. */
  readonly parts: readonly number[];
}

/**
 * The parts of the deep level holding the children of the position after `moves` (at most seven,
 * fewer where children share a part or a column is full), if a request about it waits for any;
 * undefined for a finished game or moves that are not a game.
 */
export function deepPartsWaitedFor(moves: string): DeepParts | undefined {
  const level = deepLevelWaitedFor(moves.length);
  const position = level === undefined ? undefined : playablePosition(moves);
  if (level === undefined || position === undefined) return undefined;
  const parts = new Set<number>();
  for (let column = 0; column < WIDTH; column++) {
    if (!position.canPlay(column)) continue;
    const child = position.clone();
    child.play(column);
    parts.add(partOfKey(canonicalKey(child), DEEP_LEVEL_PARTS[level]));
  }
  return { level, parts: [...parts].sort((a, b) => a - b) };
}

/**
 * The part of a deep level holding the position after `moves` itself, where a request about it
 * waits for no part (its children lie past every shipped level) but the position lies in one:
 * the position's exact score bounds each column's search (answers.ts columnText's
 * `positionScore`), which shortens the slowest analyses the page searches (positions of the
 * deepest level) by about a tenth. With the position's canonical key, to look it up in that part.
 * Undefined elsewhere, and for a finished game or moves that are not a game.
 */
export function ownDeepPart(moves: string): { readonly level: ShippedDeepLevel; readonly part: number; readonly key: number } | undefined {
  const level = SHIPPED_DEEP_LEVELS.find((shipped) => shipped === moves.length);
  const position = level === undefined || deepLevelWaitedFor(moves.length) !== undefined ? undefined : playablePosition(moves);
  if (level === undefined || position === undefined) return undefined;
  const key = canonicalKey(position);
  return { level, part: partOfKey(key, DEEP_LEVEL_PARTS[level]), key };
}
