/**
 * The ConnectFwar page's coach, pure: which decision the coach should rate next, and what the
 * panel and the summary show. The coach itself (games/connect-fwar/coach.ts) rates and words.
 */
import { judgementText, moveWords, summarize, type Rating } from '../../../src/games/connect-fwar/coach.js';
import { ruleCitation, tallyLine } from '../../../src/core/coach.js';
import { COLUMNS, DISCARD } from '../../../src/games/connect-fwar/rules.js';
import type { CoachChoice } from '../coach/Panel.js';
import { moveChar } from './model.js';

/** The coach's ratings, by deal, the moves before the decision and the move rated. */
export type RatingCache = ReadonlyMap<string, Rating>;

/** A decision: `move` played after `before` moves of deal `seed`. */
export interface Decision {
  readonly before: readonly number[];
  readonly move: number;
}

export function ratingKey(seed: number, decision: Decision): string {
  return `${String(seed)}:${decision.before.map(moveChar).join('')}:${moveChar(decision.move)}`;
}

/** The decision the coach should rate next, or null: a training warning's first, then the latest decision, then the earlier ones, latest first. */
export function nextToRate(seed: number, moves: readonly number[], cache: RatingCache, warning: Decision | null): Decision | null {
  const decisions = moves.map((move, index) => ({ before: moves.slice(0, index), move })).reverse();
  return [...(warning === null ? [] : [warning]), ...decisions].find((decision) => !cache.has(ratingKey(seed, decision))) ?? null;
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
