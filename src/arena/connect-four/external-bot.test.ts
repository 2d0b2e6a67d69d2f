/**
 * External bots that misbehave at the edges of the line protocol: endless lines, children left
 * behind, numbers that are almost columns. Players run as real programs (`sh -c …`) and in worker
 * threads (the worker entry point is taken from dist/, so build first; `npm test` does).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { containment, ExternalBot, type ExternalBotOptions } from './external-bot.js';
import type { PlayerSpec } from './player-spec.js';
import { Referee } from './referee.js';
import { WorkerPlayer } from './worker-player.js';
import { MARK, markedSleep, stillRunningAfter } from '../../test-support/processes.js';

const FIXTURES = new URL('./test-fixtures/fake-players.mjs', import.meta.url).href;
const GENEROUS = { timeLimitMs: 60_000, setupLimitMs: 60_000 } as const;
const dir = mkdtempSync(join(tmpdir(), 'tabletop-bots-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const firstFree = (): WorkerPlayer => new WorkerPlayer({ kind: 'module', module: FIXTURES, exportName: 'FirstFreeColumn' });

/** A shell bot: `before` runs first, then it answers `ready` to init and runs `reply` on every move. */
function shellBot(name: string, reply: string, before = ''): ExternalBot {
  const script = `${before} while read line; do case "$line" in init*) echo ready;; move) ${reply};; esac; done`;
  return new ExternalBot({ name, command: `sh -c '${script}'` });
}

/** A shell bot that plays the leftmost free column (as first-free-column.sh does). */
function playingBot(name: string, before: string): ExternalBot {
  const script =
    `${before} h0=0; h1=0; h2=0; h3=0; h4=0; h5=0; h6=0; ` +
    'while read -r c a; do case "$c" in init) echo ready;; inform) eval "h$a=\\$((h$a + 1))";; ' +
    'move) for k in 0 1 2 3 4 5 6; do eval "h=\\$h$k"; if [ "$h" -lt 6 ]; then eval "h$k=\\$((h + 1))"; echo $k; break; fi; done;; esac; done';
  return new ExternalBot({ name, command: `sh -c '${script}'` });
}

describe('ExternalBot: lines', () => {
  it('makes a bot answering an overlong line lose with a protocol error, the line unread', async () => {
    const result = await new Referee(GENEROUS).play(firstFree(), shellBot('long', "head -c 1000000 /dev/zero | tr \"\\\\0\" 7; echo"));
    expect(result).toMatchObject({ winner: true, reason: 'protocol-error', offender: false, moves: [0] });
    expect(result.message).toBe('yellow (long) answered a line longer than 4096 characters ("' + '7'.repeat(24) + '…") to move');
  });

  it('makes a bot answering an endless line (cat /dev/zero) lose at once', async () => {
    const result = await new Referee(GENEROUS).play(shellBot('zeros', 'cat /dev/zero'), firstFree());
    expect(result).toMatchObject({ winner: false, reason: 'protocol-error', offender: true, moves: [] });
    expect(result.message).toContain('red (zeros) answered a line longer than 4096 characters');
  });

  it.each(['6.0000000000000001', '6.0', '6e0', '0x6', '+6', '6 6', '٦'])('takes the answer %j as no column (a protocol error)', async (answer) => {
    const result = await new Referee(GENEROUS).play(firstFree(), shellBot('almost', `echo "${answer}"`));
    expect(result).toMatchObject({ winner: true, reason: 'protocol-error', offender: false, moves: [0] });
    expect(result.message).toBe(`yellow (almost) answered ${JSON.stringify(answer)} to move (expected a column 0..6)`);
  });

  it('still takes a whole number with the tolerated trailing spaces, and judges its range', async () => {
    const spaced = await new Referee(GENEROUS).play(shellBot('spaced', 'echo "6 \\r"'), shellBot('nine', 'echo 9'));
    expect(spaced).toMatchObject({ winner: true, reason: 'illegal-move', offender: false, moves: [6] });
    expect(spaced.message).toBe('yellow (nine) answered column 9, which is out of range 0..6');
  });
});

describe('ExternalBot: start', () => {
  it('makes a bot that cannot be started lose, and ends the game (no wait for an exit that never comes)', async () => {
    const bot = new ExternalBot({ name: 'nowhere', command: 'true', cwd: join(dir, 'no-such-folder') });
    const result = await new Referee(GENEROUS).play(bot, firstFree());
    expect(result).toMatchObject({ winner: false, reason: 'crashed', offender: true, moves: [] });
    expect(result.message).toMatch(/^red \(nowhere\) could not be started: /);
  });
});

describe('ExternalBot: process groups', () => {
  it('kills a child the bot left running when its game ends normally', async () => {
    const sleeper = markedSleep();
    const result = await new Referee(GENEROUS).play(playingBot('parent', `${sleeper.command} &`), firstFree());
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expect(await stillRunningAfter(sleeper.mark, 10_000)).toBe(false);
  });

  it('kills the children of a bot that exits mid-game, a TERM-ignoring one too', async () => {
    const sleeper = markedSleep();
    const before = `(trap "" TERM; ${sleeper.command}) &`;
    const result = await new Referee(GENEROUS).play(firstFree(), shellBot('leaver', 'exit 0', before));
    expect(result).toMatchObject({ winner: true, reason: 'crashed', offender: false, moves: [0] });
    expect(await stillRunningAfter(sleeper.mark, 10_000)).toBe(false);
  });

  it('does not wait for a child flooding stderr after the bot exits', async () => {
    const mark = `flood-${MARK}`;
    // The flood never ends by itself: the game ending at all (within the test's limit) shows it was not waited for.
    const result = await new Referee(GENEROUS).play(playingBot('flooder', `(yes ${mark} >&2) &`), firstFree());
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expect(await stillRunningAfter(mark, 10_000)).toBe(false);
  });

  it.skipIf(containment().warning !== null)('kills a child that left the process group (setsid) when the game ends', async () => {
    const sleeper = markedSleep();
    const result = await new Referee(GENEROUS).play(playingBot('escaper', `setsid ${sleeper.command} &`), firstFree());
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expect(await stillRunningAfter(sleeper.mark, 10_000)).toBe(false);
  });
});

describe('constructor arguments', () => {
  it('ExternalBot says what options it needs', () => {
    expect(() => new ExternalBot(null as unknown as ExternalBotOptions)).toThrow(new TypeError('ExternalBot: expected options { name, command }, got null'));
    expect(() => new ExternalBot({ name: 'x', command: 5 as unknown as string })).toThrow(new TypeError('ExternalBot: command must be a non-empty string (a shell command line), got 5'));
    expect(() => new ExternalBot({ name: '', command: 'true' })).toThrow(new TypeError("ExternalBot: name must be a non-empty string, got ''"));
    expect(() => new ExternalBot({ name: 'x', command: 'true', exitGraceMs: -1 })).toThrow(RangeError);
  });

  it('WorkerPlayer says what a player spec is, before starting a thread', () => {
    expect(() => new WorkerPlayer(null as unknown as PlayerSpec)).toThrow(new TypeError('WorkerPlayer: expected a player spec { kind: alphabeta | solver | random | module, … }, got null'));
    expect(() => new WorkerPlayer({ kind: 'nope' } as unknown as PlayerSpec)).toThrow(new RangeError("WorkerPlayer: unknown player kind 'nope' (expected alphabeta, solver, random or module)"));
    expect(() => new WorkerPlayer({ kind: 'module' } as unknown as PlayerSpec)).toThrow(new TypeError('WorkerPlayer: a module spec needs module, a module URL or absolute path'));
  });
});
