import { describe, expect, it } from 'vitest';
import { connectFourGame } from '../games/connect-four/definition.js';
import { gameSeed, openingOf, openingSuite } from './experiment.js';
import { LabTournament, roundRobinLineups, runRoundRobin } from './round-robin.js';
import { roundRobinConfig } from './tournament.js';
import { formatTournament } from './report.js';
import { ALPHA_RANK_CAPTION } from './beyond-elo.js';

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

describe('the one round robin: distinct games', () => {
  it('seat pairs: game i of [a, b] and of [b, a] share their deal; the openings vary by game', () => {
    const config = roundRobinConfig({ game: 'uno-war', players: ['smallest', 'biggest'], seed: 9 });
    expect(config).toMatchObject({ seatPairs: true, paired: false });
    expect(config.openings).toBeUndefined();
    const ab = config.lineups.findIndex((l) => l.join() === 'smallest,biggest');
    const ba = config.lineups.findIndex((l) => l.join() === 'biggest,smallest');
    expect(gameSeed(config, ab, 7)).toBe(gameSeed(config, ba, 7));
    expect(gameSeed(config, ab, 7)).not.toBe(gameSeed(config, ab, 8));
    const four = roundRobinConfig({ game: 'connect-four', players: ['alphabeta1'], seed: 9 });
    expect(four.openings).toBe('all');
    expect(openingOf(openingSuite(connectFourGame as never, four), 0)).toEqual([0, 0]);
    expect(openingOf(openingSuite(connectFourGame as never, four), 50)).toEqual([0, 1]);
  });

  it('deterministic Connect Four players from the empty board replay one game; from the openings they play many', async () => {
    // From the empty board every game of a pairing is the same game: a 1-game tournament is all the truth there is.
    const empty = await runRoundRobin({ game: 'connect-four', players: ['alphabeta1', 'alphabeta2'], games: 1, seed: 1, threads: 1, openings: false });
    expect(empty.matrix.flat().every((cell) => cell!.games === 1)).toBe(true);
    // From the 49 two-move openings the results of a pairing differ from game to game.
    const suite = await runRoundRobin({ game: 'connect-four', players: ['alphabeta1', 'alphabeta2'], games: 49, seed: 1, threads: 1 });
    const cell = suite.matrix[0]![1]!;
    expect(cell.games).toBe(49);
    expect(Math.max(cell.wins, cell.draws, cell.losses)).toBeLessThan(49);
  });

  it('refuses games that would repeat, naming the players and the remedy', async () => {
    await expect(runRoundRobin({ game: 'connect-four', players: ['alphabeta1', 'alphabeta2'], games: 2, seed: 1, threads: 1, openings: false })).rejects.toThrow(
      /alphabeta1 vs alphabeta1 choose every move deterministically: .*from the empty board they play 1 game per pairing, not 2 games/,
    );
    expect(() => new LabTournament('connect-four', { ais: ['alphabeta1', 'solver'], games: 50 })).toThrow(/the 49 openings of the suite 'all' give 49 distinct games per pairing, not 50 games/);
    expect(() => new LabTournament('connect-four', { ais: ['alphabeta1'], games: 20, openings: 'three' })).toThrow(/Connect Four has no opening suite 'three' \(it has all, balanced\)/);
    // A random player makes every game its own.
    expect(() => new LabTournament('connect-four', { ais: ['random', 'mcts'], games: 1000, openings: false })).not.toThrow();
  });
});

describe('beyond Elo in the round robin report', () => {
  it('UnoWar random, smallest, biggest: transitive, the α-Rank mass on smallest, in the text and the JSON', async () => {
    const report = await runRoundRobin({ game: 'uno-war', players: ['random', 'smallest', 'biggest'], games: 300, seed: 4, threads: 1 });
    expect(report.beyondElo!.cycle).toBeNull();
    const top = [...report.beyondElo!.alphaRank].sort((a, b) => b.mass - a.mass)[0]!;
    expect(top.id).toBe('smallest');
    expect(top.mass).toBeGreaterThan(0.99);
    const text = formatTournament(report);
    expect(text).toContain(ALPHA_RANK_CAPTION);
    expect(text).toMatch(/\nsmallest\s+\d+\.\d%\n/);
    expect(text).toContain('Transitive: no cycle of significant wins');
    expect(JSON.parse(JSON.stringify(report)).beyondElo.cycle).toBeNull();
  });
});
