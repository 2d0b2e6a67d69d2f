/**
 * When the lab asks a user's UnoWar player (user-adapters.ts around the engine's playToEnd): at
 * every turn on which it holds at least one playable card, even a single one, and at no other (a
 * turn without one is lost by the rules). The same for the agent form (`act`) and the assignment's
 * AI form (`getPlay`), whose adapted agents the engine trusts (`markChecked`) — so they must still
 * play exactly the games of the same strategy asked and checked by the engine.
 */
import { describe, expect, it } from 'vitest';
import type { Agent, GameDefinition, GameState } from '../core/game.js';
import { rngFromSeed, type Rng } from '../core/random.js';
import { Card } from '../core/cards.js';
import { biggestCardAgent, builtInPolicy, Policy, smallestCardAgent } from '../games/uno-war/agents.js';
import type { ReadonlyCardPile } from '../games/uno-war/card-pile.js';
import { Phase, UnoWarState } from '../games/uno-war/engine.js';
import type { ReadonlyHand } from '../games/uno-war/hand.js';
import { HAND_SIZE } from '../games/uno-war/rules.js';
import { unoWarGame } from '../games/uno-war/definition.js';
import { gameAdapter } from './user-adapters.js';

const adapt = (exported: object, label: string): Agent<UnoWarState> => gameAdapter(unoWarGame as unknown as GameDefinition<GameState>)!.adapt(exported, label)!() as unknown as Agent<UnoWarState>;

/** Counts the Play nodes of `seat` in the game `agents` play from `seed`, node by node. */
function playNodes(agents: readonly Agent<UnoWarState>[], seed: number, seat: number): { all: number; single: number } {
  const state = new UnoWarState();
  const rng = rngFromSeed(seed);
  let all = 0;
  let single = 0;
  while (!state.isTerminal()) {
    if (state.phase !== Phase.Play) {
      state.dealNext(rng);
      continue;
    }
    if (state.toMove === seat) {
      all++;
      if ((state.playable & (state.playable - 1)) === 0) single++;
    }
    state.applyAction(agents[state.toMove]!.act(state, rng));
  }
  return { all, single };
}

describe("the lab's UnoWar players are asked at every turn with a playable card, and only then", () => {
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];

  it('in the agent form (act)', () => {
    let asked = 0;
    let withoutPlayable = 0;
    const spy = {
      act(state: UnoWarState, rng: Rng): number {
        asked++;
        if (state.playable === 0) withoutPlayable++;
        return smallestCardAgent.act(state, rng);
      },
    };
    const agent = adapt(spy, 'spy');
    expect(builtInPolicy(agent)).toBe(Policy.Checked);
    let expected = 0;
    let single = 0;
    for (const seed of seeds) {
      const state = new UnoWarState();
      state.playToEnd([agent, biggestCardAgent], rngFromSeed(seed));
      const nodes = playNodes([smallestCardAgent, biggestCardAgent], seed, 0);
      expected += nodes.all;
      single += nodes.single;
      // The same game as the built-in strategy's, to the last event.
      const builtIn = new UnoWarState();
      builtIn.playToEnd([smallestCardAgent, biggestCardAgent], rngFromSeed(seed));
      expect(state.serialize()).toBe(builtIn.serialize());
    }
    expect(single).toBeGreaterThan(0);
    expect(asked).toBe(expected);
    expect(withoutPlayable).toBe(0);
  });

  it("in the assignment's AI form (getPlay)", () => {
    let asked = 0;
    let withoutPlayable = 0;
    const ai = {
      getPlay(hand: ReadonlyHand, pile: ReadonlyCardPile): Card | null {
        asked++;
        let best: Card | null = null;
        for (let i = 0; i < hand.getSize(); i++) {
          const card = hand.get(i);
          if (pile.canPlay(card) && (best === null || card.getRankNum() < best.getRankNum())) best = card;
        }
        if (best === null) withoutPlayable++;
        return best;
      },
    };
    const agent = adapt(ai, 'ai');
    expect(builtInPolicy(agent)).toBe(Policy.Checked);
    let expected = 0;
    for (const seed of seeds) {
      const state = new UnoWarState();
      state.playToEnd([biggestCardAgent, agent], rngFromSeed(seed));
      expected += playNodes([biggestCardAgent, smallestCardAgent], seed, 1).all;
      const builtIn = new UnoWarState();
      builtIn.playToEnd([biggestCardAgent, smallestCardAgent], rngFromSeed(seed));
      expect(state.serialize()).toBe(builtIn.serialize());
    }
    expect(asked).toBe(expected);
    expect(withoutPlayable).toBe(0);
  });

  it('a checked agent that answers an illegal slot loses the round (a fault), and play goes on', () => {
    // Slot 4 whatever the hand: illegal whenever slot 4 is not playable (or repeats an earlier card).
    const agent = adapt({ act: () => HAND_SIZE - 1 }, 'last-slot') as Agent<GameState> & { faults: string[] };
    const state = new UnoWarState();
    state.playToEnd([agent as unknown as Agent<UnoWarState>, biggestCardAgent], rngFromSeed(9));
    expect(state.isTerminal()).toBe(true);
    expect(agent.faults.length).toBeGreaterThan(0);
    expect(agent.faults[0]).toMatch(/not a legal slot/);
  });
});
