/**
 * BasicKlondike: the seed's model, faithful to the spec page. It knows the whole deal (the seed's
 * `startGame` takes the deck order), so it is the face for people, tests and full-information
 * solvers; the lab plays `KlondikeState`, whose face-down cards are not decided in advance.
 *
 * Representation and invariants (between calls):
 * - `#piles[p]` lists pile p from row 0 (first dealt) to its last card; its first `#hidden[p]` cards
 *   are face-down, the rest face-up. A non-empty pile always ends face-up (`#hidden[p] < length`),
 *   and its face-up cards form a build (descending by one, alternating colours).
 * - `#draw` is the draw queue; its first min(numDraw, length) cards are shown, element 0 playable.
 * - `#foundations[f]` is the top card of foundation f or null; a foundation with top (v, s) holds
 *   s's A..v, so the tops alone describe every foundation. Cards never leave a foundation.
 * - cascade + draw + foundations always hold exactly the dealt deck (as a multiset).
 * - `#history` holds a snapshot of the state before each successful move since `startGame`.
 * Every method validates everything before changing anything, so a failed call changes nothing.
 */
import { shuffleInPlace, toRng, type Rng, type SeedLike } from '../../core/random.js';
import { Card, standardDeck } from './card.js';
import { IllegalArgumentError, IllegalStateError } from './errors.js';
import type { UndoableKlondikeModel } from './model.js';
import { hasPileMove } from './moves.js';
import { canBuildOn, canFoundOn } from './rules.js';

interface Snapshot {
  readonly piles: readonly (readonly Card[])[];
  readonly hidden: readonly number[];
  readonly draw: readonly Card[];
  readonly foundations: readonly (Card | null)[];
}

export class BasicKlondike implements UndoableKlondikeModel {
  readonly #rng: Rng;
  #started = false;
  #numDraw = 0;
  #piles: Card[][] = [];
  #hidden: number[] = [];
  #draw: Card[] = [];
  #foundations: (Card | null)[] = [];
  #history: Snapshot[] = [];

  /**
   * An un-started model. `seed` (a deal number or a generator) drives the shuffles of
   * `startGame(deck, true, …)`, so the same seed and deck deal the same game; without it the
   * shuffles are unpredictable.
   */
  constructor(seed?: SeedLike) {
    this.#rng = toRng(seed);
  }

  getDeck(): Card[] {
    return standardDeck();
  }

