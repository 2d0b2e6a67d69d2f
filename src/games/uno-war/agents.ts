/**
 * The seed's three strategies as lab agents over the fast engine. Each picks the slot the seed's
 * AI class would: scanning slots 0 upwards with strict comparisons, so among equal cards or equal
 * ranks the earliest slot wins — which is also the slot `Hand.remove(card)` replaces. These agents
 * and the seed's `AI` classes therefore play identical games from the same seed.
 *
 * The choices are computed without data-dependent branches (random cards make branches
 * mispredict), and the engine's `playToEnd` recognises these three agents (`builtInPolicy`) and
 * runs the same functions inline instead of calling `act`.
 */
import { DECK_SIZE } from '../../core/cards.js';
import type { Agent } from '../../core/game.js';
import type { UnoWarState } from './engine.js';
import { CAN_PLAY, HAND_SIZE, RANK } from './rules.js';

export type UnoWarAgent = Agent<UnoWarState>;

/** The built-in strategies, as small integers for the engine's hot loop. */
export const Policy = {
  /** The seed's base `AI` ("Random Card AI"): the FIRST playable card, slot 0 upwards. */
  FirstValid: 0,
  /** `SmallestCardAI`: the lowest-rank playable card. */
  Smallest: 1,
  /** `BiggestCardAI`: the highest-rank playable card. */
  Biggest: 2,
  /** Any other agent: the engine calls its `act`. */
  Custom: 3,
} as const;
export type Policy = (typeof Policy)[keyof typeof Policy];

/**
 * Bit s set when the card in slot s of the hand at `hands[base ..]` may go on card `top`.
 * Zero means the player cannot play and loses the round. Written out for HAND_SIZE = 5.
 */
export function playableMask(hands: Uint8Array, base: number, top: number): number {
  const row = top * DECK_SIZE;
  return (
    CAN_PLAY[row + hands[base]!]! |
    (CAN_PLAY[row + hands[base + 1]!]! << 1) |
    (CAN_PLAY[row + hands[base + 2]!]! << 2) |
    (CAN_PLAY[row + hands[base + 3]!]! << 3) |
    (CAN_PLAY[row + hands[base + 4]!]! << 4)
  );
}

/**
 * The slot `policy` plays from the hand at `hands[base ..]` given its non-zero playable `mask`.
 * Ranks and slots are packed into one key (rank * 8 + tie-break) so a single max / min picks the
 * best rank and, among equal ranks, the earliest slot; unplayable slots get a key that never wins.
 */
export function chooseSlot(policy: Policy, hands: Uint8Array, base: number, mask: number): number {
  if (policy === Policy.FirstValid) return 31 - Math.clz32(mask & -mask);
  if (policy === Policy.Biggest) {
    // key = playable ? rank * 8 + (7 - slot) : 0; the largest key wins.
    const k0 = -(mask & 1) & ((RANK[hands[base]!]! << 3) | 7);
    const k1 = -((mask >> 1) & 1) & ((RANK[hands[base + 1]!]! << 3) | 6);
    const k2 = -((mask >> 2) & 1) & ((RANK[hands[base + 2]!]! << 3) | 5);
    const k3 = -((mask >> 3) & 1) & ((RANK[hands[base + 3]!]! << 3) | 4);
    const k4 = -((mask >> 4) & 1) & ((RANK[hands[base + 4]!]! << 3) | 3);
    return 7 - (Math.max(k0, k1, k2, k3, k4) & 7);
  }
  // Smallest: key = playable ? rank * 8 + slot : 255; the smallest key wins.
  const k0 = ((RANK[hands[base]!]! << 3) | 0) | (((mask & 1) - 1) & 255);
  const k1 = ((RANK[hands[base + 1]!]! << 3) | 1) | ((((mask >> 1) & 1) - 1) & 255);
  const k2 = ((RANK[hands[base + 2]!]! << 3) | 2) | ((((mask >> 2) & 1) - 1) & 255);
  const k3 = ((RANK[hands[base + 3]!]! << 3) | 3) | ((((mask >> 3) & 1) - 1) & 255);
  const k4 = ((RANK[hands[base + 4]!]! << 3) | 4) | ((((mask >> 4) & 1) - 1) & 255);
  return Math.min(k0, k1, k2, k3, k4) & 7;
}

function policyAgent(name: string, policy: Policy): UnoWarAgent {
  const agent: UnoWarAgent = {
    name,
    act(state) {
      const base = state.toMove * HAND_SIZE;
      return chooseSlot(policy, state.hands, base, playableMask(state.hands, base, state.top));
    },
  };
  BUILT_IN.set(agent, policy);
  return agent;
}

/** Only these exact objects get the engine's inline treatment; anything else is called. */
const BUILT_IN = new WeakMap<UnoWarAgent, Policy>();

/** The engine's inline policy for `agent`, or Custom. */
export function builtInPolicy(agent: UnoWarAgent): Policy {
  return BUILT_IN.get(agent) ?? Policy.Custom;
}

/** The seed's base `AI` ("Random Card AI"): the FIRST playable card, slot 0 upwards. */
export const firstValidAgent: UnoWarAgent = policyAgent('Random Card AI', Policy.FirstValid);
/** `SmallestCardAI`: the lowest-rank playable card (earliest slot on ties). */
export const smallestCardAgent: UnoWarAgent = policyAgent('Smallest Card AI', Policy.Smallest);
/** `BiggestCardAI`: the highest-rank playable card (earliest slot on ties). */
export const biggestCardAgent: UnoWarAgent = policyAgent('Biggest Card AI', Policy.Biggest);

/** The agents by the ids the lab and the CLI use, in the seed's order. */
export const UNO_WAR_AGENT_IDS = ['random', 'smallest', 'biggest'] as const;
export type UnoWarAgentId = (typeof UNO_WAR_AGENT_IDS)[number];

export const UNO_WAR_AGENTS: Readonly<Record<UnoWarAgentId, UnoWarAgent>> = {
  random: firstValidAgent,
  smallest: smallestCardAgent,
  biggest: biggestCardAgent,
};
