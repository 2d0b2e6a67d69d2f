/**
 * The seed's three strategies as lab agents over the fast engine. Each picks the slot the seed's
 * AI class would: scanning slots 0 upwards with strict comparisons, so among equal cards or equal
 * ranks the earliest slot wins — which is also the slot `Hand.remove(card)` replaces. These agents
 * and the seed's `AI` classes therefore play identical games from the same seed.
 *
 * They are only asked at Play nodes, where the engine guarantees a playable card.
 */
import { DECK_SIZE } from '../../core/cards.js';
import type { Agent } from '../../core/game.js';
import type { UnoWarState } from './engine.js';
import { CAN_PLAY, HAND_SIZE, RANK } from './rules.js';

export type UnoWarAgent = Agent<UnoWarState>;

/** The seed's base `AI` ("Random Card AI"): the FIRST playable card, slot 0 upwards. */
export const firstValidAgent: UnoWarAgent = {
  name: 'Random Card AI',
  act(state) {
    const hands = state.hands;
    const base = state.toMove * HAND_SIZE;
    const row = state.top * DECK_SIZE;
    for (let s = 0; s < HAND_SIZE; s++) if (CAN_PLAY[row + hands[base + s]!] === 1) return s;
    return 0; // unreachable at a Play node
  },
};

/** `SmallestCardAI`: the lowest-rank playable card (earliest slot on ties). */
export const smallestCardAgent: UnoWarAgent = {
  name: 'Smallest Card AI',
  act(state) {
    const hands = state.hands;
    const base = state.toMove * HAND_SIZE;
    const row = state.top * DECK_SIZE;
    let best = 0;
    let bestRank = 14;
    for (let s = 0; s < HAND_SIZE; s++) {
      const card = hands[base + s]!;
      if (CAN_PLAY[row + card] === 1 && RANK[card]! < bestRank) {
        best = s;
        bestRank = RANK[card]!;
      }
    }
    return best;
  },
};

/** `BiggestCardAI`: the highest-rank playable card (earliest slot on ties). */
export const biggestCardAgent: UnoWarAgent = {
  name: 'Biggest Card AI',
  act(state) {
    const hands = state.hands;
    const base = state.toMove * HAND_SIZE;
    const row = state.top * DECK_SIZE;
    let best = 0;
    let bestRank = 0;
    for (let s = 0; s < HAND_SIZE; s++) {
      const card = hands[base + s]!;
      if (CAN_PLAY[row + card] === 1 && RANK[card]! > bestRank) {
        best = s;
        bestRank = RANK[card]!;
      }
    }
    return best;
  },
};

/** The agents by the ids the lab and the CLI use, in the seed's order. */
export const UNO_WAR_AGENT_IDS = ['random', 'smallest', 'biggest'] as const;
export type UnoWarAgentId = (typeof UNO_WAR_AGENT_IDS)[number];

export const UNO_WAR_AGENTS: Readonly<Record<UnoWarAgentId, UnoWarAgent>> = {
  random: firstValidAgent,
  smallest: smallestCardAgent,
  biggest: biggestCardAgent,
};
