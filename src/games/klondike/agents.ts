/**
 * Lab agents for Klondike. Both are honest: they read the legal moves and the face-up cards only
 * (through `legalActions` and `rankMove`), so a state whose hidden cards are dealt differently
 * (`resample`) gets the same choices — the tests check it.
 */
import type { Agent } from '../../core/game.js';
import { randomInt } from '../../core/random.js';
import { MoveRank, type KlondikeState } from './engine.js';

export type KlondikeAgent = Agent<KlondikeState>;

/** An agent's buffer for the legal actions, grown once to the variant's number of action codes. */
class LegalActions {
  buffer = new Int32Array(0);

  /** Writes the state's legal actions into `buffer`; returns how many. */
  of(state: KlondikeState): number {
    if (this.buffer.length < state.config.numActions) this.buffer = new Int32Array(state.config.numActions);
    return state.legalActions(this.buffer);
  }
}

/** A uniformly random legal move. */
export function createRandomAgent(): KlondikeAgent {
  const legal = new LegalActions();
  return {
    name: 'random',
    act(state, rng) {
      const count = legal.of(state);
      return legal.buffer[count === 1 ? 0 : randomInt(rng, count)]!;
    },
  };
}

/**
 * The hint's priority (`KlondikeState.rankMove`), first match wins (ties: the lowest action code):
 * 1. a card to a foundation (from a pile or the draw);
 * 2. a pile move that turns up a face-down card (the whole face-up run of a pile with cards below);
 * 3. the draw card onto a pile;
 * 4. otherwise a uniformly random idle move (a discard or any other pile move): exploring this way
 *    wins more deals than cycling the stock.
 */
export function createGreedyAgent(): KlondikeAgent {
  const legal = new LegalActions();
  return {
    name: 'greedy',
    act(state, rng) {
      const count = legal.of(state);
      const buffer = legal.buffer;
      let best = buffer[0]!;
      let bestRank: number = MoveRank.Discard;
      let idleMoves = 0;
      for (let i = 0; i < count; i++) {
        const action = buffer[i]!;
        // Discards and other pile moves rank alike here: both are idle moves.
        const rank = Math.min(state.rankMove(action), MoveRank.Discard);
        if (rank === MoveRank.Discard) buffer[idleMoves++] = action; // safe: idleMoves <= i
        else if (rank < bestRank) {
          best = action;
          bestRank = rank;
          if (rank === MoveRank.Foundation) break;
        }
      }
      // Nothing productive: a uniformly random idle move (a discard or a pile move) explores
      // instead of cycling the stock until the idle limit.
      if (bestRank === MoveRank.Discard && idleMoves > 1) return buffer[randomInt(rng, idleMoves)]!;
      return bestRank === MoveRank.Discard ? buffer[0]! : best;
    },
  };
}
