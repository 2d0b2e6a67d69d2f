/**
 * The wording every game's coach shares on the terminal: the summary after a game (the tally, then
 * the costliest decisions, each with the rule of thumb it broke and a command that replays the
 * game up to it).
 */
import { ruleCitation, tallyLine, type RuleOfThumb, type VerdictTally } from '../core/coach.js';

export interface CostlyDecision {
  /** What was decided and what it cost, e.g. `Card 4: column 4, a mistake (…)`. */
  readonly what: string;
  readonly rule: RuleOfThumb | null;
  /** The command that reopens the game at this decision. */
  readonly replay: string;
}

export function summaryLines(who: string, tally: VerdictTally, totalCost: string, costliest: readonly CostlyDecision[]): string[] {
  const lines = [tallyLine(who, tally, totalCost)];
  if (costliest.length > 0) lines.push('The costliest decisions:');
  costliest.forEach(({ what, rule, replay }, rank) => {
    lines.push(`  ${String(rank + 1)}. ${what}.${ruleCitation(rule)}`, `     Replay: ${replay}`);
  });
  return lines;
}
