import { describe, expect, it } from 'vitest';
import type { Card } from './cards.js';
import { Deck, ReshufflingDeck } from './deck.js';
import { randomInt, rngFromSeed, type SeedLike } from './random.js';

function drawAll(deck: Deck): Card[] {
  const cards: Card[] = [];
  for (let card = deck.draw(); card !== null; card = deck.draw()) cards.push(card);
  return cards;
}

const names = (cards: readonly Card[]): string[] => cards.map(String);

describe.each([
  ['Deck', (seed?: SeedLike) => new Deck(seed)],
  ['ReshufflingDeck', (seed?: SeedLike) => new ReshufflingDeck(seed)],
] as const)('%s (common behaviour)', (_name, make) => {
  it('starts with 52 distinct cards, counting down as it deals', () => {
    const deck = make(1);
    expect(deck.cardsRemaining()).toBe(52);
    expect(deck.isEmpty()).toBe(false);
    const seen = new Set<string>();
    for (let i = 0; i < 52; i++) {
      seen.add(String(deck.draw()));
      expect(deck.cardsRemaining()).toBe(51 - i);
    }
    expect(seen.size).toBe(52);
    expect(deck.isEmpty()).toBe(true);
  });

  it('deals the same order for the same seed and another order for another seed', () => {
    const first = make(42);
    const second = make(42);
    const order = names(Array.from({ length: 52 }, () => first.draw()!));
    expect(names(Array.from({ length: 52 }, () => second.draw()!))).toEqual(order);
    const other = make(43);
    expect(names(Array.from({ length: 52 }, () => other.draw()!))).not.toEqual(order);
  });

  it('makes all 52 cards available again on shuffle()', () => {
    const deck = make(7);
    for (let i = 0; i < 30; i++) deck.draw();
    deck.shuffle();
    expect(deck.cardsRemaining()).toBe(52);
    expect(new Set(names(Array.from({ length: 52 }, () => deck.draw()!))).size).toBe(52);
  });

  it('shuffles afresh without a seed', () => {
    expect(make(undefined).cardsRemaining()).toBe(52);
  });

  it('shares a generator when given one: two decks on one stream deal differently', () => {
    const rng = rngFromSeed(5);
    const first = make(rng);
    const second = make(rng);
    const deal = (deck: Deck): string[] => names(Array.from({ length: 52 }, () => deck.draw()!));
    expect(deal(first)).not.toEqual(deal(second));
  });
});

describe('Deck (ConnectFwar flavour)', () => {
  it('returns null once empty, and keeps doing so', () => {
    const deck = new Deck(3);
    expect(drawAll(deck)).toHaveLength(52);
    expect(deck.draw()).toBeNull();
    expect(deck.draw()).toBeNull();
    expect(deck.cardsRemaining()).toBe(0);
    expect(deck.isEmpty()).toBe(true);
  });

  it('shuffles by Durstenfeld–Fisher–Yates (i from 51 down to 1, j in [0, i]) and deals from the end', () => {
    // Replays the algorithm of the spec on card indices with the same stream.
    const rng = rngFromSeed(99);
    const order = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i >= 1; i--) {
      const j = randomInt(rng, i + 1);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    const dealt = drawAll(new Deck(99)).map((card) => card.index);
    expect(dealt).toEqual(order.reverse());
  });

  it('reshuffle after dealing gives a new order from the same stream', () => {
    const deck = new Deck(11);
    const firstOrder = names(drawAll(deck));
    deck.shuffle();
    const secondOrder = names(drawAll(deck));
    expect(secondOrder).toHaveLength(52);
    expect(secondOrder).not.toEqual(firstOrder);
    expect(new Set(secondOrder)).toEqual(new Set(firstOrder));
  });

  it('rejects a bad seed', () => {
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => new Deck(bad)).toThrow(RangeError);
  });
});

describe('ReshufflingDeck (UnoWar flavour)', () => {
  it('never returns null: drawing from an empty deck reshuffles to a fresh 52 and deals one', () => {
    const deck = new ReshufflingDeck(8);
    for (let i = 0; i < 52; i++) deck.draw();
    expect(deck.isEmpty()).toBe(true);
    const card = deck.draw();
    expect(card).not.toBeNull();
    expect(deck.cardsRemaining()).toBe(51);
    const rest = names(Array.from({ length: 51 }, () => deck.draw()));
    expect(new Set([String(card), ...rest]).size).toBe(52);
  });
});
