/**
 * The page's side of a coach's worker, for the coaches that rate one decision per request: a queue
 * of ratings to compute, one at a time, most urgent first. The page says what it wants after every
 * change (`want`); a rating no longer wanted (a new game) is dropped, and the one being computed is
 * cancelled. The page never waits: it shows that the coach is rating.
 */
import { WorkerRequests, type WorkerAnswer } from '../worker-requests.js';

/** A rating wanted; `key` names it for the page. */
export interface RatingJob {
  readonly key: string;
}

export interface RatingListener<R> {
  rated(key: string, rating: R, elapsedMs: number): void;
  failed(key: string): void;
}

/** How a game's coach talks to its worker: the request for a job, and the rating in an answer (null: not the rating yet). */
export interface RatingProtocol<Job extends RatingJob, Request extends { readonly id: number }, Response extends WorkerAnswer, R> {
  request(job: Job, id: number): Request;
  rating(response: Response): { readonly rating: R; readonly elapsedMs: number } | null;
}

export class RatingQueue<Job extends RatingJob, Request extends { readonly id: number }, Response extends WorkerAnswer, R> {
  readonly #requests: WorkerRequests<Request, Response>;
  readonly #listener: RatingListener<R>;
  readonly #protocol: RatingProtocol<Job, Request, Response, R>;
  #nextId = 1;
  #queue: Job[] = [];
  #running: string | null = null;

  /** `create` makes the worker; `label` names it in console errors. */
  constructor(listener: RatingListener<R>, protocol: RatingProtocol<Job, Request, Response, R>, create: () => Worker, label: string) {
    this.#listener = listener;
    this.#protocol = protocol;
    this.#requests = new WorkerRequests<Request, Response>(create, label);
  }

  /** The key of the rating being computed, if any. */
  get running(): string | null {
    return this.#running;
  }

  /** The ratings wanted now, most urgent first (those already known left out): replaces the queue. */
  want(jobs: readonly Job[]): void {
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
    const result = await this.#requests.run(this.#protocol.request(job, this.#nextId++), Infinity, (response) => {
      const rated = this.#protocol.rating(response);
      return rated === null ? { done: false } : { done: true, value: rated };
    });
    this.#running = null;
    if (result?.value !== undefined) this.#listener.rated(job.key, result.value.rating, result.value.elapsedMs);
    else if (result !== null) this.#listener.failed(job.key);
    void this.#next();
  }
}
