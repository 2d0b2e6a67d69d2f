/**
 * The model contract of the assignment (its `KlondikeModel` interface), with every point the
 * assignment leaves open fixed by the spec (docs/klondike.md). Indices are zero-based, counting from the left; row 0 of
 * a pile is the first card dealt to it. Every method of a model that is not started throws
 * IllegalStateError (except `getDeck` and `startGame`); every failed call changes nothing.
 */
import type { Card } from './card.js';

/**
 * The model's queries alone: what a view needs to draw a position. `KlondikeModel` has them (with
 * IllegalStateError before the game starts); the lab's `KlondikeState` and a player's observation
 * answer them too, so one `KlondikeTextualView` renders all three.
 */
export interface ReadonlyKlondikeModel {
  /** The height of the tallest pile now (0 when all piles are empty). */
  getNumRows(): number;
  getNumPiles(): number;
  /** The number of draw cards shown, as given to `startGame`. */
  getNumDraw(): number;
  /** The number of foundations (= the number of Aces in the deck). */
  getNumFoundations(): number;
  getPileHeight(pileNum: number): number;
  isCardVisible(pileNum: number, card: number): boolean;
  /** The card at `(pileNum, card)`; IllegalArgumentError for bad coordinates or a face-down card. */
  getCardAt(pileNum: number, card: number): Card;
  /** The top card of foundation `foundationPile`, or null when it is empty. */
  getCardAt(foundationPile: number): Card | null;
  /** The available draw cards (a fresh array), the playable one first. */
  getDrawCards(): Card[];
  /** The sum of the values of the foundations' top cards (52 for a won standard game). */
  getScore(): number;
}

export interface KlondikeModel extends ReadonlyKlondikeModel {
  /** A fresh array of the 52 standard cards (♣A..K, ♢A..K, ♡A..K, ♠A..K); callable at any time. */
  getDeck(): Card[];

  /**
   * Deals `deck` (shuffled first when `shuffle`) into `numPiles` piles, row by row, left to right;
   * the rest is the draw pile, of which `numDraw` cards are shown.
   * Checks, in order: already started → IllegalStateError; deck missing or invalid, numPiles ≤ 0,
   * numDraw ≤ 0, or more cascade cards than the deck holds → IllegalArgumentError.
   */
  startGame(deck: readonly Card[] | null | undefined, shuffle: boolean, numPiles: number, numDraw: number): void;

  /** Moves the last `numCards` cards of pile `srcPile` onto pile `destPile`. */
  movePile(srcPile: number, numCards: number, destPile: number): void;
  /** Moves the first draw card onto pile `destPile`. */
  moveDraw(destPile: number): void;
  /** Moves the last card of pile `srcPile` onto foundation `foundationPile`. */
  moveToFoundation(srcPile: number, foundationPile: number): void;
  /** Moves the first draw card onto foundation `foundationPile`. */
  moveDrawToFoundation(foundationPile: number): void;
  /** Sends the first draw card to the back of the draw pile. */
  discardDraw(): void;

  /** False while the draw pile is non-empty; otherwise true iff no `moveToFoundation` and no `movePile` is legal. */
  isGameOver(): boolean;
}

/** A model whose moves can be taken back, one at a time, to the exact previous state. */
export interface UndoableKlondikeModel extends KlondikeModel {
  /** Whether a move has been made since `startGame` that was not undone yet. */
  canUndo(): boolean;
  /** Restores the state before the last successful move; IllegalStateError when there is none. */
  undo(): void;
}
