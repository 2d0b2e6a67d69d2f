/**
 * BasicKlondike: the assignment's model, faithful to the spec (docs/klondike.md), as a face over the
 * one engine. It checks each call in the spec's order and with its errors, then applies the move to
 * a `KlondikeState` dealt from the (shuffled) deck; every query is answered by that state. So the
 * model, the lab and the views share one rule book, one move generator (`legalMoves`) and one view.
 *
 * Invariants (between calls): not started ⇔ `#state` is null; once started, `#state` is a fully
 * dealt state without an idle limit (the model's game ends only when no move is legal), and each
 * successful move is one engine action, so `undo` is the engine's exact undo.
 * Every method validates everything before changing anything, so a failed call changes nothing.
 */
import { plural } from '../../core/format.js';
import { shuffleInPlace, toRng, type Rng, type SeedLike } from '../../core/random.js';
import { Card, standardDeck } from './card.js';
import { encodeMove, ENGINE_STATE, KlondikeConfig, KlondikeState } from './engine.js';
import { IllegalArgumentError, IllegalStateError } from './errors.js';
import type { UndoableKlondikeModel } from './model.js';
import { canBuildOn, canFoundOn, deckProblem, NONE } from './rules.js';

export { deckProblem } from './rules.js';

export class BasicKlondike implements UndoableKlondikeModel {
  readonly #rng: Rng;
  #state: KlondikeState | null = null;

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
    if (this.#state !== null) throw new IllegalStateError('The game has already started');
    if (deck === null || deck === undefined) throw new IllegalArgumentError('The deck is missing');
    const problem = deckProblem(deck);
    if (problem !== null) throw new IllegalArgumentError(`Invalid deck: ${problem}`);
    if (!Number.isInteger(numPiles) || numPiles <= 0) throw new IllegalArgumentError(`The number of piles must be a positive integer, got ${String(numPiles)}`);
    if (!Number.isInteger(numDraw) || numDraw <= 0) throw new IllegalArgumentError(`The number of draw cards must be a positive integer, got ${String(numDraw)}`);
    // The most piles the deck fills (p·(p+1)/2 <= n) is what the message offers; the cards the piles
    // need are named only while that count is exact and readable (9007199254740991 piles would
    // "need" 4.0564819207303336e+31 cards).
    const maxPiles = Math.floor((Math.sqrt(8 * deck.length + 1) - 1) / 2);
    if (numPiles > maxPiles) {
      const need = numPiles < 2 ** 20 ? `, which need ${plural((numPiles * (numPiles + 1)) / 2, 'card')}` : '';
      throw new IllegalArgumentError(
        `Cannot deal ${plural(numPiles, 'pile')}${need}: the deck has ${plural(deck.length, 'card')}, enough for at most ${plural(maxPiles, 'pile')}`,
      );
    }
    const cards = deck.slice(); // the caller's array is never modified nor kept
    if (shuffle) shuffleInPlace(cards, this.#rng);
    const config = new KlondikeConfig({ piles: numPiles, draw: numDraw, idleLimit: Infinity, deck: cards });
    this.#state = KlondikeState.fromDeck(
      config,
      cards.map((card) => card.index),
    );
  }

  movePile(srcPile: number, numCards: number, destPile: number): void {
    const state = this.#started();
    state.checkPile(srcPile, 'source pile');
    state.checkPile(destPile, 'destination pile');
    if (srcPile === destPile) throw new IllegalArgumentError('The source and destination piles are the same');
    const height = state.heights[srcPile]!;
    if (!Number.isInteger(numCards) || numCards <= 0 || numCards > height) {
      throw new IllegalArgumentError(`Cannot move ${plural(numCards, 'card')} from pile ${String(srcPile)}, which holds ${plural(height, 'card')}`);
    }
    if (numCards > state.faceUp(srcPile)) throw new IllegalStateError('The cards to move include a face-down card');
    const first = state.cells[srcPile * state.config.rows + height - numCards]!;
    const onto = state.lastCard(destPile);
    if (!canBuildOn(first, onto)) throw new IllegalStateError(buildRefusal(first, onto));
    state.applyAction(encodeMove(state.config, { kind: 'movePile', src: srcPile, count: numCards, dest: destPile }));
  }

