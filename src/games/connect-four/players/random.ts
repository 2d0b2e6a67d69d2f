/**
 * The random strategy, written once as the lab's `random` agent, and `RandomPlayer`, its face for
 * the referee. A test opponent only — the seed rules out random play for an automatic player, and
 * nothing ships it as one.
 */
import type { Agent } from '../../../core/game.js';
import { randomInt, toRng, type SeedLike } from '../../../core/random.js';
import { Position, WIDTH } from '../position.js';
import { AgentPlayer } from './agent-player.js';

/** Scratch for the random agent's legal moves (agents run on one thread; no allocation per move). */
const legal = new Int32Array(WIDTH);

/** A uniformly random legal column. */
export const randomAgent: Agent<Position> = {
  name: 'random',
  act(state, rng) {
    const count = state.legalActions(legal);
    return legal[randomInt(rng, count)]!;
  },
};

/** A uniformly random legal column, from a seeded generator (the `random` agent). */
export class RandomPlayer extends AgentPlayer {
  /** @param seed a seed (replayable) or a generator (shared stream); none = fresh randomness */
  constructor(seed?: SeedLike) {
    super(randomAgent, toRng(seed));
  }
}
