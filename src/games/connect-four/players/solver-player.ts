/**
 * SolverPlayer: perfect play where the perfect solver finishes within the move's time; otherwise
 * (typically in the opening, where exact solves take seconds) the choice of an AlphaBeta search
 * over the rest of it. Given an opening book (`book`), the solver answers the positions
 * the book holds at once, and its searches stop wherever they reach one.
 *
 * Two limits (issue 16: "perfect within 18 s a move"): `budgetMs` is the time a move normally
 * takes at most (the solver gets most of it, the fallback the rest), and `hardLimitMs` the
 * time a move may never exceed. The search for a perfect move (the weak solve) keeps going past
 * the budget up to the hard limit less the fallback's share, so the fallback is played only when
 * the solver could not settle the position in nearly the whole hard limit.
 *
 * The solver's transposition table is kept from move to move: it holds only true bounds, so what
 * one move's search learnt speeds up the next (the positions that follow share most subtrees).
 */
import type { OpeningBook } from '../book/book.js';
import type { Player } from '../player.js';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { AlphaBetaPlayer } from './alphabeta.js';

/**
 * The longest one of the perfect player's moves may take on this machine (issue 26: "moves within
 * 2 s from any position"): the command line's `solver` bot and the page's `perfect` cap its budget
 * at PERFECT_BUDGET_MS, which leaves the rest for the messages, the worker and a busy machine.
 */
export const PERFECT_MOVE_LIMIT_MS = 2_000;
/** The perfect player's budget and hard limit where a move may take at most PERFECT_MOVE_LIMIT_MS. */
export const PERFECT_BUDGET_MS = 1_600;

export interface SolverPlayerOptions {
  /** Most time one move may take, in ms (default 5 000). */
  readonly budgetMs?: number;
  /** Share of the budget given to the solver (the weak solve, then the exact one within half of it) before falling back; the rest is the fallback's (default 0.8: a perfect move is worth more than a longer fallback search). */
  readonly solverShare?: number;
  /**
   * The most time one move may take, in ms (default: `budgetMs`). The weak solve keeps searching
   * up to this limit less the fallback's share of the budget (`budgetMs * (1 - solverShare)`)
   * before the fallback is played: a perfect move late beats a guessed one on time.
   */
  readonly hardLimitMs?: number;
  /** Transposition-table entries of the solver (default: the solver's own, ~42 MB). */
  readonly tableSize?: number;
  /** Exact scores of opening positions (see book/book.ts); the Node side loads the shipped one with `loadDefaultBook`. */
  readonly book?: OpeningBook;
  /**
   * Win/draw/loss values of the positions a perfect player meets (a strategy book, see
   * book/strategy.ts); the Node side loads the shipped one with `loadDefaultValues`. Where it
   * holds the position, the move is chosen by a weak solve, which the book answers at once.
   */
  readonly values?: OpeningBook;
}

/** How the last move was chosen, for logs and tests. */
export interface SolverPlayerReport {
  readonly column: number;
  /** The solver proved this move perfect. */
  readonly perfect: boolean;
  /** The exact score after the move, from the mover's view (public convention), when perfect and found by an exact solve (null if only the value, win/draw/loss, was proven). */
  readonly score: number | null;
}

export class SolverPlayer implements Player {
  readonly #budgetMs: number;
  readonly #solverShare: number;
  readonly #hardLimitMs: number;
  readonly #solver: Solver;
  /** The fallback search; it also keeps the board (every move, own or informed, is applied to it). */
  readonly #fallback: AlphaBetaPlayer;
  #position = new Position();
  #lastReport: SolverPlayerReport | null = null;

