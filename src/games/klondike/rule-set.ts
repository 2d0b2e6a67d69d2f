/**
 * A Klondike rule set from the parameters people name it by — on the command line, in a journal,
 * in a grading table, in the page's address: the rule set (`assignment`, the default, or
 * `standard`), the draw, the passes through the stock and the scoring. Unlimited passes are
 * Infinity in a rule set; JSON has no Infinity, so journals and serialised states write null, and a
 * left-out value means unlimited too. The one place that mapping is written.
 */
import type { KlondikeRules, KlondikeScoring } from './engine.js';

/** A rule set with every choice made: what a `KlondikeConfig` holds of the rules. */
export interface KlondikeRuleSet {
  readonly rules: KlondikeRules;
  readonly draw: number;
  /** Passes through the stock: Infinity for no limit (always so under the assignment's rules). */
  readonly passes: number;
  /** The points table ('standard' under the assignment's rules). */
  readonly scoring: KlondikeScoring;
}

/** The rule parameters as given: all but the draw may be left out. */
export interface KlondikeRuleParams {
  /** Default 'assignment'. */
  readonly rules?: KlondikeRules;
  readonly draw: number;
  /** Passes through the stock, a whole number from 1; unlimited when null, left out or Infinity. */
  readonly passes?: number | null;
  /** Default 'standard'. */
  readonly scoring?: KlondikeScoring;
}

/**
 * The rule set the parameters name. It maps and does not judge: a rule set the engine refuses
 * (passes or Vegas scoring under the assignment's rules) is refused by `new KlondikeConfig`.
 */
export function klondikeRuleSet(params: KlondikeRuleParams): KlondikeRuleSet {
  return { rules: params.rules ?? 'assignment', draw: params.draw, passes: params.passes ?? Infinity, scoring: params.scoring ?? 'standard' };
}

/** The passes as JSON writes them: null for unlimited. */
export function passesInJson(passes: number): number | null {
  return passes === Infinity ? null : passes;
}

/** The passes in words: "unlimited passes", "1 pass", "3 passes". */
export function passesWords(passes: number): string {
  if (passes === Infinity) return 'unlimited passes';
  return `${String(passes)} pass${passes === 1 ? '' : 'es'}`;
}
