/**
 * UnoWar: the assignment's classes (`Card`, `Deck`, `Hand`, `CardPile`, `AI`s, `UnoWarMatch`,
 * `Tournament`) and the fast engine with its lab definition underneath.
 */
export { Card } from '../../core/cards.js';
export { Deck } from './deck.js';
export { Hand, readonlyHand, type CardSource, type ReadonlyHand } from './hand.js';
export { CardPile, IllegalMoveError, readonlyCardPile, type ReadonlyCardPile } from './card-pile.js';
export { AI, SmallestCardAI, BiggestCardAI } from './ai.js';
export { UnoWarMatch, type GameRecord, type RoundRecord, type RoundEnd, type UnoWarMatchOptions } from './match.js';
export { Tournament, defaultAIs, formatPairing, type PairingResult, type TournamentOptions } from './tournament.js';
export { UnoWarState, Phase, CONCEDE_ROUND, type UnoWarObservation } from './engine.js';
export {
  UnoWarBelief,
  EVENT_KIND,
  EVENT_PLAY,
  EVENT_PILE,
  EVENT_ROUND,
  EVENT_CONCEDE,
  eventCard,
  eventSlot,
  eventPlayer,
  describeEvent,
} from './information.js';
export { unoWarGame } from './definition.js';
export {
  firstValidAgent,
  smallestCardAgent,
  biggestCardAgent,
  builtInPolicy,
  Policy,
  UNO_WAR_AGENTS,
  UNO_WAR_AGENT_IDS,
  type UnoWarAgent,
  type UnoWarAgentId,
} from './agents.js';
export { HAND_SIZE, WINNING_SCORE, NUM_PLAYERS, canPlayOn } from './rules.js';
export { engineWins } from './engine-match.js';
export { cardCounterAgent, CARD_COUNTER_SAMPLES, CARD_COUNTER_THRESHOLD, type CardCounterOptions } from './counter.js';
