/** The page's side of the ConnectFwar coach's worker: one rating at a time (a new one cancels the last). */
import type { Rating } from '../../../src/games/connect-fwar/coach.js';
import { coachSeed, situationOf } from '../../../src/games/connect-fwar/coach.js';
import type { ConnectFwarState } from '../../../src/games/connect-fwar/engine.js';
import { WorkerRequests } from '../worker-requests.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

export class FwarCoachClient {
  readonly #requests = new WorkerRequests<CoachRequest, CoachResponse>(
    () => new Worker(new URL('./coach.worker.ts', import.meta.url), { type: 'module', name: 'connect-fwar-coach' }),
    'ConnectFwar coach',
  );
  #nextId = 1;

  cancel(): void {
    this.#requests.cancel();
  }

  /** The rating of every legal move in `state` (the deal `dealSeed` after `decisions` moves), or null if cancelled or failed. */
  rateEveryMove(state: ConnectFwarState, dealSeed: number, decisions: number): Promise<readonly Rating[] | null> {
    const request: CoachRequest = { kind: 'rate', id: this.#nextId++, situation: situationOf(state), seed: coachSeed(dealSeed, decisions) };
    return this.#requests.run(request, Infinity, (response) => (response.kind === 'ratings' ? { done: true, value: response.ratings } : { done: false })).then((result) => result?.value ?? null);
  }
}
