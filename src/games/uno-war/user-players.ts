/**
 * UnoWar's players from users' modules (the lab wraps these rules in its guarded agent): the
 * assignment's `AI`, `getPlay(hand, cardPile)`, or a lab agent. A fault loses the round; an AI's
 * `null` is the spec's "no play" (it loses the round too, without a fault).
 */
import { Card, cardIndex } from '../../core/cards.js';
import type { Rng } from '../../core/random.js';
import { describeValue, withMethod, type PlayerMaker, type UserPlayerDecision, type UserPlayerRules } from '../../core/user-player-rules.js';
import { markChecked } from './agents.js';
import { enginePileView, type ReadonlyCardPile } from './card-pile.js';
import { CONCEDE_ROUND, type UnoWarState } from './engine.js';
import { engineHandView, type ReadonlyHand } from './hand.js';
import { canPlayOn } from './rules.js';

interface GetPlayAI {
  getPlay(hand: ReadonlyHand, cardPile: ReadonlyCardPile, rng: Rng): unknown;
}

/** The card index of an answer that is a card (ours, or one made by another copy of the Card class), else -1. */
export function cardIndexOf(answer: unknown): number {
  if (answer instanceof Card) return answer.index;
  const c = answer as { getRankNum?: unknown; getSuitNum?: unknown } | null;
  if (typeof c?.getRankNum !== 'function' || typeof c.getSuitNum !== 'function') return -1;
  const rank = (c.getRankNum as () => unknown)();
  const suit = (c.getSuitNum as () => unknown)();
  return Number.isInteger(rank) && Number.isInteger(suit) && (rank as number) >= 1 && (rank as number) <= 13 && (suit as number) >= 1 && (suit as number) <= 4
    ? cardIndex(rank as number, suit as number)
    : -1;
}

/**
 * The assignment's AI as a lab agent: shown read-only views of its own hand and of the pile over the
 * engine's state (as `UnoWarMatch` shows them), it returns a card; the card's first slot is played
 * (as `Hand.remove(card)` takes the first). `null` is the spec's "no play": the round is lost, no
 * fault. A card that may not go on the pile, one it does not hold, or anything else loses the round
 * and is a fault. Unlike `UnoWarMatch`, the lab does not ask an AI that holds no playable card (it
 * loses the round whatever it answers).
 */
function unoWarAI(make: PlayerMaker): UserPlayerDecision<UnoWarState> {
  const a = make() as unknown as GetPlayAI;
  // Views bind to a state; the lab plays on one state per thread, so they are rebuilt rarely.
  let viewed: UnoWarState | undefined;
  let hands: ReadonlyHand[] = [];
  let pile: ReadonlyCardPile | undefined;
  return {
    what: (state) => `getPlay on ${Card.fromIndex(state.top).toString()}`,
    decide(state, rng) {
      if (state !== viewed) {
        viewed = state;
        hands = [engineHandView(state, 0), engineHandView(state, 1)];
        pile = enginePileView(state);
      }
      const player = state.toMove;
      const answer = a.getPlay(hands[player]!, pile!, rng);
      if (answer === null || answer === undefined) return CONCEDE_ROUND;
      const card = cardIndexOf(answer);
      if (card < 0) return { fault: `answered ${describeValue(answer)}, not a card` };
      const slot = state.slotOfCard(player, card);
      if (slot >= 0 && state.isLegalSlot(slot)) return slot;
      // The assignment's order of checks: a card that may not go on the pile, then one not in the hand.
      return { fault: `answered ${Card.fromIndex(card).toString()}, which ${canPlayOn(state.top, card) ? 'is not in its hand' : 'may not be played on it'}` };
    },
  };
}

export const unoWarUserPlayers: UserPlayerRules<UnoWarState> = {
  expected: 'a default export that is an AI class (or object) with getPlay(hand, cardPile), or a lab agent with act(state, rng)',
  recognise: withMethod('getPlay'),
  decision: unoWarAI,
  isLegal: (state, action): action is number => action === CONCEDE_ROUND || (typeof action === 'number' && state.isLegalSlot(action)),
  whyIllegal: () => 'not a legal slot (nor CONCEDE_ROUND)',
  onFault: { action: () => CONCEDE_ROUND },
  faultRule: 'UnoWar: the round is lost',
  // The guarded agent answers only legal slots or CONCEDE_ROUND: the engine's playout trusts it.
  fielded: markChecked,
};
