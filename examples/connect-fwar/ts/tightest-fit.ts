// The tightest-fit player in TypeScript, typed against the library's own Player interface.
// Node 20 cannot run .ts files (its --experimental-strip-types arrived in Node 22.6): compile first,
//   npx tsc -p examples/connect-fwar/ts            (writes examples/connect-fwar/ts/dist/tightest-fit.js)
//   tabletop connect-fwar compare --players basic,./examples/connect-fwar/ts/dist/tightest-fit.js
import type { Board, Card, Player } from 'tabletop-lab/connect-fwar';

export const name = 'tightest-fit-ts';

export default class TightestFit implements Player {
  nextMove(card: Card, board: Board): number {
    let best = -1;
    let bestGap = Infinity;
    for (let col = 0; col < 4; col++) {
      if (!board.canPlay(card, col)) continue;
      const top = board.getTopCard(col);
      const gap = top === null ? 100 : card.getRankNum() - top.getRankNum();
      if (gap < bestGap) {
        best = col;
        bestGap = gap;
      }
    }
    return best;
  }
}
