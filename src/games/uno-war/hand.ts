import { Card } from '../../core/cards.js';
import type { UnoWarState } from './engine.js';
import { HAND_SIZE } from './rules.js';

/** Where a hand's replacement cards come from (UnoWar's `Deck`, which never runs dry). */
export interface CardSource {
  draw(): Card;
}

/** What an AI may see of a hand: its size and its cards, nothing that changes it. */
export interface ReadonlyHand {
  getSize(): number;
  get(i: number): Card;
}

/**
 * A hand of cards that refills itself from its deck: `remove(card)` puts the replacement in the
 * removed card's slot, so the other cards keep their positions (the reference results depend on it).
 *
 * Invariant: always exactly `size` cards, all Cards (duplicates are possible: the deck reshuffles a
 * fresh 52 while cards are still in hands).
 */
export class Hand implements ReadonlyHand {
  readonly #cards: Card[];
  readonly #deck: CardSource;

  /**
   * Draws `size` cards from `deck` into slots 0 upwards.
   * @throws RangeError unless `size` is a positive integer; TypeError unless `deck` can draw.
   */
  constructor(deck: CardSource, size: number) {
    if (typeof (deck as Partial<CardSource> | null)?.draw !== 'function') throw new TypeError('Hand needs a deck to draw from');
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`Invalid hand size: ${String(size)} (expected a positive integer)`);
    this.#deck = deck;
    this.#cards = [];
    for (let i = 0; i < size; i++) this.#cards.push(Hand.#drawFrom(deck));
  }

  static #drawFrom(deck: CardSource): Card {
    const card = deck.draw();
    if (!(card instanceof Card)) throw new TypeError(`Hand: the deck drew ${String(card)}, not a card`);
    return card;
  }

  getSize(): number {
    return this.#cards.length;
  }

  /**
   * The card in slot `i` (0 first).
   * @throws RangeError starting `Invalid hand index!` for anything but an integer 0..size-1 (the
   *   seed printed that and returned card 0, which hid bugs).
   */
  get(i: number): Card {
    checkHandIndex(i, this.#cards.length);
    return this.#cards[i]!;
  }

  /**
   * Removes `card` (the first slot holding an equal card) and draws its replacement into that same
   * slot. Returns false, changing nothing, if the card is not in the hand (including null).
   */
  remove(card: Card | null | undefined): boolean {
    if (!(card instanceof Card)) return false;
    const slot = this.#cards.findIndex((held) => held.equals(card));
    if (slot < 0) return false;
    this.#cards[slot] = Hand.#drawFrom(this.#deck);
    return true;
  }

  /** `[Ace of Spades, Ten of Hearts, …]` */
  toString(): string {
    return `[${this.#cards.join(', ')}]`;
  }
}

/** A view of `hand` that can only be read: what the match gives an AI, so no AI can remove cards. */
export function readonlyHand(hand: ReadonlyHand): ReadonlyHand {
  return Object.freeze({
    getSize: () => hand.getSize(),
    get: (i: number) => hand.get(i),
  });
}

function checkHandIndex(i: number, size: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= size) throw new RangeError(`Invalid hand index! ${String(i)} is not from 0 to ${String(size - 1)}`);
}

/** Where an engine view's cards lie: slots `hands[base ..]` of the engine's state, HAND_SIZE of them. */
export interface EngineHandCards {
  readonly hands: Uint8Array;
  readonly base: number;
}

/**
 * The engine's cards behind `hand` when it is an engine view (`engineHandView`), else undefined: for
 * the built-in strategies, which then choose on the engine's arrays (agents.ts `preferredCard`).
 * Set in EngineHandView's static block, so no AI can reach it through a view (the arrays hold the
 * other player's hand too).
 */
export let engineHandCards: (hand: ReadonlyHand) => EngineHandCards | undefined;

/**
 * A read-only view of one player's hand in the engine's state (what `UnoWarMatch` shows an AI): it
 * always shows the hand as it is now, and offers nothing that changes it (the instance is frozen).
 */
class EngineHandView implements ReadonlyHand {
  readonly #hands: Uint8Array;
  readonly #base: number;
  readonly #cards: EngineHandCards;

  static {
    engineHandCards = (hand) => (#cards in hand ? hand.#cards : undefined);
  }

  constructor(state: UnoWarState, player: number) {
    this.#hands = state.hands;
    this.#base = player * HAND_SIZE;
    this.#cards = Object.freeze({ hands: this.#hands, base: this.#base });
    Object.freeze(this);
  }

  getSize(): number {
    return HAND_SIZE;
  }

  get(i: number): Card {
    // The common case in one compare: an integer slot 0..4 (`>>> 0` maps anything else elsewhere).
    if (i >>> 0 !== i || i >= HAND_SIZE) checkHandIndex(i, HAND_SIZE);
    return Card.fromIndex(this.#hands[this.#base + i]!);
  }
}

/** `player`'s hand in `state`, read-only (see EngineHandView). */
export function engineHandView(state: UnoWarState, player: number): ReadonlyHand {
  return new EngineHandView(state, player);
}
