/**
 * The Klondike coach: whether each move the person could make keeps the deal winnable, judged on
 * what the person can see, and the person's move marked with what it cost.
 *
 * The evaluator never reads a hidden card. The face-down cards and the stock cards the person has
 * not been shown are dealt afresh, `samples` times, consistently with everything seen
 * (`KlondikeState.resample`); on each sampled deal the solver asks, within a small position budget,
 * whether the position after each candidate move can still be won. A move's winnable share is the
 * share of samples on which it can; every move is judged on the same samples, so the difference
 * between two moves is measured far more precisely than either share (`pairedCost`). When nothing
 * is hidden, the one deal there is is solved instead, with the budget of all the samples: the
 * verdict is then the solver's (winnable → unwinnable is a mistake).
 *
 * Undecided samples (the solver neither found a win nor proved the deal lost within its budget)
 * are counted as not proved winnable, for every move alike, and shown beside each share: a share is
 * the share of deals *proved* winnable within the budget. Proving a deal lost takes a whole search,
 * which a small budget rarely finishes, so counting undecided deals for the person's move would
 * leave almost nothing ever marked; counting them alike for all moves marks a move that leaves
 * clearly fewer deals provably winnable (a deal harder to win is also harder to prove won). Where
 * the person's move is undecided but another move is proved winnable, that sample is searched
 * again with REFINE_FACTOR times the budget before it counts against the move. With
 * nothing hidden a move is marked only on the solver's proof: winnable before, unwinnable after.

 * This module knows nothing of terminals or pages; the CLI's `play --coach` prints its ratings.
 */
import { pairedCost, sampleMean, summarizeSampled, type RuleOfThumb, type SampledRating, type SampledSummary } from '../../core/coach.js';
import { rngFromSeed } from '../../core/random.js';
import { DISCARD_ACTION, encodeMove, MoveRank, type KlondikeState } from './engine.js';
import { legalMovesOfState, type KlondikeMove } from './moves.js';
import { NONE, VALUE } from './rules.js';
import { solveDeal } from './solver/deal.js';
import type { SolveBudget, SolveVerdict } from './solver/solver.js';

export type { Verdict, RuleOfThumb } from '../../core/coach.js';

/** Deals sampled per decision (each solved once per candidate move). */
export const COACH_SAMPLES = 8;
/** Positions the solver may search per sampled deal and move; with nothing hidden, one deal gets the budget of all samples. */
export const COACH_STATES = 400;

/** How many times the budget a sample gets when the person's move is undecided on it but another move is proved winnable. */
export const REFINE_FACTOR = 8;

/** A drop in the winnable share (0..1) that makes a move a mistake rather than an inaccuracy. */
export const MISTAKE_SHARE = 0.25;

/** The rules of thumb of docs/what-wins.md (Klondike, "What a person should learn"). */
export const RULES_OF_THUMB = {
  lookThroughStock: { number: 1, title: 'Look through the stock first' },
  acesAndTwos: { number: 2, title: 'Play Aces and Twos up at once' },
  turnUp: { number: 3, title: 'Turn up face-down cards' },
  wholeLines: { number: 4, title: 'Think in whole lines, not single moves' },
} as const satisfies Record<string, RuleOfThumb>;

export interface CoachBudget {
  readonly samples?: number;
  /** Positions per solve. */
  readonly maxStates?: number;
}

/** One candidate move and how it fared over the samples. */
export interface MoveShare {
  readonly move: KlondikeMove;
  /** The share of samples on which the position after the move was proved winnable (0..1). */
  readonly share: number;
  /** Samples on which the solver decided nothing within its budget. */
  readonly undecided: number;
}

/**
 * A move rated: `chosen` and `best` index `moves`; `best` has the highest proved share (the
 * person's move among equals, else the first); `cost` is its lead in the winnable share (0..1).
 */
export interface Rating extends SampledRating {
  readonly moves: readonly MoveShare[];
  /** Whether nothing was hidden, so the shares are the solver's verdicts on the one deal (1 or 0). */
  readonly exact: boolean;
}

/** The candidates: every legal move that changes something, foundations a card fits counted once. */
export function candidateMoves(state: KlondikeState): KlondikeMove[] {
  return legalMovesOfState(state, true)
    .map(({ move }) => move)
    .filter((move) => !(move.kind === 'movePile' && move.count === state.heights[move.src] && state.heights[move.dest] === 0));
}

