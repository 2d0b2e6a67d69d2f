/**
 * The opening book's construction, without I/O (the CLI's `book build` drives it with worker
 * threads and a journal): which positions a book of a given depth holds, and the scores of the
 * shallower ones derived from the deeper ones.
 *
 * A book of depth D is built bottom-up: every position with exactly D stones is solved by the
 * solver (the expensive part, spread over workers), then each shallower position's score is the
 * best of its children's, negated (negamax over the book itself, no search). A position whose
 * children are not all known yet stays out, so a book stopped half-way through level D still
 * holds exactly what was proven.
 */
import { CELLS, WIDTH, Position, immediateWinScore } from '../position.js';
import { canonicalKey } from './book.js';

/** Columns centre first: the first positions of a level are those of central play. */
const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6] as const;

export interface BookPosition {
  /** A move string reaching the position (the first found; its mirror is not listed). */
  readonly moves: string;
  readonly key: number;
  readonly stones: number;
}

/**
 * The positions reachable from `root` with at most `depth` stones, one per mirror pair, level by
 * level (index 0: the root's), leaving out finished games. Within a level the positions come in
 * the order of a breadth-first walk trying central columns first.
 */
export function bookPositions(root: string, depth: number): BookPosition[][] {
  const start = Position.fromMoves(root);
  if (start.isGameOver()) throw new RangeError(`The book's root '${root}' is a finished game`);
  if (!Number.isInteger(depth) || depth < start.moves || depth > CELLS) throw new RangeError(`Invalid book depth ${String(depth)} for a root of ${String(start.moves)} stones`);
  const levels: BookPosition[][] = [[{ moves: root, key: canonicalKey(start), stones: start.moves }]];
  for (let stones = start.moves + 1; stones <= depth; stones++) {
    const seen = new Set<number>();
    const level: BookPosition[] = [];
    for (const parent of levels[levels.length - 1]!) {
      const p = Position.fromMoves(parent.moves);
      for (const col of CENTRE_FIRST) {
        if (!p.canPlay(col)) continue;
        p.playUnchecked(col);
        if (!p.isGameOver()) {
          const key = canonicalKey(p);
          if (!seen.has(key)) {
            seen.add(key);
            level.push({ moves: parent.moves + String(col + 1), key, stones });
          }
        }
        p.undo();
      }
    }
    levels.push(level);
  }
  return levels;
}

/**
 * Fills `known` (canonical key → exact score) with every position of `levels` whose score follows
 * without search: an immediate win, or all children known (their best, negated). Works from the
 * deepest level up, so one call settles every level above a complete one. Returns how many
 * scores it added.
 */
export function deriveScores(levels: readonly (readonly BookPosition[])[], known: Map<number, number>): number {
  let added = 0;
  for (let l = levels.length - 1; l >= 0; l--) {
    for (const entry of levels[l]!) {
      if (known.has(entry.key)) continue;
      const p = Position.fromMoves(entry.moves);
      if (p.canWinNext()) {
        known.set(entry.key, immediateWinScore(p.moves));
        added++;
        continue;
      }
      let best = -Infinity;
      let complete = true;
      for (let col = 0; col < WIDTH && complete; col++) {
        if (!p.canPlay(col)) continue;
        p.playUnchecked(col);
        // The side to move cannot win at once here, so no child is a won game; a full board is a draw.
        const child = p.isTie() ? 0 : known.get(canonicalKey(p));
        p.undo();
        if (child === undefined) complete = false;
        else if (0 - child > best) best = 0 - child; // 0 - x: never -0
      }
      if (complete) {
        known.set(entry.key, best);
        added++;
      }
    }
  }
  return added;
}

/** The deepest level d such that every position of levels 0..d is in `known` (-1 if not even the root). */
export function completeLevels(levels: readonly (readonly BookPosition[])[], known: ReadonlyMap<number, number>): number {
  let d = -1;
  for (const level of levels) {
    if (!level.every((e) => known.has(e.key))) break;
    d++;
  }
  return d;
}
