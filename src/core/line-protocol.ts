/**
 * How a game talks to a player that is a program of its own (any language), one line per
 * decision: the observation the player to move is sent, and how its answer line is read. The
 * transport (starting programs, batching, time limits) is the lab's (lab/external-players.ts);
 * each game writes its lines in its own folder (games/<game>/protocol.ts), from what the game lets
 * that player see — never more.
 */
import type { GameState } from './game.js';

/** A failed decision (a bad line, no answer in time, a crash): the action the rules play instead, or the game's end with these returns. */
export type FaultOutcome = number | { readonly forfeit: readonly number[] };

export interface LineProtocol<S extends GameState = GameState> {
  /** What is asked of the player to move at `state`, as one line of printable ASCII without a line break. */
  observation(state: S): string;
  /**
   * Optional, for speed (a lab run asks hundreds of thousands of decisions a second): the same line
   * as `observation`, written as ASCII bytes, so that no string is made per decision.
   */
  readonly bytes?: ObservationBytes<S>;
  /**
   * The action an answer means at `state`, or why it is a fault. Some answers the rules read as a
   * move are no faults (ConnectFwar's unplayable column is its discard).
   */
  action(state: S, answer: string): number | { readonly fault: string };
  /** What a fault plays: the game's own reading of a bad answer. */
  onFault(state: S): FaultOutcome;
  /**
   * Plays `action` of the player to move at `state`: `applyAction`, or what the rules make of an
   * answer that is no action of the game contract (UnoWar's conceded round). Default: `applyAction`.
   */
  play?(state: S, action: number): void;
}

/** An observation line written as bytes (see `LineProtocol.bytes`). */
export interface ObservationBytes<S extends GameState = GameState> {
  /** The longest line `write` writes, in bytes. */
  readonly maxLength: number;
  /** Writes the observation at `state` into `out` from `at` (no line break; `out` has room for `maxLength` bytes there) and returns where it ends. */
  write(state: S, out: Uint8Array, at: number): number;
}
