/**
 * Questions a solitaire player asks that are not rules: can anything still help, and can the rest
 * be played for me? Both read the one engine (`KlondikeState`) and apply its moves, so they follow
 * the rules of rules.ts without restating them.
 *
 * Progress. Two kinds of move can never be taken back and always change the game for good: a card
 * to a foundation (cards never leave one) and a face-down card turned up. Every other move (turning
 * the draw pile, a stock card onto a pile, shifting face-up runs) keeps the foundations and the
 * face-down cards as they are. So a position can still change for the better exactly when some
 * position reachable by those other moves offers one of the two; when none does, no sequence of moves
 * can ever raise the score or show another card: the player is stuck, whatever they try (loops of
 * builds moved back and forth, stock cards played onto piles, the draw pile turned forever).
 */
import { encodeMove, KlondikeState } from './engine.js';
import type { KlondikeModel } from './model.js';
import { engineStateOf, type KlondikeMove } from './moves.js';
import { canFoundOn, NONE, VALUE } from './rules.js';
import { searchByUndo } from './search-by-undo.js';

/** The engine state itself, or the one behind a model over the engine (`engineStateOf`). */
function engineOf(model: KlondikeModel | KlondikeState): KlondikeState {
  return model instanceof KlondikeState ? model : engineStateOf(model);
}

/** A position's identity inside the search: piles with their face-down counts, then the draw pile from its front (and the standard rules' waste, passes and foundations). */
function positionKey(state: KlondikeState): string {
  const { piles, rows, stockSize } = state.config;
  let key = '';
  for (let p = 0; p < piles; p++) {
    key += String.fromCharCode(65 + state.hidden[p]!);
    for (let r = 0; r < state.heights[p]!; r++) key += String.fromCharCode(97 + state.cells[p * rows + r]!);
    key += '|';
  }
  for (let i = 0; i < state.queueLength; i++) key += String.fromCharCode(97 + state.queue[(state.head + i) % stockSize]!);
  // The standard rules turn the stock without reordering the queue: the waste's size (and the passes
  // used, and the foundations, which a card may leave) tell those positions apart.
  if (state.config.standardRules) key += `/${String(state.waste)}/${String(state.recycles)}/${Array.from(state.foundation, (top) => String.fromCharCode(98 + top)).join('')}`;
  return key;
}

/**
 * Whether some sequence of moves can still put a card on a foundation or turn a face-down card up
 * (see the header). False means the player is stuck: nothing can ever help. The search over the
 * other moves stops after `maxPositions` positions and then answers true (it never calls a position
 * stuck without having seen every position reachable). The position is not changed. Meant for the
 * model's game, which has no idle limit: under an engine's idle limit the game itself may end first.
 */
export function canStillProgress(model: KlondikeModel | KlondikeState, maxPositions = 20_000): boolean {
  const state = engineOf(model).clone();
  if (state.currentPlayer() !== 0) return false;
  const { foundations, piles } = state.config;
  const seen = new Set<string>([positionKey(state)]);
  const hiddenAtStart = Array.from(state.hidden);
  const turnedUp = (): boolean => state.hidden.some((h, p) => h !== hiddenAtStart[p]);
  const foundationMoveLegal = (): boolean => {
    const draw = state.drawCard();
    for (let f = 0; f < foundations; f++) {
      if (draw !== NONE && canFoundOn(draw, state.foundation[f]!)) return true;
      for (let p = 0; p < piles; p++) {
        const last = state.lastCard(p);
        if (last !== NONE && canFoundOn(last, state.foundation[f]!)) return true;
      }
    }
    return false;
  };
  // Foundation moves are never among the moves tried: a position offering one ends the search (true).
  const buffer = new Int32Array(state.config.numActions);
  const movesHere = (): number[] => (state.currentPlayer() === 0 ? Array.from(buffer.subarray(0, state.legalActions(buffer))) : []);
  if (foundationMoveLegal()) return true;
  return searchByUndo(state, movesHere(), () => {
    if (turnedUp() || foundationMoveLegal()) return 'found';
    const key = positionKey(state);
    if (seen.has(key)) return 'seen';
    seen.add(key);
    // Past the budget the answer is true: a position is never called stuck unsearched.
    if (seen.size > maxPositions) return 'found';
    return movesHere();
  });
}

