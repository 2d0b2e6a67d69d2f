/**
 * The UnoWar page's model, pure functions over the engine (`unoWarGame`'s `UnoWarState`): the
 * address, replaying a game from its seed and the person's cards, the rounds as they were played,
 * and why a card may not be played.
 *
 * The person is player 0 (the assignment's ai1, who starts round 1); the AI is player 1. The cards come
 * from `rngFromSeed(seed)`; an AI that draws random numbers gets its own stream,
 * `rngFromSeed(deriveSeed(seed, 1))`, so its choices never change the deal.
 */
import { CHANCE } from '../../../src/core/game.js';
import { deriveSeed, rngFromSeed } from '../../../src/core/random.js';
import { unoWarGame } from '../../../src/games/uno-war/definition.js';
import { Phase, type UnoWarObservation } from '../../../src/games/uno-war/engine.js';
import { SLOT_CHOICES, parseSlot, playRefusal, slotName } from '../../../src/games/uno-war/notation.js';
import { HAND_SIZE, WINNING_SCORE } from '../../../src/games/uno-war/rules.js';
import { newSeed, seedFromParams } from '../seed.js';

export { newSeed };

export { HAND_SIZE, WINNING_SCORE };

export type UnoWarState = ReturnType<typeof unoWarGame.newInitialState>;

/**
 * AIs of the registry that are not offered to people, and why: an opponent must be worth playing,
 * at least as strong as Smallest in both seats. `mcts` with its shipped budget (100 playouts a
 * move) is far below: on the lab's runner (seed 1, 100 games a seat) it won 1 of 100 games
 * against Smallest in the first seat (0.010, 95% Wilson CI 0.002-0.054) and 2 of 100 in the
 * second (0.020, CI 0.006-0.070). It is offered again once it reaches 0.5 in both seats over
 * 4,000 games.
 */
export const NOT_OFFERED: Readonly<Record<string, string>> = {
  mcts: 'it loses to Smallest in both seats, so it is not offered as an opponent',
};

/** The AIs a person can play: the game's own registry (so new agents appear by themselves), less those not worth playing. */
export const OPPONENTS: readonly { readonly id: string; readonly name: string; readonly description: string }[] = Object.entries(unoWarGame.agents)
  .filter(([id]) => !Object.hasOwn(NOT_OFFERED, id))
  .map(([id, entry]) => ({ id, name: entry.create().name, description: entry.description }));

/** Who plays the person's cards when they ask to finish the round or the game (the terminal's stand-in, `r` and `g`). */
export const DEFAULT_STAND_IN = 'smallest';

/** How far a stand-in plays: to the end of this round, or of the game. */
export type FinishScope = 'round' | 'game';

export interface PageState {
  readonly seed: number;
  readonly ai: string;
  /** The person's plays so far, as hand slots 0..4. */
  readonly moves: readonly number[];
  /** Play a forced card (the only playable one) by itself. */
  readonly auto: boolean;
  /** The coach rates each card the person chooses (`coach=1`). */
  readonly coach: boolean;
  /** The coach warns before a costly card (`training=1`; the coach is on with it). */
  readonly training: boolean;
}

/** A card the person played where more than one card could go: what the coach rates. */
export interface Decision {
  /** Its index in the person's moves. */
  readonly index: number;
  /** What the person had seen then, and nothing more: all the coach is given. */
  readonly observation: UnoWarObservation;
  readonly card: number;
  /** The distinct cards that could go, in the order of the hand's slots. */
  readonly cards: readonly number[];
}

/** One round as played: who led, the pile's cards with who played them, who won. */
export interface Round {
  readonly leader: number;
  readonly first: number;
  readonly plays: { readonly player: number; readonly card: number }[];
  /** -1 while the round goes on. */
  winner: number;
}

export interface Replay {
  readonly state: UnoWarState;
  readonly rounds: Round[];
}

/**
 * The game of deal `seed` against `ai` after the person's `moves`, run on to the person's next
 * turn (or the end). Throws a RangeError at the first move that is not legal.
 */
export function replayGame(seed: number, ai: string, moves: readonly number[]): Replay {
  return playGame(seed, ai, moves, null);
}

