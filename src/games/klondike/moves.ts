/**
 * Moves as values, for the terminal, hints, tests and solvers over any KlondikeModel: enumerate the
 * legal moves of a position (from the public queries only, so nothing face-down is used), apply one,
 * and pick a hint.
 */
import type { Card } from './card.js';
import type { KlondikeModel } from './model.js';
import { canBuildOn, canFoundOn } from './rules.js';

export type KlondikeMove =
  | { readonly kind: 'movePile'; readonly src: number; readonly count: number; readonly dest: number }
  | { readonly kind: 'moveDraw'; readonly dest: number }
  | { readonly kind: 'moveToFoundation'; readonly src: number; readonly foundation: number }
  | { readonly kind: 'moveDrawToFoundation'; readonly foundation: number }
  | { readonly kind: 'discardDraw' };

/** Performs `move` on `model` (throwing the model's error if it is not legal). */
export function applyMove(model: KlondikeModel, move: KlondikeMove): void {
  switch (move.kind) {
    case 'movePile':
      model.movePile(move.src, move.count, move.dest);
      return;
    case 'moveDraw':
      model.moveDraw(move.dest);
      return;
    case 'moveToFoundation':
      model.moveToFoundation(move.src, move.foundation);
      return;
    case 'moveDrawToFoundation':
      model.moveDrawToFoundation(move.foundation);
      return;
    case 'discardDraw':
      model.discardDraw();
      return;
  }
}

function lastCard(model: KlondikeModel, pile: number): Card | null {
  const height = model.getPileHeight(pile);
  return height === 0 ? null : model.getCardAt(pile, height - 1);
}

/**
 * Every legal move of a started model, in a fixed order: pile to foundation, draw to foundation,
 * pile to pile, draw to pile, discard. The foundations a card fits are interchangeable (empty ones
 * for an Ace, equal tops otherwise); only the first is listed when `distinctOnly` is set.
 */
export function legalMoves(model: KlondikeModel, distinctOnly = false): KlondikeMove[] {
  return Array.from(eachLegalMove(model, distinctOnly));
}

/**
 * Whether some `moveToFoundation` or `movePile` is legal: the half of `isGameOver` that looks at the
 * cascade. It stops at the first such move, so a model can afford to ask it after every move.
 */
export function hasPileMove(model: KlondikeModel): boolean {
  for (const move of eachLegalMove(model, true)) {
    if (move.kind === 'moveToFoundation' || move.kind === 'movePile') return true;
  }
  return false;
}

/**
 * The one move search behind `legalMoves`, `hasPileMove` (hence `isGameOver`) and the hints, so
 * they cannot disagree. Lazy: each move is found only when asked for, in `legalMoves`' order.
 */
export function* eachLegalMove(model: KlondikeModel, distinctOnly = false): Generator<KlondikeMove, void, undefined> {
  const piles = model.getNumPiles();
  const tops: (Card | null)[] = [];
  for (let f = 0; f < model.getNumFoundations(); f++) tops.push(model.getCardAt(f));
  const lasts = Array.from({ length: piles }, (_, p) => lastCard(model, p));
  const draw = model.getDrawCards()[0] ?? null;

  function* toFoundations(card: Card): Generator<number, void, undefined> {
    for (let f = 0; f < tops.length; f++) {
      if (!canFoundOn(card, tops[f]!)) continue;
      yield f;
      // Foundations a card fits are interchangeable (all empty for an Ace; the same top otherwise).
      if (distinctOnly) return;
    }
  }
  for (let src = 0; src < piles; src++) {
    const card = lasts[src];
    if (card) for (const foundation of toFoundations(card)) yield { kind: 'moveToFoundation', src, foundation };
  }
  if (draw) for (const foundation of toFoundations(draw)) yield { kind: 'moveDrawToFoundation', foundation };
  for (let src = 0; src < piles; src++) {
    const height = model.getPileHeight(src);
    for (let row = height - 1; row >= 0 && model.isCardVisible(src, row); row--) {
      const card = model.getCardAt(src, row);
      for (let dest = 0; dest < piles; dest++) {
        if (dest !== src && canBuildOn(card, lasts[dest]!)) yield { kind: 'movePile', src, count: height - row, dest };
      }
    }
  }
  if (draw) {
    for (let dest = 0; dest < piles; dest++) if (canBuildOn(draw, lasts[dest]!)) yield { kind: 'moveDraw', dest };
    yield { kind: 'discardDraw' };
  }
}

/**
 * Whether `move` leaves the position as it was: a whole pile (face-up from row 0, so a King-led
 * build) moved onto an empty pile only trades one empty pile for another. Repeating it sends a
 * player back and forth, so a hint never offers it.
 */
export function isNoOpMove(model: KlondikeModel, move: KlondikeMove): boolean {
  return move.kind === 'movePile' && move.count === model.getPileHeight(move.src) && model.getPileHeight(move.dest) === 0;
}

/**
 * A hint: the most useful-looking legal move by a simple priority (to a foundation; a pile move that
 * turns up a face-down card; a draw card onto a pile; a discard; any other pile move), or null when
 * no legal move changes anything (moves that only swap empty piles, `isNoOpMove`, are left out).
 */
export function hint(model: KlondikeModel): KlondikeMove | null {
  const rank = (move: KlondikeMove): number => {
    switch (move.kind) {
      case 'moveToFoundation':
      case 'moveDrawToFoundation':
        return 0;
      case 'movePile': {
        const from = model.getPileHeight(move.src) - move.count;
        return from > 0 && !model.isCardVisible(move.src, from - 1) ? 1 : 4;
      }
      case 'moveDraw':
        return 2;
      case 'discardDraw':
        return 3;
    }
  };
  let best: KlondikeMove | null = null;
  for (const move of eachLegalMove(model, true)) {
    if (!isNoOpMove(model, move) && (best === null || rank(move) < rank(best))) best = move;
  }
  return best;
}
