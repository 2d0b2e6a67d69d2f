/**
 * How each game fields a player a user writes: the class or object a reader of the assignment
 * writes (or a lab agent on the game contract), turned into a lab agent whose faults are results.
 *
 * One shape for every game (`guardedAgent`): the user's call is made inside a try; a throw, or an
 * answer the rules cannot read, is recorded as a fault of the current game and replaced by the
 * game's *fault action* — what the assignment's rules make of a bad answer:
 * - ConnectFwar: the card is discarded (DISCARD);
 * - UnoWar: the round is lost (CONCEDE_ROUND);
 * - Klondike: the program stops playing; the game is played out with moves that put no card on a
 *   foundation, so its score stays what it was at the fault (see `klondikeStopAction`).
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
import { HAND_SIZE, canPlayOn } from '../games/uno-war/rules.js';
import { MoveRank, decodeAction, encodeMove, type KlondikeState } from '../games/klondike/engine.js';
import type { KlondikeMove } from '../games/klondike/moves.js';
import type { ReadonlyKlondikeModel } from '../games/klondike/model.js';
import type { FaultReporting } from './user-agents.js';

/** Turns what a module or caller supplies into an agent factory, or undefined if it is no player of this game. */
export type Adapter = (exported: unknown, label: string) => (() => Agent<GameState>) | undefined;

export interface GameAdapter {
  readonly adapt: Adapter;
  /** What a module's default export must be, for the error message. */
  readonly expected: string;
}

export const describeValue = (x: unknown): string =>
  typeof x === 'string' ? JSON.stringify(x) : x === null ? 'null' : x instanceof Card ? x.toString() : typeof x === 'object' ? 'an object' : String(x);
export const messageOf = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

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
 * (from the user's code) or a `{ fault }` verdict records a fault and plays `onFault(state)`.
 */
function guardedAgent<S extends GameState>(label: string, decide: (state: S, rng: Rng) => Verdict, onFault: (state: S) => number, what: (state: S) => string): Agent<S> & FaultReporting {
  const faults: string[] = [];
  return {
    name: label,
    faults,
    act(state, rng) {
      let verdict: Verdict;
      try {
        verdict = decide(state, rng);
      } catch (error) {
        faults.push(`${what(state)} threw ${messageOf(error)}`);
        return onFault(state);
      }
      if (typeof verdict === 'number') return verdict;
      faults.push(`${what(state)} ${verdict.fault}`);
      return onFault(state);
    },
  };
}

/** Builds the adapter of a game from its two forms: the assignment's class (by method name) and a lab agent. */
function adapterOf<S extends GameState>(
  method: string,
  fromPlayer: (player: Record<string, unknown>) => { decide: (state: S, rng: Rng) => Verdict; what: (state: S) => string },
  legalAgentAction: (state: S, action: unknown) => string | undefined,
  onFault: (state: S) => number,
): Adapter {
  return (exported, label) => {
    const act = instanceWith(exported, 'act');
    if (act !== undefined) {
      return () => {
        const agent = act() as unknown as Agent<S>;
        const decide = (state: S, rng: Rng): Verdict => {
          const action = agent.act(state, rng);
          const wrong = legalAgentAction(state, action);
          return wrong === undefined ? action : { fault: `answered ${describeValue(action)}: ${wrong}` };
        };
        return guardedAgent<S>(label, decide, onFault, () => 'act') as unknown as Agent<GameState>;
      };
    }
    const player = instanceWith(exported, method);
    if (player === undefined) return undefined;
    return () => {
      const { decide, what } = fromPlayer(player());
      return guardedAgent<S>(label, decide, onFault, what) as unknown as Agent<GameState>;
    };
  };
}

// ---- ConnectFwar: the assignment's Player, nextMove(card, board) ----

interface NextMovePlayer {
  nextMove(card: Card, board: Board, rng: Rng): unknown;
}

/**
 * The assignment's `Player` keeps its own `Board`, played in step with the engine's state (the same
 * rules decide both), so the player sees the assignment's classes.
 */
function connectFwarPlayer(player: Record<string, unknown>): { decide: (state: ConnectFwarState, rng: Rng) => Verdict; what: (state: ConnectFwarState) => string } {
  const p = player as unknown as NextMovePlayer;
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
  'nextMove',
  connectFwarPlayer,
  (state, action) =>
    action === DISCARD || (typeof action === 'number' && state.canPlay(state.drawn, action)) ? undefined : `not a legal action for ${Card.fromIndex(state.drawn).toString()}`,
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
function unoWarAI(ai: Record<string, unknown>): { decide: (state: UnoWarState, rng: Rng) => Verdict; what: (state: UnoWarState) => string } {
  const a = ai as unknown as GetPlayAI;
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
      let slot = -1;
      for (let s = HAND_SIZE - 1; s >= 0; s--) if (state.handCard(player, s) === card) slot = s;
      if (slot >= 0 && state.isLegalSlot(slot)) return slot;
      // The assignment's order of checks: a card that may not go on the pile, then one not in the hand.
      return { fault: `answered ${Card.fromIndex(card).toString()}, which ${canPlayOn(state.top, card) ? 'is not in its hand' : 'may not be played on it'}` };
    },
  };
}

