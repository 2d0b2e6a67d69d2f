import { describe, expect, it } from 'vitest';
import { Card, DECK_SIZE, RANK_NAMES, SUIT_NAMES, cardIndex, rankOfIndex, suitOfIndex } from './cards.js';

const RANKS = Array.from({ length: 13 }, (_, i) => i + 1);
const SUITS = [1, 2, 3, 4];
const ALL = SUITS.flatMap((suit) => RANKS.map((rank) => ({ rank, suit })));

describe('Card', () => {
  it('keeps its rank and suit numbers', () => {
    for (const { rank, suit } of ALL) {
      const card = new Card(rank, suit);
      expect(card.getRankNum()).toBe(rank);
      expect(card.getSuitNum()).toBe(suit);
    }
  });

  it('names ranks Ace … King and suits Spades, Hearts, Clubs, Diamonds', () => {
    expect(RANKS.map((r) => new Card(r, 1).getRankName())).toEqual([
      'Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King',
    ]);
    expect(SUITS.map((s) => new Card(1, s).getSuitName())).toEqual(['Spades', 'Hearts', 'Clubs', 'Diamonds']);
  });

  it('prints all 52 cards as "<Rank> of <Suit>"', () => {
    const names = ALL.map(({ rank, suit }) => new Card(rank, suit).toString());
    expect(names).toHaveLength(52);
    expect(new Set(names).size).toBe(52);
    expect(names.slice(0, 13)).toEqual([
      'Ace of Spades', 'Two of Spades', 'Three of Spades', 'Four of Spades', 'Five of Spades', 'Six of Spades',
      'Seven of Spades', 'Eight of Spades', 'Nine of Spades', 'Ten of Spades', 'Jack of Spades', 'Queen of Spades',
      'King of Spades',
    ]);
    for (const { rank, suit } of ALL) {
      expect(new Card(rank, suit).toString()).toBe(`${RANK_NAMES[rank - 1]!} of ${SUIT_NAMES[suit - 1]!}`);
    }
    expect(`${String(new Card(12, 4))}`).toBe('Queen of Diamonds');
  });

  it('has fancy strings of exactly two UTF-16 units: suit symbol then rank glyph', () => {
    const samples = [new Card(1, 1), new Card(10, 2), new Card(12, 4), new Card(13, 3), new Card(7, 3)];
    expect(samples.map((card) => card.toFancyString())).toEqual(['♠A', '♥\u2469', '♦Q', '♣K', '♣7']);
    const spades = RANKS.map((r) => new Card(r, 1).toFancyString()).join(' ');
    expect(spades).toBe('♠A ♠2 ♠3 ♠4 ♠5 ♠6 ♠7 ♠8 ♠9 ♠⑩ ♠J ♠Q ♠K');
    expect(SUITS.map((s) => new Card(2, s).toFancyString())).toEqual(['♠2', '♥2', '♣2', '♦2']);
    for (const { rank, suit } of ALL) expect(new Card(rank, suit).toFancyString()).toHaveLength(2);
  });

  it('has very fancy strings: colour, white background, the playing-card code point, a space, reset', () => {
    const samples = [new Card(1, 1), new Card(13, 1), new Card(12, 4), new Card(11, 2), new Card(10, 3)];
    expect(samples.map((card) => card.toVeryFancyString())).toEqual([
      '\u001b[30m\u001b[47m\u{1F0A1} \u001b[0m',
      '\u001b[30m\u001b[47m\u{1F0AE} \u001b[0m',
      '\u001b[31m\u001b[47m\u{1F0CD} \u001b[0m',
      '\u001b[31m\u001b[47m\u{1F0BB} \u001b[0m',
      '\u001b[30m\u001b[47m\u{1F0DA} \u001b[0m',
    ]);
    // Every card: the formula of the spec, Knights (rank 12 in Unicode) skipped.
    const offset = [0x00, 0x10, 0x30, 0x20];
    for (const { rank, suit } of ALL) {
      const colour = suit === 1 || suit === 3 ? '30' : '31';
      const codePoint = 0x1f0a0 + rank + offset[suit - 1]! + (rank >= 12 ? 1 : 0);
      expect(new Card(rank, suit).toVeryFancyString()).toBe(`\u001b[${colour}m\u001b[47m${String.fromCodePoint(codePoint)} \u001b[0m`);
    }
  });

  it('equals only a Card of the same rank and suit', () => {
    const queen = new Card(12, 2);
    expect(queen.equals(new Card(12, 2))).toBe(true);
    expect(queen.equals(queen)).toBe(true);
    expect(queen.equals(new Card(12, 3))).toBe(false);
    expect(queen.equals(new Card(11, 2))).toBe(false);
    for (const other of [null, undefined, 'Queen of Hearts', 12, { getRankNum: () => 12, getSuitNum: () => 2 }, [12, 2]]) {
      expect(queen.equals(other)).toBe(false);
    }
  });

  it('is immutable', () => {
    const card = new Card(5, 3);
    // No public state to reassign: rank and suit are private fields.
    expect(Object.keys(card)).toEqual([]);
    (card as unknown as { rank: number }).rank = 9;
    expect(card.getRankNum()).toBe(5);
    expect(card.toString()).toBe('Five of Clubs');
  });

  it.each([0, 14, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3', null, undefined])('rejects rank %s with a RangeError naming it', (rank) => {
    expect(() => new Card(rank as number, 1)).toThrow(RangeError);
    expect(() => new Card(rank as number, 1)).toThrow(/^Invalid Card: rank /);
    expect(() => new Card(rank as number, 1)).toThrow(String(rank));
  });

  it.each([0, 5, -1, 1.5, Number.NaN, Number.NEGATIVE_INFINITY, '2', null, undefined])('rejects suit %s with a RangeError naming it', (suit) => {
    expect(() => new Card(1, suit as number)).toThrow(RangeError);
    expect(() => new Card(1, suit as number)).toThrow(/^Invalid Card: suit /);
    expect(() => new Card(1, suit as number)).toThrow(String(suit));
  });

  it('maps to and from card indices 0..51, sharing one instance per card', () => {
    for (let index = 0; index < DECK_SIZE; index++) {
      const card = Card.fromIndex(index);
      expect(card.index).toBe(index);
      expect(card).toBe(Card.fromIndex(index));
      expect(card.equals(new Card(rankOfIndex(index), suitOfIndex(index)))).toBe(true);
      expect(cardIndex(card.getRankNum(), card.getSuitNum())).toBe(index);
    }
    for (const bad of [-1, 52, 0.5, Number.NaN]) expect(() => Card.fromIndex(bad)).toThrow(/^Invalid Card/);
  });
});
