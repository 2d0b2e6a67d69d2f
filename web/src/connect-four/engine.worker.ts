/**
 * The engine worker: the computer's moves and the solver's analysis, off the page's thread. It
 * runs the project's own engines (src/games/connect-four) unchanged. Searches are synchronous, so
 * the page cancels one by terminating the worker; state kept here (the solver's transposition
 * table) is only a cache that makes later requests faster.
 */
import { Position } from '../../../src/games/connect-four/position.js';
import { Solver } from '../../../src/games/connect-four/solver/solver.js';
import { AlphaBetaPlayer } from '../../../src/games/connect-four/players/alphabeta.js';
import { SolverPlayer } from '../../../src/games/connect-four/players/solver-player.js';
import { RandomPlayer } from '../../../src/games/connect-four/players/random.js';
import type { EngineRequest, EngineResponse } from './protocol.js';

let solver: Solver | null = null;
let perfect: { player: SolverPlayer; budgetMs: number } | null = null;

function reply(message: EngineResponse): void {
  self.postMessage(message);
}

function chooseMove(request: Extract<EngineRequest, { kind: 'move' }>): { column: number; perfect: boolean } {
  const { moves, player, budgetMs } = request;
  if (player === 'random') {
    const random = new RandomPlayer(request.seed);
    random.init(moves.length % 2 === 0);
    for (const digit of moves) random.inform(Number(digit) - 1);
    return { column: random.move(), perfect: false };
  }
  if (player === 'perfect') {
    // One SolverPlayer per budget: its transposition table carries over from move to move.
    if (perfect?.budgetMs !== budgetMs) perfect = { player: new SolverPlayer({ budgetMs }), budgetMs };
    perfect.player.setPosition(moves);
    const column = perfect.player.move();
    return { column, perfect: perfect.player.lastReport?.perfect ?? false };
  }
  const alphabeta = new AlphaBetaPlayer({ level: Number(player.slice('alphabeta'.length)), budgetMs });
  alphabeta.setPosition(moves);
  return { column: alphabeta.move(), perfect: false };
}

self.onmessage = (event: MessageEvent<EngineRequest>) => {
  const request = event.data;
  try {
    if (request.kind === 'move') {
      // A quick shallow choice first: if the real search is cut off, the page still has a sensible move.
      const quick = new AlphaBetaPlayer({ level: 1, budgetMs: 50 });
      quick.setPosition(request.moves);
      reply({ kind: 'provisional', id: request.id, column: quick.search().column });
      reply({ kind: 'move', id: request.id, ...chooseMove(request) });
    } else {
      solver ??= new Solver();
      reply({ kind: 'analysis', id: request.id, scores: solver.analyze(Position.fromMoves(request.moves)) });
    }
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