/** The cards the person could choose among at the position `moves` reach (distinct, slot order). */
export function choicesAt(state: UnoWarState): number[] {
  return [...new Set(legalSlots(state).map((slot) => state.handCard(0, slot)))];
}

/** The person's moves of the game that had a choice (more than one distinct card could go), with what they had seen before each. */
export function decisionsOf(seed: number, ai: string, moves: readonly number[]): Decision[] {
  const decisions: Decision[] = [];
  playGame(seed, ai, moves, null, (state, index) => {
    const cards = choicesAt(state);
    if (cards.length > 1) decisions.push({ index, observation: state.observe(0), card: state.handCard(0, moves[index]!), cards });
  });
  return decisions;
}

/** Keeps the coach's random stream apart from the deal's and the AI's (all derive from the deal number). */
const COACH_STREAM = 3;

/** The seed of the coach's samples for the person's move number `index` (from 0) of deal `seed`. */
export function coachSeed(seed: number, index: number): number {
  return deriveSeed(deriveSeed(seed, COACH_STREAM), index);
}

/**
 * The person's moves after `moves` with the stand-in `standIn` (any AI of the registry) playing
 * their cards to the end of this round or of the game; the stand-in's choices are drawn from a
 * stream derived from the deal and the move it starts at, so the same request plays the same cards.
 */
export function finishMoves(seed: number, ai: string, moves: readonly number[], standIn: string, scope: FinishScope): number[] {
  const entry = agentEntry(standIn);
  if (entry === undefined) throw new RangeError(`Unknown UnoWar AI '${standIn}'`);
  const played = [...moves];
  playGame(seed, ai, played, { agent: entry.create(), rng: rngFromSeed(deriveSeed(deriveSeed(seed, 2), moves.length)), scope });
  return played;
}

/** The registry's entry for an AI id; own entries only: 'constructor' or '__proto__' name no AI. */
function agentEntry(id: string): (typeof unoWarGame.agents)[string] | undefined {
  return Object.hasOwn(unoWarGame.agents, id) ? unoWarGame.agents[id] : undefined;
}

interface StandIn {
  readonly agent: ReturnType<(typeof unoWarGame.agents)[string]['create']>;
  readonly rng: ReturnType<typeof rngFromSeed>;
  readonly scope: FinishScope;
}

/**
 * `replayGame`, and with a stand-in, its plays for the person appended to `moves` until the scope
 * ends; `beforeMove` sees the state before each of the person's given moves (with its index).
 */
function playGame(seed: number, ai: string, moves: number[] | readonly number[], standIn: StandIn | null, beforeMove?: (state: UnoWarState, index: number) => void): Replay {
  const entry = agentEntry(ai);
  if (entry === undefined) throw new RangeError(`Unknown UnoWar AI '${ai}'`);
  const agent = entry.create();
  const state = unoWarGame.newInitialState();
  const chance = rngFromSeed(seed);
  const agentRng = rngFromSeed(deriveSeed(seed, 1));
  const rounds: Round[] = [];
  let next = 0;
  let roundsAtStart = -1;
  for (;;) {
    const player = state.currentPlayer();
    if (player === 0 && next === moves.length) {
      if (standIn === null || state.isTerminal()) break;
      if (roundsAtStart < 0) roundsAtStart = state.rounds;
      if (standIn.scope === 'round' && state.rounds > roundsAtStart) break;
      (moves as number[]).push(standIn.agent.act(state, standIn.rng));
    }
    if (state.isTerminal()) {
      if (next < moves.length) throw new RangeError(`Move ${String(next + 1)}: the game is already over`);
      break;
    }
    const roundsBefore = state.rounds;
    // The engine's Pile node turns a round's first card. (Between rounds `pileSize` and `top` keep
    // the discarded pile's, so only the phase says that a new round starts here.)
    const turnsPile = state.phase === Phase.Pile;
    if (player === CHANCE) {
      const card = state.dealNext(chance);
      if (turnsPile) rounds.push({ leader: state.starter, first: card, plays: [], winner: -1 });
    } else {
      if (player === 0) beforeMove?.(state, next);
      const slot = player === 0 ? moves[next++]! : agent.act(state, agentRng);
      if (player === 0 && !state.isLegalSlot(slot)) throw new RangeError(`Move ${String(next)}: slot ${String(slot)} is not a legal play`);
      const card = state.handCard(player, slot);
      state.applyAction(slot);
      rounds[rounds.length - 1]!.plays.push({ player, card });
    }
    if (state.rounds > roundsBefore) rounds[rounds.length - 1]!.winner = state.lastRoundWinner;
  }
  return { state, rounds };
}