  startGame(deck: readonly Card[] | null | undefined, shuffle: boolean, numPiles: number, numDraw: number): void {
    if (this.#started) throw new IllegalStateError('The game has already started');
    if (deck === null || deck === undefined) throw new IllegalArgumentError('The deck is missing');
    const problem = deckProblem(deck);
    if (problem !== null) throw new IllegalArgumentError(`Invalid deck: ${problem}`);
    if (!Number.isInteger(numPiles) || numPiles <= 0) throw new IllegalArgumentError(`The number of piles must be a positive integer, got ${String(numPiles)}`);
    if (!Number.isInteger(numDraw) || numDraw <= 0) throw new IllegalArgumentError(`The number of draw cards must be a positive integer, got ${String(numDraw)}`);
    const cascadeCards = (numPiles * (numPiles + 1)) / 2;
    if (cascadeCards > deck.length) {
      throw new IllegalArgumentError(`${String(numPiles)} piles need ${String(cascadeCards)} cards but the deck has ${String(deck.length)}`);
    }

    const cards = deck.slice(); // the caller's array is never modified nor kept
    if (shuffle) shuffleInPlace(cards, this.#rng);
    const piles: Card[][] = Array.from({ length: numPiles }, () => []);
    let next = 0;
    for (let row = 0; row < numPiles; row++) {
      for (let p = row; p < numPiles; p++) piles[p]!.push(cards[next++]!);
    }
    this.#piles = piles;
    this.#hidden = piles.map((pile) => pile.length - 1);
    this.#draw = cards.slice(next);
    this.#foundations = Array.from({ length: cards.filter((c) => c.value === 1).length }, () => null);
    this.#numDraw = numDraw;
    this.#history = [];
    this.#started = true;
  }

  movePile(srcPile: number, numCards: number, destPile: number): void {
    this.#requireStarted();
    this.#checkPile(srcPile, 'source pile');
    this.#checkPile(destPile, 'destination pile');
    if (srcPile === destPile) throw new IllegalArgumentError('The source and destination piles are the same');
    const src = this.#piles[srcPile]!;
    if (!Number.isInteger(numCards) || numCards <= 0 || numCards > src.length) {
      throw new IllegalArgumentError(`Cannot move ${String(numCards)} cards from pile ${String(srcPile)}, which holds ${String(src.length)}`);
    }
    const from = src.length - numCards;
    if (from < this.#hidden[srcPile]!) throw new IllegalStateError('The cards to move include a face-down card');
    const dest = this.#piles[destPile]!;
    const first = src[from]!;
    if (!canBuildOn(first, lastOf(dest))) throw new IllegalStateError(buildRefusal(first, lastOf(dest)));
    this.#remember();
    dest.push(...src.splice(from));
    this.#turnUpLast(srcPile);
  }

  moveDraw(destPile: number): void {
    this.#requireStarted();
    this.#checkPile(destPile, 'destination pile');
    const card = this.#firstDraw();
    const dest = this.#piles[destPile]!;
    if (!canBuildOn(card, lastOf(dest))) throw new IllegalStateError(buildRefusal(card, lastOf(dest)));
    this.#remember();
    dest.push(this.#draw.shift()!);
  }

  moveToFoundation(srcPile: number, foundationPile: number): void {
    this.#requireStarted();
    this.#checkPile(srcPile, 'source pile');
    this.#checkFoundation(foundationPile);
    const src = this.#piles[srcPile]!;
    const card = lastOf(src);
    if (card === null) throw new IllegalStateError(`Pile ${String(srcPile)} is empty`);
    const top = this.#foundations[foundationPile]!;
    if (!canFoundOn(card, top)) throw new IllegalStateError(foundationRefusal(card, top));
    this.#remember();
    this.#foundations[foundationPile] = src.pop()!;
    this.#turnUpLast(srcPile);
  }

  moveDrawToFoundation(foundationPile: number): void {
    this.#requireStarted();
    this.#checkFoundation(foundationPile);
    const card = this.#firstDraw();
    const top = this.#foundations[foundationPile]!;
    if (!canFoundOn(card, top)) throw new IllegalStateError(foundationRefusal(card, top));
    this.#remember();
    this.#foundations[foundationPile] = this.#draw.shift()!;
  }

  discardDraw(): void {
    this.#requireStarted();
    this.#firstDraw();
    this.#remember();
    this.#draw.push(this.#draw.shift()!);
  }

  canUndo(): boolean {
    return this.#history.length > 0;
  }

  undo(): void {
    this.#requireStarted();
    const last = this.#history.pop();
    if (last === undefined) throw new IllegalStateError('There is no move to undo');
    this.#piles = last.piles.map((pile) => pile.slice());
    this.#hidden = last.hidden.slice();
    this.#draw = last.draw.slice();
    this.#foundations = last.foundations.slice();
  }

  getNumRows(): number {
    this.#requireStarted();
    let rows = 0;
    for (const pile of this.#piles) rows = Math.max(rows, pile.length);
    return rows;
  }

  getNumPiles(): number {
    this.#requireStarted();
    return this.#piles.length;
  }

  getNumDraw(): number {
    this.#requireStarted();
    return this.#numDraw;
  }

  getNumFoundations(): number {
    this.#requireStarted();
    return this.#foundations.length;
  }

  getPileHeight(pileNum: number): number {
    this.#requireStarted();
    this.#checkPile(pileNum, 'pile');
    return this.#piles[pileNum]!.length;
  }

  isCardVisible(pileNum: number, card: number): boolean {
    this.#requireStarted();
    this.#checkCard(pileNum, card);
    return card >= this.#hidden[pileNum]!;
  }

  getCardAt(pileNum: number, card: number): Card;
  getCardAt(foundationPile: number): Card | null;
  getCardAt(pileOrFoundation: number, card?: number): Card | null {
    this.#requireStarted();
    if (card === undefined) {
      this.#checkFoundation(pileOrFoundation);
      return this.#foundations[pileOrFoundation]!;
    }
    this.#checkCard(pileOrFoundation, card);
    if (card < this.#hidden[pileOrFoundation]!) throw new IllegalArgumentError(`The card at pile ${String(pileOrFoundation)}, row ${String(card)} is face-down`);
    return this.#piles[pileOrFoundation]![card]!;
  }

  getDrawCards(): Card[] {
    this.#requireStarted();
    return this.#draw.slice(0, this.#numDraw);
  }

  getScore(): number {
    this.#requireStarted();
    let score = 0;
    for (const top of this.#foundations) if (top !== null) score += top.value;
    return score;
  }

  isGameOver(): boolean {
    this.#requireStarted();
    if (this.#draw.length > 0) return false;
    // The same move search as `legalMoves`, stopping at the first pile or foundation move.
    return !hasPileMove(this);
  }

  #requireStarted(): void {
    if (!this.#started) throw new IllegalStateError('The game has not started');
  }

  #checkPile(pile: number, what: string): void {
    if (!Number.isInteger(pile) || pile < 0 || pile >= this.#piles.length) {
      throw new IllegalArgumentError(`Invalid ${what} ${String(pile)} (expected 0..${String(this.#piles.length - 1)})`);
    }
  }

  #checkFoundation(foundation: number): void {
    if (!Number.isInteger(foundation) || foundation < 0 || foundation >= this.#foundations.length) {
      throw new IllegalArgumentError(`Invalid foundation ${String(foundation)} (expected 0..${String(this.#foundations.length - 1)})`);
    }
  }

  #checkCard(pile: number, card: number): void {
    this.#checkPile(pile, 'pile');
    const height = this.#piles[pile]!.length;
    if (!Number.isInteger(card) || card < 0 || card >= height) {
      throw new IllegalArgumentError(`Invalid row ${String(card)} of pile ${String(pile)}, which holds ${String(height)} cards`);
    }
  }

  #firstDraw(): Card {
    const card = this.#draw[0];
    if (card === undefined) throw new IllegalStateError('There are no draw cards');
    return card;
  }

  #turnUpLast(pile: number): void {
    const length = this.#piles[pile]!.length;
    if (length > 0 && this.#hidden[pile]! >= length) this.#hidden[pile] = length - 1;
  }

  /** Records the state before a move; called only once a move is known to succeed. */
  #remember(): void {
    this.#history.push({
      piles: this.#piles.map((pile) => pile.slice()),
      hidden: this.#hidden.slice(),
      draw: this.#draw.slice(),
      foundations: this.#foundations.slice(),
    });
  }
}

function lastOf(pile: readonly Card[]): Card | null {
  return pile.length === 0 ? null : pile[pile.length - 1]!;
}

function buildRefusal(card: Card, onto: Card | null): string {
  if (onto === null) return `Only a King can go onto an empty pile, not ${card.toString()}`;
  return `${card.toString()} cannot go onto ${onto.toString()} (it must be one lower and of the other colour)`;
}

function foundationRefusal(card: Card, top: Card | null): string {
  if (top === null) return `Only an Ace can start a foundation, not ${card.toString()}`;
  return `${card.toString()} cannot go onto ${top.toString()} in a foundation (it must be the same suit and one higher)`;
}

/**
 * Why `deck` is not a valid deck, or null when it is: non-empty, no missing entries, and splittable
 * into single-suit runs A..L, all of the same length L. That holds exactly when, for every suit, each
 * value 1..L appears as often as that suit's Ace and no value above L appears (L = length / Aces).
 */
export function deckProblem(deck: readonly unknown[]): string | null {
  if (deck.length === 0) return 'it is empty';
  const counts = new Map<string, number[]>();
  let aces = 0;
  for (let i = 0; i < deck.length; i++) {
    const card = deck[i];
    if (!(card instanceof Card)) return `entry ${String(i)} is not a card`;
    let bySuit = counts.get(card.suit);
    if (bySuit === undefined) counts.set(card.suit, (bySuit = new Array<number>(14).fill(0)));
    bySuit[card.value]!++;
    if (card.value === 1) aces++;
  }
  if (aces === 0 || deck.length % aces !== 0) return 'it cannot be split into equal runs from Ace';
  const runLength = deck.length / aces;
  for (const [suit, bySuit] of counts) {
    for (let value = 2; value <= 13; value++) {
      const expected = value <= runLength ? bySuit[1]! : 0;
      if (bySuit[value] !== expected) return `the ${suit} cards do not form runs A..${String(runLength)}`;
    }
  }
  return null;
}
