/**
 * Starting the Connect Four engine worker, which gets its solver ready as it starts (fetches and
 * checks the books, makes the solver) and then says `ready`. Show solution's worker is started as
 * soon as the page's address is known (main.tsx calls `prestartEngine` for /connect-four before
 * the page's own code has loaded), so that none of this waits for the page to render or for the
 * first click. When the address asks for the solution of a position, that analysis is asked at
 * once too, so that it is computed while the page's code loads (the page's code, not the worker,
 * was the longer path on a first visit) and the page finds it done or under way. Kept apart from
 * the page's code so that the app's entry can import it for a few hundred bytes.
 */
import { EARLY_ANALYSIS_ID, SOLUTION_WORKER_NAME, type EngineRequest, type EngineResponse } from './protocol.js';
import { deepPartUrl, OPENING_URL, VALUES_URL } from './book-urls.js';
import { deepPartsWaitedFor, ownDeepPart } from './deep-book.js';

/** A new engine worker; `name` SOLUTION_WORKER_NAME makes it get ready as it starts. */
export function startEngineWorker(name = 'connect-four-engine'): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name });
}

/** The analysis asked of a worker as it started, as the page takes it over: its answers so far; the page listens for the rest. */
export interface EarlyAnalysis {
  readonly id: number;
  /** The worker's answers to it so far, in order (the last is 'analysis' or 'error' once it is finished). */
  readonly received: readonly EngineResponse[];
}

export interface WarmEngine {
  readonly worker: Worker;
  /** True once the worker's books are loaded and its solver made; false if the worker failed first. */
  readonly ready: Promise<boolean>;
  /**
   * The analysis asked as the worker started, taken once: for `moves`, its answers so far; for
   * another position, 'busy' while the worker still computes that one (whoever wants another
   * answer ends this worker and starts a new one, as a change of position does), else null.
   */
  takeEarlyAnalysis(moves: string): EarlyAnalysis | 'busy' | null;
}

/**
 * A new Show solution worker, with the promise of its `ready` (see `WarmEngine.ready`); with
 * `earlyMoves`, asked at once for that position's analysis, whose answers it keeps for the page.
 */
export function startWarmEngine(earlyMoves?: string): WarmEngine {
  return warmEngineOf(startEngineWorker(SOLUTION_WORKER_NAME), earlyMoves);
}

/** `startWarmEngine` on a worker already made (SOLUTION_WORKER_NAME's, or a stand-in in tests). */
export function warmEngineOf(worker: Worker, earlyMoves?: string): WarmEngine {
  const ready = new Promise<boolean>((resolve) => {
    const settle = (ok: boolean): void => {
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      resolve(ok);
    };
    const onMessage = (event: MessageEvent<EngineResponse>): void => {
      if (event.data.kind === 'ready') settle(true);
    };
    const onError = (): void => settle(false);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
  });
  if (earlyMoves === undefined) return { worker, ready, takeEarlyAnalysis: () => null };
  let early: { readonly moves: string; readonly received: EngineResponse[]; finished: boolean } | null = { moves: earlyMoves, received: [], finished: false };
  const keep = (event: MessageEvent<EngineResponse>): void => {
    if (early === null || event.data.id !== EARLY_ANALYSIS_ID) return;
    early.received.push(event.data);
    if (event.data.kind === 'analysis' || event.data.kind === 'error') early.finished = true;
  };
  worker.addEventListener('message', keep);
  const request: EngineRequest = { kind: 'analyze', id: EARLY_ANALYSIS_ID, moves: earlyMoves };
  worker.postMessage(request);
  return {
    worker,
    ready,
    takeEarlyAnalysis(moves) {
      if (early === null) return null;
      const taken = early;
      early = null;
      // From here the taker listens: messages are handled one at a time, so none falls between.
      worker.removeEventListener('message', keep);
      if (taken.moves === moves) return { id: EARLY_ANALYSIS_ID, received: taken.received };
      return taken.finished ? null : 'busy';
    },
  };
}

let prestarted: WarmEngine | null = null;

/**
 * Starts Show solution's worker ahead of the page (once; the page takes it with
 * `takePrestartedEngine`), asked at once for the analysis of `solutionMoves` if given (the
 * position of an address with Show solution on: address.ts `solutionAskedIn`), and has the browser
 * fetch the books meanwhile (parts of a deep level of the opening book only if that analysis
 * waits for them, or the part holding its position): the worker's own requests, made once its
 * script has loaded and run, then find them in the browser's cache or on their way there.
 */
export function prestartEngine(solutionMoves?: string): void {
  if (prestarted !== null) return;
  prestarted = startWarmEngine(solutionMoves);
  // The parts of a deep level too when that analysis waits for them, or the one holding its
  // position (`ownDeepPart`), so that they come beside the others.
  const deep = solutionMoves === undefined ? undefined : deepPartsWaitedFor(solutionMoves);
  const own = solutionMoves === undefined ? undefined : ownDeepPart(solutionMoves);
  const deepUrls = [...(deep === undefined ? [] : deep.parts.map((index) => deepPartUrl(deep.level, index))), ...(own === undefined ? [] : [deepPartUrl(own.level, own.part)])];
  for (const url of [OPENING_URL, VALUES_URL, ...deepUrls]) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'fetch';
    link.crossOrigin = 'anonymous';
    link.href = url.href;
    document.head.append(link);
  }
}

/** The worker `prestartEngine` started, for the one that takes it first; null if none is waiting. */
export function takePrestartedEngine(): WarmEngine | null {
  const engine = prestarted;
  prestarted = null;
  return engine;
}
