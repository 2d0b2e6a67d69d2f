/**
 * The lab's Node worker pool: a piscina pool of a fixed size whose end never cuts a thread's start.
 *
 * Why: Node 20 aborts the whole process (SIGABRT: `v8::Module::IsGraphAsync must be used on an
 * instantiated module`, or a failed assertion in `CreateRequiredModuleFacade`) when a worker thread
 * is terminated while it loads an ES module through `require` — which piscina tries before
 * `import()`, and which Node ≥ 20.19 allows. Threads are terminated mid-load in two ways: a short
 * run is finished by the first thread that came up while another still loads (`compare --until-ci
 * --threads 2` died so about once in a few hundred runs on a loaded machine), and a thread that
 * replaced one killed for a hanging player is still loading when the run ends (`uno-war tournament`
 * with a player that never answers: 4 aborts in 120 runs). Two defences:
 * - the one that holds for every thread: piscina's threads start from `pool-entry.cjs`, a CommonJS
 *   file that loads the real worker module with `import()`, which a termination ends cleanly
 *   (0 aborts in 120 runs of the hanging-player case);
 * - the earlier one, kept because it costs at most one thread's load time at the end of a run:
 *   `close()` waits until each thread the pool started with has said it is ready (or has died).
 *   It cannot cover a replacement thread, which piscina starts later.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { builtScript } from './module-probe.js';

/** The message a piscina thread posts once its module is loaded (piscina's `READY` key). */
const READY_KEY = '_WORKER_READY';

/** Longest wait for a thread to finish loading before the pool is ended regardless. */
const LOAD_WAIT_LIMIT_MS = 30_000;

/** Longest wait for the threads' exit once they are terminated (they exit in milliseconds). */
const EXIT_WAIT_LIMIT_MS = 10_000;

export interface WorkerPool<Task, Result> {
  readonly pool: Piscina<Task, Result>;
  /** Ends the pool: waits for threads still loading their module, then terminates every thread. */
  close(): Promise<void>;
}

export interface WorkerPoolOptions {
  readonly filename: string;
  readonly threads: number;
  readonly workerData?: unknown;
  readonly resourceLimits?: { readonly maxOldGenerationSizeMb: number };
}

export function startWorkerPool<Task, Result>(options: WorkerPoolOptions): WorkerPool<Task, Result> {
  const pool = new Piscina<Task, Result>({
    filename: builtScript(new URL('./pool-entry.cjs', import.meta.url)),
    env: { ...process.env, TABLETOP_POOL_MODULE: pathToFileURL(options.filename).href },
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: 1000,
    ...(options.workerData === undefined ? {} : { workerData: options.workerData }),
    ...(options.resourceLimits === undefined ? {} : { resourceLimits: { ...options.resourceLimits } }),
  });
  // A worker that dies between tasks (a module's timer that throws, or exits) is replaced by
  // piscina, which reports it as an 'error' event: unheard, that event would end the process.
  pool.on('error', () => undefined);
  // The pool's first threads exist once the constructor returns, and their ready message comes
  // later (messages are asynchronous), so listening now misses none.
  const loaded = Promise.all(pool.threads.map(loadedOrGone));
  return {
    pool,
    async close() {
      // Nothing of the pool holds the event loop open while it ends: piscina unrefs its threads,
      // and their ports once idle. If the loop emptied while this still waited (for a thread's
      // load or its exit), Node would end a CLI run awaiting it with status 13 (a top-level await
      // never settled) instead of its own. A run in the full test suite once ended so; it was not
      // reproduced alone (292 runs). So the loop is held open here, and the wait for the threads'
      // exit is bounded: a thread that never reports its exit cannot keep the run from ending.
      const holdOpen = setInterval(() => undefined, 60_000);
      try {
        await loaded;
        await Promise.race([pool.destroy(), delay(EXIT_WAIT_LIMIT_MS, undefined, { ref: false })]);
      } finally {
        clearInterval(holdOpen);
      }
    },
  };
}

function loadedOrGone(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', done);
      worker.off('error', done);
      resolve();
    };
    const onMessage = (message: unknown): void => {
      if (typeof message === 'object' && message !== null && READY_KEY in message) done();
    };
    const timer = setTimeout(done, LOAD_WAIT_LIMIT_MS);
    timer.unref();
    worker.on('message', onMessage);
    worker.once('exit', done);
    worker.once('error', done);
  });
}
