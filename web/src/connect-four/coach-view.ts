/**
 * The Connect Four page's coach, pure: which positions the coach still needs scored, the ratings
 * of the people's decisions (the game module's `judge` on the worker's scores) and what the panel
 * and the summary show. The coach itself (games/connect-four/coach.ts) rates and words.
 */
import { costText, judge, judgementText, scoreText, summarize, type ColumnScore, type Rating } from '../../../src/games/connect-four/coach.js';
import { WIDTH } from '../../../src/games/connect-four/position.js';
import { ruleCitation, tallyLine } from '../../../src/core/coach.js';
import type { CoachChoice } from '../coach/Panel.js';
import { columnEntry, positionOf } from './model.js';

/** Every column's score of a position (null: full), as the worker computed it, keyed by the moves before it (1-based digits). */
export type ScoreCache = ReadonlyMap<string, readonly (ColumnScore | null)[]>;

export const movesText = (moves: readonly number[]): string => moves.map((column) => String(column + 1)).join('');

/** The moves (indices into `moves`) made by a person: those of a colour `isHuman` says a person plays (red moves first). */
export function humanDecisions(moves: readonly number[], isHuman: (red: boolean) => boolean): number[] {
  return moves.map((_, index) => index).filter((index) => isHuman(index % 2 === 0));
}

/**
 * The position the coach should score next, or null: first the one of a training warning, then
 * that of the latest decision, then the position the person is to play in (scored while they
 * think, so that the rating after their move is at once), then the earlier decisions, latest first.
 */
export function nextToScore(moves: readonly number[], decisions: readonly number[], cache: ScoreCache, personToMove: boolean, warningKey: string | null): string | null {
  const before = (index: number): string => movesText(moves.slice(0, index));
  const latest = decisions.length === 0 ? [] : [before(decisions[decisions.length - 1]!)];
  const wanted = [...(warningKey === null ? [] : [warningKey]), ...latest, ...(personToMove ? [movesText(moves)] : []), ...decisions.map(before).reverse()];
  return wanted.find((key) => !cache.has(key)) ?? null;
}

/** The rating of move `index` of `moves`, or null while its position is not scored. */
export function ratingOf(moves: readonly number[], index: number, cache: ScoreCache): Rating | null {
  const key = movesText(moves.slice(0, index));
  const columns = cache.get(key);
  return columns === undefined ? null : judge(positionOf(moves.slice(0, index)), columns, moves[index]!);
}

/** The rating of playing `column` now, for training's warning, or null while the position is not scored. */
export function ratingIfPlayed(moves: readonly number[], column: number, cache: ScoreCache): Rating | null {
  return ratingOf([...moves, column], moves.length, cache);
}

/** `Move 7 (Red), column 3`: a decision as the panel and the summary name it. */
export function decisionName(index: number, column: number): string {
  return `Move ${String(index + 1)} (${index % 2 === 0 ? 'Red' : 'Yellow'}), column ${String(column + 1)}`;
}

/** Every column of a rated decision for the panel: its score and reading, the choice and the best marked. */
export function coachChoices(rating: Rating): CoachChoice[] {
  const choices: CoachChoice[] = [];
  for (let column = 0; column < WIDTH; column++) {
    const score = rating.columns[column];
    if (score === null || score === undefined) continue;
    const entry = columnEntry(scoreText(score), rating.before.length);
    choices.push({
      name: `Column ${String(column + 1)}`,
      value: entry?.text ?? scoreText(score),
      words: entry?.words ?? '',
      tone: entry?.outcome ?? 'unknown',
      chosen: column === rating.chosen,
      best: column === rating.best,
    });
  }
  return choices;
}

/** The summary of one colour's rated decisions: its tally line and its costliest decisions (index into the game, words, rule cited). */
export function colourSummary(red: boolean, ratings: readonly Rating[]): { line: string; costliest: { index: number; what: string; rule: string }[] } {
  const summary = summarize(ratings);
  return {
    line: tallyLine(` for ${red ? 'Red' : 'Yellow'}`, summary, costText(summary.totalCost, summary.totalCostAtMost)),
    costliest: summary.costliest.map((rating) => ({
      index: rating.before.length,
      what: `${decisionName(rating.before.length, rating.chosen)}: ${judgementText(rating)}`,
      rule: ruleCitation(rating.rule),
    })),
  };
}

export { judgementText };
