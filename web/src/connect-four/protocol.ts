/** Messages between the Connect Four page and its engine workers. */
import type { ComputerKind } from './model.js';
import type { ColumnScore } from '../../../src/games/connect-four/coach.js';
import type { JoinAnalysis, SideMessage } from '../../../src/games/connect-four/solver/two-sided.js';
import type { BookRole } from './books.js';

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
  | { readonly kind: 'analyze'; readonly id: number; readonly moves: string }
  /** The coach: every column's score within the coach's node budget (games/connect-four/coach.ts's scoreColumns). */
  | { readonly kind: 'coach'; readonly id: number; readonly moves: string };

export type EngineResponse =
  /** A legal move found at once, played if the real search does not answer in time. */
  | { readonly kind: 'provisional'; readonly id: number; readonly column: number }
  | { readonly kind: 'move'; readonly id: number; readonly column: number; readonly perfect: boolean }
  /**
   * Show solution, as `tabletop connect-four solve --analyze` writes it (answers.ts's columnText):
   * one column's text as soon as it is known, then all seven.
   */
  | { readonly kind: 'column'; readonly id: number; readonly column: number; readonly text: string }
  | { readonly kind: 'analysis'; readonly id: number; readonly texts: readonly string[] }
  | { readonly kind: 'coach'; readonly id: number; readonly columns: readonly (ColumnScore | null)[] }
  /**
   * Sent once, unasked, by the worker named SOLUTION_WORKER_NAME as soon as it has its books (or found them missing or damaged,
   * then not used) and its solver: id 0, no request's.
   */
  | { readonly kind: 'ready'; readonly id: 0 }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };

/**
 * The id of the analysis the app asks of Show solution's worker as it starts it, before the page's
 * code has loaded (engine-start.ts): the page's own requests count up from 1.
 */
export const EARLY_ANALYSIS_ID = -1;

/** The name of Show solution's worker, which gets its books and solver ready as it starts and says `ready`. */
export const SOLUTION_WORKER_NAME = 'connect-four-solution';

/** The name of Show solution's analysis helper, the second side of its analyses (two-sided.ts), started by Show solution's worker. */
export const ANALYSIS_HELPER_NAME = 'connect-four-analysis-helper';

/**
 * What Show solution's worker sends its helper: each book file it has taken in, in the order it
 * took them in (the helper's books are then the worker's), and the two-sided analysis' messages.
 */
export type HelperRequest = { readonly kind: 'book'; readonly role: BookRole; readonly bytes: Uint8Array } | { readonly kind: 'hello' } | JoinAnalysis | SideMessage;

/**
 * What the helper sends Show solution's worker: `up` in answer to `hello` (the worker's first
 * message after the book files it had), then the two-sided analyses' messages. A worker's own
 * worker is started, and given its first messages, through its parent's event loop, which a
 * synchronous search blocks: the worker waits for `up` before its first search.
 */
export type HelperResponse = { readonly kind: 'up' } | SideMessage;
