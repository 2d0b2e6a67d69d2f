import { NUM_RANKS, type Card } from '../../core/cards.js';
import type { ReadonlyCardPile } from './card-pile.js';
import type { ReadonlyHand } from './hand.js';
import { Policy } from './agents.js';

/**
 * A strategy for UnoWar, and the assignment's baseline: the FIRST playable card scanning slots 0 upwards
 * ("effectively random" in the assignment, since hands are not sorted — hence the name).
 *
 * An AI only chooses: it sees the hand and the pile through read-only views and returns a card of
 * the hand, or null when it has no playable card. The match removes the card, so no AI can cheat;
 * a card that is not in the hand or not playable (or a throw) loses the round.
 *
 * Subclasses override `getPlay` and `toString`. Ties go to the earliest slot throughout, which is
 * also the slot the match removes, so these classes play exactly the engine's agents.
 */
export class AI {
  getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile): Card | null {
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (cardPile.canPlay(card)) return card;
    }
    return null;
  }

  toString(): string {
    return 'Random Card AI';
  }
}

/** Plays the lowest-rank playable card (the earliest slot among equal ranks). */
export class SmallestCardAI extends AI {
  override getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile): Card | null {
    let best: Card | null = null;
    let bestRank = NUM_RANKS + 1; // above every rank: the first playable card is taken
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (!cardPile.canPlay(card)) continue;
      const rank = card.getRankNum();
      if (rank < bestRank) {
        best = card;
        bestRank = rank;
      }
    }
    return best;
  }

  override toString(): string {
    return 'Smallest Card AI';
  }
}

/** Plays the highest-rank playable card (the earliest slot among equal ranks). */
export class BiggestCardAI extends AI {
  override getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile): Card | null {
    let best: Card | null = null;
    let bestRank = 0; // below every rank: the first playable card is taken
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (!cardPile.canPlay(card)) continue;
      const rank = card.getRankNum();
      if (rank > bestRank) {
        best = card;
        bestRank = rank;
      }
    }
    return best;
  }

  override toString(): string {
    return 'Biggest Card AI';
  }
}

/**
 * The engine's inline policy that plays exactly like `ai` (agents.ts `bestSlot`), when `ai` plays
 * with one of the three classes' own `getPlay` — not overridden by a subclass, not replaced on the
 * instance or the prototype — else Custom. The match then need not call `getPlay` at all: the choice
 * is the same (the earliest slot among equal ranks, tested game for game), so no AI can tell.
 */
export function builtInAIPolicy(ai: AI): Policy {
  const getPlay = ai.getPlay;
  if (getPlay === FIRST_VALID_GET_PLAY) return Policy.FirstValid;
  if (getPlay === SMALLEST_GET_PLAY) return Policy.Smallest;
  if (getPlay === BIGGEST_GET_PLAY) return Policy.Biggest;
  return Policy.Custom;
}

const FIRST_VALID_GET_PLAY = AI.prototype.getPlay;
const SMALLEST_GET_PLAY = SmallestCardAI.prototype.getPlay;
const BIGGEST_GET_PLAY = BiggestCardAI.prototype.getPlay;
