// The foundations-first program in TypeScript, typed against the library's model and moves.
// Node 20 cannot run .ts files (its --experimental-strip-types arrived in Node 22.6): compile first,
//   npx tsc -p examples/klondike/ts            (writes examples/klondike/ts/dist/foundations-first.js)
//   tabletop klondike compare --players greedy,./examples/klondike/ts/dist/foundations-first.js
import { randomInt, type Rng } from 'tabletop-lab';
import type { KlondikeMove, ReadonlyKlondikeModel } from 'tabletop-lab/klondike';

export const name = 'foundations-first-ts';

export default class FoundationsFirst {
  /** To a foundation; else a move that turns up a face-down card; else the draw card to a pile; else any move. */
  nextMove(game: ReadonlyKlondikeModel, moves: readonly KlondikeMove[], rng: Rng): KlondikeMove {
    const up = moves.find((m) => m.kind === 'moveToFoundation' || m.kind === 'moveDrawToFoundation');
    if (up !== undefined) return up;
    const uncover = moves.find((m) => m.kind === 'movePile' && !game.isCardVisible(m.src, 0) && firstVisibleRow(game, m.src) === game.getPileHeight(m.src) - m.count);
    if (uncover !== undefined) return uncover;
    const draw = moves.find((m) => m.kind === 'moveDraw');
    if (draw !== undefined) return draw;
    return moves[randomInt(rng, moves.length)]!;
  }
}

function firstVisibleRow(game: ReadonlyKlondikeModel, p: number): number {
  let row = 0;
  while (row < game.getPileHeight(p) && !game.isCardVisible(p, row)) row++;
  return row;
}
