/** ConnectFwar: the seed's classes (`Card`, `Deck`, `Board`, …) over a fast engine. */
export { Card } from '../../core/cards.js';
export { Deck } from '../../core/deck.js';
export { ConnectFwarState } from './engine.js';
export { connectFwarGame } from './definition.js';
export { basicAgent, randomAgent, rankRunnerAgent, suitStackerAgent } from './agents.js';
export { COLUMNS, ROWS, DISCARD, MAX_SCORE } from './rules.js';
