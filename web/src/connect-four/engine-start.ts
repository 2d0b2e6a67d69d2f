/**
 * Starting the Connect Four engine worker. Show solution's worker is started as soon as the page's
 * address is known (main.tsx calls `prestartEngine` for /connect-four before the page's own code
 * has loaded) and asked at once to get its solver ready — fetch and check the books, make the
 * solver — so that none of this waits for the page to render or for the first click. Kept apart
 * from the page's code so that the app's entry can import it for a few hundred bytes.
 */
import type { EngineRequest, EngineResponse } from './protocol.js';

/** A new engine worker, idle until asked. */
export function startEngineWorker(): Worker {
  return new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'connect-four-engine' });
}

export interface WarmEngine {
  readonly worker: Worker;
  /** True once the worker's books are loaded and its solver made; false if the worker failed first. */
  readonly ready: Promise<boolean>;
}

/** A new engine worker, already getting its solver ready (see `WarmEngine.ready`). */
export function startWarmEngine(): WarmEngine {
  const worker = startEngineWorker();
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
  const warm: EngineRequest = { kind: 'warm', id: 0 };
  worker.postMessage(warm);
  return { worker, ready };
}

let prestarted: WarmEngine | null = null;

/** Starts Show solution's worker ahead of the page (once; the page takes it with `takePrestartedEngine`). */
export function prestartEngine(): void {
  prestarted ??= startWarmEngine();
}

/** The worker `prestartEngine` started, for the one that takes it first; null if none is waiting. */
export function takePrestartedEngine(): WarmEngine | null {
  const engine = prestarted;
  prestarted = null;
  return engine;
}
