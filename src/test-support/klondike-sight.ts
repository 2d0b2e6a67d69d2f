/**
 * Checks that a Klondike player reads nothing hidden, for tests: deals rigged where the player
 * cannot see, and the same player played on a deal and on its rigged copy side by side.
 */
import { expect } from 'vitest';
import { rngFromSeed } from '../core/random.js';
import type { KlondikeAgent } from '../games/klondike/agents.js';
import { KlondikeConfig, KlondikeState } from '../games/klondike/engine.js';
import { seededDeal } from '../games/klondike/solver/deal.js';

/**
 * Deal `seed` with the two deepest face-down cards of each of the last three piles swapped: the
 * player sees the same (stock included) until one of them turns up.
 */
export function riggedDeal(seed: number, config = new KlondikeConfig()): KlondikeState {
  const order = Array.from(seededDeal(seed).dealOrder);
  for (const pile of [4, 5, 6]) {
    const [a, b] = [config.cellDeal[pile * config.rows]!, config.cellDeal[pile * config.rows + 1]!];
    [order[a], order[b]] = [order[b]!, order[a]!];
  }
  return KlondikeState.fromDeck(config, order);
}

/**
 * Plays a player from `create` on `state` and another on `rigged`, with generators from one seed,
 * while the player sees the same, expecting the same move each time; returns the moves compared.
 */
export function playAlike(create: () => KlondikeAgent, state: KlondikeState, rigged: KlondikeState, seed: number): number {
  const a = create();
  const b = create();
  const rngA = rngFromSeed(seed);
  const rngB = rngFromSeed(seed);
  let compared = 0;
  while (!state.isTerminal() && state.informationStateString(0) === rigged.informationStateString(0)) {
    const move = a.act(state, rngA);
    expect(b.act(rigged, rngB)).toBe(move);
    state.applyAction(move);
    rigged.applyAction(move);
    compared++;
  }
  return compared;
}
