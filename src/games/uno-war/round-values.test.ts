import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../core/game.js';
import { rngFromSeed } from '../../core/random.js';
import { UNO_WAR_AGENTS, type UnoWarAgent } from './agents.js';
import { UnoWarState } from './engine.js';
import { TABLE_CELLS, VALUE_SCALE, cellIndex, decodeTable, encodeTable, handStrength, roundValuesAgainst } from './round-values.js';
import { WINNING_SCORE } from './rules.js';

describe('the UnoWar round-value tables', () => {
  it('encode and decode a table to within a 16-bit step, and refuse one of the wrong size', () => {
    const chances = Float64Array.from({ length: TABLE_CELLS }, (_, i) => (i * 7919) % 1001 / 1000);
    const decoded = decodeTable(encodeTable(chances));
    for (let i = 0; i < TABLE_CELLS; i++) expect(Math.abs(decoded[i]! - chances[i]!)).toBeLessThanOrEqual(0.5 / VALUE_SCALE);
    expect(() => decodeTable(encodeTable(chances.subarray(1)))).toThrow(RangeError);
  });

  it('exist for the three built-in AIs only, and say what the scores, the start and the hands are worth', () => {
    expect(roundValuesAgainst(UNO_WAR_AGENTS.smallest)).toBeDefined();
    expect(roundValuesAgainst(UNO_WAR_AGENTS.random)).toBeDefined();
    expect(roundValuesAgainst(UNO_WAR_AGENTS.biggest)).toBeDefined();
    const custom: UnoWarAgent = { name: 'custom', act: (state, rng) => UNO_WAR_AGENTS.smallest.act(state, rng) };
    expect(roundValuesAgainst(custom)).toBeUndefined();

    const smallest = roundValuesAgainst(UNO_WAR_AGENTS.smallest)!.chances;
    const at = (a: number, b: number, starts: boolean, mine = 1, theirs = 1): number => smallest[cellIndex(a, b, starts, mine, theirs)]!;
    // Against its own policy the person is even at 0-0, slightly ahead when starting.
    expect(Math.abs(at(0, 0, true) - 0.5)).toBeLessThan(0.03);
    expect(at(0, 0, true)).toBeGreaterThan(at(0, 0, false));
    // A point more is worth more, everywhere; one round from a win (or a loss) nearly decides it.
    for (let a = 0; a < WINNING_SCORE - 1; a++) for (let b = 0; b < WINNING_SCORE; b++) for (const starts of [false, true]) expect(at(a + 1, b, starts)).toBeGreaterThan(at(a, b, starts));
    expect(at(9, 0, true)).toBeGreaterThan(0.98);
    expect(at(0, 9, false)).toBeLessThan(0.02);
    // More high cards in the person's hand help; more in the opponent's hurt.
    expect(at(5, 5, true, 3, 1)).toBeGreaterThan(at(5, 5, true, 0, 1));
    expect(at(5, 5, true, 1, 3)).toBeLessThan(at(5, 5, true, 1, 0));
    // Smallest beats Random and Biggest nearly always (the spec's 0.998 and 0.999).
    expect(roundValuesAgainst(UNO_WAR_AGENTS.random)!.chances[cellIndex(0, 0, true, 1, 1)]).toBeGreaterThan(0.99);
    expect(roundValuesAgainst(UNO_WAR_AGENTS.biggest)!.chances[cellIndex(0, 0, false, 1, 1)]).toBeGreaterThan(0.99);
  });

  it("value a state between rounds by its cell, and a finished game by its winner", () => {
    const rng = rngFromSeed(4);
    const state = new UnoWarState();
    const agents = [UNO_WAR_AGENTS.smallest, UNO_WAR_AGENTS.smallest];
    while (state.currentPlayer() === CHANCE && state.phase === 0) state.applyAction(state.sampleChance(rng));
    state.playToRoundEnd(agents, rng);
    state.playToRoundEnd(agents, rng);
    const values = roundValuesAgainst(UNO_WAR_AGENTS.smallest)!;
    for (const player of [0, 1]) {
      expect(values.chanceAt(state, player)).toBe(values.chances[cellIndex(state.scores[player]!, state.scores[player ^ 1]!, state.starter === player, handStrength(state, player), handStrength(state, player ^ 1))]);
    }
    state.playToEnd(agents, rng);
    expect(values.chanceAt(state, state.winner())).toBe(1);
    expect(values.chanceAt(state, state.winner() ^ 1)).toBe(0);
  });
});
