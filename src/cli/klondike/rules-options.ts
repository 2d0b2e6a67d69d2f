/**
 * The rule-set options of `klondike play`, `solve` and `compare`: `--rules assignment|standard`
 * (default assignment), `--passes N|unlimited` and `--scoring standard|vegas` (standard rules
 * only); `--draw N` is each command's own. Combinations that make no sense are usage errors (exit 2).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { KLONDIKE_RULES, KLONDIKE_SCORINGS, type KlondikeRules, type KlondikeScoring } from '../../games/klondike/engine.js';
import { klondikeRuleSet, passesWords, type KlondikeRuleSet } from '../../games/klondike/rule-set.js';
import { parseChoice, parseIntegerIn, UsageError } from '../options.js';

export interface RulesOptions {
  readonly rules?: KlondikeRules;
  readonly passes?: number;
  readonly scoring?: KlondikeScoring;
  readonly draw: number;
}

/** Cascade piles: up to 9, the most a 52-card deck fills (45 cards; 10 piles would need 55). `play`, `deal` and `solve` take the same. */
export const parsePiles: (value: string) => number = parseIntegerIn(1, 9, 'The number of piles');
/** Draw cards shown: up to the deck's 52 cards. */
export const parseDraw: (value: string) => number = parseIntegerIn(1, 52, 'The number of draw cards');

/** `N` (a whole number from 1) or `unlimited` (Infinity). */
export function parsePasses(value: string): number {
  if (/^unlimited$/i.test(value.trim())) return Infinity;
  if (!/^\s*\d{1,6}\s*$/.test(value) || Number(value) < 1) throw new InvalidArgumentError(`The passes through the stock are a whole number from 1 or 'unlimited', got '${value}'.`);
  return Number(value);
}

export function addRulesOptions(command: Command): Command {
  return command
    .option('--rules <set>', "rule set: 'assignment' (the draw pile turns one card at a time, without limit) or 'standard' (stock and waste, passes, cards back from the foundations; docs/klondike.md)", parseChoice(KLONDIKE_RULES, 'The rule set'), 'assignment')
    .option('--passes <n>', "standard rules: passes through the stock, a whole number or 'unlimited' (default unlimited)", parsePasses)
    .option('--scoring <table>', "standard rules: points table, 'standard' (Microsoft Solitaire's) or 'vegas' (default standard)", parseChoice(KLONDIKE_SCORINGS, 'The scoring'));
}

/** The rule set the rule-set options name; a usage error for passes or scoring without --rules standard. */
export function rulesOf(options: RulesOptions): KlondikeRuleSet {
  if (options.rules !== 'standard') {
    for (const [name, value] of [['passes', options.passes], ['scoring', options.scoring]] as const) {
      if (value !== undefined) throw new UsageError(`--${name} goes with --rules standard: the assignment rules turn the draw pile without limit and score the cards on the foundations.`);
    }
  }
  return klondikeRuleSet(options);
}

/** The rule set in words, for reports: "standard rules, draw 3, unlimited passes" (and the scoring when `withScoring`). */
export function rulesWords(rules: Pick<KlondikeRuleSet, 'rules' | 'draw' | 'passes'> & Partial<Pick<KlondikeRuleSet, 'scoring'>>, withScoring = false): string {
  if (rules.rules !== 'standard') return 'assignment rules';
  return `standard rules, draw ${String(rules.draw)}, ${passesWords(rules.passes)}${withScoring ? `, ${rules.scoring ?? 'standard'} scoring` : ''}`;
}
