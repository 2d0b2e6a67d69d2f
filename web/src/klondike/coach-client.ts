/** The page's side of the Klondike coach's worker: the shared queue of ratings (../coach/rating-queue.ts). */
import type { Rating } from '../../../src/games/klondike/coach.js';
import { RatingQueue, type RatingListener } from '../coach/rating-queue.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

/** The ratings of a position wanted (of every move, or of one): the request's fields; `key` names them for the page. */
export interface CoachJob extends Omit<CoachRequest, 'kind' | 'id'> {
  readonly key: string;
}

export class KlondikeCoachClient extends RatingQueue<CoachJob, CoachRequest, CoachResponse, readonly Rating[]> {
  constructor(listener: RatingListener<readonly Rating[]>, create: () => Worker = () => new Worker(new URL('./coach.worker.ts', import.meta.url), { type: 'module', name: 'klondike-coach' })) {
    super(
      listener,
      {
        request: ({ deal, moves, move, seed }, id) => ({ kind: 'rate', id, deal, moves, move, seed }),
        rating: (response) => (response.kind === 'rated' ? { rating: response.ratings, elapsedMs: response.elapsedMs } : null),
      },
      create,
      'Klondike coach',
    );
  }
}