const unoWarGuarded = adapterOf<UnoWarState>(
  'getPlay',
  unoWarAI,
  (state, action) => (action === CONCEDE_ROUND || (typeof action === 'number' && state.isLegalSlot(action)) ? undefined : 'not a legal slot (nor CONCEDE_ROUND)'),
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
 * After a fault the program plays no more: each later move of the game is the first legal move that
 * puts no card on a foundation (a discard, or a move between piles), so the score stays what it was
 * at the fault and the game ends by the idle limit or when no move is left. Only when every legal
 * move goes to a foundation is one played.
 */
function klondikeStopAction(state: KlondikeState): number {
  const legal = legalActionsOf(state);
  for (const action of legal) if (state.rankMove(action) !== MoveRank.Foundation) return action;
  return legal[0]!;
}

/**
 * A Klondike program: shown what the player sees (the model's queries over a masked copy of the
 * deal: face-down and unseen stock cards cannot be read) and the legal moves, it returns one of the
 * moves (or an equal move object). Once it faults it plays no more in that game (`klondikeStopAction`).
 */
function klondikeProgram(program: Record<string, unknown>): { decide: (state: KlondikeState, rng: Rng) => Verdict; what: (state: KlondikeState) => string } {
  const p = program as unknown as KlondikeProgram;
  // The game (by its first move) in which the program faulted: it is not asked again in it.
  let stoppedAt: KlondikeState | undefined;
  let stoppedMoves = -1;
  return {
    what: (state) => `nextMove (move ${String(state.getMoves().length + 1)})`,
    decide(state, rng) {
      const moves = state.getMoves().length;
      if (stoppedAt === state && moves > stoppedMoves) return klondikeStopAction(state);
      stoppedAt = undefined;
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
      stoppedAt = state;
      stoppedMoves = moves;
      return { fault: `answered ${typeof answer === 'object' && answer !== null ? JSON.stringify(answer) : describeValue(answer)}, not one of the legal moves` };
    },
  };
}

const klondikeAdapter: Adapter = (exported, label) => {
  const make = adapterOf<KlondikeState>(
    'nextMove',
    klondikeProgram,
    (state, action) => (typeof action === 'number' && legalActionsOf(state).includes(action) ? undefined : 'not a legal action'),
    klondikeStopAction,
  );
  return make(exported, label);
};

const KLONDIKE: GameAdapter = {
  adapt: klondikeAdapter,
  expected: 'a default export that is a program class or object with nextMove(game, moves) returning one of the moves, or a lab agent with act(state, rng)',
};

/** Every game that takes players from modules, by lab game id. Klondike variants share Klondike's. */
export function gameAdapter(gameId: string): GameAdapter | undefined {
  if (gameId === 'klondike' || gameId.startsWith('klondike-')) return KLONDIKE;
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

export const gamesWithModules = ['connect-fwar', 'uno-war', 'klondike'] as const;
