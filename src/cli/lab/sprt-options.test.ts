/** The defaults of `tabletop sprt --game`, whose game is known only when it runs (in-process). */
import { describe, expect, it } from 'vitest';
import type { GameDefinition, GameState } from '../../core/game.js';
import { connectFwarGame } from '../../games/connect-fwar/definition.js';
import { unoWarGame } from '../../games/uno-war/definition.js';
import { hypothesisDefaults, testDefaults } from './sprt.js';

const uno = unoWarGame as unknown as GameDefinition<GameState>;
const fwar = connectFwarGame as unknown as GameDefinition<GameState>;
/** A game module's facts: no defaults of its own. */
const module = { ...fwar, id: 'mine', title: 'Mine', scoreRange: [0, 10], defaultSprt: undefined } as GameDefinition<GameState>;

describe('tabletop sprt --game: hypotheses and test sizes by game', () => {
  it("takes the hypotheses of the game's kind, with the game's defaults, and refuses the other kind's", () => {
    expect(hypothesisDefaults(uno, { threads: 1 })).toMatchObject({ elo0: 0, elo1: 5 });
    expect(hypothesisDefaults(fwar, { threads: 1, delta0: 0.5 })).toMatchObject({ delta0: 0.5, delta1: 1 });
    // A game module without defaults: H1 is 2% of its score range.
    expect(hypothesisDefaults(module, { threads: 1 })).toMatchObject({ delta0: 0, delta1: 0.2 });
    expect(() => hypothesisDefaults(uno, { threads: 1, delta1: 2 })).toThrow('UnoWar has 2 players: its test takes --elo0/--elo1, not --delta1.');
    expect(() => hypothesisDefaults(fwar, { threads: 1, elo0: 0, elo1: 5 })).toThrow(/takes --delta0\/--delta1, not --elo0, --elo1\.$/);
  });

  it("sizes the test as the game's own command does, else as the lab does", () => {
    expect(testDefaults(fwar, { threads: 1 })).toMatchObject({ every: 100, maxGames: 200_000 });
    expect(testDefaults(module, { threads: 1, every: 7 })).toMatchObject({ every: 7, maxGames: 200_000 });
  });
});
