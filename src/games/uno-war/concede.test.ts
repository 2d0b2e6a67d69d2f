/**
 * The "concede the round" action (CONCEDE_ROUND): what the assignment rules for an AI that throws or
 * offers a card it may not play. Returned to `playToEnd` it is exactly `concedeRound`; it is no
 * game action (never legal, refused by `applyAction`), so no search ever sees it.
 */
import { describe, expect, it } from 'vitest';
import { rngFromSeed, type Rng } from '../../core/random.js';
import { firstValidAgent, smallestCardAgent } from './agents.js';
import { unoWarGame } from './definition.js';
import { CONCEDE_ROUND, Phase, UnoWarState } from './engine.js';

/** A state at its first Play node, dealt from `seed`. */
function atPlay(seed: number): UnoWarState {
  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  while (state.phase !== Phase.Play) state.dealNext(rng);
  return state;
}

describe('CONCEDE_ROUND', () => {
  it('returned to playToEnd, it is concedeRound: the other player scores and starts the next round', () => {
    for (let seed = 0; seed < 50; seed++) {
      const a = atPlay(seed);
      const b = a.clone();
      const mover = a.toMove;
      // Concedes the first time it is asked, then plays the first playable card.
      let conceded = false;
      const once = { name: 'once', act: (state: UnoWarState, rng: Rng) => (conceded ? firstValidAgent.act(state, rng) : ((conceded = true), CONCEDE_ROUND)) };
      a.playToEnd([once, once], rngFromSeed(seed + 1000));
      b.concedeRound();
      expect(b.scores[mover ^ 1]).toBe(1);
      expect(b.starter).toBe(mover ^ 1);
      expect(b.phase).toBe(Phase.Pile);
      b.playToEnd([firstValidAgent, firstValidAgent], rngFromSeed(seed + 1000));
      expect(a.serialize()).toBe(b.serialize());
    }
  });

  it('returned mid-game to playToEnd, it is concedeRound at that node', () => {
    for (let seed = 0; seed < 40; seed++) {
      // Concedes at its (seed % 7 + 1)-th turn and every 9th after, else plays the first playable card.
      const concedes = (): { name: string; act: (state: UnoWarState, rng: Rng) => number } => {
        let turn = 0;
        return { name: 'sometimes', act: (state, rng) => (++turn % 9 === (seed % 7) + 1 ? CONCEDE_ROUND : firstValidAgent.act(state, rng)) };
      };
      const fast = new UnoWarState();
      const fastAgents = [concedes(), firstValidAgent];
      fast.playToEnd(fastAgents, rngFromSeed(seed));
      // The same game node by node: the agent asked at its Play nodes, concedeRound for its CONCEDE_ROUND.
      const slow = new UnoWarState();
      const slowAgents = [concedes(), firstValidAgent];
      const rng = rngFromSeed(seed);
      let conceded = 0;
      while (!slow.isTerminal()) {
        if (slow.phase !== Phase.Play) {
          slow.dealNext(rng);
          continue;
        }
        const slot = slowAgents[slow.toMove]!.act(slow, rng);
        if (slot === CONCEDE_ROUND) {
          conceded++;
          slow.concedeRound();
        } else slow.applyAction(slot);
      }
      expect(conceded).toBeGreaterThan(0);
      expect(fast.serialize()).toBe(slow.serialize());
    }
  });

  it('playToEndRecorded records every card dealt and slot played, CONCEDE_ROUND for a conceded round, and the actions replay to the same game', () => {
    for (let seed = 0; seed < 30; seed++) {
      // Concedes now and then, and reads the history now and then (which replays a deferred one mid-game).
      const sometimes = (): { name: string; act: (state: UnoWarState, rng: Rng) => number } => {
        let turn = 0;
        return {
          name: 'sometimes',
          act: (state, rng) => {
            turn++;
            if (turn % 5 === 0 && state.historyLength < 0) throw new Error('unreachable');
            return turn % 9 === (seed % 7) + 1 ? CONCEDE_ROUND : firstValidAgent.act(state, rng);
          },
        };
      };
      const fast = new UnoWarState();
      const actions: number[] = [];
      fast.playToEndRecorded([sometimes(), smallestCardAgent], rngFromSeed(seed), actions);
      // The same game node by node, each action as the generic playout takes it.
      const slow = new UnoWarState();
      const slowAgents = [sometimes(), smallestCardAgent];
      const expected: number[] = [];
      const rng = rngFromSeed(seed);
      while (!slow.isTerminal()) {
        if (slow.phase !== Phase.Play) {
          expected.push(slow.dealNext(rng));
          continue;
        }
        const slot = slowAgents[slow.toMove]!.act(slow, rng);
        expected.push(slot);
        if (slot === CONCEDE_ROUND) slow.concedeRound();
        else slow.applyAction(slot);
      }
      expect(expected).toContain(CONCEDE_ROUND);
      expect(actions).toEqual(expected);
      expect(fast.serialize()).toBe(slow.serialize());
      const replayed = unoWarGame.newInitialState();
      for (const action of actions) if (!unoWarGame.playRecordedAction!(replayed, action)) replayed.applyAction(action);
      expect(replayed.serialize()).toBe(fast.serialize());
    }
  });

  it('is never a legal action, and applyAction refuses it', () => {
    const state = atPlay(3);
    const legal = new Int32Array(64);
    expect([...legal.subarray(0, state.legalActions(legal))]).not.toContain(CONCEDE_ROUND);
    expect(state.isLegalSlot(CONCEDE_ROUND)).toBe(false);
    expect(() => state.applyAction(CONCEDE_ROUND)).toThrow(RangeError);
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
