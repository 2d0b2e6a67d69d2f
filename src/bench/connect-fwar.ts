import { rngFromSeed } from '../core/random.js';
import { ConnectFwar } from '../games/connect-fwar/connect-fwar.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { BasicPlayer } from '../games/connect-fwar/player.js';
import { playoutBenchmark, unitByUnit, type Benchmark } from './harness.js';

const PLAYERS = [
  ['basic', 'BasicPlayer'],
  ['random', 'RandomPlayer'],
  ['suits', 'SuitStacker'],
  ['ranks', 'RankRunner'],
  ['greedy', 'greedy (honest, one ply)'],
  ['lookahead', 'lookahead (honest, next card)'],
  ['clairvoyant', 'clairvoyant (the bound)'],
] as const;

/** Whole ConnectFwar games per second, one thread, through the same playOut the lab uses. */
const engineBenchmarks: Benchmark[] = PLAYERS.map(([id, name]) =>
  playoutBenchmark('ConnectFwar', name, connectFwarGame, [id]),
);

/** The assignment's face (`ConnectFwar.play` with `Deck`, `Board`, a board copy per move), for comparison. */
const seedClassesBenchmark: Benchmark = (() => {
  const rng = rngFromSeed(2024);
  const player = new BasicPlayer();
  return unitByUnit('ConnectFwar.play', 'BasicPlayer', 'games', () => ConnectFwar.play(player, { seed: rng }));
})();

export const connectFwarBenchmarks: Benchmark[] = [...engineBenchmarks, seedClassesBenchmark];
