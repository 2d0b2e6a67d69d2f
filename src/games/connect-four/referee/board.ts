/**
 * The referee's true board: the engine's Position plus the judgement of a player's answer. Pure — the
 * part of refereeing that is rules, not running players (that is src/arena/connect-four/referee.ts).
 *
 * Invariant: `moves` are exactly the legal columns played, in order, and the game is not over
 * before `play` returns an end.
 */
import { Position, WIDTH } from '../position.js';

export class RefereeBoard {
  readonly #position = new Position();
  readonly #moves: number[] = [];

  /** The colour to move (red = true). */
  get toMove(): boolean {
    return this.#position.turn;
  }

  /** The columns played so far (0-based). */
  get moves(): readonly number[] {
    return this.#moves;
  }

  /** The position, for drawing; callers must not change it. */
  get position(): Readonly<Position> {
    return this.#position;
  }

  /**
   * Why `answer` is not a legal move for the side to move, as the end of a sentence about the
   * player ("answered column 9, which is out of range 0..6"), or null if it is legal.
   */
  illegality(answer: unknown): string | null {
    if (typeof answer !== 'number' || !Number.isInteger(answer)) return `answered ${show(answer)}, which is not a whole column number`;
    if (answer < 0 || answer >= WIDTH) return `answered column ${String(answer)}, which is out of range 0..${String(WIDTH - 1)}`;
    if (!this.#position.canPlay(answer)) return `answered column ${String(answer)}, which is full`;
    return null;
  }

  /** Plays a legal column; returns how the game ended with it, or null if it goes on. */
  play(column: number): 'four-in-a-row' | 'board-full' | null {
    this.#position.play(column);
    this.#moves.push(column);
    if (this.#position.isWin()) return 'four-in-a-row';
    if (this.#position.isTie()) return 'board-full';
    return null;
  }
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  if (value === undefined || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
