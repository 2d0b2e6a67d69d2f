/**
 * `play --coach` and `--training` on the terminal: the game module's coach (games/connect-four/
 * coach.ts) rates each decision of a person; this file only words its ratings. One solver (with
 * both shipped books: the opening book's exact scores and the strategy book's values) serves the
 * whole game, made with the coach, before the first board is drawn (loading the books and
 * allocating the solver's 42 MB table take some 40-60 ms, which the first rating used to pay).
 *
 * A position is scored while the person thinks (`prepare`, as the prompt is shown), so the
 * rating of their decision is there when they make it; the scores depend only on the positions
 * scored and their order, never on how long anyone took, so a game gives the same ratings on any
 * machine.
 */
import { colorName } from '../../games/connect-four/player.js';
import { Position } from '../../games/connect-four/position.js';
import { costText, judge, judgementText, scoreColumns, scoreText, summarize, type ColumnScore, type Rating } from '../../games/connect-four/coach.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { summaryLines } from '../coach-text.js';
import { loadDefaultBook, loadDefaultValues } from '../../arena/connect-four/book-file.js';

/** What one rating says, after the move: every column's score, the choice marked with its cost. */
export function describeRating(rating: Rating): string {
  const scores = rating.columns.map((score, column) => `${String(column + 1)}:${score === null ? '-' : scoreText(score)}`).join('  ');
  return `Coach: ${scores} — you played ${String(rating.chosen + 1)}: ${judgementText(rating)}.`;
}

/** The seats as `play` takes them, to replay a decision with the same players. */
export interface Seats {
  readonly red: string;
  readonly yellow: string;
}

/** The command that reopens the position of a decision, the same players seated, the coach on. */
export function replayCommand(rating: Rating, seats: Seats): string {
  const players = [seats.red === 'human' ? [] : ['--red', seats.red], seats.yellow === 'alphabeta' ? [] : ['--yellow', seats.yellow]].flat();
  return ['tabletop connect-four play', '--pos', rating.before === '' ? '-' : rating.before, ...players, '--coach'].join(' ');
}

/** The summary after the game, for the decisions of one colour (`red`: true). */
export function describeSummary(ratings: readonly Rating[], red: boolean, seats: Seats): string[] {
  const summary = summarize(ratings);
  const costliest = summary.costliest.map((rating) => ({
    what: `Move ${String(rating.before.length + 1)}: column ${String(rating.chosen + 1)}, ${judgementText(rating)}`,
    rule: rating.rule,
    replay: replayCommand(rating, seats),
  }));
  return summaryLines(` for ${colorName(red)}`, summary, costText(summary.totalCost, summary.totalCostAtMost), costliest);
}

/**
 * The coach of one game: rates decisions (scoring a position's columns once, whether the training
 * warning asked first or not) and keeps the ratings for the summary.
 */
export class TerminalCoach {
  readonly #solver: Solver;
  /** The last position scored and its columns: the training warning and the rating share them. */
  #scored: { readonly moves: string; readonly columns: (ColumnScore | null)[] } | undefined;
  readonly #ratings: Rating[] = [];

  constructor(warn: (message: string) => void) {
    this.#solver = new Solver({ book: loadDefaultBook(warn), values: loadDefaultValues(warn) });
  }

  /** Nodes the coach's solver has searched so far. */
  get nodes(): number {
    return this.#solver.nodes;
  }

  /**
   * Scores the columns of `position` (side to move: the person) unless it is the position scored
   * last: called when the person is asked to move, so that their decision is rated at once.
   */
  prepare(position: Position): (ColumnScore | null)[] {
    const moves = position.toMoves();
    if (this.#scored?.moves !== moves) this.#scored = { moves, columns: scoreColumns(this.#solver, position) };
    return this.#scored.columns;
  }

  /** Rates `column` in `position` (side to move: the person) without keeping the rating. */
  rate(position: Position, column: number): Rating {
    return judge(position, this.prepare(position), column);
  }

  /** Rates and keeps the decision of `column` after `before` (0-based columns). */
  record(before: readonly number[], column: number): Rating {
    const rating = this.rate(Position.fromMoves(before.map((c) => String(c + 1)).join('')), column);
    this.#ratings.push(rating);
    return rating;
  }

  /** Forgets the decisions taken back: those made with `moves` or more moves on the board. */
  takeBack(moves: number): void {
    const kept = this.#ratings.filter((rating) => rating.before.length < moves);
    this.#ratings.splice(0, this.#ratings.length, ...kept);
  }

  /** The training warning before `column` is played, or null if no other column is proven better. */
  warning(position: Position, column: number): string | null {
    const rating = this.rate(position, column);
    if (rating.verdict === 'best') return null;
    return `Coach: column ${String(column + 1)} would be ${judgementText(rating)}.`;
  }

  /** The summaries of the colours that had decisions, red first. */
  summaries(seats: Seats): string[] {
    return [true, false].flatMap((red) => {
      const mine = this.#ratings.filter((rating) => rating.before.length % 2 === (red ? 0 : 1));
      return mine.length === 0 ? [] : describeSummary(mine, red, seats);
    });
  }
}
