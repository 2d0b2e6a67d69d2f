import { describe, expect, it } from 'vitest';
import { LabTournament, roundRobinLineups, runRoundRobin } from './round-robin.js';

describe('round robin', () => {
  it('lists every ordered pair, self-play included, row by row', () => {
    expect(roundRobinLineups(['a', 'b'])).toEqual([['a', 'a'], ['a', 'b'], ['b', 'a'], ['b', 'b']]);
  });

  it('runRoundRobin is the same on 1 and 2 threads', async () => {
    const options = { game: 'uno-war', players: ['random', 'biggest'], games: 400, seed: 12, ratings: true };
    expect(await runRoundRobin({ ...options, threads: 2 })).toEqual(await runRoundRobin({ ...options, threads: 1 }));
  });
});

describe('LabTournament', () => {
  it('reports pairings as the spec does, with Wilson intervals, replayable from its seed', async () => {
    const tournament = new LabTournament('uno-war', { ais: ['smallest', 'biggest'], games: 300, seed: 3, threads: 1 });
    const results = await tournament.run();
    expect(results.map((r) => `${r.ai1}|${r.ai2}`)).toEqual([
      'Smallest Card AI|Smallest Card AI',
      'Smallest Card AI|Biggest Card AI',
      'Biggest Card AI|Smallest Card AI',
      'Biggest Card AI|Biggest Card AI',
    ]);
    for (const r of results) {
      expect(r.winRate).toBe(r.wins / 300);
      expect(r.interval.low).toBeLessThanOrEqual(r.winRate);
      expect(r.interval.high).toBeGreaterThanOrEqual(r.winRate);
    }
    // Smallest beats Biggest from either seat.
    expect(results[1]!.winRate).toBeGreaterThan(0.9);
    expect(results[2]!.winRate).toBeLessThan(0.1);
    const report = await tournament.report();
    expect(report.split('\n')[1]).toBe(`Smallest Card AI vs. Biggest Card AI winRate: ${results[1]!.winRate.toFixed(3)}`);
    expect(await new LabTournament('uno-war', { ais: ['smallest', 'biggest'], games: 300, seed: 3, threads: 2 }).run()).toEqual(results);
  });

  it('rejects unknown games and agents, and bad counts', async () => {
    expect(() => new LabTournament('chess')).toThrow(/Unknown game 'chess'/);
    // A name that is no built-in may be a package: it is looked up when the tournament plays.
    await expect(new LabTournament('uno-war', { ais: ['random', 'oracle'] }).play()).rejects.toThrow(/Unknown UnoWar strategy 'oracle' \(built-in: random, smallest, biggest, counter, mcts\)/);
    expect(() => new LabTournament('uno-war', { games: 0 })).toThrow(/Invalid number of games/);
    expect(() => new LabTournament('connect-fwar')).toThrow(/1 seat/);
  });
});
