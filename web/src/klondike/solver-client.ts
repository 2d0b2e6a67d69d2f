/**
 * The page's side of the solver worker: one request at a time; a new request or `cancel` terminates
 * the worker (a synchronous search cannot be interrupted any other way), and the pending promise then
 * resolves to null. The page never waits on the solver: it shows "thinking" and carries on.
 */
import type { SolverRequest, SolverResponse } from './protocol.js';

type Solved = Extract<SolverResponse, { kind: 'solved' }>;
type Found = Extract<SolverResponse, { kind: 'deal' }>;

/** Distributes `Omit` over a union, so each request kind keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class SolverClient {
  #worker: Worker | null = null;
  #nextId = 1;
  #abandon: (() => void) | null = null;

  get busy(): boolean {
    return this.#abandon !== null;
  }

  cancel(): void {
    if (this.#abandon === null) return;
    this.#worker?.terminate();
    this.#worker = null;
    const abandon = this.#abandon;
    this.#abandon = null;
    abandon();
  }

  solve(request: WithoutId<Extract<SolverRequest, { kind: 'solve' }>>): Promise<Solved | null> {
    return this.#run({ ...request, id: this.#nextId++ }, (response): response is Solved => response.kind === 'solved');
  }

  /** A winnable deal, reporting each deal tried through `onTried`. */
  findWinnable(request: WithoutId<Extract<SolverRequest, { kind: 'winnable' }>>, onTried: (seed: number, verdict: string) => void): Promise<Found | null> {
    return this.#run({ ...request, id: this.#nextId++ }, (response): response is Found => {
      if (response.kind === 'tried') onTried(response.seed, response.verdict);
      return response.kind === 'deal';
    });
  }

  /** Ends the worker for good (the page is leaving). */
  dispose(): void {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  #run<T extends SolverResponse>(request: SolverRequest, isAnswer: (response: SolverResponse) => response is T): Promise<T | null> {
    this.cancel();
    this.#worker ??= new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'klondike-solver' });
    const worker = this.#worker;
    return new Promise((resolve) => {
      const finish = (value: T | null): void => {
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        this.#abandon = null;
        resolve(value);
      };
      const onMessage = (event: MessageEvent<SolverResponse>): void => {
        const response = event.data;
        if (response.id !== request.id) return;
        if (response.kind === 'error') {
          console.error(`Klondike solver: ${response.message}`);
          finish(null);
        } else if (isAnswer(response)) finish(response);
      };
      const onError = (event: ErrorEvent): void => {
        console.error(`Klondike solver failed: ${event.message}`);
        worker.terminate();
        if (this.#worker === worker) this.#worker = null;
        finish(null);
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      this.#abandon = () => finish(null);
      worker.postMessage(request);
    });
  }
}
