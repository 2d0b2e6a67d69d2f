/** The solver through the package entry, as a user imports it (the built dist/). */
import { describe, expect, it } from 'vitest';
import { applyMove, BasicKlondike, dealFromText, dealText, seededDeal, solveKlondike, type SolveResult } from 'tabletop-lab/klondike';

describe("'tabletop-lab/klondike' solver exports", () => {
  it('solves a seeded deal, and the line wins the same deal on BasicKlondike', () => {
    const deal = seededDeal(13);
    const result: SolveResult = solveKlondike(deal, { maxStates: 100_000 });
    expect(result.verdict).toBe('winnable');
    const model = new BasicKlondike(13);
    model.startGame(model.getDeck(), true, 7, 3);
    for (const move of result.moves!) applyMove(model, move);
    expect(model.getScore()).toBe(52);
  });

  it('writes a deal in the --deck notation and reads it back', () => {
    const text = dealText(seededDeal(5));
    expect(dealText(dealFromText(text))).toBe(text);
    expect(() => dealFromText('A♣ Z♣')).toThrow(/Card 2 of the deck, 'Z♣', is not a card/);
  });
});
