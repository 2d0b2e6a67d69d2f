/** Messages between the ConnectFwar page and its coach worker. */
import type { Rating, Situation } from '../../../src/games/connect-fwar/coach.js';

export interface CoachRequest {
  readonly kind: 'rate';
  readonly id: number;
  readonly situation: Situation;
  /** A column 0..3 or DISCARD. */
  readonly move: number;
  /** The seed of the samples (games/connect-fwar/coach.ts's coachSeed). */
  readonly seed: number;
}

export type CoachResponse = { readonly kind: 'rating'; readonly id: number; readonly rating: Rating } | { readonly kind: 'error'; readonly id: number; readonly message: string };
