/** `compareKlondike`: the lab's comparison with Klondike's default lineup, from the package entry too. */
import { describe, expect, it } from 'vitest';
import * as pkg from 'tabletop-lab/klondike';
import { klondikeGame } from '../games/klondike/definition.js';
import { compareStrategies } from '../lab/player-comparison.js';
import { compareKlondike } from './klondike-comparison.js';

describe('compareKlondike', () => {
  it("plays Klondike's default lineup, random and greedy, as the lab's comparison of Klondike does", async () => {
    const result = await compareKlondike({ games: 30, seed: 3, threads: 1 });
    expect(result.players.map((p) => p.name)).toEqual(['random', 'greedy']);
    expect(result.players.every((p) => p.games === 30)).toBe(true);
    expect(result).toEqual(await compareStrategies(klondikeGame, { games: 30, seed: 3, threads: 1 }));
    expect(typeof pkg.compareKlondike).toBe('function');
  });
});
