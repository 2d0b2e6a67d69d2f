import { describe, expect, it } from 'vitest';
import type { ClosablePlayer, Player } from '../../games/connect-four/player.js';
import { AlphaBetaPlayer } from '../../games/connect-four/players/alphabeta.js';
import { BALANCED_OPENINGS, openingName } from '../../games/connect-four/openings.js';
import { runRefereedTournament, schedule, scheduledGame, type RefereedTournamentOptions } from './tournament.js';

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

const create: RefereedTournamentOptions['createPlayer'] = (bot) =>
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

describe('runRefereedTournament', () => {
  const options = { bots: ['search', 'leftmost', 'wild'], gamesPerPair: 2, timeLimitMs: 5_000, createPlayer: create } as const;

  it('fills the matrix and counts forfeits by reason', async () => {
    const seen: number[] = [];
    const results = await runRefereedTournament({ ...options, concurrency: 1, onGame: (_game, done) => seen.push(done) });
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
    const one = await runRefereedTournament({ ...options, concurrency: 1 });
    const three = await runRefereedTournament({ ...options, concurrency: 3 });
    expect(three.wins).toEqual(one.wins);
    expect(three.games.map((game) => game.result.moves)).toEqual(one.games.map((game) => game.result.moves));
  });

  it('stops at the first player that cannot be built, leaving nothing open', async () => {
    // Closable players that yield on every move, so the other lane is mid-game when game 1 fails.
    const open = new Set<Player>();
    const started: number[] = [];
    const createPlayer: RefereedTournamentOptions['createPlayer'] = (_bot, gameIndex, color) => {
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
      runRefereedTournament({ ...options, gamesPerPair: 4, concurrency: 2, createPlayer, onGame: (game) => played.push(game.index) }),
    ).rejects.toThrow('worker script not built');
    // Game 0 was under way and finishes; game 1 failed; no lane starts another game.
    expect(started).toEqual([0, 1]);
    expect(played).toEqual([0]);
    expect(open.size).toBe(0);
  });

  it('rejects a lineup that makes no tournament', async () => {
    await expect(runRefereedTournament({ ...options, bots: ['search'], concurrency: 1 })).rejects.toThrow(RangeError);
    await expect(runRefereedTournament({ ...options, bots: ['search', 'search'], concurrency: 1 })).rejects.toThrow(RangeError);
    await expect(runRefereedTournament({ ...options, gamesPerPair: 0, concurrency: 1 })).rejects.toThrow(RangeError);
    await expect(runRefereedTournament({ ...options, concurrency: 0 })).rejects.toThrow(RangeError);
  });
});

describe('scheduledGame', () => {
  it('is the schedule, game by game, computed from the index alone', () => {
    for (const [bots, games] of [[2, 1], [3, 2], [4, 5], [6, 3]] as const) {
      expect(Array.from({ length: ((bots * (bots - 1)) / 2) * games }, (_, k) => scheduledGame(bots, games, k)).map(({ red, yellow }) => ({ red, yellow }))).toEqual(schedule(bots, games));
    }
    // No list proportional to the games: the last game of a 2^50-game tournament is found at once.
    expect(scheduledGame(3, 2 ** 50, 3 * 2 ** 50 - 1)).toEqual({ red: 2, yellow: 1, round: 2 ** 49 - 1 });
    expect(() => scheduledGame(3, 2, 6)).toThrow(RangeError);
  });
});

describe('openings and distinct games', () => {
  const deterministic = { bots: ['search', 'leftmost'], timeLimitMs: 5_000, concurrency: 1, createPlayer: create } as const;

  it('plays each opening once with each colour, every game starting with its moves', async () => {
    const openings = [[2, 0], [4, 6]];
    const results = await runRefereedTournament({ ...deterministic, gamesPerPair: 4, openings });
    expect(results.games.map((game) => [game.red, game.yellow, game.opening.join('')])).toEqual([
      [0, 1, '20'],
      [1, 0, '20'],
      [0, 1, '46'],
      [1, 0, '46'],
    ]);
    for (const game of results.games) expect(game.result.moves.slice(0, 2)).toEqual(game.opening);
    expect(results.distinctGames).toBe(4);
  });

  it('counts a deterministic replay once in the statistics the ratings use', async () => {
    // Without openings, deterministic bots play one game per colour, however many games are asked.
    const results = await runRefereedTournament({ ...deterministic, gamesPerPair: 6 });
    expect(results.wins[0]![1]).toBe(6);
    expect(results.distinctGames).toBe(2);
    expect(results.distinctWins[0]![1]).toBe(2);
    expect(results.distinctWins[1]![0]).toBe(0);
  });

  it('refuses an opening that is not a legal, unfinished game before playing anything', async () => {
    await expect(runRefereedTournament({ ...deterministic, gamesPerPair: 2, openings: [[7]] })).rejects.toThrow(/Invalid opening 8/);
    await expect(runRefereedTournament({ ...deterministic, gamesPerPair: 2, openings: [[0, 1, 0, 1, 0, 1, 0]] })).rejects.toThrow(/it ends the game/);
  });
});

describe('BALANCED_OPENINGS', () => {
  it('holds the 14 two-move openings from column 3 or 5, mirror pairs side by side', () => {
    expect(BALANCED_OPENINGS.map(openingName)).toEqual(['31', '57', '32', '56', '33', '55', '34', '54', '35', '53', '36', '52', '37', '51']);
  });
});

describe('runRefereedTournament at the limits', () => {
  it('plans nothing ahead: 2^53 - 1 games a pair start at once, and stop when told', async () => {
    const seen: number[] = [];
    const stop = new Error('enough');
    const run = runRefereedTournament({
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
    await expect(
      runRefereedTournament({ bots: ['a', 'b', 'c'], gamesPerPair: Number.MAX_SAFE_INTEGER, timeLimitMs: 5_000, concurrency: 1, createPlayer: () => leftmost() }),
    ).rejects.toThrow(new RangeError('Too many games: 3 pairs of bots × 9,007,199,254,740,991 games per pair is beyond 9,007,199,254,740,991'));
  });
});
