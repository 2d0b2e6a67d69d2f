/** Ctrl-C and SIGTERM as a stop of a long build: the work under way is dropped, its journal keeps the rest. */

/**
 * A signal aborted at the first SIGINT or SIGTERM, with `message` on stderr; `release` stops
 * listening (call it when the build ends, so a later signal ends the process as usual).
 */
export function stopOnSignals(message: string): { readonly signal: AbortSignal; readonly release: () => void } {
  const controller = new AbortController();
  const stop = (): void => {
    if (controller.signal.aborted) return;
    process.stderr.write(`${message}\n`);
    controller.abort();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
