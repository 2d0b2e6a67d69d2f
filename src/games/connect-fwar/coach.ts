/**
 * The ConnectFwar coach: for the card in hand, the expected final score of each legal column and of
 * discarding, by an honest evaluator, and the person's choice marked with what it cost.
 *
 * The evaluator sees what the person has seen: the board, the card in hand and so which cards are
 * still in the deck — never their order. For each move it plays the rest of the game out on
 * `samples` orders of the unseen cards (seeded shuffles), with the honest `greedy` policy
 * (players/honest.ts) choosing every later move, and averages the final scores. Every move is
 * played out on the same orders, so the difference between two moves is measured far more
 * precisely than either value: a choice is marked only when the best move's lead over it is
 * larger than twice its standard error.
 *
 * This module knows nothing of terminals or pages; the CLI's `play --coach` prints its ratings and
 * a Web Worker can run it as it is.
 */
import { DECK_SIZE } from '../../core/cards.js';
import { deriveSeed, rngFromSeed, shuffleInPlace } from '../../core/random.js';
import type { ConnectFwarState } from './engine.js';
import { moveName } from './notation.js';
import { COLUMNS, DISCARD, ROWS, columnFloor } from './rules.js';
import { GreedyPolicy } from './players/honest.js';
import { clearlyBest, pairedCost, sampleMean, summarizeSampled, type RuleOfThumb, type SampledRating, type SampledSummary } from '../../core/coach.js';

/**
 * The most orders of the unseen cards played out per decision: each is one rollout per legal move
 * (up to five), of about 7 cards with `greedy` (120,000 games a CPU-second): 1,000 keep a rating
 * near 50 ms, and the standard error of a difference between two moves near 0.1 point. Sampling
 * stops earlier, after a multiple of SAMPLE_BATCH orders, once one move is clearly best
 * (core/coach.ts clearlyBest).
 */
export const COACH_SAMPLES = 1000;

/** Orders played out between two looks at whether one move is clearly best. */
export const SAMPLE_BATCH = 250;

/** A lead of the best move (in expected points) that makes a choice a mistake rather than an inaccuracy. */
export const MISTAKE_POINTS = 1;

/** What the person sees at a decision. */
export interface Situation {
  /** The board, `cells[col * 4 + row]`, a card index (core/cards.ts) or -1 for an empty cell. */
  readonly cells: ArrayLike<number>;
  /** The card in hand. */
  readonly card: number;
  /** The cards not yet seen (all of them still in the deck), in any order. */
  readonly unseen: readonly number[];
}

export type { Verdict, RuleOfThumb } from '../../core/coach.js';

/** The rules of thumb of docs/what-wins.md (ConnectFwar, "What a person should learn"). */
export const RULES_OF_THUMB = {
  bottomRow: { number: 1, title: 'Play the bottom row' },
  outward: { number: 2, title: 'Grow the row outward from the middle' },
  discard: { number: 3, title: 'Discard freely' },
  count: { number: 4, title: 'Count what is left' },
} as const satisfies Record<string, RuleOfThumb>;

/** A move chosen, rated: `chosen` and `best` are moves (a column 0..3, DISCARD); `best` has the highest expected score (the earlier of discard, columns 0..3 among equals); `cost` is its lead in expected points. */
export interface Rating extends SampledRating {
  /** The expected final score of each move: columns 0..3, then discard (index DISCARD); null where the card cannot go. */
  readonly values: readonly (number | null)[];
}

/** The moves in the tie order of the honest players: discard first, then columns 0..3. */
const MOVES = [DISCARD, ...Array.from({ length: COLUMNS }, (_, col) => col)] as const;

/**
 * Rates the choice of `chosen` (a column 0..3, or DISCARD) in `situation`: every legal move played
 * out on the same orders of the unseen cards, shuffled from `seed`: up to `samples` of them, fewer
 * when one move is clearly best sooner (with `stopWhenClear`).
 */
export function rateDecision(situation: Situation, chosen: number, seed: number, samples = COACH_SAMPLES, stopWhenClear = true): Rating {
  return rateMoves(situation, seed, samples, chosen, stopWhenClear)[0]!;
}

/**
 * The rating of every legal move in `situation`, in the order discard, columns 0..3: the same
 * play-outs as rateDecision's, done once (a page rates the card in hand while the person thinks,
 * so the rating of whatever they choose, or training's warning, is there at once). Each equals
 * rateDecision's for that move.
 */
export function rateEveryMove(situation: Situation, seed: number, samples = COACH_SAMPLES, stopWhenClear = true): Rating[] {
  return rateMoves(situation, seed, samples, null, stopWhenClear);
}

