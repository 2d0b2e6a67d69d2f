import { rngFromSeed } from '../core/random.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import type { Benchmark } from './harness.js';

const PLAYERS = [
  ['basic', 'BasicPlayer'],
  ['random', 'RandomPlayer'],
  ['suits', 'SuitStacker'],
  ['ranks', 'RankRunner'],
] as const;

/** Whole ConnectFwar games per second, one thread, through the same playOut the lab uses. */
export const connectFwarBenchmarks: Benchmark[] = PLAYERS.map(([id, name]) => {
  const state = connectFwarGame.newInitialState();
  const agents = [connectFwarGame.agents[id]!.create()];
  const playOut = connectFwarGame.playOut!;
  const rng = rngFromSeed(2024);
  return {
    engine: 'ConnectFwar',
    name,
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
