import { describe, expect, it } from 'vitest';
import { alphaRank, beatsSignificantly, scoreShares, significantCycle, stationaryDistribution } from './beyond-elo.js';

/** wins[i][j] from a list of [winner, loser, count], draws none. */
function winsOf(n: number, results: readonly (readonly [number, number, number])[]): number[][] {
  const wins = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (const [w, l, count] of results) wins[w]![l]! += count;
  return wins;
}
const noDraws = (n: number): number[][] => Array.from({ length: n }, () => new Array<number>(n).fill(0));

describe('α-Rank', () => {
  it('rock-paper-scissors: uniform mass, and a significant cycle', () => {
    // Rock beats scissors, scissors beat paper, paper beats rock, 40 games each, 30-10.
    const wins = winsOf(3, [
      [0, 2, 30], [2, 0, 10],
      [2, 1, 30], [1, 2, 10],
      [1, 0, 30], [0, 1, 10],
    ]);
    const mass = alphaRank(scoreShares(wins, noDraws(3)));
    for (const m of mass) expect(m).toBeCloseTo(1 / 3, 12);
    const cycle = significantCycle(wins)!;
    expect(cycle).toHaveLength(3);
    // Each player in the cycle beats the next.
    cycle.forEach((p, k) => expect(wins[p]![cycle[(k + 1) % 3]!]!).toBe(30));
  });

  it('a transitive ladder: the mass on the top, no cycle', () => {
    // 0 < 1 < 2 < 3: the better player wins 70% of 100 games.
    const wins = winsOf(4, [0, 1, 2, 3].flatMap((a) => [0, 1, 2, 3].filter((b) => b > a).map((b): [number, number, number][] => [[b, a, 70], [a, b, 30]])).flat());
    const mass = alphaRank(scoreShares(wins, noDraws(4)));
    expect(mass[3]).toBeGreaterThan(0.99);
    expect(mass.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(significantCycle(wins)).toBeUndefined();
  });

  it('a cycle within a ladder is found; one the games cannot establish is not flagged', () => {
    // 3 beats everyone; 0 > 1 > 2 > 0 among the rest.
    const wins = winsOf(4, [
      [3, 0, 90], [0, 3, 10], [3, 1, 90], [1, 3, 10], [3, 2, 90], [2, 3, 10],
      [0, 1, 80], [1, 0, 20], [1, 2, 80], [2, 1, 20], [2, 0, 80], [0, 2, 20],
    ]);
    expect(significantCycle(wins)).toEqual([0, 1, 2]);
    expect(alphaRank(scoreShares(wins, noDraws(4)))[3]).toBeGreaterThan(0.99);
    // The same shape at 6-4 over ten games each: not significant, not flagged.
    const weak = winsOf(3, [[0, 1, 6], [1, 0, 4], [1, 2, 6], [2, 1, 4], [2, 0, 6], [0, 2, 4]]);
    expect(significantCycle(weak)).toBeUndefined();
  });

  it('the sign test: 60-40 is significant alone, not after correcting for 1,000 pairs', () => {
    expect(beatsSignificantly(60, 40, 1)).toBe(false); // z ≈ 1.9 (corrected) < 1.96
    expect(beatsSignificantly(62, 38, 1)).toBe(true);
    expect(beatsSignificantly(62, 38, 1000)).toBe(false);
    expect(beatsSignificantly(38, 62, 1)).toBe(false); // the other direction
    expect(beatsSignificantly(0, 0, 1)).toBe(false);
  });

  it('equal players share the mass; draws count half', () => {
    const draws = [[0, 10], [10, 0]];
    expect(scoreShares([[0, 5], [5, 0]], draws)).toEqual([[0.5, 0.5], [0.5, 0.5]]);
    expect(alphaRank([[0.5, 0.5], [0.5, 0.5]])).toEqual([0.5, 0.5]);
  });

  it("the stationary distribution keeps tiny probabilities' precision", () => {
    // Two states: 0→1 with 1e-200, 1→0 with 0.5: π1 / π0 = 2e-200.
    const pi = stationaryDistribution([[0, 1e-200], [0.5, 0]]);
    expect(pi[1]! / pi[0]!).toBeCloseTo(2e-200, 210);
    expect(pi[1]! / 2e-200).toBeCloseTo(1, 12);
  });
});
