import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../core/game.js';
import { deriveSeed, rngFromSeed } from '../../core/random.js';
import { biggestCardAgent, smallestCardAgent } from './agents.js';
import { rateDecision } from './coach.js';
import { UnoWarState } from './engine.js';
import { stateFromObservation } from './observed.js';
import { HAND_SIZE, canPlayOn } from './rules.js';

/** Every decision of a game of Smallest (player 0) against Biggest on deal `seed` with more than one playable card, as a copy. */
function choices(seed: number): UnoWarState[] {
  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  const found: UnoWarState[] = [];
  while (!state.isTerminal()) {
    const player = state.currentPlayer();
    if (player === CHANCE) {
      state.applyAction(state.sampleChance(rng));
      continue;
    }
    const playable = new Set(Array.from({ length: HAND_SIZE }, (_, slot) => state.handCard(player, slot)).filter((card) => canPlayOn(state.top, card)));
    if (playable.size > 1) found.push(state.clone());
    state.applyAction((player === 0 ? smallestCardAgent : biggestCardAgent).act(state, rng));
  }
  return found;
}

describe('stateFromObservation', () => {
  it('rebuilds a state the player cannot tell from the real one, at every decision of two games, for either seat', () => {
    let checked = 0;
    for (const seed of [3, 8]) {
      for (const state of choices(seed)) {
        const player = state.toMove;
        const rebuilt = stateFromObservation(state.observe(player), rngFromSeed(deriveSeed(seed, checked)));
        expect(rebuilt.observe(player)).toEqual(state.observe(player));
        expect(rebuilt.legalActions(new Int32Array(8))).toBe(state.legalActions(new Int32Array(8)));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('gives the coach the same ratings as the real state: the coach draws the hidden cards from what was seen alone', () => {
    const decisions = choices(5).filter((state) => state.toMove === 0);
    for (const state of [decisions[0]!, decisions[Math.floor(decisions.length / 2)]!, decisions[decisions.length - 1]!]) {
      const rebuilt = stateFromObservation(state.observe(0), rngFromSeed(9));
      const card = state.handCard(0, smallestCardAgent.act(state, rngFromSeed(1)));
      expect(rateDecision(rebuilt, card, biggestCardAgent, 11, 30)).toEqual(rateDecision(state, card, biggestCardAgent, 11, 30));
    }
  });

  it('refuses an observation away from the player’s turn, and one whose history does not hold together', () => {
    const state = choices(3).find((s) => s.toMove === 0)!;
    expect(() => stateFromObservation(state.observe(1), rngFromSeed(1))).toThrow(/not at the observing player/);
    const observation = state.observe(0);
    expect(() => stateFromObservation({ ...observation, scores: [observation.scores[0] + 1, observation.scores[1]] }, rngFromSeed(1))).toThrow(RangeError);
    expect(() => stateFromObservation({ ...observation, hand: observation.hand.slice(1) }, rngFromSeed(1))).toThrow(/five cards/);
  });
});
