/**
 * The assignment's four strategies, each written once as a plain rule (`firstFittingColumn`,
 * `randomColumn`, `rankColumn`, `suitColumn`: card index and column floors in, column out) and
 * played by two faces: the lab agents here over the fast engine, and the assignment's `Player`
 * classes (player.ts) over a `Board`. `columnOrDiscard`
 * applies the assignment's rule that an unplayable answer discards, so the agents and the classes
 * play identical games (connect-fwar.test.ts replays them game for game).
 */
import type { Agent } from '../../core/game.js';
import type { Rng } from '../../core/random.js';
import { NUM_RANKS } from '../../core/cards.js';
import { drawIndex, type ConnectFwarState } from './engine.js';
import { COLUMNS, DISCARD, RANK_OF_CARD, fitsColumn } from './rules.js';

export type ConnectFwarAgent = Agent<ConnectFwarState>;

/**
 * BasicPlayer's rule: the first column, left to right, whose floor (rules.ts `columnFloor`) card
 * index `card` meets; DISCARD when none does.
 */
export function firstFittingColumn(card: number, floors: Uint8Array): number {
  // Unrolled over the four column floors: the basic agent is the benchmark's hot path.
  if (fitsColumn(card, floors[0]!)) return 0;
  if (fitsColumn(card, floors[1]!)) return 1;
  if (fitsColumn(card, floors[2]!)) return 2;
  if (fitsColumn(card, floors[3]!)) return 3;
  return DISCARD;
}

/** RandomPlayer's rule: a uniformly random column 0..3, legal or not. */
export function randomColumn(rng: Rng): number {
  // drawIndex is randomInt without the slow remainder: the same columns from the same stream.
  return drawIndex(rng, COLUMNS);
}

/** The first column, left to right, where the card may go; otherwise discard. */
export const basicAgent: ConnectFwarAgent = {
  name: 'basic',
  act(state) {
    return firstFittingColumn(state.drawn, state.floors);
  },
};

/** A uniformly random column 0..3, legal or not (an illegal one discards). */
export const randomAgent: ConnectFwarAgent = {
  name: 'random',
  act(state, rng: Rng) {
    return state.columnOrDiscard(randomColumn(rng));
  },
};

/** RankRunner's column for card index `card`: ranks share columns by `(rank - 1) % 4` (A,5,9,K → 0; 2,6,10 → 1; 3,7,J → 2; 4,8,Q → 3), legal or not. */
export const rankColumn = (card: number): number => (RANK_OF_CARD[card]! - 1) % COLUMNS;

/** SuitStacker's column for card index `card`: one per suit, `suit - 1` (indices run suit by suit, 13 each), legal or not. */
export const suitColumn = (card: number): number => (card / NUM_RANKS) | 0;

/** Ranks share columns (`rankColumn`). */
export const rankRunnerAgent: ConnectFwarAgent = {
  name: 'ranks',
  act(state) {
    return state.columnOrDiscard(rankColumn(state.drawn));
  },
};

/** One column per suit (`suitColumn`). */
export const suitStackerAgent: ConnectFwarAgent = {
  name: 'suits',
  act(state) {
    return state.columnOrDiscard(suitColumn(state.drawn));
  },
};
