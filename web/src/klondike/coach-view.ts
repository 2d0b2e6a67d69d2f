/**
 * The Klondike page's coach, its pure part (no JSX, unit-tested in Node): which of the moves were the
 * person's decisions, what names a rating, and a rated move in the page's words (the game module's:
 * src/games/klondike/coach-text.ts and words.ts, piles counted from 1).
 */
import { sameMove, type Rating } from '../../../src/games/klondike/coach.js';
import { coachSeed, hasChoice } from '../../../src/games/klondike/coach-text.js';
import { ENGINE_STATE, type KlondikeState } from '../../../src/games/klondike/engine.js';
import type { KlondikeMove } from '../../../src/games/klondike/moves.js';
import { planFinish } from '../../../src/games/klondike/progress.js';
import { lowerFirst, moveWords } from '../../../src/games/klondike/words.js';
import { dealOf, moveToken, movesToText, tryMove, type DealSpec } from './model.js';

/** A move the person chose among others: its index in the game, the position before it, and what the coach is asked. */
export interface Decision {
  readonly index: number;
  readonly move: KlondikeMove;
  /** The position before the move (a copy: the coach's words read it). */
  readonly state: KlondikeState;
  /** The moves before it, as the address writes them. */
  readonly before: string;
  readonly seed: number;
}

/** The deal's seed as the coach takes it: a pasted deal is rated from 0, as the terminal rates a deal read from a file. */
export function coachDealSeed(deal: DealSpec): number {
  return deal.order === null ? deal.seed : 0;
}

/**
 * The person's decisions among `moves` on `deal`: the moves made where more than one move changed
 * something, those in `skipped` (made by the page: the finish) left out.
 */
export function decisionsOf(deal: DealSpec, moves: readonly KlondikeMove[], skipped: ReadonlySet<number>): Decision[] {
  const model = dealOf(deal);
  const decisions: Decision[] = [];
  moves.forEach((move, index) => {
    const state = model[ENGINE_STATE]();
    if (!skipped.has(index) && hasChoice(state)) {
      decisions.push({ index, move, state: state.clone(), before: movesToText(moves.slice(0, index)), seed: coachSeed(coachDealSeed(deal), state.moves) });
    }
    if (tryMove(model, move) !== null) throw new RangeError(`Move ${String(index + 1)} (${moveToken(move)}) is not legal on this deal`);
  });
  return decisions;
}

/**
 * The moves of an address the finish would have made by itself: those made once every card was face
 * up and the finish could win from there (`planFinish`; under the standard rules it may not, and the
 * person plays on), when the finish is on. The page does not keep who made a move in the address, so
 * a game reopened from it leaves these out of the coach's decisions as the page did when they were made.
 */
export function finishedByItself(deal: DealSpec, moves: readonly KlondikeMove[], autoFinish: boolean): Set<number> {
  const skipped = new Set<number>();
  if (!autoFinish) return skipped;
  const model = dealOf(deal);
  moves.forEach((move, index) => {
    if (planFinish(model)?.stop === null) skipped.add(index);
    tryMove(model, move);
  });
  return skipped;
}

/** The name of a position's ratings: the deal (`dealId`, its rule set included) and the moves before it; with `move`, that move's rating alone. */
export function ratingKey(dealId: string, before: string, move: KlondikeMove | null = null): string {
  return `${dealId}|${before}${move === null ? '' : `|${moveToken(move)}`}`;
}

/**
 * The rating of `move` among a position's ratings (`every`: every candidate's, `alone`: the move's
 * own, asked for when it is no candidate); undefined while not known, null when the coach failed.
 */
export function ratingOf(every: readonly Rating[] | null | undefined, alone: readonly Rating[] | null | undefined, move: KlondikeMove): Rating | null | undefined {
  if (every == null) return every;
  const found = every.find((rating) => sameMove(rating.moves[rating.chosen]!.move, move));
  if (found !== undefined) return found;
  return alone == null ? alone : (alone[0] ?? null);
}

/** `Move 12, move 7♣ from pile 3 onto 8♡ (pile 5)`: a decision as the coach names it (`index` from 0). */
export function decisionWhat(index: number, state: KlondikeState, move: KlondikeMove): string {
  return `Move ${String(index + 1)}, ${lowerFirst(moveWords(state, move))}`;
}
