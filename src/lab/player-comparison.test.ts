import { describe, expect, it } from 'vitest';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { compareStrategies, formatComparison } from './player-comparison.js';

describe('compareStrategies', () => {
  it('replays from its seed whatever the thread count, and formats one padded line per strategy', async () => {
    const a = await compareStrategies(connectFwarGame, { games: 500, seed: 5, threads: 1, players: ['basic', 'random'] });
    const b = await compareStrategies(connectFwarGame, { games: 500, seed: 5, threads: 2, players: ['basic', 'random'] });
    expect(b).toEqual(a);
    expect(a.players.map((p) => p.games)).toEqual([500, 500]);
    const text = formatComparison(a);
    expect(text).toMatch(/^basic {2}\d+\.\d{4}\nrandom \d+\.\d{4}$/);
    expect(text.split('\n')[0]).toBe(`basic  ${a.players[0]!.average.toFixed(4)}`);
  });

  it("plays the game's default lineup when no players are named", async () => {
    const result = await compareStrategies(connectFwarGame, { games: 20, seed: 1, threads: 1 });
    expect(result.players.map((p) => p.name)).toEqual(connectFwarGame.defaultLineup!.players);
  });

  it('rejects a bad game count, an unknown player, a game with no lineup to default to, and a two-player game', async () => {
    await expect(compareStrategies(connectFwarGame, { games: 0 })).rejects.toThrow(/Invalid number of games/);
    await expect(compareStrategies(connectFwarGame, { games: 10, players: ['psychic'], threads: 1 })).rejects.toThrow(/Unknown ConnectFwar strategy 'psychic'/);
    const { defaultLineup: _, ...noLineup } = connectFwarGame;
    await expect(compareStrategies(noLineup, { games: 10, threads: 1 })).rejects.toThrow(/ConnectFwar has no default lineup, so name its players/);
    await expect(compareStrategies(connectFourGame, { games: 10, threads: 1 })).rejects.toThrow(/Connect Four has 2 players: a comparison plays one-player games/);
  });
});
