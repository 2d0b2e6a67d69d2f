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
import { Card, DECK_SIZE } from '../../core/cards.js';
import type { Agent } from '../../core/game.js';
import { enginePileTop, type ReadonlyCardPile } from './card-pile.js';
import { engineHandCards, type ReadonlyHand } from './hand.js';
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
/** The three built-in strategies' policies (the assignment's three AI classes). */
export type BuiltInPolicy = typeof Policy.FirstValid | typeof Policy.Smallest | typeof Policy.Biggest;

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

/** Entries of one policy's `SLOT_KEY` block: a row of 52 cards for each of the 52 top cards. */
const CARD_PAIRS = DECK_SIZE * DECK_SIZE;

/**
 * `SLOT_KEY[policy * CARD_PAIRS + top * 52 + card]`: 0 when `card` may not go on `top`, else how
 * much `policy` wants it, times 8 — FirstValid 1 for any playable card, Smallest 14 - rank,
 * Biggest the rank. The factor 8 leaves the low three bits free for `bestSlot`'s slot tie-break.
 */
const SLOT_KEY: Readonly<Uint8Array> = (() => {
  const table = new Uint8Array((Policy.Biggest + 1) * CARD_PAIRS);
  for (let pair = 0; pair < CARD_PAIRS; pair++) {
    if (CAN_PLAY[pair] !== 1) continue;
    const card = pair % DECK_SIZE;
    for (const policy of [Policy.FirstValid, Policy.Smallest, Policy.Biggest]) table[policy * CARD_PAIRS + pair] = preference(policy, card) << 3;
  }
  return table;
})();

/**
 * How much built-in `policy` wants playable card `card`, 1..13 (more is better; among equal values
 * the earliest slot): the three strategies, said once for the engine's table and the assignment's
 * classes (`preferredCard`).
 */
function preference(policy: Policy, card: number): number {
  if (policy === Policy.Smallest) return 14 - RANK[card]!;
  return policy === Policy.Biggest ? RANK[card]! : 1;
}

/**
 * The card built-in `policy` plays from `hand` on `pile` (the first among equal preferences), or
 * null when none may go there: the assignment's classes' `getPlay`, over their read-only views and
 * any hand size, with the pile's own rule (`canPlay`).
 */
export function preferredCard(policy: Policy, hand: ReadonlyHand, pile: ReadonlyCardPile): Card | null {
  // Shown the engine's own views (as UnoWarMatch and the lab show an AI), choose as the engine's
  // agents do, on its arrays: the same card as the scan below (tested), without making a Card per
  // slot and asking the pile about each.
  const engine = engineHandCards(hand);
  const top = engine === undefined ? -1 : enginePileTop(pile);
  if (engine !== undefined && top >= 0) {
    const slot = bestSlot(policy, engine.hands, engine.base, top);
    return slot < 0 ? null : Card.fromIndex(engine.hands[engine.base + slot]!);
  }
  // Every playable card is equally preferred under FirstValid, so the first one is the answer: stop
  // there rather than scan the rest of the hand (the assignment's own loop; the classes are asked
  // this on every turn).
  if (policy === Policy.FirstValid) {
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (pile.canPlay(card)) return card;
    }
    return null;
  }
  let best: Card | null = null;
  let bestPreference = 0;
  for (let i = 0; i < hand.getSize(); i++) {
    const card = hand.get(i);
    if (!pile.canPlay(card)) continue;
    const wanted = preference(policy, card.index);
    if (wanted > bestPreference) {
      best = card;
      bestPreference = wanted;
    }
  }
  return best;
}

/**
 * The slot built-in `policy` (FirstValid, Smallest or Biggest) plays from the hand at
 * `hands[base ..]` on card `top`, or -1 when no card of it may go there (the player loses the
 * round). Each slot's key is its card's `SLOT_KEY` with 7 - slot in the low bits, so the largest
 * key is the policy's card and, among equal cards or ranks, the earliest slot — the assignment's
 * scan with strict comparisons, without a branch per card (random cards make branches mispredict)
 * and small enough for the engine's loop to inline. Written out for HAND_SIZE = 5.
 */
export function bestSlot(policy: Policy, hands: Uint8Array, base: number, top: number): number {
  const row = policy * CARD_PAIRS + top * DECK_SIZE;
  const best = larger(
    larger(larger(SLOT_KEY[row + hands[base]!]! | 7, SLOT_KEY[row + hands[base + 1]!]! | 6), larger(SLOT_KEY[row + hands[base + 2]!]! | 5, SLOT_KEY[row + hands[base + 3]!]! | 4)),
    SLOT_KEY[row + hands[base + 4]!]! | 3,
  );
  return best < 8 ? -1 : 7 - (best & 7);
}

/**
 * The larger of two small non-negative integers by arithmetic: the JIT compiles `Math.max` of
 * integers to a compare and a branch, which random cards make mispredict.
 */
function larger(a: number, b: number): number {
  const difference = a - b;
  return a - (difference & (difference >> 31));
}

function policyAgent(name: string, policy: Policy): UnoWarAgent {
  const agent: UnoWarAgent = {
    name,
    act(state) {
      // Its own hand and the pile only: honest (see the contract's Agent).
      return bestSlot(policy, state.hands, state.toMove * HAND_SIZE, state.top);
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

/** The agent of each built-in policy, indexed by the policy. */
export const BUILT_IN_AGENTS: Readonly<Record<BuiltInPolicy, UnoWarAgent>> = [firstValidAgent, smallestCardAgent, biggestCardAgent];

/** The agents by the ids the lab and the CLI use, in the assignment's order. */
export const UNO_WAR_AGENT_IDS = ['random', 'smallest', 'biggest'] as const;
export type UnoWarAgentId = (typeof UNO_WAR_AGENT_IDS)[number];

export const UNO_WAR_AGENTS: Readonly<Record<UnoWarAgentId, UnoWarAgent>> = {
  random: firstValidAgent,
  smallest: smallestCardAgent,
  biggest: biggestCardAgent,
};
