/**
 * How each game fields a player a user writes: the class or object a reader of the assignment
 * writes (or a lab agent on the game contract), turned into a lab agent whose faults are results.
 *
 * One shape for every game (`guardedAgent`): the user's call is made inside a try; a throw, or an
 * answer the rules cannot read, is recorded as a fault of the current game and replaced by the
 * game's *fault action* — what the assignment's rules make of a bad answer:
 * - ConnectFwar: the card is discarded (DISCARD);
 * - UnoWar: the round is lost (CONCEDE_ROUND);
 * - Connect Four: the game is lost (the fault throws a `Forfeit`, which ends the game);
 * - Klondike: the deal ends for that program (a `Forfeit`), scoring the cards on the foundations.
 * A move that runs past the lab's time limit is a fault too, and its player plays no more in that
 * game (see `guardedAgent`).
 * The spec's own "bad" answers are no faults: ConnectFwar's unplayable column (-1) is its discard,
 * an UnoWar AI's `null` is its "no play" (and loses the round).
 *
 * Browser-safe (no Node I/O); loading modules from disk is user-players.ts.
 */
import { Card, DECK_SIZE, cardIndex } from '../core/cards.js';
import type { Agent, GameState } from '../core/game.js';
import type { Rng } from '../core/random.js';
import { Board } from '../games/connect-fwar/board.js';
import type { ConnectFwarState } from '../games/connect-fwar/engine.js';
import { DISCARD } from '../games/connect-fwar/rules.js';
import type { ReadonlyCardPile } from '../games/uno-war/card-pile.js';
import { enginePileView } from '../games/uno-war/card-pile.js';
import { markChecked } from '../games/uno-war/agents.js';
import { CONCEDE_ROUND, type UnoWarState } from '../games/uno-war/engine.js';
import { engineHandView, type ReadonlyHand } from '../games/uno-war/hand.js';
import { canPlayOn } from '../games/uno-war/rules.js';
import { decodeAction, encodeMove, type KlondikeState } from '../games/klondike/engine.js';
import type { KlondikeMove } from '../games/klondike/moves.js';
import type { ReadonlyKlondikeModel } from '../games/klondike/model.js';
import { printable, thrownText } from '../core/format.js';
import { isColumn, type Position } from '../games/connect-four/position.js';
import { Forfeit, GameTooLong, userGame, type FaultReporting } from './user-agents.js';

/** Turns what a module or caller supplies into an agent factory, or undefined if it is no player of this game. */
export type Adapter = (exported: unknown, label: string) => (() => Agent<GameState>) | undefined;

export interface GameAdapter {
  readonly adapt: Adapter;
  /** What a module's default export must be, for the error message. */
  readonly expected: string;
}

/** An answer in a fault message; never throws (a Proxy's traps may). */
export function describeValue(x: unknown): string {
  try {
    return typeof x === 'string' ? JSON.stringify(x) : x === null ? 'null' : x instanceof Card ? x.toString() : typeof x === 'object' ? 'an object' : String(x);
  } catch {
    return thrownText(x);
  }
}
export const messageOf = (error: unknown): string => thrownText(error);

/** A class whose instances have `method` (constructed with no arguments), or an object that has it. */
export function instanceWith(exported: unknown, method: string): (() => Record<string, unknown>) | undefined {
  if (typeof exported === 'function' && typeof (exported.prototype as Record<string, unknown> | undefined)?.[method] === 'function') {
    const Class = exported as new () => Record<string, unknown>;
    return () => new Class();
  }
  if (typeof exported === 'object' && exported !== null && typeof (exported as Record<string, unknown>)[method] === 'function') {
    return () => exported as Record<string, unknown>;
  }
  return undefined;
}

/** The verdict on one answer: the action to play, or a fault message (the fault action is played). */
type Verdict = number | { readonly fault: string };

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
function guardedAgent<S extends GameState>(label: string, decide: (state: S, rng: Rng) => Verdict, onFault: (state: S) => number, what: (state: S) => string): Agent<S> & FaultReporting {
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
      let verdict: Verdict;
      try {
        verdict = decide(state, rng);
      } catch (error) {
        verdict = threw(error);
      }
      if (progress !== undefined) progress[2] = -call;
      return typeof verdict === 'number' ? verdict : fault(state, verdict);
    },
  };
}

const threw = (error: unknown): { readonly fault: string } => ({ fault: `threw ${messageOf(error)}` });

/** The user's player behind a game's adapter: its decision and how its moves are named in fault messages. */
interface PlayerDecision<S> {
  readonly decide: (state: S, rng: Rng) => Verdict;
  readonly what: (state: S) => string;
}

