/**
 * Deals for the solver: seeded deals — exactly the deal `tabletop klondike play --seed N` shows
 * (the standard deck shuffled by `BasicKlondike(seed)`) — and deals written out card by card.
 *
 * The deal notation (`--deck`, `dealText`): the cards in dealing order, separated by spaces or
 * commas — first the cascade row by row (row 0: one card to each pile from the left, row 1: one to
 * each pile from the second on, …; the last card of each pile is the one face-up), then the draw
 * pile from its first card (the playable one) to its last. A card is its value (A, 2..10, J, Q, K)
 * and its suit (♣ ♢ ♡ ♠, or c d h s), e.g. `10♠` or `10s`. Any valid deck of the spec may be
 * written (several decks, shorter runs), as long as it fills the piles.
 */
import { BasicKlondike } from '../basic-klondike.js';
import { Card } from '../card.js';
import { ENGINE_STATE, KlondikeConfig, KlondikeState, type KlondikeOptions } from '../engine.js';
import { IllegalArgumentError } from '../errors.js';
import { deckProblem } from '../rules.js';
import { solveKlondike, type SolveBudget, type SolveResult, type SolveVerdict } from './solver.js';
import { solveStandard, standardVerdict } from './standard-solver.js';

/** The rule set of a deal to solve: the engine's rule options (piles, deck and idle limit come from the deal). */
export type DealRules = Pick<KlondikeOptions, 'rules' | 'draw' | 'passes' | 'scoring'>;

/** The fully dealt position of `order` (card indices in dealing order) with `piles` piles under `rules`, no idle limit. */
export function dealState(order: readonly number[], piles: number, rules: DealRules = {}): KlondikeState {
  const deck = order.map((c) => Card.fromIndex(c));
  return KlondikeState.fromDeck(new KlondikeConfig({ draw: 3, ...rules, piles, idleLimit: Infinity, deck }), order);
}

/** Solves a dealt position with the solver of its rule set. */
export function solveDeal(state: KlondikeState, budget: SolveBudget = {}): SolveResult {
  return state.config.standardRules ? solveStandard(state, budget) : solveKlondike(state, budget);
}

/** Only the verdict of `solveDeal` and the positions searched: under the standard rules without building the winning line (see `standardVerdict`). */
export function dealVerdict(state: KlondikeState, budget: SolveBudget = {}): { readonly verdict: SolveVerdict; readonly states: number } {
  if (state.config.standardRules) return standardVerdict(state, budget);
  const { verdict, states } = solveKlondike(state, budget);
  return { verdict, states };
}

/** The engine position of deal `seed` with `piles` piles and `draw` cards shown (IllegalArgumentError as `startGame`). */
export function seededDeal(seed: number, piles = 7, draw = 3): KlondikeState {
  const model = new BasicKlondike(seed);
  model.startGame(model.getDeck(), true, piles, draw);
  // A copy, so the solver's caller owns it and the model stays as dealt.
  return model[ENGINE_STATE]().clone();
}

/** Solves deal `seed` (see `seededDeal`), under the assignment rules unless `rules` says otherwise. */
export function solveSeed(seed: number, piles = 7, draw = 3, budget: SolveBudget = {}, rules: DealRules = {}): SolveResult {
  const deal = seededDeal(seed, piles, draw);
  return rules.rules === 'standard' ? solveStandard(dealState(Array.from(deal.dealOrder), piles, rules), budget) : solveKlondike(deal, budget);
}

/**
 * The engine position dealt from `text` in the deal notation (see the file's comment), with
 * `piles` piles and `draw` cards shown and no idle limit (as `BasicKlondike`). IllegalArgumentError
 * naming the first problem: a word that is not a card (with its position), a deck that is not a
 * valid deck of the spec, or too few cards for the piles.
 */
export function dealFromText(text: string, piles = 7, draw = 3): KlondikeState {
  const words = text.split(/[\s,]+/).filter((word) => word !== '');
  if (words.length === 0) throw new IllegalArgumentError('The deck is empty: write its cards in dealing order, e.g. "K♠ 7♢ … A♣" (52 cards for a standard deal).');
  const cards = words.map((word, i) => {
    try {
      return Card.parse(word);
    } catch {
      throw new IllegalArgumentError(`Card ${String(i + 1)} of the deck, '${word}', is not a card: write a value (A, 2..10, J, Q, K) and a suit (♣ ♢ ♡ ♠ or c d h s), e.g. 10♠ or 10s.`);
    }
  });
  const problem = deckProblem(cards);
  if (problem !== null) throw new IllegalArgumentError(`The deck of ${String(cards.length)} cards is not a valid deck: ${problem} (a standard deal lists each of the 52 cards once).`);
  if (!Number.isSafeInteger(piles) || piles < 1 || (piles * (piles + 1)) / 2 > cards.length) {
    throw new IllegalArgumentError(`Cannot deal ${String(piles)} piles from ${String(cards.length)} cards: ${String(piles)} piles need ${String((piles * (piles + 1)) / 2)}.`);
  }
  if (!Number.isSafeInteger(draw) || draw < 1) throw new IllegalArgumentError(`The number of draw cards must be at least 1, got ${String(draw)}.`);
  return KlondikeState.fromDeck(new KlondikeConfig({ piles, draw, idleLimit: Infinity, deck: cards }), cards.map((card) => card.index));
}

/** A fully dealt position's deal in the deal notation: `dealFromText(dealText(s))` deals it again. */
export function dealText(state: KlondikeState): string {
  if (state.dealt !== state.config.deckSize) throw new RangeError('The deal is not complete');
  return Array.from(state.dealOrder, (c) => Card.fromIndex(c).toString()).join(' ');
}
