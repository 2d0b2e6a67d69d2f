import { describe, expect, it } from 'vitest';
import { deriveSeed } from '../../core/random.js';
import { AI, BiggestCardAI, SmallestCardAI } from './ai.js';
import { biggestCardAgent, firstValidAgent, smallestCardAgent } from './agents.js';
import { engineWins } from './engine-match.js';
import { Tournament, formatPairing } from './tournament.js';

describe('Tournament', () => {
  it('plays every ordered pair of the assignment’s AIs, both seats, labelled as in the assignment', () => {
    const results = new Tournament(undefined, { games: 20, seed: 1 }).run();
    expect(results.map((r) => `${r.ai1} vs. ${r.ai2}`)).toEqual([
      'Random Card AI vs. Random Card AI',
      'Random Card AI vs. Smallest Card AI',
      'Random Card AI vs. Biggest Card AI',
      'Smallest Card AI vs. Random Card AI',
      'Smallest Card AI vs. Smallest Card AI',
      'Smallest Card AI vs. Biggest Card AI',
      'Biggest Card AI vs. Random Card AI',
      'Biggest Card AI vs. Smallest Card AI',
      'Biggest Card AI vs. Biggest Card AI',
    ]);
    for (const r of results) {
      expect(r.games).toBe(20);
      expect(r.winRate).toBe(r.wins / 20);
      expect(r.interval.low).toBeLessThanOrEqual(r.winRate);
      expect(r.interval.high).toBeGreaterThanOrEqual(r.winRate);
    }
  });

  it('formats a pairing like the assignment, with three decimals', () => {
    const line = formatPairing({ ai1: 'Random Card AI', ai2: 'Smallest Card AI', games: 1000, wins: 2, winRate: 0.002, interval: { low: 0, high: 0.01 } });
    expect(line).toBe('Random Card AI vs. Smallest Card AI winRate: 0.002');
    expect(formatPairing({ ai1: 'A', ai2: 'B', games: 3, wins: 0, winRate: 0, interval: { low: 0, high: 1 } })).toBe('A vs. B winRate: 0.000');
  });

  it('is replayable from its seed: pairing p plays the engine games of deriveSeed(seed, p)', () => {
    const results = new Tournament([new SmallestCardAI(), new BiggestCardAI(), new AI()], { games: 60, seed: 77 }).run();
    const agents = [smallestCardAgent, biggestCardAgent, firstValidAgent];
    results.forEach((r, p) => {
      const wins = engineWins(agents[Math.floor(p / 3)]!, agents[p % 3]!, 60, deriveSeed(77, p));
      expect(r.wins).toBe(wins);
    });
    expect(new Tournament(undefined, { games: 60, seed: 77 }).report()).toBe(new Tournament(undefined, { games: 60, seed: 77 }).report());
  });

  it('reports one line per pairing', () => {
    const report = new Tournament([new AI(), new BiggestCardAI()], { games: 10, seed: 3 }).report();
    const lines = report.split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^(Random|Biggest) Card AI vs\. (Random|Biggest) Card AI winRate: [01]\.\d{3}$/);
  });

  it('picks a fresh seed when none is given and rejects bad options', () => {
    expect(Number.isSafeInteger(new Tournament().seed)).toBe(true);
    expect(() => new Tournament([])).toThrow(RangeError);
    expect(() => new Tournament(undefined, { games: 0 })).toThrow(RangeError);
    expect(() => new Tournament(undefined, { seed: -2 })).toThrow(RangeError);
  });
});
