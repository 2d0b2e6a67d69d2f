import { playOut } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';
import { klondikeGame } from '../games/klondike/definition.js';
import type { Benchmark } from './harness.js';

/**
 * Whole Klondike games per second (7 piles, draw 3, idle limit 100), one thread, through the
 * generic playOut the lab uses — chance reveals included.
 */
export const klondikeBenchmarks: Benchmark[] = (['random', 'greedy'] as const).map((id) => {
  const state = klondikeGame.newInitialState();
  const agents = [klondikeGame.agents[id]!.create()];
  const rng = rngFromSeed(2024);
  return {
    engine: 'Klondike',
    name: `${id} playouts`,
    unit: 'games',
    run(count: number): number {
      let total = 0;
      for (let i = 0; i < count; i++) {
        state.reset();
        playOut(state, agents, rng);
        total += state.returns(0);
      }
      return total;
    },
  };
});
