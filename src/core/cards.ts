/**
 * Playing cards as the ConnectFwar and UnoWar seeds define them: rank 1..13 (Ace low), suit 1..4
 * (Spades, Hearts, Clubs, Diamonds). Engines work on card *indices* 0..51
 * (`(suit - 1) * 13 + (rank - 1)`); `Card` is the immutable object the assignment's API hands around.
 */

export const RANK_NAMES = [
  'Ace', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Jack', 'Queen', 'King',
] as const;
export const SUIT_NAMES = ['Spades', 'Hearts', 'Clubs', 'Diamonds'] as const;

export type RankName = (typeof RANK_NAMES)[number];
export type SuitName = (typeof SUIT_NAMES)[number];

export const NUM_RANKS = RANK_NAMES.length; // 13
export const NUM_SUITS = SUIT_NAMES.length; // 4
export const DECK_SIZE = NUM_RANKS * NUM_SUITS; // 52

/** Suit symbols by suit number − 1 (suit 1, Spades, is ♠). */
export const SUIT_SYMBOLS = ['♠', '♥', '♣', '♦'] as const;
/** Rank labels by rank − 1, as people write them: A, 2 .. 10, J, Q, K. */
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
/** One glyph per rank so every fancy card is exactly two UTF-16 units (ten is U+2469 ⑩). */
const RANK_GLYPHS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '\u2469', 'J', 'Q', 'K'] as const;
/** Offsets of each suit (by suit number 1..4) in the Unicode playing-cards block. */
const PLAYING_CARD_SUIT_OFFSET = [0x00, 0x10, 0x30, 0x20] as const;

export const cardIndex = (rank: number, suit: number): number => (suit - 1) * NUM_RANKS + (rank - 1);
export const rankOfIndex = (index: number): number => (index % NUM_RANKS) + 1;
export const suitOfIndex = (index: number): number => Math.floor(index / NUM_RANKS) + 1;

/** "Seven of Hearts" for a card index 0..51 (what `Card.toString()` says). */
export const cardName = (index: number): string => `${RANK_NAMES[rankOfIndex(index) - 1]!} of ${SUIT_NAMES[suitOfIndex(index) - 1]!}`;

/** "7♥" for a card index 0..51: the short name messages use, with the suit as the cards show it. */
export const cardShort = (index: number): string => `${RANK_LABELS[rankOfIndex(index) - 1]!}${SUIT_SYMBOLS[suitOfIndex(index) - 1]!}`;

/** Suit letters of the ASCII card codes, in suit order (Spades, Hearts, Clubs, Diamonds). */
export const SUIT_LETTERS = ['S', 'H', 'C', 'D'] as const;

/** "7H", "10S", "AD": a card index 0..51 in plain ASCII, for programs that read cards as text. */
export const cardCode = (index: number): string => `${RANK_LABELS[rankOfIndex(index) - 1]!}${SUIT_LETTERS[suitOfIndex(index) - 1]!}`;

/** The card index of an ASCII card code (`cardCode`), or -1 if `text` is none. */
export function parseCardCode(text: string): number {
  const rank = (RANK_LABELS as readonly string[]).indexOf(text.slice(0, -1));
  const suit = (SUIT_LETTERS as readonly string[]).indexOf(text.slice(-1));
  return rank < 0 || suit < 0 ? -1 : cardIndex(rank + 1, suit + 1);
}

function isInRange(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max;
}

/** An immutable playing card. */
export class Card {
  readonly #rank: number;
  readonly #suit: number;

  /**
   * @param rank 1 (Ace) .. 13 (King)
   * @param suit 1 Spades, 2 Hearts, 3 Clubs, 4 Diamonds
   * @throws RangeError starting `Invalid Card` for anything else (the assignment silently made an Ace of
   *   Spades; a wrong card must never enter a game unnoticed).
   */
  constructor(rank: number, suit: number) {
    if (!isInRange(rank, NUM_RANKS)) {
      throw new RangeError(`Invalid Card: rank ${String(rank)} is not an integer from 1 (Ace) to 13 (King)`);
    }
    if (!isInRange(suit, NUM_SUITS)) {
      throw new RangeError(`Invalid Card: suit ${String(suit)} is not an integer from 1 (Spades) to 4 (Diamonds)`);
    }
    this.#rank = rank;
    this.#suit = suit;
  }

  /** The shared instance for a card index 0..51 (engines hand these out instead of allocating). */
  static fromIndex(index: number): Card {
    const card = CARDS_BY_INDEX[index];
    if (card === undefined) throw new RangeError(`Invalid Card: index ${String(index)} is not from 0 to 51`);
    return card;
  }

  /** This card's index 0..51: `(suit - 1) * 13 + (rank - 1)`. */
  get index(): number {
    return cardIndex(this.#rank, this.#suit);
  }

  getRankNum(): number {
    return this.#rank;
  }

  getSuitNum(): number {
    return this.#suit;
  }

  getRankName(): RankName {
    return RANK_NAMES[this.#rank - 1]!;
  }

  getSuitName(): SuitName {
    return SUIT_NAMES[this.#suit - 1]!;
  }

  /** `"Ace of Spades"` */
  toString(): string {
    return `${this.getRankName()} of ${this.getSuitName()}`;
  }

  /** Suit symbol then rank glyph, two UTF-16 units: `♠A`, `♥⑩`, `♦Q`. */
  toFancyString(): string {
    return SUIT_SYMBOLS[this.#suit - 1]! + RANK_GLYPHS[this.#rank - 1]!;
  }

  /** A coloured Unicode playing card (U+1F0A1 …) for terminals that can show it. */
  toVeryFancyString(): string {
    const colour = this.#suit === 1 || this.#suit === 3 ? '\u001b[30m' : '\u001b[31m';
    const codePoint = 0x1f0a0 + this.#rank + PLAYING_CARD_SUIT_OFFSET[this.#suit - 1]! + (this.#rank >= 12 ? 1 : 0);
    return `${colour}\u001b[47m${String.fromCodePoint(codePoint)} \u001b[0m`;
  }

  /** True only for a Card of the same rank and suit (the assignment's `equals(Object)`). */
  equals(other: unknown): boolean {
    return other instanceof Card && other.#rank === this.#rank && other.#suit === this.#suit;
  }
}

const CARDS_BY_INDEX: readonly Card[] = Array.from(
  { length: DECK_SIZE },
  (_, i) => new Card(rankOfIndex(i), suitOfIndex(i)),
);