  constructor(options: SolverPlayerOptions = {}) {
    const budgetMs = options.budgetMs ?? 5_000;
    const share = options.solverShare ?? 0.8;
    if (!(budgetMs > 0)) throw new RangeError(`Invalid time budget: ${String(budgetMs)} ms`);
    if (!(share > 0 && share <= 1)) throw new RangeError(`Invalid solver share: ${String(share)} (expected 0 < share <= 1)`);
    const hardLimitMs = options.hardLimitMs ?? budgetMs;
    if (!(hardLimitMs >= budgetMs)) throw new RangeError(`Invalid hard limit: ${String(hardLimitMs)} ms (expected at least the budget, ${String(budgetMs)} ms)`);
    this.#budgetMs = budgetMs;
    this.#solverShare = share;
    this.#hardLimitMs = hardLimitMs;
    this.#solver = new Solver({
      ...(options.tableSize === undefined ? {} : { tableSize: options.tableSize }),
      ...(options.book === undefined ? {} : { book: options.book }),
      ...(options.values === undefined ? {} : { values: options.values }),
    });
    // The strongest level without its node budget: the fallback uses all the time it is given.
    this.#fallback = new AlphaBetaPlayer({ level: 'master', maxNodes: Infinity, budgetMs: Math.max(1, budgetMs * (1 - share)) });
  }

  init(color: boolean): void {
    this.#position = new Position();
    this.#fallback.init(color);
  }

  name(): string {
    return 'solver';
  }

  /** Starts from a position given as 1-based column digits (for analysis and tests). */
  setPosition(moves: string): void {
    this.#position = Position.fromMoves(moves);
    this.#fallback.setPosition(moves);
  }

  get lastReport(): SolverPlayerReport | null {
    return this.#lastReport;
  }

  /**
   * The move. `startedAt` (a `performance.now()` time, default now): when the move's time began,
   * if earlier (a request that waited for books to load counts that wait against the budget).
   */
  move(startedAt?: number): number {
    if (this.#position.isGameOver()) throw new RangeError('The game is over: there is no move to choose');
    const started = Math.min(startedAt ?? Infinity, performance.now());
    // First the game's value (a weak solve: a move keeping it is perfect), up to the hard limit
    // less the fallback's time; then, within the solver's share of the budget,
    // the exact score, on the table the weak solve filled, to win fastest and lose slowest. The
    // weak solve goes first because it is what perfect play needs, and the cheaper (about half the
    // nodes in the opening): on a loaded machine the exact solve first left it too little time.
    const fallbackMs = this.#budgetMs * (1 - this.#solverShare);
    const solverEnd = started + Math.max(this.#budgetMs * this.#solverShare, this.#hardLimitMs - fallbackMs);
    const exactEnd = started + this.#budgetMs * this.#solverShare;
    // A position the strategy book holds: its value is known at once, and a move keeping it is
    // found by one weak null-window question per column (see #keepingMove).
    const value = this.#solver.bookValue(this.#position);
    let exact: { readonly column: number; readonly score: number | null; readonly complete: boolean };
    let weak = true;
    if (value !== undefined) {
      const column = this.#keepingMove(value, solverEnd);
      exact = { column, score: value, complete: column >= 0 };
    } else exact = this.#solver.bestMove(this.#position, { deadline: solverEnd, weak: true });
    // Then, in what is left of the solver's share, the exact score: the move that reaches it wins
    // fastest or holds out longest (bestMove takes the first such column, centre first, so the
    // same position always gets the same move). Book positions too: there the weak answer was free.
    if (exact.complete && performance.now() < exactEnd) {
      const strong = this.#solver.bestMove(this.#position, { deadline: exactEnd });
      if (strong.complete) {
        exact = strong;
        weak = false;
      }
    }
    let column: number;
    if (exact.complete && weak && exact.score !== null && exact.score < 0) {
      // Lost, and only the value is known: every move keeps it, so the choice is about resistance
      // (the first safe column would hand a fallible opponent an easy win). AlphaBeta's choice,
      // in the fallback's time, sets it the hardest practical problem; the move is still perfect.
      column = this.#fallback.move();
      this.#lastReport = { column, perfect: true, score: null };
    } else if (exact.complete) {
      column = exact.column;
      this.#lastReport = { column, perfect: true, score: weak ? null : exact.score };
      this.#fallback.inform(column); // keep the fallback's board in step
    } else {
      column = this.#fallback.move();
      this.#lastReport = { column, perfect: false, score: null };
    }
    this.#position.play(column);
    return column;
  }

  inform(column: number): void {
    this.#position.play(column);
    this.#fallback.inform(column);
  }

  /**
   * A column keeping `value` (the strategy book's value of the position: 1 win, 0 draw, -1 loss
   * for the side to move), or -1 if none was proven by `deadline`. An immediate win first; in a
   * lost position any move keeps the value (one that does not let the opponent win at once, if
   * there is one); otherwise, centre first, the first child whose value is at most -value: taken
   * from the book where it holds the child, else asked of the solver as one weak null-window
   * search ("is the child's value at least 1 - value?") that must fail. Each search gets the
   * deadline itself: the positions just past the book can take seconds.
   */
  #keepingMove(value: number, deadline: number): number {
    const position = this.#position;
    const playable = CENTRE_FIRST.filter((col) => position.canPlay(col));
    const win = playable.find((col) => position.isWinningMove(col));
    if (win !== undefined) return win;
    const children = playable.map((col) => {
      const child = position.clone();
      child.playUnchecked(col);
      return { col, child };
    });
    const open = children.filter(({ child }) => !child.canWinNext());
    if (value < 0) return (open[0] ?? children[0]!).col;
    // A full board is a draw: it keeps only a draw.
    const full = open.find(({ child }) => child.isGameOver());
    if (full !== undefined) return value === 0 ? full.col : -1;
    const booked = open.find(({ child }) => this.#solver.bookValue(child) === -value);
    if (booked !== undefined) return booked.col;
    for (const { col, child } of open) {
      if (this.#solver.bookValue(child) !== undefined) continue; // the book values it, not at -value
      const r = this.#solver.search(child, { weak: true, atLeast: value === 1 ? 0 : 1, deadline });
      if (r.upper <= -value) return col;
      if (performance.now() > deadline) return -1;
    }
    return -1;
  }
}

/** Columns nearest the centre first. */
const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6] as const;
