/**
 * The `tabletop` command run in the test's own process: no child, no build needed, for commands
 * that end before any game (refused input). Apart from cli.ts, so that the tests that spawn the
 * binary do not load the whole program.
 */
import { vi } from 'vitest';
import { main } from '../cli/program.js';

/**
 * Runs `tabletop <args>` in this process (no child started: for commands that end before any
 * game, such as refused input), with its stderr captured; resolves to the exit status and stderr.
 */
export async function runInProcess(args: readonly string[]): Promise<{ status: number; stderr: string }> {
  let stderr = '';
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    return { status: await main(['node', 'tabletop', ...args]), stderr };
  } finally {
    spy.mockRestore();
  }
}
