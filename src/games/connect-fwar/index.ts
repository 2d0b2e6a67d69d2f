/** ConnectFwar: the assignment's classes (`Card`, `Deck`, `Board`, …) over a fast engine. */
export { Card } from '../../core/cards.js';
export { Deck } from '../../core/deck.js';
export { Board } from './board.js';
export { type Player, BasicPlayer, RandomPlayer, RankRunner, SuitStacker, DISCARD_MOVE } from './player.js';
export { HumanPlayer, MOVE_PROMPT, type HumanIO } from './human-player.js';
export { ConnectFwar, type AsyncPlayer, type GameOutcome, type GameRecord, type PlayOptions } from './connect-fwar.js';
export { ConnectFwarState } from './engine.js';
export { connectFwarGame } from './definition.js';
export { basicAgent, randomAgent, rankRunnerAgent, suitStackerAgent } from './agents.js';
export { COLUMNS, ROWS, DISCARD, MAX_SCORE } from './rules.js';
export { GreedyPlayer, LookaheadPlayer } from './players/honest-players.js';
export { GreedyAgent, LookaheadAgent, DEFAULT_MARGIN } from './players/honest.js';
export { DEFAULT_WEIGHTS, type PotentialWeights } from './players/potential.js';
export { ClairvoyantAgent } from './players/clairvoyant.js';
export { EarliestFourSolver, NO_FOUR } from './players/earliest-four.js';
