/**
 * The referee against tiny deterministic players, run the way real players run: in worker threads
 * (fixtures in test-fixtures/fake-players.mjs) and as external programs. The worker entry point is
 * taken from dist/, so build first (`npm test` does).
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import type { Player } from '../../games/connect-four/player.js';
import { Resignation } from '../../games/connect-four/player.js';
import { Position } from '../../games/connect-four/position.js';
import type { GameResult } from '../../games/connect-four/referee/result.js';
import { ExternalBot } from './external-bot.js';
import { Referee, seatPlayers } from './referee.js';
import { WorkerPlayer } from './worker-player.js';

const FIXTURES = new URL('./test-fixtures/fake-players.mjs', import.meta.url).href;
const EXAMPLE_BOT = fileURLToPath(new URL('../../../examples/connect-four/first-free-column.mjs', import.meta.url));

/**
 * Limits for the tests that are not about time: far beyond anything these players need, so a loaded
 * machine (slow worker starts, slow message passing) cannot turn a game into a timeout.
 */
const GENEROUS = { timeLimitMs: 60_000, setupLimitMs: 60_000 } as const;

/**
 * For the tests about time: only the late player gets a short limit (its opponent and every setup
 * call keep generous ones), and the late player would take far longer than the bound asserted.
 */
const lateLimit = (late: 'red' | 'yellow', limitMs: number) => ({ ...GENEROUS, timeLimitsMs: { [late]: limitMs } });

function fake(exportName: string, ...args: unknown[]): WorkerPlayer {
  return new WorkerPlayer({ kind: 'module', module: FIXTURES, exportName, args });
}

/** A shell bot that answers `ready` to init and `reply` to every move. */
function shellBot(name: string, reply: string): ExternalBot {
  const script = `while read line; do case "$line" in init*) echo ready;; move) ${reply};; esac; done`;
  return new ExternalBot({ name, command: `sh -c '${script}'` });
}

/** Replays the game's moves on a fresh engine: every move legal, and the end matches the result. */
function expectConsistent(result: GameResult): Position {
  const position = new Position();
  for (const column of result.moves) position.play(column);
  if (result.reason === 'four-in-a-row') expect(position.winner()).toBe(result.winner);
  else if (result.reason === 'board-full') expect(position.isTie()).toBe(true);
  else {
    // A forfeit: the board decided nothing, and the offender lost.
    expect(position.isGameOver()).toBe(false);
    expect(result.offender).toBe(!result.winner);
  }
  return position;
}