  moveDraw(destPile: number): void {
    const state = this.#started();
    state.checkPile(destPile, 'destination pile');
    const card = this.#firstDraw(state);
    const onto = state.lastCard(destPile);
    if (!canBuildOn(card, onto)) throw new IllegalStateError(buildRefusal(card, onto));
    state.applyAction(encodeMove(state.config, { kind: 'moveDraw', dest: destPile }));
  }

  moveToFoundation(srcPile: number, foundationPile: number): void {
    const state = this.#started();
    state.checkPile(srcPile, 'source pile');
    state.checkFoundation(foundationPile);
    const card = state.lastCard(srcPile);
    if (card === NONE) throw new IllegalStateError(`Pile ${String(srcPile)} is empty`);
    const top = state.foundation[foundationPile]!;
    if (!canFoundOn(card, top)) throw new IllegalStateError(foundationRefusal(card, top));
    state.applyAction(encodeMove(state.config, { kind: 'moveToFoundation', src: srcPile, foundation: foundationPile }));
  }

  moveDrawToFoundation(foundationPile: number): void {
    const state = this.#started();
    state.checkFoundation(foundationPile);
    const card = this.#firstDraw(state);
    const top = state.foundation[foundationPile]!;
    if (!canFoundOn(card, top)) throw new IllegalStateError(foundationRefusal(card, top));
    state.applyAction(encodeMove(state.config, { kind: 'moveDrawToFoundation', foundation: foundationPile }));
  }

  discardDraw(): void {
    const state = this.#started();
    this.#firstDraw(state);
    state.applyAction(encodeMove(state.config, { kind: 'discardDraw' }));
  }

  canUndo(): boolean {
    return this.#state !== null && this.#state.canUndo();
  }

  undo(): void {
    const state = this.#started();
    if (!state.canUndo()) throw new IllegalStateError('There is no move to undo');
    state.undo();
  }

  getNumRows(): number {
    return this.#started().getNumRows();
  }

  getNumPiles(): number {
    return this.#started().getNumPiles();
  }

  getNumDraw(): number {
    return this.#started().getNumDraw();
  }

  getNumFoundations(): number {
    return this.#started().getNumFoundations();
  }

  getPileHeight(pileNum: number): number {
    return this.#started().getPileHeight(pileNum);
  }

  isCardVisible(pileNum: number, card: number): boolean {
    return this.#started().isCardVisible(pileNum, card);
  }

  getCardAt(pileNum: number, card: number): Card;
  getCardAt(foundationPile: number): Card | null;
  getCardAt(pileOrFoundation: number, card?: number): Card | null {
    const state = this.#started();
    return card === undefined ? state.getCardAt(pileOrFoundation) : state.getCardAt(pileOrFoundation, card);
  }

  getDrawCards(): Card[] {
    return this.#started().getDrawCards();
  }

  getScore(): number {
    return this.#started().getScore();
  }

  isGameOver(): boolean {
    // The engine's move generator: no move at all is legal exactly when the draw pile is empty
    // (a discard is legal otherwise) and no pile or foundation move is.
    return !this.#started().hasLegalMove();
  }

  /** The engine state (moves.ts reads it to list moves with the one move generator). */
  [ENGINE_STATE](): KlondikeState {
    return this.#started();
  }

  #started(): KlondikeState {
    if (this.#state === null) throw new IllegalStateError('The game has not started');
    return this.#state;
  }

  #firstDraw(state: KlondikeState): number {
    const card = state.drawCard();
    if (card === NONE) throw new IllegalStateError('There are no draw cards');
    return card;
  }
}

function buildRefusal(card: number, onto: number): string {
  const name = Card.fromIndex(card).toString();
  if (onto === NONE) return `Only a King can go onto an empty pile, not ${name}`;
  return `${name} cannot go onto ${Card.fromIndex(onto).toString()} (it must be one lower and of the other colour)`;
}

function foundationRefusal(card: number, top: number): string {
  const name = Card.fromIndex(card).toString();
  if (top === NONE) return `Only an Ace can start a foundation, not ${name}`;
  return `${name} cannot go onto ${Card.fromIndex(top).toString()} in a foundation (it must be the same suit and one higher)`;
}
