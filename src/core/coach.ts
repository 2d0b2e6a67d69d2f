/**
 * What every game's coach shares (games/<game>/coach.ts rates the decisions; front ends word
 * them): the verdict on one decision, a rule of thumb of docs/what-wins.md, and the tally of a
 * game's verdicts with its accuracy.
 */

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
