/**
 * Stopping a tournament ends every external bot, whatever stops it: SIGINT (Ctrl-C), SIGTERM
 * (`kill`, `timeout`, Docker), SIGHUP (a closed terminal), and where the machine allows a PID
 * namespace (bubblewrap, or root), SIGKILL too — even a bot that ignores SIGTERM and a child that a
 * bot moved out of its process group with `setsid`. Runs the built binary (dist/).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { containment } from '../../arena/connect-four/external-bot.js';
import { CLI_PATH } from '../../test-support/cli.js';
import { MARK, markedSleep, runningWith, stillRunningAfter } from '../../test-support/processes.js';

const SLOW_BOT = fileURLToPath(new URL('../../arena/connect-four/test-fixtures/slow-bot.sh', import.meta.url));
const fenced = containment().warning === null;

/** Starts a tournament of two slow bots (one ignoring SIGTERM, one with a `setsid` child); resolves once all of them run. */
async function startTournament(): Promise<{ cli: ReturnType<typeof spawn>; marks: string[]; ended: Promise<unknown> }> {
  const stubborn = `stubborn-${MARK}`;
  const escaper = `escaper-${MARK}`;
  const escaped = markedSleep().mark;
  const cli = spawn(
    process.execPath,
    [CLI_PATH, 'connect-four', 'tournament', '--bots', 'stubborn,escaper', '--games', '20', '--time', '60', '--jobs', '1', '--seed', '1',
      '--bot', `stubborn=sh ${SLOW_BOT} ${stubborn} ignore-term`, '--bot', `escaper=sh ${SLOW_BOT} ${escaper} setsid ${escaped}`],
    { stdio: 'ignore' },
  );
  const ended = new Promise((resolve) => cli.once('exit', resolve));
  const marks = [stubborn, escaper, escaped];
  for (let attempt = 0; marks.some((mark) => runningWith(mark).length === 0); attempt++) {
    expect(attempt, 'the bots did not start').toBeLessThan(600);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { cli, marks, ended };
}

describe('connect-four tournament stopped by a signal', () => {
  it.each(['SIGTERM', 'SIGHUP', 'SIGINT'] as const)('%s ends every bot, a TERM-ignoring one too', async (signal) => {
    const { cli, marks, ended } = await startTournament();
    cli.kill(signal);
    await ended;
    // The setsid child escapes the process group: only a PID namespace reaches it.
    for (const mark of fenced ? marks : marks.slice(0, 2)) expect(await stillRunningAfter(mark, 10_000), mark).toBe(false);
  }, 120_000);

  it.skipIf(!fenced)('SIGKILL of the CLI ends every bot too (parent-death signal, PID namespace)', async () => {
    const { cli, marks, ended } = await startTournament();
    cli.kill('SIGKILL');
    await ended;
    for (const mark of marks) expect(await stillRunningAfter(mark, 10_000), mark).toBe(false);
  }, 120_000);
});
