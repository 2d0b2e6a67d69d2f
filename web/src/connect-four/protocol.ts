/** Messages between the Connect Four page and its engine workers. */
import type { ComputerKind } from './model.js';

export type EngineRequest =
  | {
      readonly kind: 'move';
      readonly id: number;
      /** The position as 1-based column digits. */
      readonly moves: string;
      readonly player: ComputerKind;
      /** The time the search may use, in ms (the page's limit minus a safety margin). */
      readonly budgetMs: number;
      /** For the random player: the seed of this move's choice. */
      readonly seed: number;
    }
  | { readonly kind: 'analyze'; readonly id: number; readonly moves: string };

export type EngineResponse =
  /** A legal move found at once, played if the real search does not answer in time. */
  | { readonly kind: 'provisional'; readonly id: number; readonly column: number }
  | { readonly kind: 'move'; readonly id: number; readonly column: number; readonly perfect: boolean }
  /**
   * `values`: the scores are only win (1), draw (0) or loss (-1), from the strategy book, with NaN
   * for a column whose value the book and a short search did not settle (null: a full column).
   */
  | { readonly kind: 'analysis'; readonly id: number; readonly scores: readonly (number | null)[]; readonly values: boolean }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };
