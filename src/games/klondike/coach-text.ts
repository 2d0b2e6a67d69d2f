/**
 * The Klondike coach's ratings in words, for every front end (the terminal's `play --coach`, the
 * page's coach): a move's winnable share, the verdict on a move with its cost, a game's total cost
 * and how to read the figures. A move is named by the caller: the terminal adds its command
 * (`mpf 2 1`), the page does not; the words around it are the same.
 */
import { deriveSeed } from '../../core/random.js';
import type { Rating } from './coach.js';
import type { KlondikeState } from './engine.js';
import { legalMovesOfState, type KlondikeMove } from './moves.js';
import { lowerFirst, moveWords } from './words.js';

/** Keeps the coach's samples apart from the deal's own random stream (the same seed). */
const COACH_STREAM = 0x636f_6163;

/**
 * The seed of the coach's samples for the decision after `movesMade` moves of deal `dealSeed` (0 for
 * a deal given as cards): the terminal and the page rate a decision alike.
 */
export function coachSeed(dealSeed: number, movesMade: number): number {
  return deriveSeed(deriveSeed(dealSeed, COACH_STREAM), movesMade);
}

/** Whether the person has a choice to rate at all (more than one move that changes something). */
export function hasChoice(state: KlondikeState): boolean {
  return legalMovesOfState(state, true).length > 1;
}

/** How to read the coach's figures (`samples`: deals sampled per decision), said once when it is turned on. */
export function coachLegend(samples: number): string {
  return (
    `Coach: after each of your moves, the share of ${String(samples)} deals consistent with what you see that the solver proves still winnable ` +
    "after each move you could make (with every card known: the solver's verdict); undecided deals count as not proved."
  );
}

const percent = (share: number): string => `${(100 * share).toFixed(0)}%`;

/** A move's value in a rating (`index` into `rating.moves`): `75%`, `75% (1 undecided)`, or winnable / unwinnable / undecided when nothing is hidden. */
export function shareText(rating: Rating, index: number): string {
  const { share, undecided } = rating.moves[index]!;
  if (rating.exact) return undecided > 0 ? 'undecided' : share === 1 ? 'winnable' : 'unwinnable';
  return `${percent(share)}${undecided === 0 ? '' : ` (${String(undecided)} undecided)`}`;
}

/** What the shares rest on: `winnable share over 8 deals`, or `the solver, every card known`. */
export function basisText(rating: Rating): string {
  return rating.exact ? 'the solver, every card known' : `winnable share over ${String(rating.samples)} deals`;
}

/**
 * The verdict on the person's move in `state` (before it): `best`, `as good as … within the sampling
 * error`, or `a mistake (cost 30 points of the winnable share, ± 20; best: move A♢ from pile 2 to a
 * foundation)`. `command`, when given, names a move briefly after its words (the terminal's command).
 */
export function judgement(state: KlondikeState, rating: Rating, command?: (move: KlondikeMove) => string): string {
  const best = rating.moves[rating.best]!.move;
  const bestWords = `best: ${lowerFirst(moveWords(state, best))}${command === undefined ? '' : `, ${command(best)}`}`;
  if (rating.verdict === 'best') return rating.chosen === rating.best ? 'best' : `as good as ${command === undefined ? lowerFirst(moveWords(state, best)) : command(best)} within the sampling error`;
  if (rating.exact) return `a mistake, it turns a winnable deal into a lost one (${bestWords})`;
  const kind = rating.verdict === 'mistake' ? 'a mistake' : 'an inaccuracy';
  return `${kind} (cost ${(100 * rating.cost).toFixed(0)} points of the winnable share, ± ${(200 * rating.standardError).toFixed(0)}; ${bestWords})`;
}

/** A game's total cost (the summary's tally line ends with it). */
export function totalCostText(totalCost: number): string {
  return `cost ${(100 * totalCost).toFixed(0)} points of the winnable share`;
}
