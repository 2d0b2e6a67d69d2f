/**
 * Hints in words (pure, unit-tested in Node): the solver's winning line read as the next thing to
 * do, and the fallbacks when the solver says the deal is lost or cannot decide in time.
 */
import { engineStateOf, hint as likelyMove, type KlondikeMove } from '../../../src/games/klondike/moves.js';
import type { SolveVerdict } from '../../../src/games/klondike/solver/solver.js';
import { lineStepWords, lowerFirst, moveWords } from '../../../src/games/klondike/words.js';
import { textToMoves, type PageModel } from './model.js';

export interface Hint {
  readonly text: string;
  /** The move to highlight: the first of the line that is not a draw (or the draw itself). */
  readonly move: KlondikeMove | null;
  /** Draws to make before `move`. */
  readonly draws: number;
}

/** The hint a winning line (the address's move text, from the position of `model`) gives. */
export function lineHint(model: PageModel, line: string): Hint {
  const step = lineStepWords(engineStateOf(model), textToMoves(line).moves);
  if (step.move === null) return { text: 'Nothing is left to do: the deal is won.', move: null, draws: 0 };
  return { text: `${step.text}. This keeps the deal winnable.`, move: step.draws === 0 ? step.move : { kind: 'discardDraw' }, draws: step.draws };
}

/** What the hint says when the solver has no winning line. */
export function noLineHint(model: PageModel, verdict: Exclude<SolveVerdict, 'winnable'>, budgetSeconds: number): Hint {
  const move = likelyMove(model);
  const likely = move === null ? '' : ` A move that still changes something: ${lowerFirst(moveWords(model, move))}.`;
  const text =
    verdict === 'unwinnable'
      ? `No move can win this deal any more: the solver tried every line from here.${likely}`
      : `The solver could not decide this position within ${String(budgetSeconds)} s.${likely}`;
  return { text, move, draws: 0 };
}
