/**
 * Lab agents for Klondike. They see only what a player sees: the state keeps face-down cards
 * undecided, so there is nothing else to see.
 */
import type { Agent } from '../../core/game.js';
import { randomInt } from '../../core/random.js';
import { DISCARD_ACTION, NUM_FOUNDATIONS, type KlondikeState } from './engine.js';

export type KlondikeAgent = Agent<KlondikeState>;

/** A uniformly random legal move. */
export function createRandomAgent(): KlondikeAgent {
  let buffer = new Int32Array(0);
  return {
    name: 'random',
    act(state, rng) {
      if (buffer.length < state.config.numActions) buffer = new Int32Array(state.config.numActions);
      const count = state.legalActions(buffer);
      return buffer[count === 1 ? 0 : randomInt(rng, count)]!;
    },
  };
}

/**
 * A simple priority, first match wins (ties: the lowest action code):
 * 1. a card to a foundation (from a pile or the draw);
 * 2. a pile move that turns up a face-down card (the whole face-up run of a pile with cards below);
 * 3. the draw card onto a pile;
 * 4. otherwise a uniformly random idle move (a discard or any other pile move): exploring this way
 *    wins more deals than cycling the stock (37.7% against 31.9% for `random` over 2000 deals).
 */
export function createGreedyAgent(): KlondikeAgent {
  let buffer = new Int32Array(0);
  return {
    name: 'greedy',
    act(state, rng) {
      const config = state.config;
      if (buffer.length < config.numActions) buffer = new Int32Array(config.numActions);
      const count = state.legalActions(buffer);
      let best = buffer[0]!;
      let bestRank = 9;
      let idleMoves = 0;
      for (let i = 0; i < count; i++) {
        const action = buffer[i]!;
        let rank: number;
        if (action === DISCARD_ACTION) rank = 4;
        else if (action < 1 + NUM_FOUNDATIONS) rank = 1;
        else if (action < config.pileToFoundation) rank = 3;
        else if (action < config.movePileBase) rank = 1;
        else {
          const k = action - config.movePileBase;
          const src = Math.floor(Math.floor(k / 13) / config.piles);
          const n = (k % 13) + 1;
          rank = n === state.faceUp(src) && state.hidden[src]! > 0 ? 2 : 4;
        }
        if (rank === 4) buffer[idleMoves++] = action; // safe: idleMoves <= i
        if (rank < bestRank) {
          best = action;
          bestRank = rank;
          if (rank === 1) break;
        }
      }
      // Nothing productive: a uniformly random idle move (a discard or a pile move) explores
      // instead of cycling the stock until the idle limit.
      if (bestRank === 4 && idleMoves > 1) return buffer[randomInt(rng, idleMoves)]!;
      return best;
    },
  };
}
