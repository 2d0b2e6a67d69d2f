/**
 * What a game says about the players users write for it (`GameDefinition.userPlayers`): the form of
 * the assignment's player (a class or object with the spec's method), how such a player is asked
 * and its answer judged, which answers of a lab agent the game takes, and what the rules make of a
 * fault. The lab wraps this in one guarded agent for every game (lab/user-adapters.ts: time limits,
 * fault records, stopped players), so a game module holds only its own rules.
 */
import { Card } from './cards.js';
import { thrownText } from './format.js';
import type { Agent, GameState } from './game.js';
import type { Rng } from './random.js';

/** The verdict on one answer of a user's player: the action to play, or a fault (the game's fault rule is then played). */
export type UserVerdict = number | { readonly fault: string };

/** A maker of a user's players: a new instance of a class each time, or the object itself (or a fresh one over it). */
export type PlayerMaker = () => Record<string, unknown>;

/** One user player of the assignment's form, asked by the lab. */
export interface UserPlayerDecision<S> {
  /**
   * Asks the player for its move at `state` and judges the answer. `game` numbers the lab's games
   * in this thread: a new number is a new game (a player that keeps a board starts a new one).
   */
  decide(state: S, rng: Rng, game: number): UserVerdict;
  /** The call as a fault message names it, e.g. `getPlay on 7♥`. */
  what(state: S): string;
}

/** What a fault makes of the move: an action played in its place, or the end of the game with these returns. */
export type FaultOutcome<S> = { readonly action: (state: S) => number } | { readonly forfeit: (state: S) => readonly number[] };

export interface UserPlayerRules<S extends GameState> {
  /** What a module's default export must be, for the error message. */
  readonly expected: string;
  /** The assignment's player form: a maker of players when `exported` is one, else undefined. */
  readonly recognise: (exported: unknown) => PlayerMaker | undefined;
  /** Such a player, asked at each of its moves. */
  readonly decision: (make: PlayerMaker) => UserPlayerDecision<S>;
  /** Whether a lab agent's answer is taken (it runs on every move: keep it small, so that it inlines). */
  readonly isLegal: (state: S, action: unknown) => action is number;
  /** Why an answer `isLegal` refused is not taken, for the fault message. */
  readonly whyIllegal: (state: S) => string;
  readonly onFault: FaultOutcome<S>;
  /** The fault rule in words, for reports, e.g. `UnoWar: the round is lost`. */
  readonly faultRule: string;
  /**
   * Optional: the guarded agent, handed to the game once made (it answers only legal actions or the
   * fault action), e.g. for the game's playout to trust its answers.
   */
  readonly fielded?: (agent: Agent<S>) => Agent<S>;
}

/** A class whose instances have `method` (constructed with no arguments), or an object that has it. */
export function instanceWith(exported: unknown, method: string): PlayerMaker | undefined {
  if (typeof exported === 'function' && typeof (exported.prototype as Record<string, unknown> | undefined)?.[method] === 'function') {
    const Class = exported as new () => Record<string, unknown>;
    return () => new Class();
  }
  if (typeof exported === 'object' && exported !== null && typeof (exported as Record<string, unknown>)[method] === 'function') {
    return () => exported as Record<string, unknown>;
  }
  return undefined;
}

/** `instanceWith(·, method)` as a `recognise` rule. */
export const withMethod =
  (method: string) =>
  (exported: unknown): PlayerMaker | undefined =>
    instanceWith(exported, method);

/** An answer in a fault message; never throws (a Proxy's traps may). */
export function describeValue(x: unknown): string {
  try {
    return typeof x === 'string' ? JSON.stringify(x) : x === null ? 'null' : x instanceof Card ? x.toString() : typeof x === 'object' ? 'an object' : String(x);
  } catch {
    return thrownText(x);
  }
}