/** Whether `a` and `b` are the same move, foundations a card fits being interchangeable. */
export function sameMove(a: KlondikeMove, b: KlondikeMove): boolean {
  if (a.kind === 'moveToFoundation' && b.kind === 'moveToFoundation') return a.src === b.src;
  if (a.kind === 'moveDrawToFoundation' && b.kind === 'moveDrawToFoundation') return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Cards the person cannot see: face-down cards and stock cards never shown. */
export function unseenCards(state: KlondikeState): number {
  let n = state.stockUnseen;
  for (let p = 0; p < state.config.piles; p++) n += state.hidden[p]!;
  return n;
}

const WON = 1;
const LOST = 0;
const UNDECIDED = -1;
const outcome = (verdict: SolveVerdict): number => (verdict === 'winnable' ? WON : verdict === 'unwinnable' ? LOST : UNDECIDED);

/** The solver's outcome for `deal` after `action` (the deal is not changed). */
function outcomeAfter(deal: KlondikeState, action: number, budget: SolveBudget): number {
  const after = deal.clone();
  after.applyAction(action);
  return outcome(solveDeal(after, budget).verdict);
}

/**
 * Rates the person's `chosen` move (legal in `state`, a dealt position under either rule set;
 * RangeError otherwise). Deterministic for a seed: the samples and the solver's budget (positions,
 * no clock) are all it depends on.
 */
export function rateMove(state: KlondikeState, chosen: KlondikeMove, seed: number, budget: CoachBudget = {}): Rating {
  const moves = candidateMoves(state);
  let chosenIndex = moves.findIndex((move) => sameMove(move, chosen));
  if (chosenIndex < 0) {
    // A legal move left out of the candidates (one that swaps empty piles) is rated too.
    const legal = legalMovesOfState(state, false).some(({ move }) => sameMove(move, chosen));
    if (!legal) throw new RangeError(`${JSON.stringify(chosen)} is not a legal move here`);
    chosenIndex = moves.push(chosen) - 1;
  }
  return rateChosen(sampleOutcomes(state, moves, seed, budget), chosenIndex);
}

/**
 * A decision rated before the person chooses: every candidate move rated (as `rateEveryMove`),
 * so that `rate(chosen)` gives what `rateMove(state, chosen, seed, budget)` gives, the same
 * rating, at once. A terminal prepares the position while the person thinks. (Rating only the
 * samples ahead and the chosen move's second searches at the choice left up to 62 ms of CPU, and
 * over 100 ms of wall time on a busy machine, after the decision.)
 */
export class PreparedDecision {
  readonly #state: KlondikeState;
  readonly #ratings: readonly Rating[];
  readonly #seed: number;
  readonly #budget: CoachBudget;

  constructor(state: KlondikeState, seed: number, budget: CoachBudget = {}) {
    // A copy: the caller's state may move on while the rating is pending.
    this.#state = state.clone();
    this.#ratings = rateEveryMove(this.#state, seed, budget);
    this.#seed = seed;
    this.#budget = budget;
  }

  /** The rating of `chosen` (legal in the state prepared; RangeError otherwise). */
  rate(chosen: KlondikeMove): Rating {
    const rating = this.#ratings.find((candidate) => sameMove(candidate.moves[candidate.chosen]!.move, chosen));
    // A legal move left out of the candidates (one that swaps empty piles) is sampled with them, as rateMove does.
    return rating ?? rateMove(this.#state, chosen, this.#seed, this.#budget);
  }
}

/**
 * Every candidate move of `state` rated as if the person chose it: `rateMove(state, candidate,
 * seed, budget)` for each, in the order of `candidateMoves`, the samples solved once for all. A
 * page rates the position while the person thinks, so the rating of their move is ready when they
 * make it.
 */
export function rateEveryMove(state: KlondikeState, seed: number, budget: CoachBudget = {}): Rating[] {
  const moves = candidateMoves(state);
  const sampled = sampleOutcomes(state, moves, seed, budget);
  return moves.map((_, index) => rateChosen(sampled, index));
}

/** Each candidate's outcome on each sampled deal (WON, LOST or UNDECIDED), with what rating a choice needs. */
interface SampledOutcomes {
  readonly state: KlondikeState;
  readonly moves: readonly KlondikeMove[];
  readonly actions: readonly number[];
  readonly outcomes: readonly Int8Array[];
  readonly deals: readonly KlondikeState[];
  readonly samples: number;
  readonly exact: boolean;
  readonly maxStates: number;
}

function sampleOutcomes(state: KlondikeState, moves: readonly KlondikeMove[], seed: number, budget: CoachBudget): SampledOutcomes {
  const exact = unseenCards(state) === 0;
  const requested = budget.samples ?? COACH_SAMPLES;
  const samples = exact ? 1 : requested;
  const maxStates = (budget.maxStates ?? COACH_STATES) * (exact ? requested : 1);
  const solveBudget = { maxStates, timeMs: Number.MAX_SAFE_INTEGER };
  const actions = moves.map((move) => encodeMove(state.config, move));
  const outcomes = moves.map(() => new Int8Array(samples));
  const rng = rngFromSeed(seed);
  const rotationFree = !state.config.standardRules;
  const deals: KlondikeState[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const deal = exact ? state.clone() : state.resample(0, rng);
    deals.push(deal);
    const solved = solveDeal(deal.clone(), solveBudget);
    const here = outcome(solved.verdict);
    const winningFirst = solved.moves?.[0];
    actions.forEach((action, index) => {
      let value: number;
      // A lost deal stays lost whatever is played; the first move of the solver's winning line
      // keeps the deal won; a discard under the assignment's rules is settled below.
      if (here === LOST) value = LOST;
      else if (winningFirst !== undefined && sameMove(moves[index]!, winningFirst)) value = WON;
      else if (action === DISCARD_ACTION && rotationFree) value = here;
      else value = outcomeAfter(deal, action, solveBudget);
      outcomes[index]![sample] = value;
    });
    // A deal is winnable exactly when some move keeps it so; under the assignment's rules a
    // discard only turns the queue, which winnability does not depend on, so it is worth as much
    // as the position (a proof through any move proves it).
    const anyWon = outcomes.some((row) => row[sample] === WON);
    actions.forEach((action, index) => {
      if (action === DISCARD_ACTION && rotationFree && anyWon) outcomes[index]![sample] = WON;
    });
  }
  return { state, moves, actions, outcomes, deals, samples, exact, maxStates };
}

/** The rating of the candidate `chosenIndex` on the sampled outcomes (which are not changed). */
function rateChosen(sampled: SampledOutcomes, chosenIndex: number): Rating {
  const { state, moves, actions, deals, samples, exact, maxStates } = sampled;
  const outcomes = sampled.outcomes.map((row, index) => (index === chosenIndex ? Int8Array.from(row) : row));
  // The person's move undecided where another move is proved winnable: a position harder to
  // search is not yet a lost one, so those samples get a larger search before they count.
  const chosenRow = outcomes[chosenIndex]!;
  const refineBudget = { maxStates: maxStates * REFINE_FACTOR, timeMs: Number.MAX_SAFE_INTEGER };
  for (let sample = 0; sample < samples; sample++) {
    if (chosenRow[sample] === UNDECIDED && outcomes.some((row) => row[sample] === WON)) chosenRow[sample] = outcomeAfter(deals[sample]!, actions[chosenIndex]!, refineBudget);
  }
  const proved = outcomes.map((row) => Float64Array.from(row, (v) => (v === WON ? 1 : 0)));
  const shares = proved.map(sampleMean);
  let bestIndex = chosenIndex;
  shares.forEach((share, index) => {
    if (share > shares[bestIndex]!) bestIndex = index;
  });
  // With nothing hidden, only a proof marks a move: an undecided position counts as winnable.
  const chosenValues = exact ? Float64Array.from(chosenRow, (v) => (v === LOST ? 0 : 1)) : proved[chosenIndex]!;
  const paired = pairedCost(proved[bestIndex]!, chosenValues, MISTAKE_SHARE);
  const { standardError, verdict } = paired;
  // Counting an undecided position for the person's move can make the proved lead negative: no cost.
  const cost = Math.max(0, paired.cost);
  const rule = verdict === 'best' ? null : ruleBroken(state, moves[chosenIndex]!, moves[bestIndex]!);
  return {
    moves: moves.map((move, index) => ({ move, share: shares[index]!, undecided: outcomes[index]!.filter((v) => v === UNDECIDED).length })),
    chosen: chosenIndex,
    best: bestIndex,
    cost,
    standardError,
    verdict,
    rule,
    samples,
    exact,
  };
}

/** The rule of thumb a costly move broke, by what the better move does that it does not. */
function ruleBroken(state: KlondikeState, chosen: KlondikeMove, best: KlondikeMove): RuleOfThumb {
  const rank = (move: KlondikeMove): MoveRank => state.rankMove(encodeMove(state.config, move));
  if (best.kind === 'discardDraw' && state.stockUnseen > 0) return RULES_OF_THUMB.lookThroughStock;
  if (rank(best) === MoveRank.Foundation && rank(chosen) !== MoveRank.Foundation && lowCardUp(state, best)) return RULES_OF_THUMB.acesAndTwos;
  if (rank(best) === MoveRank.Uncover && rank(chosen) !== MoveRank.Uncover) return RULES_OF_THUMB.turnUp;
  return RULES_OF_THUMB.wholeLines;
}

/** Whether a move to a foundation plays an Ace or a Two. */
function lowCardUp(state: KlondikeState, move: KlondikeMove): boolean {
  const card = move.kind === 'moveToFoundation' ? state.lastCard(move.src) : move.kind === 'moveDrawToFoundation' ? state.drawCard() : NONE;
  return card !== NONE && VALUE[card]! <= 2;
}

/** A game's moves summed up (totalCost: the winnable share given up (0..1), summed over the marked moves). */
export type Summary = SampledSummary<Rating>;

export function summarize(ratings: readonly Rating[]): Summary {
  return summarizeSampled(ratings);
}
