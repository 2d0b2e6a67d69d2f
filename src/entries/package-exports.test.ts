/**
 * The package's public entry points resolve by name (package.json "exports", self-reference), the
 * way a user's `import … from 'tabletop-lab/connect-fwar'` does, and give the built dist/ code.
 */
import { describe, expect, it } from 'vitest';
import { Card, Deck } from 'tabletop-lab/connect-fwar';
import * as core from 'tabletop-lab';

describe('package entry points', () => {
  it("'tabletop-lab/connect-fwar' exports the assignment's Deck and Card", () => {
    const deck = new Deck(1);
    expect(deck.cardsRemaining()).toBe(52);
    const card = deck.draw();
    expect(card).toBeInstanceOf(Card);
    expect(deck.cardsRemaining()).toBe(51);
  });

  it("'tabletop-lab' exports the core", () => {
    expect(typeof core.rngFromSeed).toBe('function');
    expect(typeof core.wilsonInterval).toBe('function');
  });
});
