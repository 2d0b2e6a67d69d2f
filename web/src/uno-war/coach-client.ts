/**
 * The page's side of the coach's worker: a queue of ratings to compute, one at a time, most urgent
 * first (the cards the person played before the cards they may play next). The page says what it
 * wants after every change (`want`); a rating no longer wanted (a new game) is dropped, and the one
 * being computed is cancelled. The page never waits: it shows that the coach is rating.
 */
import type { Rating } from '../../../src/games/uno-war/coach.js';
import type { UnoWarObservation } from '../../../src/games/uno-war/engine.js';
import { WorkerRequests } from '../worker-requests.js';
import type { CoachRequest, CoachResponse } from './coach-protocol.js';

/** One rating wanted: playing `card` at the decision `observation` shows; `key` names it for the page. */
export interface CoachJob {
  readonly key: string;
  readonly observation: UnoWarObservation;
  readonly card: number;
  readonly opponent: string;
  readonly seed: number;
}

export interface CoachListener {
  rated(key: string, rating: Rating, elapsedMs: number): void;
  failed(key: string): void;
}

export class UnoCoachClient {
  readonly #requests: WorkerRequests<CoachRequest, CoachResponse>;
  readonly #listener: CoachListener;
  #nextId = 1;
  #queue: CoachJob[] = [];
  #running: string | null = null;

  /** `create` makes the worker (the coach's own by default; tests give a stand-in). */
  constructor(listener: CoachListener, create: () => Worker = () => new Worker(new URL('./coach.worker.ts', import.meta.url), { type: 'module', name: 'uno-war-coach' })) {
    this.#listener = listener;
    this.#requests = new WorkerRequests<CoachRequest, CoachResponse>(create, 'UnoWar coach');
  }

  /** The key of the rating being computed, if any. */
  get running(): string | null {
    return this.#running;
  }

  /** The ratings wanted now, most urgent first (those already known left out): replaces the queue. */
  want(jobs: readonly CoachJob[]): void {
    this.#queue = jobs.filter((job) => job.key !== this.#running);
    if (this.#running !== null && !jobs.some((job) => job.key === this.#running)) this.#requests.cancel();
    void this.#next();
  }

  dispose(): void {
    this.#queue = [];
    this.#requests.dispose();
  }

  async #next(): Promise<void> {
    if (this.#running !== null) return;
    const job = this.#queue.shift();
    if (job === undefined) return;
    this.#running = job.key;
    const { key, observation, card, opponent, seed } = job;
    const result = await this.#requests.run({ kind: 'rate', id: this.#nextId++, observation, card, opponent, seed }, Infinity, (response) =>
      response.kind === 'rated' ? { done: true, value: response } : { done: false },
    );
    this.#running = null;
    if (result?.value !== undefined) this.#listener.rated(key, result.value.rating, result.value.elapsedMs);
    else if (result !== null) this.#listener.failed(key);
    void this.#next();
  }
}
