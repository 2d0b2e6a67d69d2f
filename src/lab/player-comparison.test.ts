import { describe, expect, it } from 'vitest';
import { PlayerComparison } from './player-comparison.js';

/** Long-run means from the spec (2,000,000 games each, independent implementations). */
const LONG_RUN = { random: 12.87, basic: 29.78, suits: 23.96, ranks: 26.7 } as const;

describe('PlayerComparison', () => {
  it('10,000 games per seed strategy land within ±0.6 of the spec\'s long-run means', async () => {
    const result = await PlayerComparison.compare({ games: 10_000, seed: 20_240_601, threads: 2 });
    expect(result.players.map((p) => p.name)).toEqual(['random', 'basic', 'suits', 'ranks']);
    for (const p of result.players) {
      expect(p.games).toBe(10_000);
      expect(Math.abs(p.average - LONG_RUN[p.name as keyof typeof LONG_RUN]), p.name).toBeLessThan(0.6);
      expect(p.ciLow).toBeLessThan(p.average);
      expect(p.ciHigh).toBeGreaterThan(p.average);
    }
  });

  it('replays from its seed whatever the thread count, and formats like the spec', async () => {
    const a = await PlayerComparison.compare({ games: 500, seed: 5, threads: 1, players: ['basic', 'random'] });
    const b = await PlayerComparison.compare({ games: 500, seed: 5, threads: 2, players: ['basic', 'random'] });
    expect(b).toEqual(a);
    const text = PlayerComparison.format(a);
    expect(text).toMatch(/^basic {2}\d+\.\d{4}\nrandom \d+\.\d{4}$/);
    expect(text.split('\n')[0]).toBe(`basic  ${a.players[0]!.average.toFixed(4)}`);
  });

  it('rejects a bad game count and an unknown player', async () => {
    await expect(PlayerComparison.compare({ games: 0 })).rejects.toThrow(/Invalid number of games/);
    await expect(PlayerComparison.compare({ games: 10, players: ['psychic'], threads: 1 })).rejects.toThrow(/Unknown ConnectFwar strategy 'psychic'/);
  });
});
