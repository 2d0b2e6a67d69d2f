/**
 * Errors thrown by a player in a worker thread lose their class on the way back (structured clone
 * keeps only a plain Error), so they travel as data and are rebuilt on the main thread: a
 * `Resignation` stays a resignation and a `PlayerFailure` keeps its reason, and the referee judges a
 * worker player exactly as it would the same player in-thread. A module of its own: the worker entry
 * point runs on import, so the main thread must not import it.
 */
import { thrownText } from '../../core/format.js';
import { Resignation } from '../../games/connect-four/player.js';
import { PlayerFailure } from '../../games/connect-four/referee/result.js';

/** A thrown error as it crosses back to the main thread. */
export type WorkerError =
  | { readonly kind: 'resignation'; readonly message: string }
  | { readonly kind: 'failure'; readonly reason: PlayerFailure['reason']; readonly message: string }
  | { readonly kind: 'error'; readonly message: string };

export function toWorkerError(error: unknown): WorkerError {
  // `instanceof` itself throws for a Proxy whose traps throw: such a value is described, as any other odd throw.
  try {
    if (error instanceof Resignation) return { kind: 'resignation', message: String(error.message) };
    if (error instanceof PlayerFailure) return { kind: 'failure', reason: error.reason, message: String(error.message) };
  } catch {
    // described below
  }
  return { kind: 'error', message: thrownText(error, false) };
}

export function fromWorkerError(error: WorkerError): Error {
  if (error.kind === 'resignation') return new Resignation(error.message);
  if (error.kind === 'failure') return new PlayerFailure(error.reason, error.message);
  return new Error(error.message);
}
