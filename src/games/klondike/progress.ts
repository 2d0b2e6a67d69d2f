/**
 * Questions a solitaire player asks that are not rules: can anything still help, and can the rest
 * be played for me? Both read the one engine (`KlondikeState`) and apply its moves, so they follow
 * the rules of rules.ts without restating them.
 *
 * Progress. Three kinds of move can never be taken back: a card to a foundation (cards never leave
 * one), a stock card played (cards never return to the stock) and a face-down card turned up. Every
 * other move shifts face-up runs between piles, and the set of positions such shifts reach is closed
 * (it changes neither the foundations nor the stock nor the face-down cards). So a position can still
 * change for the better exactly when some position of that closed set offers one of the three; when
 * none does, no sequence of moves can ever raise the score or show another card: the player is stuck.
 */
import { ENGINE_STATE, type KlondikeState } from './engine.js';
import type { KlondikeModel } from './model.js';
import type { KlondikeMove } from './moves.js';
import { canBuildOn, canFoundOn, NONE, VALUE } from './rules.js';

/** The engine state behind a model over the engine (`BasicKlondike`), as moves.ts reads it. */
function engineOf(model: KlondikeModel | KlondikeState): KlondikeState {
  const withState = model as Partial<Record<typeof ENGINE_STATE, () => KlondikeState>>;
  const get = withState[ENGINE_STATE];
  return typeof get === 'function' ? get.call(model) : (model as KlondikeState);
}

/** Whether some stock card could be played now (after enough discards): onto a foundation or a pile. */
function stockCardFits(state: KlondikeState): boolean {
  const { stockSize, piles, foundations } = state.config;
  for (let i = 0; i < state.queueLength; i++) {
    const c = state.queue[(state.head + i) % stockSize]!;
    for (let f = 0; f < foundations; f++) if (canFoundOn(c, state.foundation[f]!)) return true;
    for (let p = 0; p < piles; p++) if (canBuildOn(c, state.lastCard(p))) return true;
  }
  return false;
}

/** The pile part of a position (cells and face-down counts): equal keys, equal cascades. */
function cascadeKey(state: KlondikeState): string {
  const { piles, rows } = state.config;
  let key = '';
  for (let p = 0; p < piles; p++) {
    key += String.fromCharCode(65 + state.hidden[p]!);
    for (let r = 0; r < state.heights[p]!; r++) key += String.fromCharCode(97 + state.cells[p * rows + r]!);
    key += '|';
  }
  return key;
}

/**
 * Whether some sequence of moves can still put a card on a foundation, play a stock card or turn a
 * face-down card up (see the header). False means the player is stuck: nothing can ever help. The
 * search over shifts of face-up runs stops after `maxPositions` positions and then answers true (it
 * never calls a position stuck without having seen the whole set). The position is not changed.
 */
export function canStillProgress(model: KlondikeModel | KlondikeState, maxPositions = 20_000): boolean {
  const state = engineOf(model).clone();
  if (state.currentPlayer() !== 0) return false;
  const { piles, foundations } = state.config;
  const seen = new Set<string>();
  const buffer = new Int32Array(state.config.numActions);
  // Pile shifts inside the closed set never turn a card up, so the face-down counts stay these.
  const hiddenAtStart = Array.from(state.hidden);
  // Depth-first over the closed set, applying and undoing the engine's own pile moves.
  const visit = (): boolean => {
    if (stockCardFits(state)) return true;
    for (let p = 0; p < piles; p++) {
      const last = state.lastCard(p);
      if (last === NONE) continue;
      for (let f = 0; f < foundations; f++) if (canFoundOn(last, state.foundation[f]!)) return true;
    }
    seen.add(cascadeKey(state));
    if (seen.size > maxPositions) return true;
    const count = state.currentPlayer() === 0 ? state.legalActions(buffer) : 0;
    const actions = Array.from(buffer.subarray(0, count)).filter((a) => a >= state.config.movePileBase);
    for (const action of actions) {
      state.applyAction(action);
      const turnedUp = state.hidden.some((h, p) => h !== hiddenAtStart[p]);
      if (turnedUp) {
        state.undo();
        return true;
      }
      const fresh = !seen.has(cascadeKey(state));
      const found = fresh && visit();
      state.undo();
      if (found) return true;
    }
    return false;
  };
  return visit();
}

/** Whether every card of the piles is face up (the stock may still hold cards). */
export function allFaceUp(model: KlondikeModel | KlondikeState): boolean {
  return engineOf(model).hidden.every((h) => h === 0);
}

/**
 * The next move of an automatic finish, once every pile card is face up (else null; null too when
 * the game is won). Then each pile is one build falling from its first card, so its last card is
 * its lowest; the lowest card not yet on a foundation is therefore always a pile's last card or a
 * stock card, and its foundation takes it (all lower cards of its suit are up already). Hence
 * foundation moves alone, with discards to bring stock cards forward, always finish the game: this
 * returns a foundation move when one is legal, else a discard.
 */
export function finishingMove(model: KlondikeModel | KlondikeState): KlondikeMove | null {
  const state = engineOf(model);
  if (!allFaceUp(state) || state.currentPlayer() !== 0) return null;
  const { piles, foundations } = state.config;
  const fits = (c: number): number => {
    for (let f = 0; f < foundations; f++) if (canFoundOn(c, state.foundation[f]!)) return f;
    return -1;
  };
  // The lowest card that may go up now, from a pile's end or the front of the stock.
  let best: KlondikeMove | null = null;
  let bestValue = Infinity;
  for (let p = 0; p < piles; p++) {
    const last = state.lastCard(p);
    if (last === NONE) continue;
    const f = fits(last);
    if (f >= 0 && VALUE[last]! < bestValue) {
      best = { kind: 'moveToFoundation', src: p, foundation: f };
      bestValue = VALUE[last]!;
    }
  }
  const draw = state.drawCard();
  if (draw !== NONE) {
    const f = fits(draw);
    if (f >= 0 && VALUE[draw]! < bestValue) best = { kind: 'moveDrawToFoundation', foundation: f };
  }
  if (best !== null) return best;
  return draw === NONE ? null : { kind: 'discardDraw' };
}
