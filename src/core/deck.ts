/**
 * The seeds' `Deck`: 52 cards in an array, shuffled by Durstenfeld–Fisher–Yates, dealt in O(1).
 *
 * Invariant: `cards[0 .. remaining-1]` are the undealt cards; `draw()` deals `cards[remaining-1]`.
 * Dealing from the end means a full shuffle followed by k draws yields exactly the cards that k
 * steps of an on-demand ("lazy") Fisher–Yates would, from the same random stream: the fast engines
 * use that lazy form, and a game played through `Deck` replays the engine's game for the same seed.
 */
import { Card, DECK_SIZE } from './cards.js';
import { shuffleInPlace, toRng, type Rng, type SeedLike } from './random.js';

export class Deck {
  protected readonly cards: Card[];
  protected remaining = 0;
  protected readonly rng: Rng;

  /** Builds the 52 cards and shuffles them. @param seed a seed or generator; none = fresh randomness */
  constructor(seed?: SeedLike) {
    this.rng = toRng(seed);
    this.cards = [];
    for (let index = 0; index < DECK_SIZE; index++) this.cards.push(Card.fromIndex(index));
    this.shuffle();
  }

  /** Durstenfeld–Fisher–Yates, i from 51 down to 1, j uniform in [0, i]; all 52 cards available again. */
  shuffle(): void {
    shuffleInPlace(this.cards, this.rng);
    this.remaining = this.cards.length;
  }

  /** The next undealt card in O(1), or null when the deck is empty. */
  draw(): Card | null {
    if (this.remaining === 0) return null;
    this.remaining--;
    return this.cards[this.remaining]!;
  }

  /** 52 after construction or `shuffle()`, down to 0. */
  cardsRemaining(): number {
    return this.remaining;
  }

  isEmpty(): boolean {
    return this.remaining === 0;
  }
}

/**
 * UnoWar's deck: when empty it is replaced at once by a fresh, shuffled 52, so `draw()` never
 * returns null (after a reshuffle-draw `cardsRemaining()` is 51).
 */
export class ReshufflingDeck extends Deck {
  override draw(): Card {
    if (this.remaining === 0) this.shuffle();
    return super.draw()!;
  }
}

/**
 * The engines' deck, on typed arrays: `deck[0 .. remaining-1]` are the undealt cards and
 * `position` is the inverse of `deck` (`deck[position[c]] === c`). Dealing the undealt card at
 * index `j` swaps it to the end of the undealt prefix, index `remaining - 1`, and the caller then
 * shrinks `remaining` by one. With j uniform in [0, remaining-1] this is one step of Durstenfeld–
 * Fisher–Yates — the same step `Deck.shuffle` takes for i = remaining - 1 — so an engine dealing on
 * demand deals exactly the cards a fully shuffled `Deck` would from the same random stream.
 * Returns the dealt card.
 */
export function dealAt(deck: Uint8Array, position: Uint8Array, remaining: number, j: number): number {
  const last = remaining - 1;
  const card = deck[j]!;
  const other = deck[last]!;
  deck[j] = other;
  position[other] = j;
  deck[last] = card;
  position[card] = last;
  return card;
}
