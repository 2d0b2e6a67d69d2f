/**
 * Starting the Connect Four engine worker, which gets its solver ready as it starts (fetches and
 * checks the books, makes the solver) and then says `ready`. Show solution's worker is started as
 * soon as the page's address is known (main.tsx calls `prestartEngine` for /connect-four before
 * the page's own code has loaded), so that none of this waits for the page to render or for the
 * first click. Kept apart from the page's code so that the app's entry can import it for a few
 * hundred bytes.
 */
import { SOLUTION_WORKER_NAME, type EngineResponse } from './protocol.js';
import { OPENING_URL, VALUES_URL } from './book-urls.js';

/** A new engine worker; `name` SOLUTION_WORKER_NAME makes it get ready as it starts. */
export function startEngineWorker(name = 'connect-four-engine'): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name });
}

export interface WarmEngine {
  readonly worker: Worker;
  /** True once the worker's books are loaded and its solver made; false if the worker failed first. */
  readonly ready: Promise<boolean>;
}

/** A new Show solution worker, with the promise of its `ready` (see `WarmEngine.ready`). */
export function startWarmEngine(): WarmEngine {
  const worker = startEngineWorker(SOLUTION_WORKER_NAME);
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
  return { worker, ready };
}

let prestarted: WarmEngine | null = null;

/**
 * Starts Show solution's worker ahead of the page (once; the page takes it with
 * `takePrestartedEngine`), and has the browser fetch the books meanwhile: the worker's own
 * requests, made once its script has loaded and run, then find them in the browser's cache or on
 * their way there.
 */
export function prestartEngine(): void {
  if (prestarted !== null) return;
  prestarted = startWarmEngine();
  for (const url of [OPENING_URL, VALUES_URL]) {
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
