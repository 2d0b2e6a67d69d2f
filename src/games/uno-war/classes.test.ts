/** Unit tests mirroring the assignment's testers: Deck, Hand, CardPile and the AIs. */
import { describe, expect, it } from 'vitest';
import { Card } from '../../core/cards.js';
import { AI, BiggestCardAI, SmallestCardAI } from './ai.js';
import { CardPile, IllegalMoveError, readonlyCardPile } from './card-pile.js';
import { Deck } from './deck.js';
import { Hand, readonlyHand, type CardSource } from './hand.js';

const card = (rank: number, suit: number): Card => new Card(rank, suit);
const SPADES = 1;
const HEARTS = 2;
const CLUBS = 3;
const DIAMONDS = 4;

/** A deck that deals the given cards in order (then fails loudly), so hands are known exactly. */
function stackedDeck(cards: readonly Card[]): CardSource & { drawn: number } {
  let next = 0;
  return {
    get drawn() {
      return next;
    },
    draw() {
      const c = cards[next++];
      if (c === undefined) throw new Error('stacked deck exhausted');
      return c;
    },
  };
}

describe('Deck (reshuffles a fresh 52 when empty)', () => {
  it('deals 52 different cards, counting down, then reports empty', () => {
    const deck = new Deck(1);
    expect(deck.cardsRemaining()).toBe(52);
    const seen = new Set<number>();
    for (let i = 0; i < 52; i++) {
      expect(deck.isEmpty()).toBe(false);
      seen.add(deck.draw().index);
      expect(deck.cardsRemaining()).toBe(51 - i);
    }
    expect(seen.size).toBe(52);
    expect(deck.isEmpty()).toBe(true);
  });

  it('draws from an empty deck by reshuffling a full 52: never null, 51 left after', () => {
    const deck = new Deck(2);
    for (let i = 0; i < 52; i++) deck.draw();
    const next = deck.draw();
    expect(next).toBeInstanceOf(Card);
    expect(deck.cardsRemaining()).toBe(51);
    const second = new Set<number>([next.index]);
    for (let i = 0; i < 51; i++) second.add(deck.draw().index);
    expect(second.size).toBe(52);
  });

  it('deals the same order from the same seed and a different one from another', () => {
    const order = (seed: number): number[] => {
      const deck = new Deck(seed);
      return Array.from({ length: 60 }, () => deck.draw().index);
    };
    expect(order(7)).toEqual(order(7));
    expect(order(7)).not.toEqual(order(8));
  });
});

describe('Hand', () => {
  const five = [card(1, SPADES), card(5, HEARTS), card(13, CLUBS), card(9, DIAMONDS), card(2, HEARTS)];

  it('draws its cards in order into slots 0 upwards', () => {
    const hand = new Hand(stackedDeck(five), 5);
    expect(hand.getSize()).toBe(5);
    for (let i = 0; i < 5; i++) expect(hand.get(i).equals(five[i])).toBe(true);
    expect(hand.toString()).toBe('[Ace of Spades, Five of Hearts, King of Clubs, Nine of Diamonds, Two of Hearts]');
  });

  it('works for other sizes', () => {
    expect(new Hand(new Deck(3), 7).getSize()).toBe(7);
    expect(new Hand(new Deck(3), 1).getSize()).toBe(1);
  });

  it('rejects a bad size or deck', () => {
    for (const size of [0, -1, 2.5, Number.NaN]) expect(() => new Hand(new Deck(1), size)).toThrow(RangeError);
    expect(() => new Hand(null as unknown as CardSource, 5)).toThrow(TypeError);
  });

  it('throws a RangeError starting "Invalid hand index!" for a bad index', () => {
    const hand = new Hand(stackedDeck(five), 5);
    for (const i of [-1, 5, 99, 1.5, Number.NaN]) {
      expect(() => hand.get(i)).toThrow(RangeError);
      expect(() => hand.get(i)).toThrow(/^Invalid hand index!/);
    }
  });

  it('replaces a removed card in the same slot, keeping the others in place', () => {
    const replacement = card(7, SPADES);
    const deck = stackedDeck([...five, replacement]);
    const hand = new Hand(deck, 5);
    expect(hand.remove(card(13, CLUBS))).toBe(true); // an equal card, not the same object
    expect(hand.getSize()).toBe(5);
    expect(hand.toString()).toBe('[Ace of Spades, Five of Hearts, Seven of Spades, Nine of Diamonds, Two of Hearts]');
    expect(deck.drawn).toBe(6);
  });

  it('returns false and changes nothing for a card not held, null or undefined', () => {
    const deck = stackedDeck(five);
    const hand = new Hand(deck, 5);
    const before = hand.toString();
    for (const c of [card(13, SPADES), null, undefined]) expect(hand.remove(c)).toBe(false);
    expect(hand.toString()).toBe(before);
    expect(deck.drawn).toBe(5);
  });

  it('with a duplicate (possible after a reshuffle) replaces the first slot holding it', () => {
    const dup = [card(4, CLUBS), card(6, HEARTS), card(4, CLUBS), card(8, SPADES), card(3, SPADES), card(12, HEARTS)];
    const hand = new Hand(stackedDeck(dup), 5);
    expect(hand.remove(card(4, CLUBS))).toBe(true);
    expect(hand.toString()).toBe('[Queen of Hearts, Six of Hearts, Four of Clubs, Eight of Spades, Three of Spades]');
  });

  it("a read-only view shows the hand's cards and cannot remove them", () => {
    const hand = new Hand(stackedDeck(five), 5);
    const view = readonlyHand(hand);
    expect(view.getSize()).toBe(5);
    expect(view.get(2).equals(five[2])).toBe(true);
    expect('remove' in view).toBe(false);
    expect(Object.isFrozen(view)).toBe(true);
    expect(() => view.get(5)).toThrow(/^Invalid hand index!/);
  });
});

