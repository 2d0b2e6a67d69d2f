/**
 * How a refereed game of Connect Four ends, and why. Pure data: the referee fills it in, the CLI and
 * the tournament read it.
 */

/**
 * Why a game ended. The first two are the game's own ends; every other reason is a forfeit by the
 * side at fault (`GameResult.offender`), whose opponent wins.
 */
export const END_REASONS = [
  /** The winner completed four in a row. */
  'four-in-a-row',
  /** The board is full and nobody has four: a tie. */
  'board-full',
  /** The answer was not a playable column: out of 0..6, a full column, or not an integer. */
  'illegal-move',
  /** `init`, `move` or `inform` threw (or its promise rejected). */
  'error',
  /** The player took longer than the time limit. */
  'timeout',
  /** An external bot wrote something the protocol does not allow. */
  'protocol-error',
  /** The player's worker thread or process died. */
  'crashed',
  /** The player left the game on purpose (a person typing `q`, or its input ending). */
  'resigned',
] as const;

export type EndReason = (typeof END_REASONS)[number];

/** The reasons that are forfeits: the offender loses. */
export type ForfeitReason = Exclude<EndReason, 'four-in-a-row' | 'board-full'>;

export interface GameResult {
  /** The winner's colour (red = true), or null for a tie. */
  readonly winner: boolean | null;
  readonly reason: EndReason;
  /** The side that forfeited (for forfeit reasons only). */
  readonly offender?: boolean;
  /** One sentence for people, e.g. "yellow (alphabeta) played column 9, which is out of range 0..6". */
  readonly message: string;
  /** The columns played (0-based), in order; a rejected move is not among them. */
  readonly moves: readonly number[];
  /** The players' names as they reported them, by colour. */
  readonly red: string;
  readonly yellow: string;
}

/** Standard notation of a move list: 1-based column digits, e.g. [3, 3, 4, 2] → "4453". */
export function moveString(moves: readonly number[]): string {
  return moves.map((column) => String(column + 1)).join('');
}

/**
 * Raised by a player adapter (worker, external process) to say how a player failed, so the referee
 * can record the right reason instead of a generic error.
 */
export class PlayerFailure extends Error {
  override readonly name = 'PlayerFailure';
  constructor(
    readonly reason: 'protocol-error' | 'crashed',
    message: string,
  ) {
    super(message);
  }
}