/**
 * Which answers of a lab agent the game takes: `isLegal` on every move (small, so that it inlines),
 * `whyIllegal` for the fault's message.
 */
interface AgentRule<S> {
  readonly isLegal: (state: S, action: unknown) => action is number;
  readonly whyIllegal: (state: S) => string;
}

/**
 * Builds the adapter of a game from its two forms: the assignment's class (recognised by
 * `isPlayer`; `fromPlayer` gets a maker of instances: a new instance of a class each time, the
 * object itself for an object) and a lab agent.
 */
function adapterOf<S extends GameState>(
  isPlayer: (exported: unknown) => (() => Record<string, unknown>) | undefined,
  fromPlayer: (make: () => Record<string, unknown>) => PlayerDecision<S>,
  agentRule: AgentRule<S>,
  onFault: (state: S) => number,
): Adapter {
  const { isLegal: isLegalAction, whyIllegal } = agentRule;
  const illegalAction = (state: S, action: unknown): Verdict => ({ fault: `answered ${describeValue(action)}: ${whyIllegal(state)}` });
  return (exported, label) => {
    const act = instanceWith(exported, 'act');
    if (act !== undefined) {
      return () => {
        const agent = act() as unknown as Agent<S>;
        // Small, as guardedAgent's `act`: the message of an illegal answer is built out of line.
        const decide = (state: S, rng: Rng): Verdict => {
          const action = agent.act(state, rng);
          return isLegalAction(state, action) ? action : illegalAction(state, action);
        };
        return guardedAgent<S>(label, decide, onFault, () => 'act') as unknown as Agent<GameState>;
      };
    }
    const make = isPlayer(exported);
    if (make === undefined) return undefined;
    return () => {
      const { decide, what } = fromPlayer(make);
      return guardedAgent<S>(label, decide, onFault, what) as unknown as Agent<GameState>;
    };
  };
}

const withMethod =
  (method: string) =>
  (exported: unknown): (() => Record<string, unknown>) | undefined =>
    instanceWith(exported, method);

// ---- ConnectFwar: the assignment's Player, nextMove(card, board) ----

interface NextMovePlayer {
  nextMove(card: Card, board: Board, rng: Rng): unknown;
}

/**
 * The assignment's `Player` keeps its own `Board`, played in step with the engine's state (the same
 * rules decide both), so the player sees the assignment's classes.
 */
function connectFwarPlayer(make: () => Record<string, unknown>): PlayerDecision<ConnectFwarState> {
  const p = make() as unknown as NextMovePlayer;
  let board = new Board();
  let view = board.readOnlyView();
  return {
    what: (state) => `nextMove(${Card.fromIndex(state.drawn).toString()})`,
    decide(state, rng) {
      // The first card of a game has just been drawn: a new game, a new board.
      if (state.remaining === DECK_SIZE - 1) {
        board = new Board();
        view = board.readOnlyView();
      }
      const card = Card.fromIndex(state.drawn);
      const answer = p.nextMove(card, view, rng);
      if (typeof answer !== 'number' || !Number.isInteger(answer)) return { fault: `answered ${describeValue(answer)}, not a column number` };
      // The spec's discard: a column the card cannot go on.
      if (!board.canPlay(card, answer)) return DISCARD;
      board.play(card, answer);
      return answer;
    },
  };
}

const connectFwarAdapter = adapterOf<ConnectFwarState>(
  withMethod('nextMove'),
  connectFwarPlayer,
  {
    isLegal: (state, action): action is number => action === DISCARD || (typeof action === 'number' && state.canPlay(state.drawn, action)),
    whyIllegal: (state) => `not a legal action for ${Card.fromIndex(state.drawn).toString()}`,
  },
  () => DISCARD,
);

// ---- UnoWar: the assignment's AI, getPlay(hand, cardPile) ----

interface GetPlayAI {
  getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile, rng: Rng): unknown;
}

/** The card index of an answer that is a card (ours, or one made by another copy of the Card class), else -1. */
function cardIndexOf(answer: unknown): number {
  if (answer instanceof Card) return answer.index;
  const c = answer as { getRankNum?: unknown; getSuitNum?: unknown } | null;
  if (typeof c?.getRankNum !== 'function' || typeof c.getSuitNum !== 'function') return -1;
  const rank = (c.getRankNum as () => unknown)();
  const suit = (c.getSuitNum as () => unknown)();
  return Number.isInteger(rank) && Number.isInteger(suit) && (rank as number) >= 1 && (rank as number) <= 13 && (suit as number) >= 1 && (suit as number) <= 4
    ? cardIndex(rank as number, suit as number)
    : -1;
}

