/**
 * Hints in words (pure, unit-tested in Node): the solver's winning line read as the next thing to
 * do, and the fallbacks when the solver says the deal is lost or cannot decide in time.
 */
import type { BasicKlondike } from '../../../src/games/klondike/basic-klondike.js';
import { hint as likelyMove, type KlondikeMove } from '../../../src/games/klondike/moves.js';
import type { SolveVerdict } from '../../../src/games/klondike/solver/solver.js';
import { cardShortName, moveWords, textToMoves } from './model.js';

export interface Hint {
  readonly text: string;
  /** The move to highlight: the first of the line that is not a draw (or the draw itself). */
  readonly move: KlondikeMove | null;
  /** Draws to make before `move`. */
  readonly draws: number;
}

/** The hint a winning line (the address's move text, from the position of `model`) gives. */
export function lineHint(model: BasicKlondike, line: string): Hint {
  const moves = textToMoves(line).moves;
  let draws = 0;
  while (draws < moves.length && moves[draws]!.kind === 'discardDraw') draws++;
  const move = moves[draws] ?? null;
  if (move === null) return { text: 'Nothing is left to do: the deal is won.', move: null, draws: 0 };
  const keeps = 'This keeps the deal winnable.';
  if (draws === 0) return { text: `${moveWords(model, move)}. ${keeps}`, move, draws };
  // Read the move on the position after the draws (made on the model and taken back at once).
  for (let i = 0; i < draws; i++) model.discardDraw();
  const shown = model.getDrawCards()[0];
  const then = lowerFirst(moveWords(model, move));
  for (let i = 0; i < draws; i++) model.undo();
  const until = shown === undefined ? '' : ` until ${cardShortName(shown.index)} shows`;
  return { text: `Draw ${draws === 1 ? 'once' : `${String(draws)} times`}${until}, then ${then}. ${keeps}`, move: { kind: 'discardDraw' }, draws };
}

/** What the hint says when the solver has no winning line. */
export function noLineHint(model: BasicKlondike, verdict: Exclude<SolveVerdict, 'winnable'>, budgetSeconds: number): Hint {
  const move = likelyMove(model);
  const likely = move === null ? '' : ` A move that still changes something: ${lowerFirst(moveWords(model, move))}.`;
  const text =
    verdict === 'unwinnable'
      ? `No move can win this deal any more: the solver tried every line from here.${likely}`
      : `The solver could not decide this position within ${String(budgetSeconds)} s.${likely}`;
  return { text, move, draws: 0 };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
