/**
 * A model over an already dealt engine state of any rule set: the spec's model interface for the
 * terminal and the page when the rules are not the assignment's (`BasicKlondike` is the
 * assignment's model, exactly as the spec has it). Each move is checked against the engine's one
 * move generator (`isLegalMove`) and refused with IllegalStateError when it is not legal; bad
 * indices are IllegalArgumentError, as in the spec. Under the standard rules `discardDraw` turns the
 * stock (or the waste over) and `moveFoundationToPile` takes a foundation's top card back.
 */
import { Card, standardDeck } from './card.js';
import { encodeMove, ENGINE_STATE, type KlondikeState } from './engine.js';
import { IllegalStateError } from './errors.js';
import type { UndoableKlondikeModel } from './model.js';
import type { KlondikeMove } from './moves.js';

export class EngineKlondike implements UndoableKlondikeModel {
  readonly #state: KlondikeState;

  /** The model of `state`, a fully dealt position (it is played on, not copied). */
  constructor(state: KlondikeState) {
    if (state.dealt !== state.config.deckSize) throw new RangeError('EngineKlondike needs a fully dealt position');
    this.#state = state;
  }

  getDeck(): Card[] {
    return standardDeck();
  }

  startGame(): void {
    throw new IllegalStateError('The game has already started');
  }

  #play(move: KlondikeMove, what: string): void {
    const state = this.#state;
    if ('dest' in move) state.checkPile(move.dest, 'destination pile');
    if ('src' in move) state.checkPile(move.src, 'source pile');
    if ('foundation' in move) state.checkFoundation(move.foundation);
    let action: number;
    try {
      action = encodeMove(state.config, move);
    } catch {
      throw new IllegalStateError(`${what} is not a move of these rules`);
    }
    if (!state.isLegalMove(action)) throw new IllegalStateError(`${what} is not legal here`);
    state.applyAction(action);
  }

  movePile(srcPile: number, numCards: number, destPile: number): void {
    this.#play({ kind: 'movePile', src: srcPile, count: numCards, dest: destPile }, `Moving ${String(numCards)} cards from pile ${String(srcPile)} onto pile ${String(destPile)}`);
  }

  moveDraw(destPile: number): void {
    this.#play({ kind: 'moveDraw', dest: destPile }, `Moving the draw card onto pile ${String(destPile)}`);
  }

  moveToFoundation(srcPile: number, foundationPile: number): void {
    this.#play({ kind: 'moveToFoundation', src: srcPile, foundation: foundationPile }, `Moving the last card of pile ${String(srcPile)} to foundation ${String(foundationPile)}`);
  }

  moveDrawToFoundation(foundationPile: number): void {
    this.#play({ kind: 'moveDrawToFoundation', foundation: foundationPile }, `Moving the draw card to foundation ${String(foundationPile)}`);
  }

  discardDraw(): void {
    this.#play({ kind: 'discardDraw' }, this.#state.config.standardRules ? 'Turning the stock' : 'Discarding the draw card');
  }

  /** Standard rules: foundation `foundationPile`'s top card back onto pile `destPile`. */
  moveFoundationToPile(foundationPile: number, destPile: number): void {
    this.#play({ kind: 'moveFoundationToPile', foundation: foundationPile, dest: destPile }, `Moving the top card of foundation ${String(foundationPile)} onto pile ${String(destPile)}`);
  }

  canUndo(): boolean {
    return this.#state.canUndo();
  }

  undo(): void {
    if (!this.#state.canUndo()) throw new IllegalStateError('There is no move to undo');
    this.#state.undo();
  }

  getNumRows(): number {
    return this.#state.getNumRows();
  }

  getNumPiles(): number {
    return this.#state.getNumPiles();
  }

  getNumDraw(): number {
    return this.#state.getNumDraw();
  }

  getNumFoundations(): number {
    return this.#state.getNumFoundations();
  }

  getPileHeight(pileNum: number): number {
    return this.#state.getPileHeight(pileNum);
  }

  isCardVisible(pileNum: number, card: number): boolean {
    return this.#state.isCardVisible(pileNum, card);
  }

  getCardAt(pileNum: number, card: number): Card;
  getCardAt(foundationPile: number): Card | null;
  getCardAt(pileOrFoundation: number, card?: number): Card | null {
    return card === undefined ? this.#state.getCardAt(pileOrFoundation) : this.#state.getCardAt(pileOrFoundation, card);
  }

  getDrawCards(): Card[] {
    return this.#state.getDrawCards();
  }

  getScore(): number {
    return this.#state.getScore();
  }

  isGameOver(): boolean {
    return !this.#state.hasLegalMove();
  }

  [ENGINE_STATE](): KlondikeState {
    return this.#state;
  }
}
