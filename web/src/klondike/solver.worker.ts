/**
 * The solver's worker: the hint and the search for winnable deals, off the page's thread, on the
 * position the page's moves reach, by the solver of the deal's rule set (src/games/klondike/solver:
 * `winningHint` over the assignment's solver — a winning line whose first move needs the fewest
 * draws — or `solveStandard`'s winning line under the standard rules). A solve is synchronous, so
 * the page cancels one by terminating this worker.
 */
import { ENGINE_STATE, type KlondikeState } from '../../../src/games/klondike/engine.js';
import type { KlondikeMove } from '../../../src/games/klondike/moves.js';
import { solveDeal } from '../../../src/games/klondike/solver/deal.js';
import { winningHint } from '../../../src/games/klondike/solver/hint.js';
import type { SolveBudget, SolveVerdict } from '../../../src/games/klondike/solver/solver.js';
import { solveStandard } from '../../../src/games/klondike/solver/standard-solver.js';
import { dealOf, movesToText, replaySpec, textToMoves } from './model.js';
import type { SolverRequest, SolverResponse } from './protocol.js';

function reply(message: SolverResponse): void {
  self.postMessage(message);
}

/** Deal numbers wrap below this (the page's new deals are below it too). */
const DEAL_NUMBERS = 1_000_000;

/** A proven winning line from `state` (not changed), or the verdict without one. */
function winningLine(state: KlondikeState, budget: SolveBudget): { verdict: SolveVerdict; line: readonly KlondikeMove[] | null; states: number } {
  if (state.config.standardRules) {
    const result = solveStandard(state.clone(), budget);
    return { verdict: result.verdict, line: result.moves, states: result.states };
  }
  const hint = winningHint(state, budget);
  return { verdict: hint.verdict, line: hint.line, states: hint.states };
}

self.onmessage = (event: MessageEvent<SolverRequest>) => {
  const request = event.data;
  try {
    if (request.kind === 'solve') {
      const parsed = textToMoves(request.moves);
      const { model, applied } = replaySpec(request.deal, parsed.moves);
      if (parsed.rest !== '' || applied !== parsed.moves.length) throw new Error(`The moves "${request.moves}" are not legal on this deal`);
      const started = performance.now();
      const answer = winningLine(model[ENGINE_STATE](), { timeMs: request.timeMs, maxStates: request.maxStates });
      reply({
        kind: 'solved',
        id: request.id,
        verdict: answer.verdict,
        line: answer.line === null ? null : movesToText(answer.line),
        states: answer.states,
        elapsedMs: performance.now() - started,
      });
      return;
    }
    for (let i = 0; i < request.tries; i++) {
      const seed = (request.from + i) % DEAL_NUMBERS;
      const model = dealOf({ ...request.rules, seed, piles: request.piles, order: null });
      const { verdict } = solveDeal(model[ENGINE_STATE]().clone(), { timeMs: request.timeMs, maxStates: request.maxStates });
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
