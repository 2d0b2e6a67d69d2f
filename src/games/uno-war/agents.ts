/**
 * The assignment's three strategies as lab agents over the fast engine. Each picks the slot the assignment's
 * AI class would: scanning slots 0 upwards with strict comparisons, so among equal cards or equal
 * ranks the earliest slot wins — which is also the slot `Hand.remove(card)` replaces. These agents
 * and the assignment's `AI` classes therefore play identical games from the same seed.
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
  /** The assignment's base `AI` ("Random Card AI"): the FIRST playable card, slot 0 upwards. */
  FirstValid: 0,
  /** `SmallestCardAI`: the lowest-rank playable card. */
  Smallest: 1,
  /** `BiggestCardAI`: the highest-rank playable card. */
  Biggest: 2,
  /** Any other agent: the engine calls its `act` and checks the answer (an illegal one throws). */
  Custom: 3,
  /**
   * An agent whose answers are checked already (`markChecked`: the lab's adapter around a user's
   * player, which makes a bad answer a fault and CONCEDE_ROUND): called, and trusted.
   */
  Checked: 4,
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
 * The slot `policy` plays from the hand at `hands[base ..]` given its non-zero playable `mask`:
 * bit tricks instead of compare-and-branch loops (a set of playable ranks, its highest or lowest
 * bit, then the earliest playable slot of that rank), so among equal ranks the earliest slot wins.
 */
export function chooseSlot(policy: Policy, hands: Uint8Array, base: number, mask: number): number {
  if (policy === Policy.FirstValid) return 31 - Math.clz32(mask & -mask);
  const r0 = RANK[hands[base]!]!;
  const r1 = RANK[hands[base + 1]!]!;
  const r2 = RANK[hands[base + 2]!]!;
  const r3 = RANK[hands[base + 3]!]!;
  const r4 = RANK[hands[base + 4]!]!;
  // Bit r set for each rank r held in a playable slot; the wanted rank is its top or bottom bit.
  const ranks =
    ((mask & 1) << r0) | (((mask >> 1) & 1) << r1) | (((mask >> 2) & 1) << r2) | (((mask >> 3) & 1) << r3) | (((mask >> 4) & 1) << r4);
  const rank = policy === Policy.Biggest ? 31 - Math.clz32(ranks) : 31 - Math.clz32(ranks & -ranks);
  // The playable slots holding that rank; the earliest wins.
  const slots = mask & (+(r0 === rank) | (+(r1 === rank) << 1) | (+(r2 === rank) << 2) | (+(r3 === rank) << 3) | (+(r4 === rank) << 4));
  return 31 - Math.clz32(slots & -slots);
}

function policyAgent(name: string, policy: Policy): UnoWarAgent {
  const agent: UnoWarAgent = {
    name,
    act(state) {
      // Its own hand and the pile only: honest (see the contract's Agent).
      return chooseSlot(policy, state.hands, state.toMove * HAND_SIZE, state.playable);
    },
  };
  BUILT_IN.set(agent, policy);
  return agent;
}

/** Only these exact objects get the engine's inline treatment (or, Checked, its trust); anything else is Custom. */
const BUILT_IN = new WeakMap<UnoWarAgent, Policy>();

/** The engine's inline policy for `agent`, Checked, or Custom. */
export function builtInPolicy(agent: UnoWarAgent): Policy {
  return BUILT_IN.get(agent) ?? Policy.Custom;
}

/**
 * Declares that `agent` only ever answers a legal slot or CONCEDE_ROUND (it checks its own answers),
 * so the engine's playout does not check them again. For the lab's adapter around users' players.
 */
export function markChecked<A extends UnoWarAgent>(agent: A): A {
  BUILT_IN.set(agent, Policy.Checked);
  return agent;
}

/** The assignment's base `AI` ("Random Card AI"): the FIRST playable card, slot 0 upwards. */
export const firstValidAgent: UnoWarAgent = policyAgent('Random Card AI', Policy.FirstValid);
/** `SmallestCardAI`: the lowest-rank playable card (earliest slot on ties). */
export const smallestCardAgent: UnoWarAgent = policyAgent('Smallest Card AI', Policy.Smallest);
/** `BiggestCardAI`: the highest-rank playable card (earliest slot on ties). */
export const biggestCardAgent: UnoWarAgent = policyAgent('Biggest Card AI', Policy.Biggest);

/** The agents by the ids the lab and the CLI use, in the assignment's order. */
export const UNO_WAR_AGENT_IDS = ['random', 'smallest', 'biggest'] as const;
export type UnoWarAgentId = (typeof UNO_WAR_AGENT_IDS)[number];

export const UNO_WAR_AGENTS: Readonly<Record<UnoWarAgentId, UnoWarAgent>> = {
  random: firstValidAgent,
  smallest: smallestCardAgent,
  biggest: biggestCardAgent,
};