/**
 * The assignment's AI as a lab agent: shown read-only views of its own hand and of the pile over the
 * engine's state (as `UnoWarMatch` shows them), it returns a card; the card's first slot is played
 * (as `Hand.remove(card)` takes the first). `null` is the spec's "no play": the round is lost, no
 * fault. A card that may not go on the pile, one it does not hold, or anything else loses the round
 * and is a fault. Unlike `UnoWarMatch`, the lab does not ask an AI that holds no playable card (it
 * loses the round whatever it answers).
 */
function unoWarAI(make: () => Record<string, unknown>): PlayerDecision<UnoWarState> {
  const a = make() as unknown as GetPlayAI;
  // Views bind to a state; the lab plays on one state per thread, so they are rebuilt rarely.
  let viewed: UnoWarState | undefined;
  let hands: ReadonlyHand[] = [];
  let pile: ReadonlyCardPile | undefined;
  return {
    what: (state) => `getPlay on ${Card.fromIndex(state.top).toString()}`,
    decide(state, rng) {
      if (state !== viewed) {
        viewed = state;
        hands = [engineHandView(state, 0), engineHandView(state, 1)];
        pile = enginePileView(state);
      }
      const player = state.toMove;
      const answer = a.getPlay(hands[player]!, pile!, rng);
      if (answer === null || answer === undefined) return CONCEDE_ROUND;
      const card = cardIndexOf(answer);
      if (card < 0) return { fault: `answered ${describeValue(answer)}, not a card` };
      const slot = state.slotOfCard(player, card);
      if (slot >= 0 && state.isLegalSlot(slot)) return slot;
      // The assignment's order of checks: a card that may not go on the pile, then one not in the hand.
      return { fault: `answered ${Card.fromIndex(card).toString()}, which ${canPlayOn(state.top, card) ? 'is not in its hand' : 'may not be played on it'}` };
    },
  };
}

const unoWarGuarded = adapterOf<UnoWarState>(
  withMethod('getPlay'),
  unoWarAI,
  {
    isLegal: (state, action): action is number => action === CONCEDE_ROUND || (typeof action === 'number' && state.isLegalSlot(action)),
    whyIllegal: () => 'not a legal slot (nor CONCEDE_ROUND)',
  },
  () => CONCEDE_ROUND,
);

/**
 * UnoWar's players: an agent (`act`) or the assignment's AI (`getPlay`). Either way the guarded agent
 * answers only legal slots or CONCEDE_ROUND, so the engine's playout trusts it (`markChecked`).
 */
const unoWarAdapter: Adapter = (exported, label) => {
  const create = unoWarGuarded(exported, label);
  return create === undefined ? undefined : () => markChecked(create() as unknown as Agent<UnoWarState>) as unknown as Agent<GameState>;
};

// ---- Klondike: a program that plays, nextMove(game, moves) ----

interface KlondikeProgram {
  nextMove(game: ReadonlyKlondikeModel, moves: readonly KlondikeMove[], rng: Rng): unknown;
}

const scratch = { buffer: new Int32Array(0) };
function legalActionsOf(state: KlondikeState): Int32Array {
  if (scratch.buffer.length < state.config.numActions) scratch.buffer = new Int32Array(state.config.numActions);
  return scratch.buffer.subarray(0, state.legalActions(scratch.buffer));
}

/**
 * A Klondike program: shown what the player sees (the model's queries over a masked copy of the
 * deal: face-down and unseen stock cards cannot be read) and the legal moves, it returns one of the
 * moves (or an equal move object).
 */
function klondikeProgram(make: () => Record<string, unknown>): PlayerDecision<KlondikeState> {
  const p = make() as unknown as KlondikeProgram;
  return {
    what: (state) => `nextMove (move ${String(state.getMoves().length + 1)})`,
    decide(state, rng) {
      const legal = legalActionsOf(state);
      const listed = Array.from(legal, (action) => decodeAction(state.config, action));
      const answer = p.nextMove(state.observe(0), listed, rng);
      let action = -1;
      try {
        action = encodeMove(state.config, answer as KlondikeMove);
      } catch {
        // not a move: judged below
      }
      if (action >= 0 && legalActionsOf(state).includes(action)) return action;
      return { fault: `answered ${typeof answer === 'object' && answer !== null ? JSON.stringify(answer) : describeValue(answer)}, not one of the legal moves` };
    },
  };
}

/** A fault ends the deal for the program, program or lab agent alike: it scores the cards on the foundations at that moment. */
const klondikeFault = (state: KlondikeState): never => {
  throw new Forfeit([state.returns(0)]);
};

