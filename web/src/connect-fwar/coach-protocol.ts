/** Messages between the ConnectFwar page and its coach worker. */
import type { Rating, Situation } from '../../../src/games/connect-fwar/coach.js';

export interface CoachRequest {
  readonly kind: 'rate';
  readonly id: number;
  readonly situation: Situation;
  /** The seed of the samples (games/connect-fwar/coach.ts's coachSeed). */
  readonly seed: number;
}

/** The rating of every legal move (games/connect-fwar/coach.ts's rateEveryMove). */
export type CoachResponse = { readonly kind: 'ratings'; readonly id: number; readonly ratings: readonly Rating[] } | { readonly kind: 'error'; readonly id: number; readonly message: string };
