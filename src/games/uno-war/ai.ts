import type { Card } from '../../core/cards.js';
import type { ReadonlyCardPile } from './card-pile.js';
import type { ReadonlyHand } from './hand.js';
import { Policy, preferredCard, type BuiltInPolicy } from './agents.js';

/**
 * A strategy for UnoWar, and the assignment's baseline: the FIRST playable card scanning slots 0 upwards
 * ("effectively random" in the assignment, since hands are not sorted — hence the name).
 *
 * An AI only chooses: it sees the hand and the pile through read-only views and returns a card of
 * the hand, or null when it has no playable card. The match removes the card, so no AI can cheat;
 * a card that is not in the hand or not playable (or a throw) loses the round.
 *
 * Subclasses override `getPlay` and `toString`. The three classes here are faces of the engine's
 * built-in strategies (agents.ts): each names its `policy`, and `getPlay` plays it
 * (`preferredCard`), ties going to the earliest slot — the slot the match removes — so these
 * classes play exactly the engine's agents.
 */
export class AI {
  /** The built-in strategy the class plays; a subclass that keeps `getPlay` inherits it. */
  static readonly policy: Policy = Policy.FirstValid;

  getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile): Card | null {
    return preferredCard(policyOfClass(this), hand, cardPile);
  }

  toString(): string {
    return 'Random Card AI';
  }
}

/** Plays the lowest-rank playable card (the earliest slot among equal ranks). */
export class SmallestCardAI extends AI {
  static override readonly policy: Policy = Policy.Smallest;

  override toString(): string {
    return 'Smallest Card AI';
  }
}

/** Plays the highest-rank playable card (the earliest slot among equal ranks). */
export class BiggestCardAI extends AI {
  static override readonly policy: Policy = Policy.Biggest;

  override toString(): string {
    return 'Biggest Card AI';
  }
}

/** The `policy` of `ai`'s class (FirstValid for an object whose constructor names none). */
function policyOfClass(ai: AI): BuiltInPolicy {
  const policy = (ai.constructor as Partial<typeof AI> | undefined)?.policy;
  return policy === Policy.Smallest || policy === Policy.Biggest ? policy : Policy.FirstValid;
}

/**
 * The engine's inline policy that plays exactly like `ai` (agents.ts `bestSlot`), when `ai` plays
 * with the classes' own `getPlay` — not overridden by a subclass, not replaced on the instance or
 * the prototype — else Custom. The match then need not call `getPlay` at all: the choice is the
 * same (the earliest slot among equal ranks, tested game for game), so no AI can tell.
 */
export function builtInAIPolicy(ai: AI): BuiltInPolicy | typeof Policy.Custom {
  return ai.getPlay === OWN_GET_PLAY ? policyOfClass(ai) : Policy.Custom;
}

/** The classes' own `getPlay`, kept: a prototype patched later is no built-in. */
const OWN_GET_PLAY = AI.prototype.getPlay;
