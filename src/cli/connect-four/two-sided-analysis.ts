/**
 * `solve --analyze` on two threads: this thread is the first side of each analysis
 * (two-sided.ts), a worker thread (analysis-helper.ts) the second. If the helper cannot start or
 * fails, this thread searches whatever it left: the answers are the same, only slower.
 */
import { Worker } from 'node:worker_threads';
import { builtScript } from '../../lab/module-probe.js';
import { SecondSide, type SideMessage } from '../../games/connect-four/solver/two-sided.js';
import type { AnalysisHelperData } from './analysis-helper.js';

/** Starts the helper thread (which loads its books while this thread loads its own) and returns this thread's end of it. */
export function startAnalysisHelper(data: AnalysisHelperData): { readonly side: SecondSide; close(): Promise<unknown> } {
  let worker: Worker | undefined;
  const side = new SecondSide(
    (message) => worker?.postMessage(message),
    // Messages that reached this thread are delivered in the event loop's poll phase, before the check phase's immediates.
    () => new Promise((resolve) => setImmediate(resolve)),
  );
  try {
    worker = new Worker(builtScript(new URL('./analysis-helper.js', import.meta.url)), { workerData: data });
  } catch {
    side.stop();
    return { side, close: () => Promise.resolve() };
  }
  // Neither a helper still loading nor one searching a column nobody waits for keeps the command alive.
  worker.unref();
  worker.on('message', (message: SideMessage) => side.deliver(message));
  worker.on('error', () => side.stop());
  worker.on('exit', () => side.stop());
  const started = worker;
  return { side, close: () => started.terminate() };
}
