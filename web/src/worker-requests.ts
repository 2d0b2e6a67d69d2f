/**
 * One request at a time to a Web Worker that computes synchronously (a search, a solve): the pages'
 * engine and solver clients share it. A new request or `cancel` terminates the worker, because a
 * synchronous computation cannot be interrupted any other way; the pending promise then resolves
 * to null. A time limit, when given, also terminates the worker and reports `timedOut`.
 */

/** What every worker answers: its request's id, and `error` with a message when it failed. */
export type WorkerAnswer = { readonly id: number; readonly kind: string } & ({ readonly kind: 'error'; readonly message: string } | { readonly kind: string });

export type Acceptance<T> = { readonly done: true; readonly value: T } | { readonly done: false };

export class WorkerRequests<Request extends { readonly id: number }, Response extends WorkerAnswer> {
  readonly #create: () => Worker;
  readonly #label: string;
  #worker: Worker | null = null;
  /** Settles the request in flight, if any, as cancelled. */
  #abandon: (() => void) | null = null;

  /** `create` makes the worker (called when first needed and after each termination); `label` names it in console errors. */
  constructor(create: () => Worker, label: string) {
    this.#create = create;
    this.#label = label;
  }

  get busy(): boolean {
    return this.#abandon !== null;
  }

  /** Makes the worker now, if there is none, so that it starts before the first request. */
  start(): void {
    this.#worker ??= this.#create();
  }

  /** Stops whatever the worker is computing; the pending promise resolves to null. */
  cancel(): void {
    if (this.#abandon === null) return;
    this.#worker?.terminate();
    this.#worker = null;
    const abandon = this.#abandon;
    this.#abandon = null;
    abandon();
  }

  /**
   * Ends the worker now, busy or not (with a request of this client's, or with work of its own such
   * as an analysis asked as it started: see `run`'s `alreadySent`); a later request makes a new one.
   */
  dispose(): void {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  /**
   * Sends `request` (cancelling any in flight) and resolves with the value `accept` takes from the
   * answers; `{ timedOut: true }` when `limitMs` passes first; `{}` when the worker failed; null
   * when cancelled. With `alreadySent`, the request was posted to the current worker before (as it
   * started): it is not sent again, and the answers it already gave, `alreadySent.received`, are
   * taken first.
   */
  run<T>(request: Request, limitMs: number, accept: (response: Response) => Acceptance<T>, alreadySent?: { readonly received: readonly Response[] }): Promise<{ value?: T; timedOut: boolean } | null> {
    this.cancel();
    this.#worker ??= this.#create();
    const worker = this.#worker;
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let finished = false;
      const finish = (outcome: { value?: T; timedOut: boolean } | null): void => {
        finished = true;
        clearTimeout(timer);
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        this.#abandon = null;
        resolve(outcome);
      };
      const onResponse = (response: Response): void => {
        if (response.id !== request.id) return;
        if (response.kind === 'error') {
          console.error(`${this.#label}: ${(response as { message?: string }).message ?? 'failed'}`);
          finish({ timedOut: false });
          return;
        }
        const verdict = accept(response);
        if (verdict.done) finish({ value: verdict.value, timedOut: false });
      };
      const onMessage = (event: MessageEvent<Response>): void => onResponse(event.data);
      const onError = (event: ErrorEvent): void => {
        console.error(`${this.#label} failed: ${event.message}`);
        worker.terminate();
        if (this.#worker === worker) this.#worker = null;
        finish({ timedOut: false });
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      this.#abandon = () => finish(null);
      if (Number.isFinite(limitMs)) {
        timer = setTimeout(() => {
          // Out of time: stop the computation for good and let the caller use its fallback.
          worker.terminate();
          if (this.#worker === worker) this.#worker = null;
          finish({ timedOut: true });
        }, limitMs);
      }
      if (alreadySent === undefined) {
        worker.postMessage(request);
        return;
      }
      // The answers given so far, in order, as if they came now: the last may be the final one.
      for (const response of alreadySent.received) {
        if (finished) break;
        onResponse(response);
      }
    });
  }
}
