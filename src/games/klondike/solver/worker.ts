/**
 * Worker-thread entry for classifying many deals (run by piscina from dist/games/klondike/solver/
 * worker.js): solves one seeded deal and returns the verdict and counts, not the line.
 */
import { solveSeed } from './deal.js';
import type { SolveVerdict } from './solver.js';

export interface SeedTask {
  readonly seed: number;
  readonly piles: number;
  readonly draw: number;
  readonly timeMs: number;
  readonly maxStates: number;
}

export interface SeedVerdict {
  readonly seed: number;
  readonly verdict: SolveVerdict;
  readonly states: number;
  readonly elapsedMs: number;
}

export default function solveSeedTask(task: SeedTask): SeedVerdict {
  const result = solveSeed(task.seed, task.piles, task.draw, { timeMs: task.timeMs, maxStates: task.maxStates });
  return { seed: task.seed, verdict: result.verdict, states: result.states, elapsedMs: result.elapsedMs };
}
