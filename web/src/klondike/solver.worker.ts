/**
 * The solver's worker: the hint (`winningHint`: a winning line whose first move needs the fewest
 * draws) and the search for winnable deals (src/games/klondike/solver), off the page's thread, on
 * the position the page's moves reach. A solve is synchronous, so the page cancels one by terminating
 * this worker.
 */
import { ENGINE_STATE } from '../../../src/games/klondike/engine.js';
import { winningHint } from '../../../src/games/klondike/solver/hint.js';
import { solveKlondike } from '../../../src/games/klondike/solver/solver.js';
import { dealModel, movesToText, replayDeal, textToMoves } from './model.js';
import type { SolverRequest, SolverResponse } from './protocol.js';

function reply(message: SolverResponse): void {
  self.postMessage(message);
}

/** Deal numbers wrap below this (the page's new deals are below it too). */
const DEAL_NUMBERS = 1_000_000;

self.onmessage = (event: MessageEvent<SolverRequest>) => {
  const request = event.data;
  try {
    if (request.kind === 'solve') {
      const { seed, piles, draw } = request.deal;
      const parsed = textToMoves(request.moves);
      const { model, applied } = replayDeal(seed, piles, draw, parsed.moves);
      if (parsed.rest !== '' || applied !== parsed.moves.length) throw new Error(`The moves "${request.moves}" are not legal on deal ${String(seed)}`);
      const started = performance.now();
      const hint = winningHint(model[ENGINE_STATE](), { timeMs: request.timeMs, maxStates: request.maxStates });
      reply({
        kind: 'solved',
        id: request.id,
        verdict: hint.verdict,
        line: hint.line === null ? null : movesToText(hint.line),
        states: hint.states,
        elapsedMs: performance.now() - started,
      });
      return;
    }
    for (let i = 0; i < request.tries; i++) {
      const seed = (request.from + i) % DEAL_NUMBERS;
      const model = dealModel(seed, request.piles, request.draw);
      const { verdict } = solveKlondike(model[ENGINE_STATE]().clone(), { timeMs: request.timeMs, maxStates: request.maxStates });
      reply({ kind: 'tried', id: request.id, seed, verdict });
      if (verdict === 'winnable') {
        reply({ kind: 'deal', id: request.id, seed, tried: i + 1 });
        return;
      }
    }
    reply({ kind: 'deal', id: request.id, seed: null, tried: request.tries });
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
};
