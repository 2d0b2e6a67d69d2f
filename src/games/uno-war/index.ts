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
export { UnoWarState, Phase, CONCEDE_ROUND } from './engine.js';
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
