/**
 * The seed's four strategies as lab agents over the fast engine. Each answers a column the way the
 * seed's player would, and `columnOrDiscard` applies the seed's rule that an unplayable answer
 * discards — so these agents and the seed's `Player` classes play identical games.
 */
import type { Agent } from '../../core/game.js';
import { randomInt, type Rng } from '../../core/random.js';
import { rankOfIndex, suitOfIndex } from '../../core/cards.js';
import type { ConnectFwarState } from './engine.js';
import { COLUMNS, DISCARD } from './rules.js';

export type ConnectFwarAgent = Agent<ConnectFwarState>;

/** The first column, left to right, where the card may go; otherwise discard. */
export const basicAgent: ConnectFwarAgent = {
  name: 'basic',
  act(state) {
    const card = state.drawn;
    for (let col = 0; col < COLUMNS; col++) if (state.canPlay(card, col)) return col;
    return DISCARD;
  },
};

/** A uniformly random column 0..3, legal or not (an illegal one discards). */
export const randomAgent: ConnectFwarAgent = {
  name: 'random',
  act(state, rng: Rng) {
    return state.columnOrDiscard(randomInt(rng, COLUMNS));
  },
};

/** Ranks share columns by `(rank - 1) % 4`: A,5,9,K → 0; 2,6,10 → 1; 3,7,J → 2; 4,8,Q → 3. */
export const rankRunnerAgent: ConnectFwarAgent = {
  name: 'ranks',
  act(state) {
    return state.columnOrDiscard((rankOfIndex(state.drawn) - 1) % COLUMNS);
  },
};

/** One column per suit: `suit - 1`. */
export const suitStackerAgent: ConnectFwarAgent = {
  name: 'suits',
  act(state) {
    return state.columnOrDiscard(suitOfIndex(state.drawn) - 1);
  },
};
