/**
 * The `tabletop` command run in the test's own process: no child, no build needed, for commands
 * that end before any game (refused input). Apart from cli.ts, so that the tests that spawn the
 * binary do not load the whole program.
 */
import { vi } from 'vitest';
import { main } from '../cli/program.js';

export interface InProcessResult {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `tabletop <args>` in this process (no child started: for commands that end before any
 * game, such as refused input), with its stdout and stderr captured; resolves to the exit status
 * and both outputs. A spawn costs a Node start and the whole program's loading, half a second or
 * more each; the tests of refused input ask this instead, and keep one spawned case per command
 * for the binary's own wiring (its exit status).
 */
export async function runInProcess(args: readonly string[]): Promise<InProcessResult> {
  const captured = { stdout: '', stderr: '' };
  const capture = (stream: 'stdout' | 'stderr') =>
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: string | Uint8Array) => {
      captured[stream] += String(chunk);
      return true;
    });
  const spies = [capture('stdout'), capture('stderr')];
  try {
    const status = await main(['node', 'tabletop', ...args]);
    return { status, ...captured };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