/** Whether every card of the piles is face up (the stock may still hold cards). */
export function allFaceUp(model: KlondikeModel | KlondikeState): boolean {
  return engineOf(model).hidden.every((h) => h === 0);
}

/**
 * The next move of an automatic finish, once every pile card is face up (else null; null too when
 * the game is won). Then each pile is one build falling from its first card, so its last card is
 * its lowest; the lowest card not yet on a foundation is therefore always a pile's last card or a
 * stock card, and its foundation takes it (all lower cards of its suit are up already). Under the
 * assignment's rules a discard brings any stock card to the front, so foundation moves alone, with
 * discards, always finish the game: this returns a foundation move when one is legal, else a
 * discard. Under the standard rules that argument fails (see `planFinish`).
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
  // Under the standard rules the waste may be empty while the stock is not: the stock is turned then.
  return state.queueLength === 0 ? null : { kind: 'discardDraw' };
}

/**
 * Why the automatic finish cannot play every card (standard rules): `passes`, it needs another pass
 * through the stock and none is left; `waste`, the card it needs next never comes to the top of the
 * waste (drawing three, the same groups of three come round on every pass).
 */
export type FinishStop = 'passes' | 'waste';

/** What the automatic finish would do from here: the moves that win, or where and why it stops. */
export interface FinishPlan {
  /** The finish's moves: all of them when it wins, else those it could make before it stopped. */
  readonly moves: readonly KlondikeMove[];
  /** Null when the moves win the game. */
  readonly stop: FinishStop | null;
}

/**
 * The automatic finish (`finishingMove` after `finishingMove`) played out on a copy of the position,
 * which is not changed; null while a pile card is face down or when the game is over, or ends
 * short of a win (an engine's idle limit; the page and the terminal have none). Under the
 * assignment's rules it always wins. Under the standard rules a discard may be refused (no pass
 * left), and drawing three the discards may go round and round without ever offering the card the
 * finish needs: the foundations gain nothing over a whole turn of the stock and the waste, so the
 * same states recur. Either way the plan says where it stops, and why, instead of playing on.
 */
export function planFinish(model: KlondikeModel | KlondikeState): FinishPlan | null {
  const state = engineOf(model).clone();
  if (!allFaceUp(state) || state.currentPlayer() !== 0) return null;
  const moves: KlondikeMove[] = [];
  // A turn of the stock and the waste takes at most queueLength + 1 discards; the first pass may start part way.
  const roundTrip = 2 * (state.queueLength + 2);
  let discardsInARow = 0;
  for (let move = finishingMove(state); move !== null; move = finishingMove(state)) {
    const action = encodeMove(state.config, move);
    if (!state.isLegalMove(action)) return { moves, stop: 'passes' };
    discardsInARow = move.kind === 'discardDraw' ? discardsInARow + 1 : 0;
    if (discardsInARow > roundTrip) return { moves: moves.slice(0, moves.length - roundTrip), stop: 'waste' };
    state.applyAction(action);
    moves.push(move);
  }
  // Short of a win only when the game itself ended (an engine's idle limit): no finish then either.
  return state.score === state.config.deckSize ? { moves, stop: null } : null;
}

/** Why the finish stops, in words that follow "the finish cannot play every card: ". */
export function finishStopWords(stop: FinishStop): string {
  return stop === 'passes' ? 'it needs another pass through the stock, and this pass is the last' : 'the card it needs next never comes to the top of the waste';
}

/** The sentence both front ends say when the finish cannot win; each adds how to take moves back there. */
export function finishStopSentence(stop: FinishStop): string {
  return `Every card is face up, but the finish cannot play every card: ${finishStopWords(stop)}. Play on by hand`;
}
