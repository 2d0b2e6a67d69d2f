/**
 * Connect Four for the lab: the bitboard `Position` is the game state (player 0 = red, 1 = yellow,
 * actions = columns 0..6, no chance nodes), with its agents: a uniformly random column, the perfect
 * solver on a fixed node budget (deterministic, unlike a time budget), the generic Monte-Carlo tree
 * search, and the assignment's AlphaBetaPlayer at levels 1-6 (`alphabeta1` .. `alphabeta6`: beginner .. grandmaster).
 */
import { mctsAgent } from '../../algorithms/mcts.js';
import type { Agent, GameDefinition } from '../../core/game.js';
import { ALPHABETA_LEVELS, AlphaBetaPlayer } from './players/alphabeta.js';
import { randomAgent } from './players/random.js';
import { OPENING_SUITES } from './openings.js';
import { CELLS, Position, WIDTH } from './position.js';
import { Solver } from './solver/solver.js';
import { connectFourUserPlayers } from './user-players.js';

/** Nodes the `solver` agent may search per move: about 5-10 ms. */
export const SOLVER_AGENT_NODES = 20_000;

/** Perfect play when the solver finishes within the budget, else the best proven column. */
function solverAgent(maxNodes = SOLVER_AGENT_NODES): Agent<Position> {
  // A small table (~0.7 MB): the agent's searches are short, and the lab runs many agents at once.
  const solver = new Solver({ tableSize: (1 << 17) + 1 });
  return {
    name: 'solver',
    act(state) {
      return solver.bestMove(state, { maxNodes }).column;
    },
  };
}

/** Iterations of the `mcts` agent per move (random playouts): about 10-20 ms. */
export const MCTS_AGENT_ITERATIONS = 1_000;

/**
 * The assignment's AlphaBetaPlayer at `level` as a lab agent. Depth-limited only: its clock is
 * stopped (`now` always 0), so a move depends on the position alone, never on the machine's load,
 * and its table is cleared before every move, so it does not depend on the games before either.
 */
function alphaBetaAgent(level: number): Agent<Position> {
  const player = new AlphaBetaPlayer({ level, now: () => 0 });
  return {
    name: `alphabeta${String(level)}`,
    act(state) {
      player.init(state.turn);
      player.setPosition(state.toMoves());
      return player.search().column;
    },
  };
}


/** Game records write a move as its column, 1-7, one digit each, as the tournament has always written them. */
const recordNotation: NonNullable<GameDefinition<Position>['recordNotation']> = {
  write: (actions) => actions.map((column) => String(column + 1)).join(''),
  read: (moves) => (/^[1-7]*$/.test(moves) ? [...moves].map((digit) => Number(digit) - 1) : undefined),
  expected: 'Connect Four columns (one digit 1-7 per move)',
  end: (winner, labels) =>
    winner === null ? { reason: 'board-full', message: 'the board is full and nobody connected four' } : { reason: 'four-in-a-row', message: `${winner === 0 ? 'red' : 'yellow'} (${labels[winner]!}) connected four` },
};

export const connectFourGame: GameDefinition<Position> = {
  id: 'connect-four',
  title: 'Connect Four',
  userPlayers: connectFourUserPlayers,
  // As many games as the default suite has openings: more would replay the deterministic players' games.
  defaultLineup: { players: ['random', 'alphabeta1', 'alphabeta2'], games: 49 },
  // Games take tens of milliseconds to seconds: a look every 7 pairs, and each of the 49 openings of
  // the default suite once with each colour (7 looks).
  defaultSprt: { a: 'alphabeta2', b: 'random', every: 7, maxGames: 98 },
  recordNotation,
  moveName: (_position, column) => `column ${String(column + 1)}`,
  numPlayers: 2,
  outcome: 'win-loss',
  scoreRange: [-1, 1],
  maxActions: WIDTH,
  maxGameLength: CELLS,
  newInitialState: () => new Position(),
  deserialize: (text) => Position.fromMoves(text),
  chanceFree: true,
  // 'all' first: the default suite of the lab's tournaments, 49 openings each played with both colours.
  openings: OPENING_SUITES,
  agents: {
    random: { description: 'a uniformly random legal column (test opponent)', create: () => randomAgent },
    solver: {
      description: `the perfect solver within ${SOLVER_AGENT_NODES.toLocaleString('en-US')} nodes per move, else its best proven column`,
      deterministic: true,
      create: () => solverAgent(),
    },
    mcts: {
      description: `Monte-Carlo tree search (UCT), ${MCTS_AGENT_ITERATIONS.toLocaleString('en-US')} random playouts per move`,
      create: () => mctsAgent(connectFourGame, { iterations: MCTS_AGENT_ITERATIONS }),
    },
    ...Object.fromEntries(
      ALPHABETA_LEVELS.map(({ level, name, summary }) => [
        `alphabeta${String(level)}`,
        { description: `the AlphaBetaPlayer at level ${String(level)}, ${name}: ${summary}; no clock`, deterministic: true, create: () => alphaBetaAgent(level) },
      ]),
    ),
  },
};
