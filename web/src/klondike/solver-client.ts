/**
 * The page's side of the solver worker (one request at a time, cancelled by terminating the
 * worker: `WorkerRequests`). The page never waits on the solver: it shows "thinking" and carries on.
 */
import { WorkerRequests } from '../worker-requests.js';
import type { SolverRequest, SolverResponse } from './protocol.js';

type Solved = Extract<SolverResponse, { kind: 'solved' }>;
type Found = Extract<SolverResponse, { kind: 'deal' }>;

/** Distributes `Omit` over a union, so each request kind keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class SolverClient {
  readonly #requests = new WorkerRequests<SolverRequest, SolverResponse>(
    () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module', name: 'klondike-solver' }),
    'Klondike solver',
  );
  #nextId = 1;

  get busy(): boolean {
    return this.#requests.busy;
  }

  cancel(): void {
    this.#requests.cancel();
  }

  dispose(): void {
    this.#requests.dispose();
  }

  /** The solver's verdict on a position; null if cancelled or failed. */
  async solve(request: WithoutId<Extract<SolverRequest, { kind: 'solve' }>>): Promise<Solved | null> {
    const result = await this.#requests.run({ ...request, id: this.#nextId++ }, Infinity, (response) =>
      response.kind === 'solved' ? { done: true, value: response } : { done: false },
    );
    return result?.value ?? null;
  }

  /** A winnable deal, reporting each deal tried through `onTried`; null if cancelled or failed. */
  async findWinnable(request: WithoutId<Extract<SolverRequest, { kind: 'winnable' }>>, onTried: (seed: number, verdict: string) => void): Promise<Found | null> {
    const result = await this.#requests.run({ ...request, id: this.#nextId++ }, Infinity, (response) => {
      if (response.kind === 'tried') onTried(response.seed, response.verdict);
      return response.kind === 'deal' ? { done: true, value: response } : { done: false };
    });
    return result?.value ?? null;
  }
}