/** The person's hand: five card indices, slot order. */
export function handOf(state: UnoWarState, player: number): number[] {
  return Array.from({ length: HAND_SIZE }, (_, slot) => state.handCard(player, slot));
}

/** Whether it is the person's turn. */
export function yourTurn(state: UnoWarState): boolean {
  return !state.isTerminal() && state.currentPlayer() === 0;
}

/** The slots the person may play now, one per distinct card (the engine's legal actions). */
export function legalSlots(state: UnoWarState): number[] {
  return Array.from({ length: HAND_SIZE }, (_, slot) => slot).filter((slot) => state.isLegalSlot(slot));
}

/** The slot to play for a click on `slot`: the first slot holding the same card (the assignment's `Hand.remove`). */
export function slotFor(state: UnoWarState, slot: number): number {
  return state.slotOfCard(0, state.handCard(0, slot));
}

/** Why card `card` may not go on `top`, in words; null when it may (the game's own explanation). */
export const illegalReason = playRefusal;

/** Reads the address; anything unusable is named in `problems` and defaulted. */
export function parseSearch(search: string, makeSeed: () => number = newSeed): { state: PageState; problems: string[] } {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const seed = seedFromParams(params, problems, makeSeed);
  let ai = params.get('ai') ?? 'smallest';
  if (!OPPONENTS.some((o) => o.id === ai)) {
    const why = Object.hasOwn(NOT_OFFERED, ai) ? NOT_OFFERED[ai] : undefined;
    problems.push(why === undefined ? `There is no AI "${ai}" (known: ${OPPONENTS.map((o) => o.id).join(', ')}): smallest plays.` : `The AI "${ai}" is not offered here: ${why}. Smallest plays.`);
    ai = 'smallest';
  }
  const auto = params.get('auto') !== '0';
  const training = params.get('training') === '1';
  const coach = training || params.get('coach') === '1';
  const movesText = params.get('moves') ?? '';
  const moves: number[] = [];
  const all = [...movesText].map(parseSlot);
  if (!all.every((slot) => slot !== undefined)) {
    problems.push(`The moves "${movesText}" are not hand positions ${SLOT_CHOICES}: the game starts afresh.`);
  } else {
    // Keep the longest legal prefix.
    for (const move of all) {
      try {
        replayGame(seed, ai, [...moves, move]);
      } catch {
        problems.push(`The moves "${movesText}" stop being legal at move ${String(moves.length + 1)}: the game continues from there.`);
        break;
      }
      moves.push(move);
    }
  }
  return { state: { seed, ai, moves, auto, coach, training }, problems };
}

export function toSearch(state: PageState): string {
  const params = new URLSearchParams({ seed: String(state.seed), ai: state.ai });
  if (!state.auto) params.set('auto', '0');
  if (state.training) params.set('training', '1');
  else if (state.coach) params.set('coach', '1');
  if (state.moves.length > 0) params.set('moves', state.moves.map(slotName).join(''));
  return `?${params.toString()}`;
}

/**
 * The "Last rounds" line of a finished round: who won, and on which card the loser could not play
 * (`plays` cards after the round's first; none means the loser could not play on the first card).
 */
export function lastRoundLine(round: number, winner: string, loser: string, lastCard: string, plays: number): string {
  const when = plays === 0 ? ", the round's first card" : ` after ${String(plays)} card${plays === 1 ? '' : 's'}`;
  return `Round ${String(round)}: ${winner} won — ${loser} could not play on ${lastCard}${when}`;
}