const KLONDIKE: GameAdapter = {
  adapt: adapterOf<KlondikeState>(
    withMethod('nextMove'),
    klondikeProgram,
    { isLegal: (state, action): action is number => typeof action === 'number' && legalActionsOf(state).includes(action), whyIllegal: () => 'not a legal action' },
    klondikeFault,
  ),
  expected: 'a default export that is a program class or object with nextMove(game, moves) returning one of the moves, or a lab agent with act(state, rng)',
};

// ---- Connect Four: the assignment's Player, init(color) / move() / inform(column) ----

interface ConnectFourPlayer {
  init(color: boolean): unknown;
  move(rng: Rng): unknown;
  inform(column: number): unknown;
}

/** A Connect Four `Player` class (constructed for every game, as the referee does) or object. */
function connectFourPlayerMaker(exported: unknown): (() => Record<string, unknown>) | undefined {
  const isPlayer = (x: unknown): boolean => {
    const p = x as Partial<Record<'init' | 'move' | 'inform', unknown>> | null | undefined;
    return typeof p?.init === 'function' && typeof p.move === 'function' && typeof p.inform === 'function';
  };
  if (typeof exported === 'function' && isPlayer(exported.prototype)) return () => new (exported as new () => Record<string, unknown>)();
  // An object: a fresh one over it for every seat of every game, so that what `init` sets on it is
  // not shared by the two seats of a game against itself.
  if (typeof exported === 'object' && exported !== null && isPlayer(exported)) return () => Object.create(exported) as Record<string, unknown>;
  return undefined;
}

const isThenable = (x: unknown): boolean => typeof (x as { then?: unknown } | null)?.then === 'function';

/**
 * The assignment's Connect Four `Player` as a lab agent, told the game as the referee tells it: at
 * its first move of a game it is made (a class) and `init(color)`, then `inform(column)` of each
 * opponent move since its last, then `move()`, which must answer a playable column at once (the lab
 * plays synchronously: a Promise is a fault). It is handed the game's seeded generator as
 * `move(rng)`. Its own board is its business: the referee's state is the engine's `Position`.
 */
function connectFourPlayer(make: () => Record<string, unknown>): PlayerDecision<Position> {
  let player: ConnectFourPlayer | undefined;
  let game = -1;
  /** Moves of this game the player knows of (its own and those it was told). */
  let known = 0;
  return {
    what: (state) => `move (move ${String(state.moves + 1)})`,
    decide(state, rng) {
      if (game !== userGame.serial) {
        game = userGame.serial;
        known = 0;
        player = make() as unknown as ConnectFourPlayer;
        player.init(state.turn);
      }
      const p = player!;
      if (state.moves > known) {
        const history = state.history();
        for (; known < history.length; known++) p.inform(history[known]!);
      }
      const answer = p.move(rng);
      if (isThenable(answer)) return { fault: 'answered a Promise: the lab asks for a move synchronously (the referee, `connect-four tournament`, waits for one)' };
      if (typeof answer !== 'number' || !isColumn(answer)) return { fault: `answered ${describeValue(answer)}, not a column 0..6` };
      if (!state.canPlay(answer)) return { fault: `answered column ${String(answer)}, which is full` };
      known = state.moves + 1;
      return answer;
    },
  };
}

/** A fault loses the game (as under the referee): the player who was to move loses, the other wins. */
const connectFourFault = (state: Position): never => {
  throw new Forfeit(state.currentPlayer() === 0 ? [-1, 1] : [1, -1]);
};

const CONNECT_FOUR: GameAdapter = {
  adapt: adapterOf<Position>(
    connectFourPlayerMaker,
    connectFourPlayer,
    { isLegal: (state, action): action is number => typeof action === 'number' && isColumn(action) && state.canPlay(action), whyIllegal: () => 'not a playable column' },
    connectFourFault,
  ),
  expected: 'a default export that is a Connect Four Player class or object with init(color), move() and inform(column), or a lab agent with act(state, rng)',
};

/** Every game that takes players from modules, by lab game id. Klondike variants share Klondike's. */
export function gameAdapter(gameId: string): GameAdapter | undefined {
  if (gameId === 'klondike' || gameId.startsWith('klondike-')) return KLONDIKE;
  if (gameId === 'connect-four') return CONNECT_FOUR;
  return ADAPTERS[gameId];
}

const ADAPTERS: Readonly<Record<string, GameAdapter>> = {
  'connect-fwar': {
    adapt: connectFwarAdapter,
    expected: 'a default export that is a Player class or object with nextMove(card, board), or a lab agent with act(state, rng)',
  },
  'uno-war': {
    adapt: unoWarAdapter,
    expected: 'a default export that is an AI class (or object) with getPlay(hand, cardPile), or a lab agent with act(state, rng)',
  },
};

export const gamesWithModules = ['connect-fwar', 'uno-war', 'connect-four', 'klondike'] as const;
