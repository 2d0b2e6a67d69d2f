/**
 * Worker-thread entry point of WorkerPlayer: builds the player described by `workerData.spec`, says
 * `ready`, then answers requests one at a time. A request that throws is answered with the error's
 * kind and message — a resignation, a player failure (with its reason), or any other error — so the
 * main thread can rebuild it and the referee judges it as it would an in-thread player's.
 */
import { Console } from 'node:console';
import { parentPort, workerData } from 'node:worker_threads';
import { createPlayer, type PlayerSpec } from './player-spec.js';
import { toWorkerError, type WorkerError } from './worker-error.js';

export type WorkerCall =
  | { readonly call: 'init'; readonly arg: boolean }
  | { readonly call: 'move' }
  | { readonly call: 'inform'; readonly arg: number };

export type WorkerRequest = WorkerCall & { readonly id: number };

export type WorkerReply =
  | { readonly type: 'ready'; readonly name: string }
  | { readonly type: 'reply'; readonly id: number; readonly ok: true; readonly value: unknown }
  | ({ readonly type: 'reply'; readonly id: number; readonly ok: false } & WorkerError);

if (parentPort !== null) {
  const port = parentPort;
  // A bot's console output is not the command's: to stderr, never into stdout's results.
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const player = await createPlayer((workerData as { spec: PlayerSpec }).spec);
  port.on('message', (request: WorkerRequest) => {
    void answer(request).then((reply) => {
      port.postMessage(reply);
    });
  });
  // `name()` is optional for a module's player (the lineup names it).
  port.postMessage({ type: 'ready', name: typeof player.name === 'function' ? String(player.name()) : 'module' } satisfies WorkerReply);

  async function answer(request: WorkerRequest): Promise<WorkerReply> {
    try {
      let value: unknown;
      if (request.call === 'init') await player.init(request.arg);
      else if (request.call === 'inform') await player.inform(request.arg);
      else value = await player.move();
      // Plain values cross back as they are (the referee judges them); anything else as its description.
      if (value !== null && (typeof value === 'object' || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')) value = describe(value);
      return { type: 'reply', id: request.id, ok: true, value };
    } catch (error) {
      return { type: 'reply', id: request.id, ok: false, ...toWorkerError(error) };
    }
  }
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
