/**
 * The UnoWar coach's ratings in words, for every front end (the terminal's `play --coach`, the
 * page's coach): a card's chance to win, the verdict on a choice with its cost, a game's total cost.
 * `name` says how a card is named (the terminal may colour it).
 */
import type { UnoWarAgent } from './agents.js';
import { EQUAL_CHANCE, FULL_PLAY_OUT_SAMPLES, defaultSamples, type Rating } from './coach.js';
import { roundValuesAgainst } from './round-values.js';

/** A chance to win (0..1) as a percentage: `55.0%`. */
export function chanceText(chance: number): string {
  return `${(100 * chance).toFixed(1)}%`;
}

/** The cost of a choice (0..1) in points of the chance to win, with twice its standard error: `cost 10.0 points of the chance, ± 8.3`. */
export function costText(rating: Rating): string {
  return `cost ${(100 * rating.cost).toFixed(1)} points of the chance, ± ${(200 * rating.standardError).toFixed(1)}`;
}

/** How close a card must come to the best to count as good as it (EQUAL_CHANCE, or the samples' error): `1 point or the sampling error`. */
const CLOSE_ENOUGH = `${(100 * EQUAL_CHANCE).toFixed(0)} point${EQUAL_CHANCE === 0.01 ? '' : 's'} or the sampling error`;

/** The verdict on a choice: `best`, `as good as the … within 1 point or the sampling error`, or `a mistake (cost …; best the …)`. */
export function judgement(rating: Rating, name: (card: number) => string): string {
  if (rating.verdict === 'best') return rating.chosen === rating.best ? 'best' : `as good as the ${name(rating.best)} within ${CLOSE_ENOUGH}`;
  const kind = rating.verdict === 'mistake' ? 'a mistake' : 'an inaccuracy';
  return `${kind} (${costText(rating)}; best the ${name(rating.best)})`;
}

/** A costly decision as the summary lists it: `Decision 2: the Eight of Spades, a mistake (…)` (`index` from 0). */
export function costlyDecisionText(index: number, rating: Rating, name: (card: number) => string): string {
  return `Decision ${String(index + 1)}: the ${name(rating.chosen)}, ${judgement(rating, name)}`;
}

/** A game's total cost (the summary's tally line ends with it). */
export function totalCostText(totalCost: number): string {
  return `cost ${(100 * totalCost).toFixed(1)} points of the chance to win`;
}

/**
 * The cards that count as good as the best (see CardChance.equal), when there are two or more:
 * `; equal within 1 point or the sampling error: the Two of Spades and the Four of Spades`; else ''.
 */
export function equalCardsText(rating: Rating, name: (card: number) => string): string {
  const equal = rating.cards.filter((chance) => chance.equal).map(({ card }) => `the ${name(card)}`);
  return equal.length < 2 ? '' : `; equal within ${CLOSE_ENOUGH}: ${equal.slice(0, -1).join(', ')} and ${equal.at(-1)!}`;
}

/** How to read the coach's figures against `opponent` (undefined: an AI without a round-value table), said once when it is turned on. */
export function coachLegend(opponent: UnoWarAgent | undefined): string {
  const samples = opponent === undefined ? FULL_PLAY_OUT_SAMPLES : defaultSamples(opponent);
  const how =
    opponent === undefined || roundValuesAgainst(opponent) === undefined
      ? `played out to the game's end from up to ${samples.toLocaleString('en-US')} deals consistent with what you have seen`
      : `played to the end of the round from up to ${samples.toLocaleString('en-US')} deals consistent with what you have seen, then valued by the chance of winning from the scores, who starts next and the high cards in each hand`;
  return `Coach: after each card you choose, each playable card's chance to win the game against your opponent, ${how} (you playing on as Smallest Card AI).`;
}
