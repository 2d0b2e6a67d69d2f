/**
 * Measuring a deal for its difficulty grade (difficulty.ts): the rule set's solver proves it
 * winnable, then the registry's honest player plays it, run after run, each run with its own
 * generator (see difficulty.ts for what varies and how the grade follows).
 */
import { playOut } from '../../core/game.js';
import { deriveSeed, rngFromSeed } from '../../core/random.js';
import { makeKlondikeGame } from './definition.js';
import type { DealMeasure, GradingParams } from './difficulty.js';
import { KlondikeState } from './engine.js';
import { klondikeRuleSet } from './rule-set.js';
import { solveDeal, dealState, seededDeal, type DealRules } from './solver/deal.js';

/** The seed of the honest player's generator in run `run` of deal `deal` (see the file's comment). */
export function runSeed(seed: number, deal: number, run: number): number {
  return deriveSeed(deriveSeed(seed, deal), run);
}

/**
 * Whether the registry's honest player (`sampler`) wins deal `order` (card indices in dealing
 * order, 7 piles) under `rules`, with its generator seeded `seed`: played in the lab's game (its
 * idle limit ends a game that goes nowhere).
 */
export function honestPlayerWins(order: readonly number[], rules: DealRules, seed: number): boolean {
  const game = makeKlondikeGame({ ...rules, piles: 7 });
  const factory = game.agents['sampler'];
  if (factory === undefined) throw new Error(`The Klondike game ${game.id} has no honest player 'sampler'`);
  const agent = factory.create();
  const state = KlondikeState.fromDeck(game.newInitialState().config, order);
  playOut(state, [agent], rngFromSeed(seed));
  return state.score === state.config.deckSize;
}

/** Measures deal `deal` (see the file's comment): the solver first; the player's runs only for a deal proved winnable. */
export function measureDeal(deal: number, params: GradingParams): DealMeasure {
  const rules = klondikeRuleSet(params);
  const order = Array.from(seededDeal(deal, 7, params.draw).dealOrder);
  const { verdict, states } = solveDeal(dealState(order, 7, rules), { maxStates: params.maxStates, timeMs: Number.MAX_SAFE_INTEGER });
  let wins = 0;
  let checkWins = 0;
  if (verdict === 'winnable') {
    for (let run = 0; run < params.runs + params.checkRuns; run++) {
      if (!honestPlayerWins(order, rules, runSeed(params.seed, deal, run))) continue;
      if (run < params.runs) wins++;
      else checkWins++;
    }
  }
  return { deal, verdict, positions: states, wins, checkWins };
}

