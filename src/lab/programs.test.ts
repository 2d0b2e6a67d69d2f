/**
 * `runProgram`: a program that is not ours, run to its end inside the fence (the competition's check
 * of an AI module) — its exit status and stderr, and past the time limit killed with everything it
 * started (where the fence has a PID namespace, a `setsid` child too).
 */
import { describe, expect, it } from 'vitest';
import { markedSleep, stillRunningAfter } from '../test-support/processes.js';
import { runProgram } from './programs.js';
import { fence } from './sandbox.js';

describe('runProgram', () => {
  it('gives its exit status and what it wrote on stderr', async () => {
    expect(await runProgram('echo ignored; echo "no AI here" >&2; exit 3', 60_000)).toEqual({ code: 3, timedOut: false, stderr: 'no AI here\n' });
    expect(await runProgram('exit 0', 60_000)).toEqual({ code: 0, timedOut: false, stderr: '' });
  });

  it.skipIf(!fence().pidNamespace)('kills it past the time limit, with the setsid child it started', async () => {
    const sleeper = markedSleep();
    // Time enough for the child to start on a busy machine; the program itself would sleep a minute.
    const run = await runProgram(`setsid ${sleeper.command} & sleep 60`, 3000);
    expect(run.timedOut).toBe(true);
    expect(await stillRunningAfter(sleeper.mark, 10_000)).toBe(false);
  });
});
