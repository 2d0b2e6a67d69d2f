import { describe, expect, it } from 'vitest';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { resolveGame } from './game-modules.js';
import { compareStrategies, formatComparison } from './player-comparison.js';

const secretary = new URL('../../examples/games/secretary.mjs', import.meta.url);

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

  it("plays the game's default lineup when no players are named, else every agent that plays fair", async () => {
    const result = await compareStrategies(connectFwarGame, { games: 20, seed: 1, threads: 1 });
    expect(result.players.map((p) => p.name)).toEqual(connectFwarGame.defaultLineup!.players);
    const { defaultLineup: _, ...noLineup } = connectFwarGame;
    const { basic, random, clairvoyant } = connectFwarGame.agents;
    const withoutLineup = await compareStrategies({ ...noLineup, agents: { basic: basic!, clairvoyant: clairvoyant!, random: random! } }, { games: 20, seed: 1, threads: 1 });
    expect(withoutLineup.players.map((p) => p.name)).toEqual(['basic', 'random']);
  });

  it("compares a game module's agents by the id the lab knows the module by, its default being all its fair agents", async () => {
    const id = await resolveGame(secretary.href);
    const one = await compareStrategies(id, { games: 1_000, seed: 1, threads: 1 });
    expect(one.players.map((p) => p.name)).toEqual(['optimal', 'first', 'coin']);
    // The optimal rule wins about 40% of games (0.3987 exactly), far above the others.
    expect(one.players[0]!.average).toBeGreaterThan(one.players[2]!.average + 0.1);
  });

  it('rejects a bad game count, an unknown player, a game with no lineup to default to, and a two-player game', async () => {
    await expect(compareStrategies(connectFwarGame, { games: 0 })).rejects.toThrow(/Invalid number of games/);
    await expect(compareStrategies(connectFwarGame, { games: 10, players: ['psychic'], threads: 1 })).rejects.toThrow(/Unknown ConnectFwar strategy 'psychic'/);
    const { defaultLineup: _, ...noLineup } = connectFwarGame;
    const onlyClairvoyant = { ...noLineup, agents: { clairvoyant: connectFwarGame.agents.clairvoyant! } };
    await expect(compareStrategies(onlyClairvoyant, { games: 10, threads: 1 })).rejects.toThrow(/ConnectFwar has no default lineup and no agent that plays fair, so name its players/);
    await expect(compareStrategies(connectFourGame, { games: 10, threads: 1 })).rejects.toThrow(/Connect Four has 2 players: a comparison plays one-player games/);
  });
});
