import { describe, expect, it } from 'vitest';
import { Card } from './card.js';
import { IllegalArgumentError } from './errors.js';
import { deckOfRuns, parseDeck } from './rigging.js';
import { canBuildOn, canFoundOn, NONE } from './rules.js';

const c = (name: string): number => Card.parse(name).index;

describe('the placement rules over card indices', () => {
  it('builds one lower and of the other colour, Kings only onto an empty pile', () => {
    expect(canBuildOn(c('9♡'), c('10♠'))).toBe(true);
    expect(canBuildOn(c('9♢'), c('10♣'))).toBe(true);
    expect(canBuildOn(c('9♠'), c('10♣'))).toBe(false); // same colour
    expect(canBuildOn(c('8♡'), c('10♠'))).toBe(false); // two lower
    expect(canBuildOn(c('J♡'), c('10♠'))).toBe(false); // higher
    expect(canBuildOn(c('K♡'), NONE)).toBe(true);
    expect(canBuildOn(c('Q♡'), NONE)).toBe(false);
  });

  it('founds Aces on empty foundations and one higher in the same suit', () => {
    for (const suit of ['♣', '♢', '♡', '♠']) {
      expect(canFoundOn(c(`A${suit}`), NONE)).toBe(true);
      expect(canFoundOn(c(`2${suit}`), NONE)).toBe(false);
      expect(canFoundOn(c(`2${suit}`), c(`A${suit}`))).toBe(true);
      expect(canFoundOn(c(`K${suit}`), c(`Q${suit}`))).toBe(true);
      expect(canFoundOn(c(`3${suit}`), c(`A${suit}`))).toBe(false);
    }
    // Indices are suit-major: the index after a King is the next suit's Ace, which never fits.
    expect(canFoundOn(c('A♢'), c('K♣'))).toBe(false);
    expect(canFoundOn(c('A♠'), c('K♡'))).toBe(false);
    expect(canFoundOn(c('2♢'), c('A♣'))).toBe(false);
  });
});

describe('rigged decks', () => {
  it('deckOfRuns writes one run A..length per suit symbol (c d h s too), and refuses other lengths', () => {
    expect(deckOfRuns('♣h', 3).map(String)).toEqual(['A♣', '2♣', '3♣', 'A♡', '2♡', '3♡']);
    expect(deckOfRuns('♠', 13)).toHaveLength(13);
    expect(() => deckOfRuns('♣', 14)).toThrow(IllegalArgumentError);
    expect(() => deckOfRuns('♣', 0)).toThrow(IllegalArgumentError);
    expect(() => deckOfRuns('x', 3)).toThrow(IllegalArgumentError);
    expect(parseDeck(' A♣  10s q♢ ').map(String)).toEqual(['A♣', '10♠', 'Q♢']);
  });
});
