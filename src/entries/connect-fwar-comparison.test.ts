/** The spec's `PlayerComparison`: the lab's comparison with ConnectFwar's defaults, under the spec's names. */
import { describe, expect, it } from 'vitest';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { compareStrategies } from '../lab/player-comparison.js';
import { PlayerComparison, SEED_STRATEGIES } from './connect-fwar-comparison.js';

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

  it("is the lab's comparison of ConnectFwar, and formats like the spec", async () => {
    expect(SEED_STRATEGIES).toEqual(['random', 'basic', 'suits', 'ranks']);
    const a = await PlayerComparison.compare({ games: 300, seed: 5, threads: 1, players: ['basic', 'random'] });
    expect(a).toEqual(await compareStrategies(connectFwarGame, { games: 300, seed: 5, threads: 1, players: ['basic', 'random'] }));
    const text = PlayerComparison.format(a);
    expect(text).toMatch(/^basic {2}\d+\.\d{4}\nrandom \d+\.\d{4}$/);
    expect(text.split('\n')[0]).toBe(`basic  ${a.players[0]!.average.toFixed(4)}`);
  });

  it('rejects a bad game count and an unknown player', async () => {
    await expect(PlayerComparison.compare({ games: 0 })).rejects.toThrow(/Invalid number of games/);
    await expect(PlayerComparison.compare({ games: 10, players: ['psychic'], threads: 1 })).rejects.toThrow(/Unknown ConnectFwar strategy 'psychic'/);
  });
});
