/**
 * A full UnoWar state rebuilt from what one player has seen (`UnoWarState.observe`), for evaluators
 * that run where the real state must not go (the page's coach runs in a Web Worker that is handed
 * the person's observation only). The hidden part — the other hand and the deck's order — is drawn
 * from `UnoWarBelief`, which reads the public history and the player's own hand only; so two states
 * the player cannot tell apart rebuild alike, and an evaluator that samples its own hidden cards
 * (`rateDecision`) gives the same answers on the rebuilt state as on the real one.
 */
import { DECK_SIZE } from '../../core/cards.js';
import type { Rng } from '../../core/random.js';
import { Phase, UnoWarState, type UnoWarObservation } from './engine.js';
import { EVENT_KIND, EVENT_PLAY, EVENT_ROUND, eventPlayer, eventSlot, UnoWarBelief } from './information.js';
import { HAND_SIZE } from './rules.js';

/**
 * A state at `observation.player`'s decision (it must be that player's turn) that the player cannot
 * tell from the one observed, its hidden cards drawn from `rng`.
 * @throws RangeError when the observation is not at the player's turn or does not hold together
 */
export function stateFromObservation(observation: UnoWarObservation, rng: Rng): UnoWarState {
  const { player, history } = observation;
  if (player !== 0 && player !== 1) throw new RangeError(`An UnoWar observation's player is 0 or 1, not ${String(player)}`);
  if (observation.currentPlayer !== player) throw new RangeError('The observation is not at the observing player’s turn');
  if (observation.hand.length !== HAND_SIZE || observation.hand.some((card) => !Number.isInteger(card) || card < 0 || card >= DECK_SIZE)) {
    throw new RangeError('The observation’s hand is not five cards');
  }
  let lastRoundWinner = -1;
  let lastPlaySlot = 0;
  for (const code of history) {
    if ((code & EVENT_KIND) === EVENT_PLAY) lastPlaySlot = eventSlot(code);
    else if ((code & EVENT_KIND) >= EVENT_ROUND) lastRoundWinner = eventPlayer(code);
  }
  // The other hand is a stand-in (the player's own cards) until the belief draws it: the belief
  // never reads it, and `deserialize` checks everything else against the history.
  const hands = [...observation.hand, ...observation.hand];
  const deck = Array.from({ length: DECK_SIZE }, (_, card) => card);
  const text = [
    deck.join(','),
    observation.remaining,
    hands.join(','),
    observation.scores.join(','),
    Phase.Play,
    2 * HAND_SIZE,
    observation.top,
    observation.pileSize,
    player,
    observation.starter,
    lastPlaySlot,
    observation.rounds,
    lastRoundWinner,
    history.join(','),
  ].join('|');
  return new UnoWarBelief(UnoWarState.deserialize(text), player).sample(rng);
}
