import { DECK_SIZE } from '../../core/cards.js';
import type { GameDefinition } from '../../core/game.js';
import { basicAgent, randomAgent, rankRunnerAgent, suitStackerAgent } from './agents.js';
import { ConnectFwarState } from './engine.js';
import { MAX_SCORE } from './rules.js';

/** ConnectFwar for the lab: one player, score 0..48 = cards left when four connect. */
export const connectFwarGame: GameDefinition<ConnectFwarState> = {
  id: 'connect-fwar',
  title: 'ConnectFwar',
  numPlayers: 1,
  outcome: 'score',
  scoreRange: [0, MAX_SCORE],
  maxActions: DECK_SIZE,
  maxGameLength: 2 * DECK_SIZE,
  newInitialState: () => new ConnectFwarState(),
  deserialize: (text) => ConnectFwarState.deserialize(text),
  playOut: (state, agents, rng) => {
    state.playToEnd(agents[0]!, rng);
  },
  agents: {
    random: { description: 'a uniformly random column, legal or not (RandomPlayer)', create: () => randomAgent },
    basic: { description: 'the first legal column from the left (BasicPlayer)', create: () => basicAgent },
    suits: { description: 'one column per suit (SuitStacker)', create: () => suitStackerAgent },
    ranks: { description: 'column (rank - 1) mod 4 (RankRunner)', create: () => rankRunnerAgent },
  },
};
