/**
 * The ConnectFwar page's coach, pure: which decision the coach should rate next, and what the
 * panel and the summary show. The coach itself (games/connect-fwar/coach.ts) rates and words.
 */
import { judgementText, moveWords, summarize, type Rating } from '../../../src/games/connect-fwar/coach.js';
import { ruleCitation, tallyLine } from '../../../src/core/coach.js';
import { COLUMNS, DISCARD } from '../../../src/games/connect-fwar/rules.js';
import type { CoachChoice } from '../coach/Panel.js';
import { moveChar } from './model.js';

/** The coach's ratings of every move a card had, by the deal and the moves before it (see positionKey). */
export type RatingCache = ReadonlyMap<string, readonly Rating[]>;

/** A decision: `move` played after `before` moves of the deal. */
export interface Decision {
  readonly before: readonly number[];
  readonly move: number;
}

/** The position after `before` moves of deal `seed`, as the cache keys it: `5:2d1`. */
export function positionKey(seed: number, before: readonly number[]): string {
  return `${String(seed)}:${before.map(moveChar).join('')}`;
}

/** The coach's rating of a decision, or null while its position is not rated. */
export function ratingOf(cache: RatingCache, seed: number, decision: Decision): Rating | null {
  return cache.get(positionKey(seed, decision.before))?.find((rating) => rating.chosen === decision.move) ?? null;
}

/**
 * The position (the moves before it) whose moves the coach should rate next, or null: the latest
 * decision's, then the card in hand (rated while the person thinks, so that the rating of their
 * move, or training's warning, is there at once), then the earlier decisions', latest first.
 */
export function nextToRate(seed: number, moves: readonly number[], cache: RatingCache, cardInHand: boolean): readonly number[] | null {
  const before = moves.map((_, index) => moves.slice(0, index)).reverse();
  const wanted = [...before.slice(0, 1), ...(cardInHand ? [moves] : []), ...before.slice(1)];
  return wanted.find((position) => !cache.has(positionKey(seed, position))) ?? null;
}

/** `Card 4, column 2`: a decision as the panel and the summary name it. */
export function decisionName(index: number, move: number): string {
  return `Card ${String(index + 1)}, ${moveWords(move)}`;
}

/** Every move the card had, with its expected final score; the choice and the best marked. */
export function fwarChoices(rating: Rating): CoachChoice[] {
  return [...Array.from({ length: COLUMNS }, (_, col) => col), DISCARD]
    .filter((move) => rating.values[move] !== null && rating.values[move] !== undefined)
    .map((move) => ({
      name: move === DISCARD ? 'Discard' : `Column ${String(move + 1)}`,
      value: rating.values[move]!.toFixed(1),
      words: '',
      chosen: move === rating.chosen,
      best: move === rating.best,
    }));
}

/** The summary of a deal's rated decisions (index: the decision's place in the deal). */
export function fwarSummary(ratings: readonly Rating[]): { line: string; costliest: { index: number; what: string; rule: string }[] } {
  const summary = summarize(ratings);
  return {
    line: tallyLine('', summary, `cost ${summary.totalCost.toFixed(2)} expected points`),
    costliest: summary.costliest.map(({ index, rating }) => ({ index, what: `${decisionName(index, rating.chosen)}: ${judgementText(rating)}`, rule: ruleCitation(rating.rule) })),
  };
}

export { judgementText, moveWords };