describe('Referee', () => {
  it('plays a full game between two worker players to a legal end', async () => {
    const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn', 'lefty'), fake('FirstFreeColumn', 'copycat'));
    // Both fill columns from the left; however the game ends, a replay on the engine must agree.
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expect(result.red).toBe('lefty');
    expect(result.yellow).toBe('copycat');
    expectConsistent(result);
  });

  it('plays two AlphaBeta players in workers to a legal end, reporting their names', async () => {
    const red = new WorkerPlayer({ kind: 'alphabeta', level: 2, budgetMs: 200 });
    const yellow = new WorkerPlayer({ kind: 'alphabeta', level: 3, budgetMs: 200 });
    const result = await new Referee(GENEROUS).play(red, yellow);
    expect(result).toMatchObject({ red: 'alphabeta-2', yellow: 'alphabeta-3' });
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expect(result.offender).toBeUndefined();
    const position = expectConsistent(result);
    expect(position.isGameOver()).toBe(true);
  });

  it('makes a player answering a column out of range lose, saying why', async () => {
    const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), fake('FixedAnswer', 9, 2));
    expect(result).toMatchObject({ winner: true, reason: 'illegal-move', offender: false, moves: [0, 0, 0, 0, 0] });
    expect(result.message).toBe('yellow (fixed-answer) answered column 9, which is out of range 0..6');
  });

  it('makes a player answering a non-integer lose', async () => {
    const half = await new Referee(GENEROUS).play(fake('FixedAnswer', 2.5), fake('FirstFreeColumn'));
    expect(half).toMatchObject({ winner: false, reason: 'illegal-move', offender: true, moves: [] });
    expect(half.message).toContain('answered 2.5, which is not a whole column number');
    const text = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), fake('FixedAnswer', '3'));
    expect(text).toMatchObject({ winner: true, reason: 'illegal-move', offender: false });
    expect(text.message).toContain('answered "3"');
  });

  it('makes a player answering a full column lose', async () => {
    // Both play column 6, alternating colours, so nobody connects four and the column fills.
    const result = await new Referee(GENEROUS).play(fake('SameColumn', 6), fake('FixedAnswer', 6, 0));
    expect(result).toMatchObject({ winner: false, reason: 'illegal-move', offender: true, moves: [6, 6, 6, 6, 6, 6] });
    expect(result.message).toBe('red (same-column) answered column 6, which is full');
  });

  it('makes a throwing player lose, with its message', async () => {
    const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), fake('Thrower'));
    expect(result).toMatchObject({ winner: true, reason: 'error', offender: false, moves: [0] });
    expect(result.message).toContain('no idea what to play');
  });

  it('a thrown value that cannot be made a string is an error of that player, in a worker or in this thread, as in the lab', async () => {
    for (const kind of ['null', 'proxy']) {
      const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), fake('OddThrower', kind));
      expect(result).toMatchObject({ winner: true, reason: 'error', offender: false, moves: [0] });
      expect(result.message).toContain('threw an error: a value that cannot be shown as text (an object)');
    }
    const no = (): never => {
      throw new Error('no');
    };
    const inThread: Player = {
      name: () => 'odd',
      init: () => undefined,
      inform: () => undefined,
      move: () => {
        throw new Proxy({}, { get: no, getPrototypeOf: no });
      },
    };
    const here = await new Referee(GENEROUS).play(inThread, fake('FirstFreeColumn'));
    expect(here).toMatchObject({ winner: false, reason: 'error', offender: true });
  });

  it("records a worker player's resignation and player failure as such, not as errors", async () => {
    const resigned = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), fake('Resigner', 'lost cause'));
    expect(resigned).toMatchObject({ winner: true, reason: 'resigned', offender: false, moves: [0] });
    expect(resigned.message).toBe('yellow (resigner) resigned: lost cause');
    const failed = await new Referee(GENEROUS).play(fake('Failer', 'protocol-error', 'spoke out of turn'), fake('FirstFreeColumn'));
    expect(failed).toMatchObject({ winner: false, reason: 'protocol-error', offender: true, moves: [] });
    expect(failed.message).toBe('red (failer) spoke out of turn');
  });

  it('cuts a slow player off near the time limit', async () => {
    // The sleeper wants an hour: that the game ends at all (within the test's limit) shows the
    // referee did not wait for it, on a busy machine as on an idle one.
    const result = await new Referee(lateLimit('yellow', 500)).play(fake('FirstFreeColumn'), fake('Sleeper', 3_600_000));
    expect(result).toMatchObject({ winner: true, reason: 'timeout', offender: false, moves: [0] });
    expect(result.message).toContain('time limit of 500 ms');
  });

  it('terminates a player that computes forever without yielding', async () => {
    // It never answers: only terminating it ends the game (the test's limit catches a referee that waits).
    const result = await new Referee(lateLimit('red', 500)).play(fake('Spinner'), fake('FirstFreeColumn'));
    expect(result).toMatchObject({ winner: false, reason: 'timeout', offender: true, moves: [] });
  });

  it('makes a player whose worker dies lose', async () => {
    const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), fake('Quitter'));
    expect(result).toMatchObject({ winner: true, reason: 'crashed', offender: false, moves: [0] });
    expect(result.message).toContain('exited (code 3)');
  });

  it('makes a player whose worker cannot build it lose before the first move', async () => {
    const missing = new WorkerPlayer({ kind: 'module', module: fileURLToPath(FIXTURES), exportName: 'NoSuchPlayer' });
    const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), missing);
    expect(result).toMatchObject({ winner: true, reason: 'crashed', offender: false, moves: [] });
    expect(result.message).toContain("has no player 'NoSuchPlayer'");
  });

  it('times a player given in-thread too, and records a resignation', async () => {
    const quitter: Player = {
      init: () => undefined,
      name: () => 'person',
      move: () => Promise.reject(new Resignation('typed q')),
      inform: () => undefined,
    };
    const result = await new Referee(GENEROUS).play(quitter, fake('FirstFreeColumn'));
    expect(result).toMatchObject({ winner: false, reason: 'resigned', offender: true, message: 'red (person) resigned: typed q' });
    const dawdler: Player = { init: () => undefined, name: () => 'dawdler', move: () => new Promise(() => undefined), inform: () => undefined };
    const late = await new Referee(lateLimit('yellow', 100)).play(fake('FirstFreeColumn'), dawdler);
    expect(late).toMatchObject({ winner: true, reason: 'timeout', offender: false, moves: [0] });
    // A limit below a millisecond: the wait is reported as it was, never as "0 ms".
    const tiny = await new Referee(lateLimit('yellow', 0.5)).play(fake('FirstFreeColumn'), dawdler);
    const [, waited, unit] = /time limit of 0\.5 ms \(gave up after ([\d.]+) (ms|s)\)$/.exec(tiny.message) ?? [];
    expect(Number(waited) * (unit === 's' ? 1000 : 1)).toBeGreaterThanOrEqual(0.5);
  });

  it('rejects a missing or malformed player with a TypeError, closing the other one', async () => {
    const worker = fake('FirstFreeColumn');
    await expect(new Referee(GENEROUS).play(null as unknown as Player, worker)).rejects.toThrow(
      new TypeError('Referee.play: red is not a player (expected an object with init, name, move and inform methods), got null'),
    );
    // Its worker was terminated, so nothing keeps the process alive.
    await expect(worker.init(true)).rejects.toThrow('it was closed');
    let closed = 0;
    const closable = { init: () => undefined, name: () => 'c', move: () => 0, inform: () => undefined, close: () => Promise.resolve(void closed++) };
    const noMove = { init: () => undefined, name: () => 'half', inform: () => undefined } as unknown as Player;
    await expect(new Referee(GENEROUS).play(closable, noMove)).rejects.toThrow(/yellow is not a player .*got an object without move/);
    expect(closed).toBe(1);
  });

  it('rejects invalid time limits and a player facing itself', async () => {
    expect(() => new Referee({ timeLimitMs: 0 })).toThrow(RangeError);
    expect(() => new Referee({ timeLimitMs: Number.NaN })).toThrow(RangeError);
    expect(() => new Referee({ timeLimitMs: '5' as unknown as number })).toThrow(new TypeError('Invalid time limit: "5" (expected a positive number of milliseconds)'));
    expect(() => new Referee({ timeLimitsMs: { red: null as unknown as number } })).toThrow(TypeError);
    const player: Player = { init: () => undefined, name: () => 'solo', move: () => 0, inform: () => undefined };
    await expect(new Referee().play(player, player)).rejects.toThrow(RangeError);
  });
});

