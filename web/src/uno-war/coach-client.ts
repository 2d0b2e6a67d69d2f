/**
 * The page's side of the UnoWar coach's worker: the shared queue of ratings (../coach/rating-queue.ts),
 * the cards the person played before the cards they may play next.
 */
import type { Rating } from '../../../src/games/uno-war/coach.js';
import type { UnoWarObservation } from '../../../src/games/uno-war/engine.js';
import { RatingQueue, type RatingListener } from '../coach/rating-queue.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

/** One rating wanted: playing `card` at the decision `observation` shows; `key` names it for the page. */
export interface CoachJob {
  readonly key: string;
  readonly observation: UnoWarObservation;
  readonly card: number;
  readonly opponent: string;
  readonly seed: number;
}

export type CoachListener = RatingListener<Rating>;

export class UnoCoachClient extends RatingQueue<CoachJob, CoachRequest, CoachResponse, Rating> {
  /** `create` makes the worker (the coach's own by default; tests give a stand-in). */
  constructor(listener: CoachListener, create: () => Worker = () => new Worker(new URL('./coach.worker.ts', import.meta.url), { type: 'module', name: 'uno-war-coach' })) {
    super(
      listener,
      {
        request: ({ observation, card, opponent, seed }, id) => ({ kind: 'rate', id, observation, card, opponent, seed }),
        rating: (response) => (response.kind === 'rated' ? response : null),
      },
      create,
      'UnoWar coach',
    );
  }
}
