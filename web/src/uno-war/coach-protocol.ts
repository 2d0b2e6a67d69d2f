/**
 * Messages between the UnoWar page and its coach's worker. A request carries what the person had
 * seen at the decision (their observation), never the game's seed or moves, from which the hidden
 * cards would follow.
 */
import type { Rating } from '../../../src/games/uno-war/coach.js';
import type { UnoWarObservation } from '../../../src/games/uno-war/engine.js';

/** Rate playing `card` at the decision `observation` shows, against the AI `opponent` (an id of the registry), the samples drawn from `seed`. */
export interface CoachRequest {
  readonly kind: 'rate';
  readonly id: number;
  readonly observation: UnoWarObservation;
  readonly card: number;
  readonly opponent: string;
  readonly seed: number;
}

export type CoachResponse =
  | { readonly kind: 'rated'; readonly id: number; readonly rating: Rating; readonly elapsedMs: number }
  | { readonly kind: 'error'; readonly id: number; readonly message: string };
