import { describe, expect, it } from 'vitest';
import type { ClosablePlayer, Player } from '../../games/connect-four/player.js';
import { AlphaBetaPlayer } from '../../games/connect-four/players/alphabeta.js';
import fc from 'fast-check';
import { runTournament, schedule, scheduledGame, type TournamentOptions } from './tournament.js';

/** Plays the leftmost column that is not full (in-thread: these tests are about bookkeeping). */
function leftmost(): Player {
  const heights = [0, 0, 0, 0, 0, 0, 0];
  return {
    init: () => undefined,
    name: () => 'leftmost',
    move: () => {
      const column = heights.findIndex((h) => h < 6);
      heights[column]!++;
      return column;
    },
    inform: (column) => {
      heights[column]!++;
    },
  };
}

/** Answers column 7, which does not exist. */
const outOfRange = (): Player => ({ init: () => undefined, name: () => 'wild', move: () => 7, inform: () => undefined });

const create: TournamentOptions['createPlayer'] = (bot) =>
  bot === 'search' ? new AlphaBetaPlayer({ level: 2 }) : bot === 'wild' ? outOfRange() : leftmost();

describe('schedule', () => {
  it('meets every pair the given number of times, colours alternating', () => {
    expect(schedule(3, 2)).toEqual([
      { red: 0, yellow: 1 },
      { red: 1, yellow: 0 },
      { red: 0, yellow: 2 },
      { red: 2, yellow: 0 },
      { red: 1, yellow: 2 },
      { red: 2, yellow: 1 },
    ]);
  });
});

describe('scheduledGame', () => {
  it('is game `index` of the schedule, computed without listing it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 7 }), fc.integer({ min: 1, max: 5 }), (bots, games) => {
        const listed = schedule(bots, games);
        expect(listed.map((_, index) => scheduledGame(bots, games, index))).toEqual(listed);
      }),
    );
    expect(scheduledGame(2, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 2)).toEqual({ red: 1, yellow: 0 });
    expect(scheduledGame(2, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER - 1)).toEqual({ red: 0, yellow: 1 });
  });
});

describe('runTournament at the limits', () => {
  it('plans nothing ahead: 2^53 - 1 games a pair start at once, and stop when told', async () => {
    const seen: number[] = [];
    const stop = new Error('enough');
    const run = runTournament({
      bots: ['a', 'b'],
      gamesPerPair: Number.MAX_SAFE_INTEGER,
      timeLimitMs: 5_000,
      concurrency: 2,
      createPlayer: () => leftmost(),
      onGame: (game, done, total) => {
        seen.push(game.index);
        expect(total).toBe(Number.MAX_SAFE_INTEGER);
        if (done === 3) throw stop;
      },
    });
    await expect(run).rejects.toBe(stop);
    expect(seen.slice(0, 3).sort()).toEqual([0, 1, 2]);
  });

  it('refuses a schedule whose game count is not a safe integer', async () => {
    await expect(runTournament({ bots: ['a', 'b', 'c'], gamesPerPair: Number.MAX_SAFE_INTEGER, timeLimitMs: 5_000, concurrency: 1, createPlayer: () => leftmost() })).rejects.toThrow(
      new RangeError('Too many games: 3 pairs of bots × 9,007,199,254,740,991 games per pair is beyond 9,007,199,254,740,991'),
    );
  });
});

describe('runTournament', () => {
  const options = { bots: ['search', 'leftmost', 'wild'], gamesPerPair: 2, timeLimitMs: 5_000, createPlayer: create } as const;

  it('fills the matrix and counts forfeits by reason', async () => {
    const seen: number[] = [];
    const results = await runTournament({ ...options, concurrency: 1, onGame: (_game, done) => seen.push(done) });
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.games.map((game) => [game.red, game.yellow])).toEqual(schedule(3, 2).map((game) => [game.red, game.yellow]));
    // search beats leftmost as both colours; everybody beats wild, which forfeits at once.
    expect(results.wins).toEqual([
      [0, 2, 2],
      [0, 0, 2],
      [0, 0, 0],
    ]);
    expect(results.draws.flat().every((d) => d === 0)).toBe(true);
    expect(results.forfeits[2]!['illegal-move']).toBe(4);
    expect(results.forfeits[1]!['illegal-move']).toBe(0);
  });

  it('gives the same results however many games run at once', async () => {
    const one = await runTournament({ ...options, concurrency: 1 });
    const three = await runTournament({ ...options, concurrency: 3 });
    expect(three.wins).toEqual(one.wins);
    expect(three.games.map((game) => game.result.moves)).toEqual(one.games.map((game) => game.result.moves));
  });

  it('stops at the first player that cannot be built, leaving nothing open', async () => {
    // Closable players that yield on every move, so the other lane is mid-game when game 1 fails.
    const open = new Set<Player>();
    const started: number[] = [];
    const createPlayer: TournamentOptions['createPlayer'] = (_bot, gameIndex, color) => {
      if (color) started.push(gameIndex);
      if (gameIndex === 1 && !color) throw new Error('worker script not built');
      const inner = leftmost();
      const player: ClosablePlayer = {
        ...inner,
        move: async () => {
          await new Promise((resolve) => setTimeout(resolve, 1));
          return inner.move();
        },
        close: () => {
          open.delete(player);
          return Promise.resolve();
        },
      };
      open.add(player);
      return player;
    };
    const played: number[] = [];
    await expect(
      runTournament({ ...options, gamesPerPair: 4, concurrency: 2, createPlayer, onGame: (game) => played.push(game.index) }),
    ).rejects.toThrow('worker script not built');
    // Game 0 was under way and finishes; game 1 failed; no lane starts another game.
    expect(started).toEqual([0, 1]);
    expect(played).toEqual([0]);
    expect(open.size).toBe(0);
  });

  it('rejects a lineup that makes no tournament', async () => {
    await expect(runTournament({ ...options, bots: ['search'], concurrency: 1 })).rejects.toThrow(RangeError);
    await expect(runTournament({ ...options, bots: ['search', 'search'], concurrency: 1 })).rejects.toThrow(RangeError);
    await expect(runTournament({ ...options, gamesPerPair: 0, concurrency: 1 })).rejects.toThrow(RangeError);
    await expect(runTournament({ ...options, concurrency: 0 })).rejects.toThrow(RangeError);
  });
});
