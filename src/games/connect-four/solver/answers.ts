/**
 * The solver's answers as `tabletop connect-four solve` writes them: a position's score, or one
 * column's (`--analyze`), as text: an exact score (`-2`), `-` for a full column, or, for a
 * position the strategy book holds whose exact score the node budget did not settle, the bounds
 * proven (`>=1`, `<=-1`, `a..b`). One copy serves the command and the browser app's Show solution,
 * so that the two always give the same seven values.
 */
import { WIDTH, immediateWinScore, type Position } from '../position.js';
import { MAX_SCORE, MIN_SCORE, type Solver } from './solver.js';

/**
 * Node budget of an exact solve (or of each column's, with --analyze) of a position the strategy
 * book holds: under a second (the search runs 30-40 million nodes a second here). The book gives
 * the value at once; the exact score of an opening position can take the solver hours, so what
 * the budget does not settle is given as the bounds proven (`>=1`: a win; `<=-1`: a loss;
 * `a..b`). It is large enough that every line of Pons' Begin-Medium set the book holds gets its
 * exact score, as without the book (the hardest, `446514`, takes 7.8 million nodes; a budget of
 * 3 million left four of them bounded).
 */
export const BOOK_EXACT_NODES = 30_000_000;

/** A full column, in `--analyze` output. */
export const FULL_COLUMN = '-';

/** The score of a playable position (its sign when `weak`) as text: exact, or bounds where the strategy book holds it and the budget did not settle it. */
export function scoreText(solver: Solver, position: Position, weak: boolean): string {
  if (solver.bookValue(position) !== undefined) return boundsText(settledBounds(solver, position, weak), 1);
  return String(solver.solve(position, weak));
}

/**
 * The score of playing `column` in a playable position, for the side to move, as text (FULL_COLUMN
 * if it cannot be played). Where the strategy book holds the position, each column gets its exact
 * score if found within BOOK_EXACT_NODES, else the bounds proven, which always settle win, draw or
 * loss where the book holds the column's position, and elsewhere wherever a weak search settles
 * it within the same budget. (A column whose position the opening book holds is exact at once:
 * the empty board gives `-2 -1 0 1 0 -1 -2`; with the strategy book alone, `-6..-1 -3..-1 0 1 0
 * -3..-1 -6..-1`.) Elsewhere the column is solved exactly. `position` is left as it was.
 * `positionScore`, the position's own exact score when the caller knows it from a book the solver
 * was not given (the page's worker reads it from the one part of the book holding the position),
 * bounds each column's score as the solver's own book does.
 */
export function columnText(solver: Solver, position: Position, column: number, weak: boolean, positionScore?: number): string {
  if (!position.canPlay(column)) return FULL_COLUMN;
  if (position.isWinningMove(column)) return String(weak ? 1 : immediateWinScore(position.moves));
  const budgeted = solver.bookValue(position) !== undefined;
  // A position the opening book scores bounds each column's score by its own (Solver's knownLower).
  const booked = weak ? undefined : (positionScore ?? solver.book?.score(position));
  position.playUnchecked(column);
  try {
    if (position.isTie()) return '0';
    if (budgeted) return boundsText(settledBounds(solver, position, weak), -1);
    return String(0 - solver.search(position, { weak, knownLower: booked === undefined ? undefined : 0 - booked }).score!); // 0 - x: never -0
  } finally {
    position.undo();
  }
}

/** The seven columns' texts (see columnText), column 1 first. */
export function analysisTexts(solver: Solver, position: Position, weak: boolean): string[] {
  return Array.from({ length: WIDTH }, (_, column) => columnText(solver, position, column, weak));
}

/** What a column's text says, for a reader of it: an exact score, or proven bounds, or a full column. */
export type ColumnValue = { readonly kind: 'full' } | { readonly kind: 'exact'; readonly score: number } | { readonly kind: 'bounds'; readonly lower: number; readonly upper: number };

/** Reads a text of columnText back (bounds with an open end get the public range's end). */
export function parseColumnText(text: string): ColumnValue {
  if (text === FULL_COLUMN) return { kind: 'full' };
  if (/^-?\d+$/.test(text)) return { kind: 'exact', score: Number(text) };
  let match = /^>=(-?\d+)$/.exec(text);
  if (match !== null) return { kind: 'bounds', lower: Number(match[1]), upper: MAX_SCORE };
  match = /^<=(-?\d+)$/.exec(text);
  if (match !== null) return { kind: 'bounds', lower: MIN_SCORE, upper: Number(match[1]) };
  match = /^(-?\d+)\.\.(-?\d+)$/.exec(text);
  if (match !== null) return { kind: 'bounds', lower: Number(match[1]), upper: Number(match[2]) };
  throw new RangeError(`Not a column's score: "${text}"`);
}

/**
 * Bounds of the score (the sign when `weak`) within BOOK_EXACT_NODES: a strong search, then, if
 * that left the sign open, a weak one on the same budget (it settles win/draw/loss far sooner),
 * whose bounds narrow the strong ones.
 */
function settledBounds(solver: Solver, position: Position, weak: boolean): { readonly lower: number; readonly upper: number } {
  const strong = solver.search(position, { weak, maxNodes: BOOK_EXACT_NODES });
  if (weak || strong.lower > 0 || strong.upper < 0 || strong.lower === strong.upper) return strong;
  return narrowBySign(strong, solver.search(position, { weak: true, maxNodes: BOOK_EXACT_NODES }));
}

/** Bounds of a score narrowed by bounds of its sign (a weak search's): a win is >= 1, a loss <= -1, a draw 0. */
export function narrowBySign(strong: { readonly lower: number; readonly upper: number }, sign: { readonly lower: number; readonly upper: number }): { readonly lower: number; readonly upper: number } {
  const lower = sign.lower > 0 ? Math.max(strong.lower, 1) : sign.lower === 0 ? Math.max(strong.lower, 0) : strong.lower;
  const upper = sign.upper < 0 ? Math.min(strong.upper, -1) : sign.upper === 0 ? Math.min(strong.upper, 0) : strong.upper;
  return { lower, upper };
}

/** A search result as text, from the view of `sign` (1: its side to move; -1: the other side): the score, or its proven bounds. */
export function boundsText(result: { readonly lower: number; readonly upper: number }, sign: 1 | -1): string {
  const lower = sign === 1 ? result.lower : 0 - result.upper;
  const upper = sign === 1 ? result.upper : 0 - result.lower;
  if (lower === upper) return String(lower);
  // The rules' bounds (up to ±20 early on) say nothing beyond the public range ±18.
  if (lower >= 1 && upper >= MAX_SCORE) return `>=${String(lower)}`;
  if (upper <= -1 && lower <= MIN_SCORE) return `<=${String(upper)}`;
  return `${String(lower)}..${String(upper)}`;
}
