/**
 * Checks a player's moves against the solver: the game is played from an opening, and before each
 * of the checked player's moves the position's value (win, draw or loss for the side to move, a
 * weak solve) is compared with the value after the move. A perfect player never turns a win into
 * a draw or a loss, nor a draw into a loss. Used by the tests and by `npm run bench:perfect-games`.
 */
import { toRng, randomInt, type Rng, type SeedLike } from '../../../core/random.js';
import type { Player } from '../player.js';
import { Position } from '../position.js';
import { CELLS } from '../position.js';
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
  /**
   * With `exactNodes`: moves judged on exact scores (the position's and the move's both settled
   * within the budget), split by the position's value, and those that kept the value but not the
   * score: `<moves before> <column>: <best> -> <after>` (a win taken more slowly, a loss given up
   * sooner than it had to be).
   */
  readonly exact: { readonly won: number; readonly drawn: number; readonly lost: number; readonly unsettled: number; readonly slower: readonly string[] };
  /** Longest time one of its moves took, ms. */
  readonly slowestMoveMs: number;
  /** Each of its moves: the position before it (1-based digits) and the time it took, ms. */
  readonly timings: readonly MoveTiming[];
}

export interface MoveTiming {
  readonly moves: string;
  readonly ms: number;
}

/**
 * The quiet moves of a position: those that neither win at once nor let the opponent win at once
 * (so the game is still open after them).
 */
export function quietMoves(p: Position): number[] {
  return p.legalMoves().filter((col) => {
    if (p.isWinningMove(col)) return false;
    p.play(col);
    const safe = !p.canWinNext();
    p.undo();
    return safe;
  });
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
      const quiet = quietMoves(p);
      if (quiet.length === 0) break;
      p.play(quiet[randomInt(rng, quiet.length)]!);
    }
    if (p.moves === length) return p.toMoves();
  }
}

/**
 * A player whose first `randomMoves` moves are random quiet ones (uniform, from `seed`; any legal
 * move if none is quiet), then `inner`'s: the opponent of a perfect player that opens at random
 * while the perfect player plays its own moves from the first. `inner` is told every move,
 * its own random ones included (through `inform`, which only plays the column on its board).
 */
export class RandomOpener implements Player {
  readonly #inner: Player;
  readonly #randomMoves: number;
  readonly #seed: SeedLike;
  #rng: Rng;
  #position = new Position();
  #played = 0;

  constructor(inner: Player, randomMoves: number, seed: SeedLike) {
    this.#inner = inner;
    this.#randomMoves = randomMoves;
    this.#seed = seed;
    this.#rng = toRng(seed);
  }

  async init(color: boolean): Promise<void> {
    this.#position = new Position();
    this.#played = 0;
    this.#rng = toRng(this.#seed);
    await this.#inner.init(color);
  }

  name(): string {
    return this.#inner.name();
  }

  async move(): Promise<number> {
    let column: number;
    if (this.#played < this.#randomMoves) {
      const quiet = quietMoves(this.#position);
      const choices = quiet.length > 0 ? quiet : this.#position.legalMoves();
      column = choices[randomInt(this.#rng, choices.length)]!;
      await this.#inner.inform(column);
    } else column = await this.#inner.move();
    this.#played++;
    this.#position.play(column);
    return column;
  }

  async inform(column: number): Promise<void> {
    this.#position.play(column);
    await this.#inner.inform(column);
  }
}

/** The exact score of a playable position if `judge` settles it within `maxNodes`, else null. */
function exactScore(judge: Solver, position: Position, maxNodes: number): number | null {
  return judge.search(position, { maxNodes }).score;
}

/**
 * Plays `checked` (colour `color`) against `opponent` from `opening` to the end, judging each of
 * `checked`'s moves with `judge` (weak solves). Both players are told the opening's moves first.
 * With `exactNodes`, each move is also judged on exact scores, each search within that many
 * nodes: it must reach the position's score (win fastest, hold out longest).
 */
export async function playCheckedGame(checked: Player, opponent: Player, color: boolean, opening: string, judge: Solver, exactNodes?: number): Promise<CheckedGame> {
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
  const timings: MoveTiming[] = [];
  const exact = { won: 0, drawn: 0, lost: 0, unsettled: 0, slower: [] as string[] };
  while (!position.isGameOver()) {
    const ours = position.turn === color;
    if (ours) {
      const before = judge.solve(position, true);
      const started = performance.now();
      const col = await checked.move();
      const ms = performance.now() - started;
      slowest = Math.max(slowest, ms);
      const prefix = position.toMoves();
      timings.push({ moves: prefix, ms });
      position.play(col);
      const after = position.isWin() ? 1 : position.isTie() ? 0 : 0 - judge.solve(position, true);
      count++;
      if (after < before) mistakes.push(`${prefix} ${String(col + 1)}: ${String(before)} -> ${String(after)}`);
      if (exactNodes !== undefined) {
        position.undo();
        const best = exactScore(judge, position, exactNodes);
        position.play(col);
        const childScore = position.isWin() ? (CELLS + 2 - position.moves) >> 1 : position.isTie() ? 0 : exactScore(judge, position, exactNodes);
        const reached = childScore === null ? null : position.isWin() ? childScore : 0 - childScore;
        if (best === null || reached === null) exact.unsettled++;
        else {
          if (best > 0) exact.won++;
          else if (best === 0) exact.drawn++;
          else exact.lost++;
          if (reached < best) exact.slower.push(`${prefix} ${String(col + 1)}: ${String(best)} -> ${String(reached)}`);
        }
      }
      await opponent.inform(col);
    } else {
      const col = await opponent.move();
      position.play(col);
      await checked.inform(col);
    }
  }
  const winner = position.winner();
  const result = winner === null ? 0 : winner === color ? 1 : -1;
  return { moves: position.toMoves(), result, checked: count, mistakes, exact, slowestMoveMs: slowest, timings };
}
