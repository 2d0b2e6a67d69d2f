/**
 * Seeded deals for the solver: exactly the deal `tabletop klondike play --seed N` shows (the
 * standard deck shuffled by `BasicKlondike(seed)`), as the engine position the solver reads.
 */
import { BasicKlondike } from '../basic-klondike.js';
import { ENGINE_STATE, type KlondikeState } from '../engine.js';
import { solveKlondike, type SolveBudget, type SolveResult } from './solver.js';

/** The engine position of deal `seed` with `piles` piles and `draw` cards shown (IllegalArgumentError as `startGame`). */
export function seededDeal(seed: number, piles = 7, draw = 3): KlondikeState {
  const model = new BasicKlondike(seed);
  model.startGame(model.getDeck(), true, piles, draw);
  // A copy, so the solver's caller owns it and the model stays as dealt.
  return model[ENGINE_STATE]().clone();
}

/** Solves deal `seed` (see `seededDeal`). */
export function solveSeed(seed: number, piles = 7, draw = 3, budget: SolveBudget = {}): SolveResult {
  return solveKlondike(seededDeal(seed, piles, draw), budget);
}
