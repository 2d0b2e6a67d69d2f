/**
 * A long run the page can cancel (the lab's experiment, the sequential test): one abort signal per
 * run, aborted too when the component goes away, and a failure shown as the section's error.
 */
import { useEffect, useRef, useState } from 'preact/hooks';

export interface CancellableRun {
  /** The last run's failure (or a refusal the caller sets), '' for none. */
  readonly error: string;
  readonly setError: (error: string) => void;
  /** Runs `work` with a fresh signal, its error cleared first; `settle` runs after it however it ends. */
  readonly start: (work: (signal: AbortSignal) => Promise<void>, settle: () => void) => Promise<void>;
  /** Aborts the run in flight, if any. */
  readonly cancel: () => void;
}

export function useCancellableRun(): CancellableRun {
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);
  // A run in flight stops when the page goes away.
  useEffect(() => () => controller.current?.abort(), []);
  const start = async (work: (signal: AbortSignal) => Promise<void>, settle: () => void): Promise<void> => {
    const abort = new AbortController();
    controller.current = abort;
    setError('');
    try {
      await work(abort.signal);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      controller.current = null;
      settle();
    }
  };
  return { error, setError, start, cancel: () => controller.current?.abort() };
}