describe('Referee with external bots', () => {
  it('plays the example bot against a worker player', async () => {
    const bot = new ExternalBot({ name: 'example', command: `node ${JSON.stringify(EXAMPLE_BOT)}` });
    const result = await new Referee(GENEROUS).play(bot, fake('FirstFreeColumn'));
    expect(result.red).toBe('example');
    expect(['four-in-a-row', 'board-full']).toContain(result.reason);
    expectConsistent(result);
  });

  it('makes a bot that prints garbage lose with a protocol error', async () => {
    const result = await new Referee(GENEROUS).play(fake('FirstFreeColumn'), shellBot('babbler', 'echo banana'));
    expect(result).toMatchObject({ winner: true, reason: 'protocol-error', offender: false, moves: [0] });
    expect(result.message).toBe('yellow (babbler) answered "banana" to move (expected a column 0..6)');
  });

  it('makes a bot that exits lose', async () => {
    const result = await new Referee(GENEROUS).play(shellBot('leaver', 'echo bye >&2; exit 4'), fake('FirstFreeColumn'));
    expect(result).toMatchObject({ winner: false, reason: 'crashed', offender: true, moves: [] });
    expect(result.message).toBe('red (leaver) exited with code 4 (stderr: "bye")');
  });

  it('makes a bot that never answers lose on time, and kills it', async () => {
    // It sleeps an hour: the game ending at all shows it was killed, not waited for.
    const result = await new Referee(lateLimit('yellow', 500)).play(fake('FirstFreeColumn'), shellBot('sleepy', 'sleep 3600'));
    expect(result).toMatchObject({ winner: true, reason: 'timeout', offender: false, moves: [0] });
  });

  it('makes a bot that does not say ready lose', async () => {
    const bot = new ExternalBot({ name: 'mute', command: 'sh -c "read line; echo hello"' });
    const result = await new Referee(GENEROUS).play(bot, fake('FirstFreeColumn'));
    expect(result).toMatchObject({ winner: false, reason: 'protocol-error', offender: true });
    expect(result.message).toBe("red (mute) answered \"hello\" to init (expected 'ready')");
  });
});

describe('seatPlayers', () => {
  it('closes red when yellow cannot be built, and rethrows', async () => {
    let closed = 0;
    const red = { init: () => undefined, name: () => 'red', move: () => 0, inform: () => undefined, close: () => Promise.resolve(void closed++) };
    await expect(
      seatPlayers(
        () => red,
        () => {
          throw new Error('worker script not built');
        },
      ),
    ).rejects.toThrow('worker script not built');
    expect(closed).toBe(1);
    const yellow = { ...red, name: () => 'yellow' };
    await expect(seatPlayers(() => red, () => yellow)).resolves.toEqual([red, yellow]);
    expect(closed).toBe(1);
  });
});
