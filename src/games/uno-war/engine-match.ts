import { deriveSeed, rngFromSeed } from '../../core/random.js';
import type { UnoWarAgent } from './agents.js';
import { UnoWarState } from './engine.js';

/**
 * Games won by `agent1` (seat 0, starting round 1) out of `games` played on the fast engine, game k
 * dealt from `rngFromSeed(deriveSeed(seed, firstGame + k))` — exactly the games
 * `new UnoWarMatch(ai1, ai2, { seed })` plays with the matching AI classes, only much faster.
 */
export function engineWins(agent1: UnoWarAgent, agent2: UnoWarAgent, games: number, seed: number, firstGame = 0): number {
  const state = new UnoWarState();
  const agents = [agent1, agent2] as const;
  let wins = 0;
  for (let k = 0; k < games; k++) {
    state.reset();
    state.playToEnd(agents, rngFromSeed(deriveSeed(seed, firstGame + k)));
    if (state.winner() === 0) wins++;
  }
  return wins;
}
