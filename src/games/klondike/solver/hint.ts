/**
 * The solver's hint: a move that keeps a winnable deal winnable, the one that needs the fewest
 * draws. The solver's own line often turns the stock a long way to reach a card early ("draw 23
 * times until A♣ shows") while a card one draw away, or a move on the table, wins as well; a
 * person wants the nearest move that still wins. So the candidates are tried by the draws they
 * need — the table's useful moves and the draw card now, then the draw card after one draw, two,
 * … — each checked by the solver, up to the draws the solver's line needs (whose move is known to
 * win). Useful: a card to a foundation, a move that turns a card up, the draw card onto a pile
 * (the greedy ranking's first three); a move that only shifts a build about is never preferred.
 */
import { DISCARD_ACTION, encodeMove, MoveRank, type KlondikeState } from '../engine.js';
import { legalMovesOfState, type KlondikeMove } from '../moves.js';
import { DEFAULT_BUDGET, solveKlondike, type SolveBudget, type SolveResult, type SolveVerdict } from './solver.js';

export interface WinningHint {
  readonly verdict: SolveVerdict;
  /** Draws to make before `move`. */
  readonly draws: number;
  /** The move to make after the draws (never a draw); null unless winnable, or when the deal is won. */
  readonly move: KlondikeMove | null;
  /** For a winnable position: a winning line from it, `draws` draws and `move` first. */
  readonly line: readonly KlondikeMove[] | null;
  /** The solver's answer for the position itself (its `furthest` serves an unwinnable one). */
  readonly solved: SolveResult;
  /** Distinct positions searched, the checks of the candidates included. */
  readonly states: number;
}

/** Each candidate's check gets this share of the positions the whole hint may search. */
const CHECK_SHARE = 1 / 8;

/** The hint for `state` (not changed) within `budget` (time for the whole hint, positions per solve). */
export function winningHint(state: KlondikeState, budget: SolveBudget = {}): WinningHint {
  const started = performance.now();
  const timeMs = budget.timeMs ?? DEFAULT_BUDGET.timeMs;
  const maxStates = budget.maxStates ?? DEFAULT_BUDGET.maxStates;
  const solved = solveKlondike(state.clone(), budget);
  let states = solved.states;
  const line = solved.moves;
  if (solved.verdict !== 'winnable' || line === null) return { verdict: solved.verdict, draws: 0, move: null, line: null, solved, states };
  let lineDraws = 0;
  while (line[lineDraws]?.kind === 'discardDraw') lineDraws++;
  const lineMove = line[lineDraws];
  if (lineMove === undefined) return { verdict: 'winnable', draws: 0, move: null, line, solved, states };
  const checkStates = Math.max(1, Math.floor(maxStates * CHECK_SHARE));
  const probe = state.clone();
  for (let draws = 0; draws <= lineDraws; draws++) {
    for (const move of candidates(probe, draws === 0)) {
      if (draws === lineDraws && sameMove(move, lineMove)) break;
      const left = timeMs - (performance.now() - started);
      if (left <= 0) break;
      const after = probe.clone();
      after.applyAction(encodeMove(after.config, move));
      const check = solveKlondike(after, { ...budget, timeMs: left, maxStates: checkStates });
      states += check.states;
      if (check.verdict === 'winnable') {
        const discards = Array.from({ length: draws }, (): KlondikeMove => ({ kind: 'discardDraw' }));
        return { verdict: 'winnable', draws, move, line: [...discards, move, ...(check.moves ?? [])], solved, states };
      }
    }
    if (draws < lineDraws) probe.applyAction(DISCARD_ACTION);
  }
  return { verdict: 'winnable', draws: lineDraws, move: lineMove, line, solved, states };
}

/**
 * The moves worth trying at a position, most useful first (the greedy ranking): with `table`, the
 * table's useful moves and the draw card's; without, the draw card's alone (the table's moves do
 * not wait for draws).
 */
function candidates(state: KlondikeState, table: boolean): KlondikeMove[] {
  const ranked: { move: KlondikeMove; rank: number }[] = [];
  for (const { move, action } of legalMovesOfState(state, true)) {
    const rank = state.rankMove(action);
    const fromDraw = move.kind === 'moveDraw' || move.kind === 'moveDrawToFoundation';
    if (rank > MoveRank.DrawToPile || !(table || fromDraw)) continue;
    ranked.push({ move, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map(({ move }) => move);
}

function sameMove(a: KlondikeMove, b: KlondikeMove): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
