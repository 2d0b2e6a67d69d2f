/**
 * Connect Four for the lab: the bitboard `Position` is the game state (player 0 = red, 1 = yellow,
 * actions = columns 0..6, no chance nodes), with two agents: a uniformly random column, and the
 * perfect solver on a fixed node budget (deterministic, unlike a time budget).
 */
import type { Agent, GameDefinition } from '../../core/game.js';
import { randomInt } from '../../core/random.js';
import { CELLS, Position, WIDTH } from './position.js';
import { Solver } from './solver/solver.js';

/** Nodes the `solver` agent may search per move: about 5-10 ms. */
export const SOLVER_AGENT_NODES = 20_000;

/** Scratch for the random agent's legal moves (agents run on one thread; no allocation per move). */
const legal = new Int32Array(WIDTH);

const randomAgent: Agent<Position> = {
  name: 'random',
  act(state, rng) {
    const count = state.legalActions(legal);
    return legal[randomInt(rng, count)]!;
  },
};

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

export const connectFourGame: GameDefinition<Position> = {
  id: 'connect-four',
  title: 'Connect Four',
  numPlayers: 2,
  outcome: 'win-loss',
  scoreRange: [-1, 1],
  maxActions: WIDTH,
  maxGameLength: CELLS,
  newInitialState: () => new Position(),
  deserialize: (text) => Position.fromMoves(text),
  agents: {
    random: { description: 'a uniformly random legal column (test opponent)', create: () => randomAgent },
    solver: {
      description: `the perfect solver within ${SOLVER_AGENT_NODES.toLocaleString('en-US')} nodes per move, else its best proven column`,
      create: () => solverAgent(),
    },
  },
};
