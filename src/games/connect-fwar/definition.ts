import { DECK_SIZE } from '../../core/cards.js';
import type { GameDefinition } from '../../core/game.js';
import { basicAgent, randomAgent, rankRunnerAgent, suitStackerAgent } from './agents.js';
import { ConnectFwarState } from './engine.js';
import { ClairvoyantAgent } from './players/clairvoyant.js';
import { GreedyAgent, LookaheadAgent } from './players/honest.js';
import { columnName } from './notation.js';
import { connectFwarProtocol } from './protocol.js';
import { DISCARD, MAX_SCORE } from './rules.js';
import { connectFwarUserPlayers } from './user-players.js';

/** ConnectFwar for the lab: one player, score 0..48 = cards left when four connect. */
export const connectFwarGame: GameDefinition<ConnectFwarState> = {
  id: 'connect-fwar',
  title: 'ConnectFwar',
  userPlayers: connectFwarUserPlayers,
  // The spec's four AIs, in its order, 10,000 games each (its PlayerComparison).
  defaultLineup: { players: ['random', 'basic', 'suits', 'ranks'], games: 10_000 },
  defaultSprt: { a: 'basic', b: 'ranks', maxGames: 200_000, delta1: 1 },
  lineProtocol: connectFwarProtocol,
  moveName: (_state, action) => (action === DISCARD ? 'discard' : `column ${columnName(action)}`),
  javaPlayer: { classPattern: /\bclass\s+\w+[^{]*\bimplements\s+([\w\s,]*\b)?Player\b/, expected: 'a class that implements Player (nextMove(Card card, Board board))' },
  labCommand: (lineups, gamesAndSeed, paired) => `tabletop connect-fwar compare --players ${lineups.map((l) => l[0]!).join(',')} ${gamesAndSeed}${paired ? ' --paired' : ''}`,
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
    greedy: { description: 'one ply: the move leaving the fewest estimated cards to a four (sees only the board and the unseen cards)', create: () => new GreedyAgent() },
    lookahead: {
      description: 'greedy plus one card of lookahead (expectimax over every possible next card) on the moves greedy rates within 0.5 of its best',
      create: () => new LookaheadAgent(),
    },
    'lookahead-full': { description: 'lookahead on every move (slower, no stronger)', create: () => new LookaheadAgent(Infinity) },
    clairvoyant: {
      description: 'NOT a fair player: reads the order of the deal and makes the earliest possible four — the upper bound on every strategy (unpaired runs only)',
      seesHidden: true,
      create: () => new ClairvoyantAgent(),
    },
  },
};
