/**
 * How the lab fields a player a user writes: the class or object a reader of the assignment
 * writes (or a lab agent on the game contract), turned into a lab agent whose faults are results.
 * What is particular to each game — the player's form, how it is asked, which answers are legal,
 * what a fault makes of the move — is the game's `userPlayers` (core/user-player-rules.ts, in each
 * game's folder); this file holds what is the same for all.
 *
 * One shape for every game (`guardedAgent`): the user's call is made inside a try; a throw, or an
 * answer the rules cannot read, is recorded as a fault of the current game and replaced by the
 * game's fault outcome: an action played in its place (ConnectFwar discards the card, UnoWar's
 * round is lost) or the end of the game (a `Forfeit`: Connect Four's game is lost, Klondike's deal
 * ends). A move that runs past the lab's time limit is a fault too, and its player plays no more in
 * that game (see `guardedAgent`).
 *
 * Browser-safe (no Node I/O); loading modules from disk is user-players.ts.
 */
import type { Agent, GameDefinition, GameState } from '../core/game.js';
import type { Rng } from '../core/random.js';
import { printable, thrownText } from '../core/format.js';
import { describeValue, instanceWith, type FaultOutcome, type UserPlayerRules, type UserVerdict } from '../core/user-player-rules.js';
import { Forfeit, GameTooLong, userGame, type FaultReporting } from './user-agents.js';

export { describeValue, instanceWith } from '../core/user-player-rules.js';

/** Turns what a module or caller supplies into an agent factory, or undefined if it is no player of this game. */
export type Adapter = (exported: unknown, label: string) => (() => Agent<GameState>) | undefined;

export interface GameAdapter {
  readonly adapt: Adapter;
  /** What a module's default export must be, for the error message. */
  readonly expected: string;
}

export const messageOf = (error: unknown): string => thrownText(error);

/**
 * A lab agent around a user's decision: `decide` asks the user's code and judges its answer; a throw
 * (from the user's code) or a `{ fault }` verdict records a fault and plays `onFault(state)`, which
 * may also end the game (throw a `Forfeit`).
 *
 * A call that failed in an earlier attempt (see `userGame`: it ran past the time limit, or its
 * thread died under it — an exit, running out of memory, a crash) is not asked again but played
 * as a fault, and the player plays no more in that game (each of its later moves is `onFault`): a
 * player that failed so once would likely fail again, and every such failure costs a replay.
 *
 * `act` runs once per move of every game, inlined into the engine's playout loop: its bytecode is
 * kept to the hot path (everything rare — a hung call, a stopped player, a throw, a fault — is a
 * call out), because V8 inlines by a bytecode budget per optimised function, and a larger `act`
 * left the engine's own small steps (drawing a card, placing it) un-inlined, which cost a module
 * player a third of the built-in's speed.
 */
function guardedAgent<S extends GameState>(label: string, decide: (state: S, rng: Rng, game: number) => UserVerdict, onFault: (state: S) => number, what: (state: S) => string): Agent<S> & FaultReporting {
  const faults: string[] = [];
  const game = userGame;
  /** The game (its serial) in which this player plays no more. */
  let stoppedIn = -1;
  /**
   * Whether call `call` (at or past `game.firstFailed`) is not asked: it failed in an earlier
   * attempt (the player then plays no more in this game), or the player stopped earlier in this game.
   * A call past the game's longest length throws GameTooLong: the state no longer plays the game.
   */
  const notAsked = (state: S, call: number): boolean => {
    if (call > game.maxCalls) throw new GameTooLong(`the game went on past ${game.maxCalls.toLocaleString('en-US')} moves, longer than its rules allow`);
    if (stoppedIn === game.serial) return true;
    const failed = game.failedCalls.indexOf(call);
    if (failed < 0) return false;
    stoppedIn = game.serial;
    // Every later call of this game takes this path (the player's, to be played as a fault).
    game.firstFailed = 0;
    faults.push(printable(`${what(state)} ${game.failures[failed]!}: it plays no more in this game`));
    return true;
  };
  // Bounded and escaped where it is made: a fault message reaches results files and terminals.
  const fault = (state: S, verdict: { readonly fault: string }): number => {
    faults.push(printable(`${what(state)} ${verdict.fault}`));
    return onFault(state);
  };
  return {
    name: label,
    faults,
    act(state, rng) {
      const call = ++game.calls;
      // One comparison on the hot path: `firstFailed` is Infinity in a game without failed calls.
      if (call >= game.firstFailed && notAsked(state, call)) return onFault(state);
      // Plain stores, not Atomics (a fence each, a real cost at millions of moves a second): the
      // watchdog needs only to see the value eventually, and a call that hangs or kills its thread
      // writes nothing after it.
      const progress = game.progress;
      if (progress !== undefined) progress[2] = call;
      let verdict: UserVerdict;
      try {
        verdict = decide(state, rng, game.serial);
      } catch (error) {
        verdict = threw(error);
      }
      if (progress !== undefined) progress[2] = -call;
      return typeof verdict === 'number' ? verdict : fault(state, verdict);
    },
  };
}

const threw = (error: unknown): { readonly fault: string } => ({ fault: `threw ${messageOf(error)}` });

/** The game's fault outcome as the move to play: its action, or a `Forfeit` that ends the game. */
function faultMove<S extends GameState>(outcome: FaultOutcome<S>): (state: S) => number {
  if ('action' in outcome) return outcome.action;
  const { forfeit } = outcome;
  return (state) => {
    throw new Forfeit(forfeit(state));
  };
}

/**
 * The adapter of a game from its rules: a lab agent (`act`), or the assignment's player form the
 * rules recognise (a new instance of a class each time, the object itself for an object).
 */
function adapterOf<S extends GameState>(rules: UserPlayerRules<S>): Adapter {
  const { isLegal: isLegalAction, whyIllegal, recognise, decision } = rules;
  const onFault = faultMove(rules.onFault);
  const fielded = rules.fielded ?? ((agent: Agent<S>) => agent);
  const illegalAction = (state: S, action: unknown): UserVerdict => ({ fault: `answered ${describeValue(action)}: ${whyIllegal(state)}` });
  return (exported, label) => {
    const act = instanceWith(exported, 'act');
    if (act !== undefined) {
      return () => {
        const agent = act() as unknown as Agent<S>;
        // Small, as guardedAgent's `act`: the message of an illegal answer is built out of line.
        const decide = (state: S, rng: Rng): UserVerdict => {
          const action = agent.act(state, rng);
          return isLegalAction(state, action) ? action : illegalAction(state, action);
        };
        return fielded(guardedAgent<S>(label, decide, onFault, () => 'act')) as unknown as Agent<GameState>;
      };
    }
    const make = recognise(exported);
    if (make === undefined) return undefined;
    return () => {
      const { decide, what } = decision(make);
      return fielded(guardedAgent<S>(label, decide, onFault, what)) as unknown as Agent<GameState>;
    };
  };
}

/** Adapters made so far, one per game definition (a definition's rules do not change). */
const ADAPTERS = new WeakMap<GameDefinition<GameState>, GameAdapter>();

/** How `game` takes players from modules, or undefined for a game without `userPlayers`. */
export function gameAdapter(game: GameDefinition<GameState>): GameAdapter | undefined {
  const rules = game.userPlayers;
  if (rules === undefined) return undefined;
  let adapter = ADAPTERS.get(game);
  if (adapter === undefined) {
    adapter = { adapt: adapterOf(rules), expected: rules.expected };
    ADAPTERS.set(game, adapter);
  }
  return adapter;
}
