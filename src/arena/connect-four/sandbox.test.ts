/**
 * The sandbox around external bots: each misdeed of test-fixtures/faulty-bot.mjs is refused or
 * ends in a recorded fault, and nothing it started outlives its game. The fences are those of this
 * machine (bubblewrap, installed by scripts/ensure-bubblewrap.sh in `npm test`); a test whose fence
 * is missing here is skipped, as the warning says.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ExternalBot } from './external-bot.js';
import { Referee } from './referee.js';
import { DEFAULT_SANDBOX_LIMITS, fence, sandboxLimits } from '../../lab/sandbox.js';
import { markedSleep, MARK, runningWith, stillRunningAfter } from '../../test-support/processes.js';

const FAULTY = fileURLToPath(new URL('./test-fixtures/faulty-bot.mjs', import.meta.url));
const PLAYING = `node ${fileURLToPath(new URL('../../../examples/connect-four/first-free-column.mjs', import.meta.url))}`;
const GENEROUS = { timeLimitMs: 60_000, setupLimitMs: 60_000 } as const;
const dir = mkdtempSync(join(tmpdir(), 'tabletop-sandbox-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const faulty = (name: string, ...args: string[]): ExternalBot => new ExternalBot({ name, command: ['node', FAULTY, ...args].join(' '), cwd: dir });
const opponent = (): ExternalBot => new ExternalBot({ name: 'first-free', command: PLAYING });
const current = fence();

describe('the sandbox', () => {
  it.skipIf(!current.pidNamespace)('leaves nothing running after a bot that forked a setsid child', async () => {
    const sleeper = markedSleep();
    const result = await new Referee(GENEROUS).play(faulty('escaper', 'setsid', sleeper.mark), opponent());
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expect(await stillRunningAfter(sleeper.mark, 10_000)).toBe(false);
  });

  it.skipIf(!current.noNetwork)('refuses a network connection, even to a server on this machine', async () => {
    let connections = 0;
    const server: Server = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    // Not fenced, the same bot reaches the server: the refusal below is the sandbox's doing.
    try {
      const result = await new Referee(GENEROUS).play(faulty('caller', 'network', String(port)), opponent());
      expect(result).toMatchObject({ winner: false, reason: 'crashed', offender: true, moves: [] });
      expect(result.message).toMatch(/^red \(caller\) exited with code 3 \(stderr: "connect refused: connect (ECONNREFUSED|ENETUNREACH)/);
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it.skipIf(!current.readOnlyFilesystem)('refuses a write outside the private /tmp (its own folder included): the file is absent', async () => {
    // Its own folder (under /tmp, which it sees as its private /tmp with its folder bound on top) and the repository's.
    for (const target of [join(dir, `escaped-${MARK}`), join(fileURLToPath(new URL('.', import.meta.url)), `escaped-${MARK}`)]) {
      const result = await new Referee(GENEROUS).play(opponent(), faulty('writer', 'write', target));
      expect(result).toMatchObject({ winner: true, reason: 'crashed', offender: false, moves: [] });
      expect(result.message).toMatch(/^yellow \(writer\) exited with code 3 \(stderr: "write refused: EROFS: read-only file system/);
      expect(existsSync(target)).toBe(false);
    }
  });

  it.skipIf(!current.limited)('ends a bot that eats memory beyond its limit: a recorded crash', async () => {
    const bot = new ExternalBot({ name: 'eater', command: `node ${FAULTY} memory`, limits: { ...DEFAULT_SANDBOX_LIMITS, memoryMiB: 1024 } });
    const result = await new Referee(GENEROUS).play(bot, opponent());
    expect(result).toMatchObject({ winner: false, reason: 'crashed', offender: true, moves: [] });
    expect(result.message).toMatch(/^red \(eater\) exited with code 3 \(stderr: "memory refused after \d+ MiB: /);
  });

  it.skipIf(!current.limited)('ends a bot that spins past its CPU time limit, within a move limit it does not reach', async () => {
    const bot = new ExternalBot({ name: 'spinner', command: `node ${FAULTY} cpu`, limits: { ...DEFAULT_SANDBOX_LIMITS, cpuSeconds: 2 } });
    const result = await new Referee({ timeLimitMs: 600_000, setupLimitMs: 60_000 }).play(opponent(), bot);
    expect(result).toMatchObject({ winner: true, reason: 'crashed', offender: false, moves: [0] });
    expect(result.message).toMatch(/^yellow \(spinner\) exceeded its CPU time limit of 2 s\b/);
  });

  it.skipIf(!current.pidNamespace)('the faulty-bot set, played against each other, leaves no process behind (ps)', async () => {
    const sleeper = markedSleep();
    const bots = (): ExternalBot[] => [faulty('escaper', 'setsid', sleeper.mark), faulty('writer', 'write', join(dir, `set-${MARK}`)), faulty('caller', 'network', '9')];
    const [a, b, c] = bots();
    const referee = new Referee(GENEROUS);
    await referee.play(a!, b!);
    await referee.play(c!, opponent());
    expect(await stillRunningAfter(sleeper.mark, 10_000)).toBe(false);
    expect(runningWith(FAULTY)).toEqual([]);
    const ps = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' });
    expect(ps.split('\n').filter((line) => line.includes(FAULTY) || line.includes(sleeper.mark))).toEqual([]);
  });
});

describe('sandbox limits', () => {
  it('are the documented defaults, each changed by its environment variable', () => {
    expect(sandboxLimits({})).toEqual({ memoryMiB: 4096, cpuSeconds: 900, tmpMiB: 256 });
    expect(sandboxLimits({ TABLETOP_BOT_MEMORY_MB: '512', TABLETOP_BOT_CPU_SECONDS: '30', TABLETOP_BOT_TMP_MB: '16' })).toEqual({ memoryMiB: 512, cpuSeconds: 30, tmpMiB: 16 });
  });

  it.each(['0', '-1', '1.5', 'lots', '99999999'])('refuse %j with the variable named', (value) => {
    expect(() => sandboxLimits({ TABLETOP_BOT_CPU_SECONDS: value })).toThrow(`TABLETOP_BOT_CPU_SECONDS must be a whole number from 1 to 9999999, got '${value}'`);
  });
});
