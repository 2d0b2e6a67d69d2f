/** Messages between the Klondike page and its solver worker. Positions travel as the address's moves. */
import type { SolveVerdict } from '../../../src/games/klondike/solver/solver.js';
import type { DealSpec, RuleSet } from './model.js';

export type SolverRequest =
  /** Solve the position reached by `moves` (the address's text) on the deal, under its rule set. */
  | { readonly kind: 'solve'; readonly id: number; readonly deal: DealSpec; readonly moves: string; readonly timeMs: number; readonly maxStates: number }
  /** Find a deal the solver proves winnable under `rules`, trying deal numbers `from`, `from + 1`, … (at most `tries`). */
  | {
      readonly kind: 'winnable';
      readonly id: number;
      readonly from: number;
      readonly piles: number;
      readonly rules: RuleSet;
      readonly tries: number;
      readonly timeMs: number;
      readonly maxStates: number;
    };

export type SolverResponse =
  | {
      readonly kind: 'solved';
      readonly id: number;
      readonly verdict: SolveVerdict;
      /** For a winnable position: a winning line as the address writes moves, its first move the hint's. */
      readonly line: string | null;
      readonly states: number;
      readonly elapsedMs: number;
    }
  /** A deal tried while looking for a winnable one. */
  | { readonly kind: 'tried'; readonly id: number; readonly seed: number; readonly verdict: SolveVerdict }
  /** The winnable deal found, or null when every try failed. */
  | { readonly kind: 'deal'; readonly id: number; readonly seed: number | null; readonly tried: number }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };
