/**
 * The page's side of an engine worker: one request at a time, cancelled by terminating the worker
 * (`WorkerRequests`: a synchronous search cannot be interrupted any other way), and a watchdog that
 * holds the computer to its time limit whatever the worker does.
 */
import type { ComputerKind } from './model.js';
import type { ColumnScore } from '../../../src/games/connect-four/coach.js';
import type { EngineRequest, EngineResponse } from './protocol.js';
import { WorkerRequests } from '../worker-requests.js';
import { startEngineWorker, type EarlyAnalysis } from './engine-start.js';

/** Columns from the centre outwards: the fallback's order of preference. */
const CENTRE_FIRST = [3, 2, 4, 1, 5, 0, 6] as const;

/** Time kept back from the search so that its answer crosses to the page before the limit. */
export function searchBudgetMs(limitMs: number): number {
  return Math.max(100, Math.min(limitMs * 0.85, limitMs - 500));
}

/** Show solution's columns, each as `solve --analyze` writes it (`-2`, `>=1`, `-` for a full column). */
export interface Analysis {
  readonly texts: readonly string[];
}

export class EngineClient {
  readonly #requests: WorkerRequests<EngineRequest, EngineResponse>;
  #nextId = 1;

  readonly #takeEarlyAnalysis: (moves: string) => EarlyAnalysis | 'busy' | null;

  /**
   * `create` makes its worker (when first needed, and again after each cancel): by default a plain
   * one. `takeEarlyAnalysis` gives the analysis asked of the current worker as it started, if any
   * (`WarmEngine.takeEarlyAnalysis`).
   */
  constructor(create: () => Worker = startEngineWorker, takeEarlyAnalysis: (moves: string) => EarlyAnalysis | 'busy' | null = () => null) {
    this.#requests = new WorkerRequests<EngineRequest, EngineResponse>(create, 'Connect Four engine');
    this.#takeEarlyAnalysis = takeEarlyAnalysis;
  }

  /** Makes the worker now, if there is none, so that it gets ready before the first request. */
  start(): void {
    this.#requests.start();
  }

  /** Stops whatever the worker is computing; the pending promise resolves to null. */
  cancel(): void {
    this.#requests.cancel();
  }

  get busy(): boolean {
    return this.#requests.busy;
  }

  /**
   * The solver's answer for each column (`solve --analyze`'s), or null if cancelled; `onColumn`
   * hears each column as soon as the worker has it.
   */
  analyze(moves: string, onColumn: (column: number, text: string) => void): Promise<Analysis | null> {
    // The worker, made now if there is none, may have been asked for this very analysis as it
    // started: then its answers are taken over instead of asking again (which would wait behind it).
    this.#requests.start();
    const early = this.#takeEarlyAnalysis(moves);
    if (early === 'busy') this.#requests.dispose();
    const adopted = early === 'busy' ? null : early;
    const request: EngineRequest = { kind: 'analyze', id: adopted?.id ?? this.#nextId++, moves };
    return this.#requests
      .run(
        request,
        Infinity,
        (response) => {
          if (response.kind === 'column') onColumn(response.column, response.text);
          if (response.kind === 'analysis') return { done: true, value: { texts: [...response.texts] } };
          return { done: false };
        },
        adopted ?? undefined,
      )
      .then((result) => result?.value ?? null);
  }

  /** Every column's score for the coach (null: a full column), or null if cancelled or failed. */
  coachScores(moves: string): Promise<(ColumnScore | null)[] | null> {
    return this.#requests
      .run({ kind: 'coach', id: this.#nextId++, moves }, Infinity, (response) => (response.kind === 'coach' ? { done: true, value: [...response.columns] } : { done: false }))
      .then((result) => result?.value ?? null);
  }

  /**
   * The computer's move within `limitMs`; null if cancelled. If the worker has not answered when
   * the limit comes, it is terminated and the provisional move it reported (or, if none, the legal
   * column nearest the centre) is played: the computer always moves in time.
   */
  async move(moves: string, player: ComputerKind, limitMs: number, legal: readonly number[], seed: number): Promise<{ column: number; how: 'search' | 'timeout' } | null> {
    let provisional: number | null = null;
    const request: EngineRequest = { kind: 'move', id: this.#nextId++, moves, player, budgetMs: searchBudgetMs(limitMs), seed };
    const result = await this.#requests.run(request, limitMs, (response) => {
      if (response.kind === 'provisional') {
        provisional = response.column;
        return { done: false };
      }
      if (response.kind === 'move') return { done: true, value: response.column };
      return { done: false };
    });
    if (result === null) return null;
    if (result.timedOut || result.value === undefined || !legal.includes(result.value)) {
      const fallback = provisional !== null && legal.includes(provisional) ? provisional : CENTRE_FIRST.find((column) => legal.includes(column));
      if (fallback === undefined) return null;
      return { column: fallback, how: 'timeout' };
    }
    return { column: result.value, how: 'search' };
  }
}
