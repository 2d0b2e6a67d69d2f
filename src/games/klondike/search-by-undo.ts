/**
 * Depth-first search over the engine's own moves by applying and undoing them, with an explicit
 * stack of (moves, next index) rather than recursion, so a line thousands of moves deep (a long draw
 * pile turned again and again) cannot overflow the call stack.
 */
import type { KlondikeState } from './engine.js';

/** What `visit` makes of the position a move reached: stop the search with true, skip it (undone), or the moves to try from it. */
export type Visit = 'found' | 'seen' | readonly number[];

/**
 * Searches from `state` (changed as it goes: pass a clone if it matters), trying `first` there and
 * after each move asking `visit`. True as soon as a visit says 'found'; false once every move of
 * every position visited was tried. The state is then back where it started only on false.
 */
export function searchByUndo(state: KlondikeState, first: readonly number[], visit: () => Visit): boolean {
  const stack: { moves: readonly number[]; next: number }[] = [{ moves: first, next: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.next === frame.moves.length) {
      stack.pop();
      if (stack.length > 0) state.undo();
      continue;
    }
    state.applyAction(frame.moves[frame.next++]!);
    const seen = visit();
    if (seen === 'found') return true;
    if (seen === 'seen') state.undo();
    else stack.push({ moves: seen, next: 0 });
  }
  return false;
}
