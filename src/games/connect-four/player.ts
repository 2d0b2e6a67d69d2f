/**
 * The assignment's player contract for Connect Four, unchanged in shape: colours are booleans
 * (red = true moves first, yellow = false), columns are 0..6 from left to right.
 *
 * An automatic player keeps its own board and learns the opponent's moves only through `inform`;
 * the referee owns the true board and never lets a player touch it.
 */
export interface Player {
  /** Told which colour it plays, once, before the game. */
  init(color: boolean): void | Promise<void>;
  /** How it appears in logs and tables. */
  name(): string;
  /** Asked for its move: a column 0..6 (the referee checks it). */
  move(): number | Promise<number>;
  /** Told the opponent's move. */
  inform(column: number): void | Promise<void>;
}

/** A player that holds something to release when the game ends (a worker thread, a child process). */
export interface ClosablePlayer extends Player {
  /** Releases the player's resources; safe to call more than once, never throws. */
  close(): Promise<void>;
}

export function isClosable(player: Player): player is ClosablePlayer {
  return typeof (player as Partial<ClosablePlayer>).close === 'function';
}

export { RED, YELLOW } from './position.js';

export function colorName(color: boolean): 'red' | 'yellow' {
  return color ? 'red' : 'yellow';
}

/**
 * Thrown by a player to leave the game on purpose (a person typing `q`, or input ending). The referee
 * records it as a resignation rather than a crash.
 */
export class Resignation extends Error {
  override readonly name = 'Resignation';
}
