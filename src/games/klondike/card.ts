/**
 * Klondike's playing card: a value 1..13 (A, 2..10, J, Q, K) and one of the suits ♣ ♠ ♡ ♢. Red suits
 * are the white symbols ♡ ♢, black ones the filled ♣ ♠ (the assignment's convention). Not the shared
 * `core/cards.ts` card: Klondike's suits, rendering and value semantics differ.
 *
 * Cards are immutable values: `equals` compares value and suit, `hashCode` agrees with `equals`, and
 * duplicates are legal (multi-deck games). Every card also has a dense `index` 0..51 in `getDeck()`
 * order (suit-major, ♣ ♢ ♡ ♠), which the fast engine works with.
 */
import { IllegalArgumentError } from './errors.js';

/** Suits in `getDeck()` order (the order of the spec's example deal). */
export const SUITS = ['♣', '♢', '♡', '♠'] as const;
export type Suit = (typeof SUITS)[number];

export const NUM_VALUES = 13;
export const STANDARD_DECK_SIZE = SUITS.length * NUM_VALUES; // 52

const VALUE_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** Whether suit number `suitIndex` (position in SUITS) is red. */
export const isRedSuitIndex = (suitIndex: number): boolean => suitIndex === 1 || suitIndex === 2;

export class Card {
  /** 1 (Ace) .. 13 (King). */
  readonly value: number;
  readonly suit: Suit;

  /** @throws IllegalArgumentError for a value outside 1..13 or an unknown suit. */
  constructor(value: number, suit: Suit) {
    if (!Number.isInteger(value) || value < 1 || value > NUM_VALUES) {
      throw new IllegalArgumentError(`Invalid card value ${String(value)} (expected 1..13)`);
    }
    if (!(SUITS as readonly string[]).includes(suit)) throw new IllegalArgumentError(`Invalid suit '${String(suit)}' (expected one of ${SUITS.join(' ')})`);
    this.value = value;
    this.suit = suit;
    // Models hand their own card objects out (e.g. getDrawCards): frozen, no caller can alter them.
    Object.freeze(this);
  }

  /** The card with dense index 0..51 (`getDeck()` order). */
  static fromIndex(index: number): Card {
    if (!Number.isInteger(index) || index < 0 || index >= STANDARD_DECK_SIZE) {
      throw new IllegalArgumentError(`Invalid card index ${String(index)} (expected 0..51)`);
    }
    return CARDS_BY_INDEX[index]!;
  }

  /** Parses `A♡`, `10♠`, `q♣` (value then suit symbol; also accepts c/d/h/s for the suit). */
  static parse(text: string): Card {
    const match = /^\s*(A|[2-9]|10|J|Q|K)\s*([♣♢♡♠cdhs])\s*$/i.exec(text);
    if (match === null) throw new IllegalArgumentError(`Not a card: '${text}' (expected e.g. A♡ or 10♠)`);
    const value = VALUE_NAMES.indexOf(match[1]!.toUpperCase() as (typeof VALUE_NAMES)[number]) + 1;
    const letter = 'cdhs'.indexOf(match[2]!.toLowerCase());
    const suit = letter >= 0 ? (['♣', '♢', '♡', '♠'] as const)[letter]! : (match[2] as Suit);
    return new Card(value, suit);
  }

  get suitIndex(): number {
    return SUITS.indexOf(this.suit);
  }

  /** Dense index 0..51: suit-major in `getDeck()` order. */
  get index(): number {
    return this.suitIndex * NUM_VALUES + this.value - 1;
  }

  get isRed(): boolean {
    return isRedSuitIndex(this.suitIndex);
  }

  toString(): string {
    return `${VALUE_NAMES[this.value - 1]!}${this.suit}`;
  }

  equals(other: unknown): boolean {
    return other instanceof Card && other.value === this.value && other.suit === this.suit;
  }

  /** Equal cards have equal hash codes (it is the dense index). */
  hashCode(): number {
    return this.index;
  }
}

const CARDS_BY_INDEX: readonly Card[] = Array.from(
  { length: STANDARD_DECK_SIZE },
  (_, i) => new Card((i % NUM_VALUES) + 1, SUITS[Math.floor(i / NUM_VALUES)]!),
);

/** The 52 standard cards, ♣A..K, ♢A..K, ♡A..K, ♠A..K (a fresh array each call). */
export function standardDeck(): Card[] {
  return CARDS_BY_INDEX.slice();
}
