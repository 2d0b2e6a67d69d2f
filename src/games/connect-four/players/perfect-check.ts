/**
 * Checks a player's moves against the solver: the game is played from an opening, and before each
 * of the checked player's moves the position's value (win, draw or loss for the side to move, a
 * weak solve) is compared with the value after the move. A perfect player never turns a win into
 * a draw or a loss, nor a draw into a loss. Used by the tests and by `npm run bench:perfect-games`.
 */
import { toRng, randomInt, type SeedLike } from '../../../core/random.js';
import type { Player } from '../player.js';
import { Position } from '../position.js';
import type { Solver } from '../solver/solver.js';

export interface CheckedGame {
  /** The opening, then every move, as 1-based column digits. */
  readonly moves: string;
  /** 1: the checked player won, 0: draw, -1: lost. */
  readonly result: number;
  /** Moves of the checked player that were judged. */
  readonly checked: number;
  /** Moves that made its value worse: `<moves before> <column>: <before> -> <after>`. */
  readonly mistakes: readonly string[];
  /** Longest time one of its moves took, ms. */
  readonly slowestMoveMs: number;
}

/**
 * A random opening of `length` quiet moves: each uniform among the moves that neither win nor let
 * the opponent win at once (so the game is still open after it); retried from scratch if there
 * is none.
 */
export function randomOpening(length: number, seed: SeedLike): string {
  const rng = toRng(seed);
  for (;;) {
    const p = new Position();
    for (let i = 0; i < length; i++) {
      const quiet = p.legalMoves().filter((col) => {
        if (p.isWinningMove(col)) return false;
        p.play(col);
        const safe = !p.canWinNext();
        p.undo();
        return safe;
      });
      if (quiet.length === 0) break;
      p.play(quiet[randomInt(rng, quiet.length)]!);
    }
    if (p.moves === length) return p.toMoves();
  }
}

/**
 * Plays `checked` (colour `color`) against `opponent` from `opening` to the end, judging each of
 * `checked`'s moves with `judge` (weak solves). Both players are told the opening's moves first.
 */
export async function playCheckedGame(checked: Player, opponent: Player, color: boolean, opening: string, judge: Solver): Promise<CheckedGame> {
  const position = Position.fromMoves(opening);
  await checked.init(color);
  await opponent.init(!color);
  for (const ch of opening) {
    const col = Number(ch) - 1;
    await checked.inform(col);
    await opponent.inform(col);
  }
  const mistakes: string[] = [];
  let count = 0;
  let slowest = 0;
  while (!position.isGameOver()) {
    const ours = position.turn === color;
    if (ours) {
      const before = judge.solve(position, true);
      const started = performance.now();
      const col = await checked.move();
      slowest = Math.max(slowest, performance.now() - started);
      const prefix = position.toMoves();
      position.play(col);
      const after = position.isWin() ? 1 : position.isTie() ? 0 : 0 - judge.solve(position, true);
      count++;
      if (after < before) mistakes.push(`${prefix} ${String(col + 1)}: ${String(before)} -> ${String(after)}`);
      await opponent.inform(col);
    } else {
      const col = await opponent.move();
      position.play(col);
      await checked.inform(col);
    }
  }
  const winner = position.winner();
  const result = winner === null ? 0 : winner === color ? 1 : -1;
  return { moves: position.toMoves(), result, checked: count, mistakes, slowestMoveMs: slowest };
}
