/**
 * What every game's coach shares (games/<game>/coach.ts rates the decisions; front ends word
 * them): the verdict on one decision, a rule of thumb of docs/what-wins.md, and the tally of a
 * game's verdicts with its accuracy; the cost of a choice measured by sampling.
 */
import { addValue, emptyMoments, summarizeMoments } from './stats.js';

/** best: nothing was shown better; inaccuracy: a small proven cost; mistake: a large one (each game says what that is). */
export type Verdict = 'best' | 'inaccuracy' | 'mistake';

/** A rule of thumb of docs/what-wins.md, by its number in the game's "What a person should learn". */
export interface RuleOfThumb {
  readonly number: number;
  readonly title: string;
}

/** A game's verdicts counted. */
export interface VerdictTally {
  readonly decisions: number;
  readonly best: number;
  readonly inaccuracies: number;
  readonly mistakes: number;
  /** The share of decisions judged best (1 with no decision). */
  readonly accuracy: number;
}

export function tallyVerdicts(verdicts: readonly Verdict[]): VerdictTally {
  const count = (verdict: Verdict): number => verdicts.filter((v) => v === verdict).length;
  const best = count('best');
  return { decisions: verdicts.length, best, inaccuracies: count('inaccuracy'), mistakes: count('mistake'), accuracy: verdicts.length === 0 ? 1 : best / verdicts.length };
}

/** The first line of a game's summary: the tally, the accuracy and the total cost (already worded). */
export function tallyLine(who: string, tally: VerdictTally, totalCost: string): string {
  const plural = (n: number, one: string, many: string): string => `${String(n)} ${n === 1 ? one : many}`;
  return (
    `Coach's summary${who}: ${plural(tally.decisions, 'decision', 'decisions')}, ${String(tally.best)} best, ` +
    `${plural(tally.inaccuracies, 'inaccuracy', 'inaccuracies')}, ${plural(tally.mistakes, 'mistake', 'mistakes')}; ` +
    `accuracy ${(100 * tally.accuracy).toFixed(0)}%; total ${totalCost}.`
  );
}

/** A costly decision's rule, as the summary cites it ('' without one). */
export function ruleCitation(rule: RuleOfThumb | null): string {
  return rule === null ? '' : ` Rule ${String(rule.number)} of what-wins.md: ${rule.title}.`;
}

/** How many standard errors the best choice must lead by before a choice is marked. */
const SIGNIFICANT = 2;

/**
 * The cost of a choice measured by sampling: `best[i]` and `chosen[i]` are the outcomes of the
 * best choice and of the one made on the same sample i (common random numbers). The cost is the
 * mean difference; a choice is marked only when it exceeds twice its standard error and is at least
 * `tolerance` (a loss too small to teach anything: the choice counts as good as the best), as a
 * mistake from `mistakeAt` on, else as an inaccuracy.
 */
export function pairedCost(best: ArrayLike<number>, chosen: ArrayLike<number>, mistakeAt: number, tolerance = 0): { readonly cost: number; readonly standardError: number; readonly verdict: Verdict } {
  const differences = emptyMoments();
  for (let i = 0; i < best.length; i++) addValue(differences, best[i]! - chosen[i]!);
  const summary = summarizeMoments(differences);
  const cost = differences.n === 0 ? 0 : summary.mean;
  const standardError = differences.n < 2 ? 0 : summary.sd / Math.sqrt(differences.n);
  const verdict: Verdict = cost === 0 || cost < tolerance || cost <= SIGNIFICANT * standardError ? 'best' : cost >= mistakeAt ? 'mistake' : 'inaccuracy';
  return { cost, standardError, verdict };
}

/** The mean of a sample (0 when empty). */
export function sampleMean(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return values.length === 0 ? 0 : total / values.length;
}

/** A decision rated by sampling: the choice, the best one, the cost (see pairedCost) and the rule broken. */
export interface SampledRating {
  readonly chosen: number;
  readonly best: number;
  /** The best choice's lead over the one made (0 when it is the best), and its standard error. */
  readonly cost: number;
  readonly standardError: number;
  readonly verdict: Verdict;
  readonly rule: RuleOfThumb | null;
  /** The samples the rating rests on. */
  readonly samples: number;
}

/** A game's sampled ratings summed up. */
export interface SampledSummary<R> extends VerdictTally {
  /** The cost of the marked decisions, summed. */
  readonly totalCost: number;
  /** Up to three marked decisions, costliest first (the earliest among equals), each with its index in the game. */
  readonly costliest: readonly { readonly index: number; readonly rating: R }[];
}

/** Sums up the ratings of a coach that measures costs by sampling (see pairedCost). */
export function summarizeSampled<R extends SampledRating>(ratings: readonly R[]): SampledSummary<R> {
  const marked = ratings.map((rating, index) => ({ index, rating })).filter(({ rating }) => rating.verdict !== 'best');
  return {
    ...tallyVerdicts(ratings.map((rating) => rating.verdict)),
    totalCost: marked.reduce((sum, { rating }) => sum + rating.cost, 0),
    costliest: [...marked].sort((a, b) => b.rating.cost - a.rating.cost || a.index - b.index).slice(0, 3),
  };
}

/**
 * Standard errors of its lead over every other choice that make a choice clearly best, so that a
 * coach may stop sampling: well above the two that mark a choice, because looking after every
 * batch of samples gives the noise several chances to produce such a lead.
 */
export const CLEAR_LEAD = 3;

/**
 * Whether the choice with the highest mean outcome (`outcomes[i][k]`: choice i on sample k, common
 * samples) is clearly best, so that a coach may stop sampling: every other choice trails it by more
 * than CLEAR_LEAD standard errors of the paired difference, or has had the very same outcome as it
 * on every sample. Two choices that always end alike are as good as each other, and more samples
 * would never tell them apart (two ConnectFwar columns a card leaves the game's course unchanged
 * by); two that merely ended alike so far (two UnoWar cards) differ by too little for the samples
 * to show, and the coach rates them equal either way.
 */
export function clearlyBest(outcomes: readonly ArrayLike<number>[]): boolean {
  const means = outcomes.map(sampleMean);
  const leader = means.indexOf(Math.max(...means));
  return outcomes.every((row, index) => {
    if (index === leader) return true;
    const { cost, standardError } = pairedCost(outcomes[leader]!, row, Infinity);
    return cost > CLEAR_LEAD * standardError || (cost === 0 && standardError === 0);
  });
}