/** The ratings of `only` (which must be legal) or, when null, of every legal move. */
function rateMoves(situation: Situation, seed: number, samples: number, only: number | null, stopWhenClear: boolean): Rating[] {
  const { cells, card, unseen } = situation;
  const heights = new Uint8Array(COLUMNS);
  const floors = new Uint8Array(COLUMNS);
  for (let col = 0; col < COLUMNS; col++) {
    let height = 0;
    while (height < ROWS && cells[col * ROWS + height]! >= 0) height++;
    heights[col] = height;
    floors[col] = columnFloor(height, height === 0 ? -1 : cells[col * ROWS + height - 1]!);
  }
  const policy = new GreedyPolicy();
  policy.position.setBoard(cells, heights, floors);
  const legal = MOVES.filter((move) => move === DISCARD || policy.position.canPlay(card, move));
  if (only !== null && !legal.includes(only as (typeof MOVES)[number])) throw new RangeError(`The card cannot go on column ${String(only + 1)}`);
  const all = legal.map(() => new Float64Array(samples));
  const order = Array.from(unseen);
  const rng = rngFromSeed(seed);
  let played = 0;
  while (played < samples) {
    for (const end = Math.min(samples, played + SAMPLE_BATCH); played < end; played++) {
      shuffleInPlace(order, rng);
      legal.forEach((move, index) => {
        all[index]![played] = playOut(policy, cells, heights, floors, card, move, order);
      });
    }
    if (stopWhenClear && legal.length > 1 && clearlyBest(all.map((row) => row.subarray(0, played)))) break;
  }
  const scores = all.map((row) => row.subarray(0, played));
  const means = scores.map(sampleMean);
  let bestIndex = 0;
  means.forEach((value, index) => {
    if (value > means[bestIndex]!) bestIndex = index;
  });
  const best = legal[bestIndex]!;
  const values: (number | null)[] = Array.from({ length: COLUMNS + 1 }, () => null);
  legal.forEach((move, index) => (values[move] = means[index]!));
  return legal
    .filter((move) => only === null || move === only)
    .map((chosen) => {
      const { cost, standardError, verdict } = pairedCost(scores[bestIndex]!, scores[legal.indexOf(chosen)]!, MISTAKE_POINTS);
      return { values, chosen, best, cost, standardError, verdict, rule: verdict === 'best' ? null : ruleBroken(heights, chosen, best), samples: played };
    });
}

/**
 * The final score of the game after `move` with the card in hand, the deck dealt in `order` and
 * `policy` (greedy) choosing every later move: the cards left in the deck when four connect.
 */
function playOut(policy: GreedyPolicy, cells: ArrayLike<number>, heights: ArrayLike<number>, floors: ArrayLike<number>, card: number, move: number, order: readonly number[]): number {
  const position = policy.position;
  position.setBoard(cells, heights, floors);
  policy.unseen.setFromCards(order, order.length);
  if (move !== DISCARD && position.completesFour(position.place(card, move))) return order.length;
  for (let drawn = 0; drawn < order.length; drawn++) {
    const next = order[drawn]!;
    policy.unseen.remove(next);
    const answer = policy.bestMove(next);
    if (policy.bestWins) return order.length - drawn - 1;
    if (answer !== DISCARD) position.place(next, answer);
  }
  return 0;
}

/**
 * Which rule of thumb a costly choice broke, from where the two moves put the card: above the
 * bottom row (or nowhere) when the best move starts or grows the bottom row: rule 1; a card placed
 * where discarding was best: rule 3; both on the bottom row: rule 2; else rule 4.
 */
function ruleBroken(heights: ArrayLike<number>, chosen: number, best: number): RuleOfThumb {
  const onBottomRow = (move: number): boolean => move !== DISCARD && heights[move] === 0;
  if (onBottomRow(best) && !onBottomRow(chosen)) return RULES_OF_THUMB.bottomRow;
  if (best === DISCARD) return RULES_OF_THUMB.discard;
  if (onBottomRow(best) && onBottomRow(chosen)) return RULES_OF_THUMB.outward;
  return RULES_OF_THUMB.count;
}

/** Keeps the coach's samples apart from the deal's own random stream (the same seed). */
const COACH_STREAM = 0x636f_6163;

/**
 * The seed of the samples that rate the decision made with `decisions` moves already played on
 * deal `dealSeed`: the terminal and the page rate a decision of the same deal alike.
 */
export function coachSeed(dealSeed: number, decisions: number): number {
  return deriveSeed(deriveSeed(dealSeed, COACH_STREAM), decisions);
}

/** What the person sees in `state` (a card in hand): the board, the card, and the cards not yet dealt (never their order). */
export function situationOf(state: ConnectFwarState): Situation {
  const seen = new Uint8Array(DECK_SIZE);
  for (const card of state.dealtCards()) seen[card] = 1;
  const unseen: number[] = [];
  for (let card = 0; card < DECK_SIZE; card++) if (seen[card] === 0) unseen.push(card);
  return { cells: Array.from(state.cells), card: state.drawn, unseen };
}

/** A move in words: `column 2`, `discard`. */
export function moveWords(move: number): string {
  return move === DISCARD ? 'discard' : `column ${moveName(move)}`;
}

/** The verdict on a choice in words (the terminal and the page say it alike). */
export function judgementText(rating: Rating): string {
  if (rating.verdict === 'best') return rating.chosen === rating.best ? 'best' : `as good as ${moveWords(rating.best)} within the sampling error`;
  const kind = rating.verdict === 'mistake' ? 'a mistake' : 'an inaccuracy';
  return `${kind} (cost ${rating.cost.toFixed(2)} points, ± ${(2 * rating.standardError).toFixed(2)}; best ${moveWords(rating.best)})`;
}

/** A game's decisions summed up (totalCost: The expected points given up, summed over the marked decisions). */
export type Summary = SampledSummary<Rating>;

export function summarize(ratings: readonly Rating[]): Summary {
  return summarizeSampled(ratings);
}