describe('CardPile', () => {
  it('starts with one card on top', () => {
    const pile = new CardPile(card(8, HEARTS));
    expect(pile.getNumCards()).toBe(1);
    expect(pile.getTopCard().toString()).toBe('Eight of Hearts');
  });

  it('rejects a missing first card', () => {
    expect(() => new CardPile(null as unknown as Card)).toThrow(TypeError);
  });

  it('accepts the same suit (even lower), an equal rank, or a higher rank; nothing else', () => {
    const pile = new CardPile(card(8, HEARTS));
    expect(pile.canPlay(card(2, HEARTS))).toBe(true); // same suit, lower
    expect(pile.canPlay(card(1, HEARTS))).toBe(true); // same suit, Ace
    expect(pile.canPlay(card(8, CLUBS))).toBe(true); // equal rank: ≥, not >
    expect(pile.canPlay(card(13, SPADES))).toBe(true); // higher rank
    expect(pile.canPlay(card(7, DIAMONDS))).toBe(false); // other suit, lower
    expect(pile.canPlay(card(1, SPADES))).toBe(false); // Ace is the lowest rank
    expect(pile.canPlay(null)).toBe(false);
    expect(pile.canPlay(undefined)).toBe(false);
  });

  it('plays legal cards on top, counting them', () => {
    const pile = new CardPile(card(8, HEARTS));
    pile.play(card(3, HEARTS));
    pile.play(card(3, SPADES));
    pile.play(card(12, DIAMONDS));
    expect(pile.getNumCards()).toBe(4);
    expect(pile.getTopCard().toString()).toBe('Queen of Diamonds');
    expect(pile.canPlay(card(11, CLUBS))).toBe(false);
  });

  it('throws "Illegal move detected!" for an illegal card (or null) and changes nothing', () => {
    const pile = new CardPile(card(8, HEARTS));
    pile.play(card(9, HEARTS));
    for (const bad of [card(2, CLUBS), null]) {
      expect(() => pile.play(bad)).toThrow(IllegalMoveError);
      expect(() => pile.play(bad)).toThrow(/^Illegal move detected!/);
      expect(pile.getNumCards()).toBe(2);
      expect(pile.getTopCard().toString()).toBe('Nine of Hearts');
    }
  });

  it('a read-only view follows the pile and cannot play on it', () => {
    const pile = new CardPile(card(8, HEARTS));
    const view = readonlyCardPile(pile);
    pile.play(card(10, CLUBS));
    expect(view.getTopCard().toString()).toBe('Ten of Clubs');
    expect(view.getNumCards()).toBe(2);
    expect(view.canPlay(card(2, CLUBS))).toBe(true);
    expect('play' in view).toBe(false);
  });
});

describe('AIs', () => {
  // On the Eight of Hearts: 3♠ and 7♦ cannot go; 9♣, 2♥, K♦, 9♠ can.
  const top = card(8, HEARTS);
  const handOf = (cards: Card[]): Hand => new Hand(stackedDeck(cards), cards.length);
  const mixed = (): Hand => handOf([card(3, SPADES), card(9, CLUBS), card(7, DIAMONDS), card(2, HEARTS), card(13, DIAMONDS)]);

  it('are named as in the assignment', () => {
    expect(new AI().toString()).toBe('Random Card AI');
    expect(new SmallestCardAI().toString()).toBe('Smallest Card AI');
    expect(new BiggestCardAI().toString()).toBe('Biggest Card AI');
    expect(`${new BiggestCardAI()}`).toBe('Biggest Card AI');
  });

  it('the base AI plays the FIRST playable card, slot 0 upwards (not a random one)', () => {
    expect(new AI().getPlay(mixed(), new CardPile(top))?.toString()).toBe('Nine of Clubs');
  });

  it('SmallestCardAI plays the lowest-rank playable card', () => {
    expect(new SmallestCardAI().getPlay(mixed(), new CardPile(top))?.toString()).toBe('Two of Hearts');
  });

  it('BiggestCardAI plays the highest-rank playable card', () => {
    expect(new BiggestCardAI().getPlay(mixed(), new CardPile(top))?.toString()).toBe('King of Diamonds');
  });

  it('break rank ties by the earliest slot', () => {
    const hand = handOf([card(4, CLUBS), card(9, SPADES), card(9, CLUBS), card(2, HEARTS), card(2, SPADES)]);
    const pile = new CardPile(card(2, DIAMONDS));
    expect(new SmallestCardAI().getPlay(hand, pile)?.toString()).toBe('Two of Hearts');
    expect(new BiggestCardAI().getPlay(hand, pile)?.toString()).toBe('Nine of Spades');
  });

  it('all return null when no card can be played, and never change the hand', () => {
    const hand = handOf([card(3, SPADES), card(7, DIAMONDS), card(5, CLUBS), card(2, CLUBS), card(6, SPADES)]);
    const before = hand.toString();
    for (const ai of [new AI(), new SmallestCardAI(), new BiggestCardAI()]) {
      expect(ai.getPlay(readonlyHand(hand), new CardPile(top))).toBeNull();
      expect(ai.getPlay(mixed(), new CardPile(top))).not.toBeNull();
    }
    expect(hand.toString()).toBe(before);
  });
});
