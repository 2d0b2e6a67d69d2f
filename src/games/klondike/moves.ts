/**
 * Moves as values, for the terminal, hints, tests and solvers over the spec's model: list the legal
 * moves of a position, apply one, and pick a hint. The moves come from the engine's one move
 * generator (`KlondikeState.legalActions`), so the model, the lab and the hints cannot disagree;
 * it looks at face-up cards and the draw window only.
 */
import { decodeAction, ENGINE_STATE, MoveRank, type KlondikeState } from './engine.js';
import { IllegalArgumentError } from './errors.js';
import type { KlondikeModel } from './model.js';

export type KlondikeMove =
  | { readonly kind: 'movePile'; readonly src: number; readonly count: number; readonly dest: number }
  | { readonly kind: 'moveDraw'; readonly dest: number }
  | { readonly kind: 'moveToFoundation'; readonly src: number; readonly foundation: number }
  | { readonly kind: 'moveDrawToFoundation'; readonly foundation: number }
  | { readonly kind: 'discardDraw' }
  /** Standard rules only: a foundation's top card back onto a pile. */
  | { readonly kind: 'moveFoundationToPile'; readonly foundation: number; readonly dest: number };

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
    case 'moveFoundationToPile': {
      const standard = model as Partial<{ moveFoundationToPile(foundation: number, dest: number): void }>;
      if (typeof standard.moveFoundationToPile !== 'function') throw new IllegalArgumentError("A card comes back from a foundation under the standard rules only, not the assignment's model");
      standard.moveFoundationToPile(move.foundation, move.dest);
      return;
    }
  }
}

/**
 * The engine state of a started model. Models are faces over the engine (`BasicKlondike`); a model
 * without one cannot be searched for moves (IllegalArgumentError). Not started: the model's
 * IllegalStateError.
 */
export function engineStateOf(model: KlondikeModel): KlondikeState {
  const withState = model as Partial<Record<typeof ENGINE_STATE, () => KlondikeState>>;
  const get = withState[ENGINE_STATE];
  if (typeof get !== 'function') throw new IllegalArgumentError('Moves can be listed for models over the Klondike engine (BasicKlondike) only');
  return get.call(model);
}

/** Sort key of `legalMoves`' order: pile→foundation, draw→foundation, pile→pile, draw→pile, discard. */
function orderKey(move: KlondikeMove): number {
  switch (move.kind) {
    case 'moveToFoundation':
      return (0 * 4096 + move.src) * 4096 + move.foundation;
    case 'moveDrawToFoundation':
      return 1 * 4096 * 4096 + move.foundation;
    case 'movePile':
      return ((2 * 4096 + move.src) * 16 + move.count) * 4096 + move.dest;
    case 'moveDraw':
      return 3 * 4096 * 4096 * 16 + move.dest;
    case 'discardDraw':
      return 4 * 4096 * 4096 * 16;
    case 'moveFoundationToPile':
      return 5 * 4096 * 4096 * 16 + move.foundation * 4096 + move.dest;
  }
}

/** The engine's legal actions as moves, in `legalMoves`' order (with `distinctOnly`, one foundation per card). */
export function legalMovesOfState(state: KlondikeState, distinctOnly: boolean): { move: KlondikeMove; action: number }[] {
  const buffer = new Int32Array(state.config.numActions);
  const count = state.currentPlayer() === 0 ? state.legalActions(buffer) : 0;
  const moves: { move: KlondikeMove; action: number; key: number }[] = [];
  const seenCard = new Set<string>();
  for (let i = 0; i < count; i++) {
    const action = buffer[i]!;
    const move = decodeAction(state.config, action);
    if (distinctOnly && (move.kind === 'moveToFoundation' || move.kind === 'moveDrawToFoundation')) {
      // Foundations a card fits are interchangeable (all empty for an Ace; the same top otherwise).
      const from = move.kind === 'moveToFoundation' ? `p${String(move.src)}` : 'd';
      if (seenCard.has(from)) continue;
      seenCard.add(from);
    }
    moves.push({ move, action, key: orderKey(move) });
  }
  return moves.sort((a, b) => a.key - b.key);
}

/**
 * Every legal move of a started model, in a fixed order: pile to foundation, draw to foundation,
 * pile to pile, draw to pile, discard. The foundations a card fits are interchangeable (empty ones
 * for an Ace, equal tops otherwise); only the first is listed when `distinctOnly` is set.
 */
export function legalMoves(model: KlondikeModel, distinctOnly = false): KlondikeMove[] {
  return legalMovesOfState(engineStateOf(model), distinctOnly).map(({ move }) => move);
}

/** Whether some `moveToFoundation` or `movePile` is legal: the half of `isGameOver` that looks at the cascade. */
export function hasPileMove(model: KlondikeModel): boolean {
  return legalMovesOfState(engineStateOf(model), true).some(({ move }) => move.kind === 'moveToFoundation' || move.kind === 'movePile');
}

/** The moves of `legalMoves`, one at a time, in the same order. */
export function* eachLegalMove(model: KlondikeModel, distinctOnly = false): Generator<KlondikeMove, void, undefined> {
  yield* legalMoves(model, distinctOnly);
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
 * A hint: the most useful-looking legal move by the priority the `greedy` agent uses too (to a
 * foundation; a pile move that turns up a face-down card; a draw card onto a pile; a discard; any
 * other pile move), the first in `legalMoves`' order among equals; null when no legal move changes
 * anything (moves that only swap empty piles, `isNoOpMove`, are left out).
 */
export function hint(model: KlondikeModel): KlondikeMove | null {
  const state = engineStateOf(model);
  let best: KlondikeMove | null = null;
  let bestRank = MoveRank.OtherPileMove + 1;
  for (const { move, action } of legalMovesOfState(state, true)) {
    const rank = state.rankMove(action);
    if (rank < bestRank && !isNoOpMove(model, move)) {
      best = move;
      bestRank = rank;
    }
  }
  return best;
}
