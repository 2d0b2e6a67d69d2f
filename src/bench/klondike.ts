import { klondikeGame } from '../games/klondike/definition.js';
import { playoutBenchmark, type Benchmark } from './harness.js';

/**
 * Whole Klondike games per second (7 piles, draw 3, idle limit 100), one thread, through the
 * generic playOut the lab uses — chance reveals included.
 */
export const klondikeBenchmarks: Benchmark[] = (['random', 'greedy'] as const).map((id) =>
  playoutBenchmark('Klondike', `${id} playouts`, klondikeGame, [id]),
);
