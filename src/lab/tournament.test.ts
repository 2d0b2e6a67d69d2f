import { describe, expect, it } from 'vitest';
import { DistinctGames, pairwiseGame, pairwiseGameCount, PairwiseStandings, playScheduled } from './tournament.js';

describe('pairwise round robin, game by game', () => {
  it('meets every pair gamesPerPair times, seats alternating, one round (opening) per seat pair', () => {
    const games = Array.from({ length: pairwiseGameCount(3, 4) }, (_, index) => pairwiseGame(3, 4, index));
    expect(games.map(({ first, second, round }) => `${String(first)}${String(second)}:${String(round)}`)).toEqual([
      '01:0', '10:0', '01:1', '10:1',
      '02:0', '20:0', '02:1', '20:1',
      '12:0', '21:0', '12:1', '21:1',
    ]);
    // Nothing built ahead: the last game of a 2^50-game pair is found from its index.
    expect(pairwiseGame(3, 2 ** 50, 3 * 2 ** 50 - 1)).toEqual({ first: 2, second: 1, round: 2 ** 49 - 1 });
    expect(() => pairwiseGame(3, 2, 6)).toThrow(RangeError);
    expect(() => pairwiseGameCount(3, Number.MAX_SAFE_INTEGER)).toThrow(/^Too many games: 3 pairs of bots/);
  });

  it('standings count a move-for-move repeat in the totals but once in the distinct tallies', () => {
    const standings = new PairwiseStandings(2, ['timeout', 'illegal-move']);
    standings.add(0, 1, 0, 'four/4455667');
    standings.add(0, 1, 0, 'four/4455667');
    // The same moves with the seats swapped are another game.
    standings.add(1, 0, 1, 'four/4455667');
    standings.add(1, 0, null, 'draw/1234');
    standings.add(1, 0, 0, 'timeout/44', 'timeout');
    expect(standings.wins).toEqual([[0, 3], [1, 0]]);
    expect(standings.distinctWins).toEqual([[0, 2], [1, 0]]);
    expect(standings.draws).toEqual([[0, 1], [1, 0]]);
    expect(standings.distinctGames).toBe(4);
    expect(standings.faults).toEqual([{ timeout: 1, 'illegal-move': 0 }, { timeout: 0, 'illegal-move': 0 }]);
  });

  it('plays every game not skipped, and stops starting games at the first failure', async () => {
    const played: number[] = [];
    await playScheduled(6, 2, new Set([1, 4]), (index) => {
      played.push(index);
      return Promise.resolve();
    });
    expect(played.sort()).toEqual([0, 2, 3, 5]);
    const started: number[] = [];
    const failing = playScheduled(100, 1, new Set(), async (index) => {
      started.push(index);
      await Promise.resolve();
      if (index === 2) throw new Error('no worker');
    });
    await expect(failing).rejects.toThrow('no worker');
    expect(started).toEqual([0, 1, 2]);
  });
});

describe('DistinctGames', () => {
  it('counts the games of each lineup that differ move for move, and names the lineup with the fewest', () => {
    const config = { game: 'connect-four', lineups: [['a', 'b'], ['b', 'a']], seed: 1, paired: false };
    const played = (lineup: number, index: number, actions: number[]) => ({ lineup, index, seed: 0, openingLength: 0, actions, returns: [1, -1] });
    const distinct = new DistinctGames(2);
    distinct.append(config, [played(0, 0, [3, 3, 3]), played(1, 0, [3, 3, 3]), played(0, 1, [2, 3])]);
    distinct.append(config, [played(1, 1, [3, 3, 3])]);
    // Lineup 1 played one game twice; the same moves in lineup 0 are another lineup's game.
    expect(distinct.counts).toEqual({ games: 4, distinct: 3, fewest: { lineup: 1, distinct: 1, games: 2 } });
  });
});
