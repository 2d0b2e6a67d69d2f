/**
 * A Connect Four player that runs in its own worker thread.
 *
 * Why here and not in games/: games/ holds pure rules and players and knows nothing of threads; this
 * folder is the part of the referee that *runs* players — worker threads, child processes — so the
 * move time limit holds even against a player that computes without ever yielding: the referee's
 * thread stays free to notice the deadline, and `close()` terminates the worker outright.
 *
 * The worker builds its player from a serialisable `PlayerSpec` (see player-spec.ts), so any player
 * — built in, or a class exported by any ES module — can run off-thread.
 */
import { Worker } from 'node:worker_threads';
import { thrownText } from '../../core/format.js';
import { builtScript, DEFAULT_MEMORY_LIMIT_MB } from '../../lab/module-probe.js';
import type { ClosablePlayer } from '../../games/connect-four/player.js';
import { PlayerFailure } from '../../games/connect-four/referee/result.js';
import type { PlayerSpec } from './player-spec.js';
import type { WorkerCall, WorkerReply, WorkerRequest } from './player-worker.js';
import { fromWorkerError } from './worker-error.js';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class WorkerPlayer implements ClosablePlayer {
  readonly #worker: Worker;
  readonly #ready: Promise<void>;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #name: string;
  /** Set once the worker has died or been closed; every later call rejects with it. */
  #failure: PlayerFailure | null = null;
  #closed = false;

  /** `name`: how the player appears; by default, the name its worker reports (the spec's kind until then). */
  constructor(spec: PlayerSpec, name?: string) {
    checkSpec(spec);
    this.#name = name ?? spec.kind;
    this.#worker = new Worker(builtScript(new URL('./player-worker.js', import.meta.url)), {
      workerData: { spec },
      // A bot that allocates without end ends its own thread (a crash forfeit), not the process.
      resourceLimits: { maxOldGenerationSizeMb: DEFAULT_MEMORY_LIMIT_MB },
      // Node options are inherited, except those that only make sense for an inline main script.
      execArgv: process.execArgv.filter((arg) => !arg.startsWith('--input-type')),
    });
    // Invariant: a worker that is not answering a request keeps nothing alive; in-flight requests are
    // awaited by the referee, which always closes the player.
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#worker.on('message', (reply: WorkerReply) => {
        if (reply.type === 'ready') {
          if (name === undefined) this.#name = reply.name;
          resolve();
          return;
        }
        const pending = this.#pending.get(reply.id);
        if (pending === undefined) return;
        this.#pending.delete(reply.id);
        if (reply.ok) pending.resolve(reply.value);
        else pending.reject(fromWorkerError(reply));
      });
      const fail = (failure: PlayerFailure): void => {
        this.#failure ??= failure;
        reject(this.#failure);
        for (const pending of this.#pending.values()) pending.reject(this.#failure);
        this.#pending.clear();
      };
      this.#worker.on('error', (error: Error) => {
        const oom = (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        fail(new PlayerFailure('crashed', oom ? `its worker thread ran out of memory (the limit is ${String(DEFAULT_MEMORY_LIMIT_MB)} MB)` : `its worker thread failed: ${thrownText(error)}`));
      });
      this.#worker.on('exit', (code) => {
        fail(new PlayerFailure('crashed', this.#closed ? 'it was closed' : `its worker thread exited (code ${String(code)})`));
      });
    });
    // A failure before anyone awaits #ready must not become an unhandled rejection.
    this.#ready.catch(() => undefined);
  }

  name(): string {
    return this.#name;
  }

  async init(color: boolean): Promise<void> {
    await this.#ready;
    await this.#call({ call: 'init', arg: color });
  }

  async move(): Promise<number> {
    return (await this.#call({ call: 'move' })) as number;
  }

  async inform(column: number): Promise<void> {
    await this.#call({ call: 'inform', arg: column });
  }

  /** Terminates the worker at once, whatever it is doing (a hung player is not waited for). */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#worker.terminate();
  }

  #call(request: WorkerCall): Promise<unknown> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } satisfies WorkerRequest);
    });
  }
}

const KINDS = ['alphabeta', 'solver', 'random', 'module'] as const;

/** The boundary's check, so a bad spec fails here, clearly, not as a crash inside the worker. */
function checkSpec(spec: unknown): asserts spec is PlayerSpec {
  if (typeof spec !== 'object' || spec === null) throw new TypeError(`WorkerPlayer: expected a player spec { kind: ${KINDS.join(' | ')}, … }, got ${String(spec)}`);
  const { kind, module } = spec as { kind?: unknown; module?: unknown };
  if (!KINDS.includes(kind as (typeof KINDS)[number])) throw new RangeError(`WorkerPlayer: unknown player kind '${String(kind)}' (expected alphabeta, solver, random or module)`);
  if (kind === 'module' && (typeof module !== 'string' || module === '')) throw new TypeError('WorkerPlayer: a module spec needs module, a module URL or absolute path');
}

