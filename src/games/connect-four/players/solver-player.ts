/**
 * SolverPlayer: perfect play where the perfect solver finishes within the move's budget; otherwise
 * (typically in the opening, where exact solves take seconds) the choice of an AlphaBeta search
 * over the rest of the budget. Given an opening book (`book`), the solver answers the positions
 * the book holds at once, and its searches stop wherever they reach one.
 *
 * The solver's transposition table is kept from move to move: it holds only true bounds, so what
 * one move's search learnt speeds up the next (the positions that follow share most subtrees).
 */
import type { OpeningBook } from '../book/book.js';
import type { Player } from '../player.js';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { AlphaBetaPlayer } from './alphabeta.js';

export interface SolverPlayerOptions {
  /** Most time one move may take, in ms (default 5 000). */
  readonly budgetMs?: number;
  /** Share of the budget given to the solver (exact, then weak) before falling back (default 0.8: a perfect move is worth more than a longer fallback search). */
  readonly solverShare?: number;
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
    this.#budgetMs = budgetMs;
    this.#solverShare = share;
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

  move(): number {
    if (this.#position.isGameOver()) throw new RangeError('The game is over: there is no move to choose');
    const started = performance.now();
    // First the exact score (half the solver's share), then, if that did not finish, only the
    // game's value (a weak solve, about twice as fast in the opening, on the table the first
    // search filled): either way the move keeps the value, so it is perfect.
    const solverEnd = started + this.#budgetMs * this.#solverShare;
    // A position the strategy book holds: only its value matters, and the book knows it (and,
    // along the strategy, the value of the move that keeps it), so the weak solve comes first.
    const booked = this.#solver.bookValue(this.#position) !== undefined;
    let exact = this.#solver.bestMove(this.#position, { deadline: booked ? solverEnd : started + (solverEnd - started) / 2, weak: booked });
    let weak = booked;
    if (!exact.complete && !booked) {
      exact = this.#solver.bestMove(this.#position, { deadline: solverEnd, weak: true });
      weak = true;
    }
    let column: number;
    if (exact.complete) {
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
}
