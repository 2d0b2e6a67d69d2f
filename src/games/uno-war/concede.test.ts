/**
 * The "concede the round" action (CONCEDE_ROUND): what the assignment rules for an AI that throws or
 * offers a card it may not play. Through `applyAction` and through `playToEnd` it is exactly
 * `concedeRound`, and no search ever sees it among the legal actions.
 */
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/random.js';
import { firstValidAgent } from './agents.js';
import { CONCEDE_ROUND, Phase, UnoWarState } from './engine.js';

/** A state at its first Play node, dealt from `seed`. */
function atPlay(seed: number): UnoWarState {
  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  while (state.phase !== Phase.Play) state.dealNext(rng);
  return state;
}

describe('CONCEDE_ROUND', () => {
  it('applyAction(CONCEDE_ROUND) is concedeRound: the other player scores and starts the next round', () => {
    for (let seed = 0; seed < 50; seed++) {
      const a = atPlay(seed);
      const b = a.clone();
      const mover = a.toMove;
      a.applyAction(CONCEDE_ROUND);
      b.concedeRound();
      expect(a.serialize()).toBe(b.serialize());
      expect(a.scores[mover ^ 1]).toBe(1);
      expect(a.starter).toBe(mover ^ 1);
      expect(a.phase).toBe(Phase.Pile);
    }
  });

  it('is never a legal action', () => {
    const state = atPlay(3);
    const legal = new Int32Array(64);
    expect([...legal.subarray(0, state.legalActions(legal))]).not.toContain(CONCEDE_ROUND);
    expect(state.isLegalSlot(CONCEDE_ROUND)).toBe(false);
  });

  it('an agent that concedes every round it is asked in loses every game through playToEnd', () => {
    const quitter = { name: 'quitter', act: () => CONCEDE_ROUND };
    const state = new UnoWarState();
    for (let seed = 0; seed < 20; seed++) {
      state.reset();
      state.playToEnd([quitter, firstValidAgent], rngFromSeed(seed));
      expect(state.winner()).toBe(1);
      // It wins only the rounds in which the other player could not play (it was never asked).
      expect(state.scores[0]).toBeLessThan(10);
      expect(state.scores[1]).toBe(10);
    }
  });
});
