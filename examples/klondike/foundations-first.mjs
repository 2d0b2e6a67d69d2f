// A program that plays Klondike, for `tabletop klondike compare`: a class (or object) with
// nextMove(game, moves).
//
//   tabletop klondike compare --players greedy,./examples/klondike/foundations-first.mjs --games 2000
//
// Each worker thread imports this file itself and constructs the class once (with no arguments),
// then calls nextMove at every move of every deal it plays:
// - `game` is what the player sees, with the assignment's KlondikeModel queries (getNumPiles,
//   getPileHeight, isCardVisible, getCardAt, getDrawCards, getNumFoundations, getCardAt(f), getScore):
//   face-down cards and stock cards not shown yet cannot be read;
// - `moves` are the legal moves, as values: { kind: 'movePile', src, count, dest },
//   { kind: 'moveDraw', dest }, { kind: 'moveToFoundation', src, foundation },
//   { kind: 'moveDrawToFoundation', foundation } or { kind: 'discardDraw' }.
// The answer is one of the moves (or an equal object). A throw, or an answer that is not a legal
// move, is a fault: the program plays no more in that deal (its score stays as it was).
// A deal ends when no move is legal (a win included) or after 100 moves without progress.

import { randomInt } from 'tabletop-lab';

export const name = 'foundations-first';

export default class FoundationsFirst {
  nextMove(game, moves, rng) {
    // 1. Anything that goes to a foundation.
    const up = moves.find((m) => m.kind === 'moveToFoundation' || m.kind === 'moveDrawToFoundation');
    if (up) return up;
    // 2. A pile move that turns up a face-down card: the whole face-up run of a pile with cards below.
    const uncover = moves.find((m) => m.kind === 'movePile' && !game.isCardVisible(m.src, 0) && firstVisibleRow(game, m.src) === game.getPileHeight(m.src) - m.count);
    if (uncover) return uncover;
    // 3. The draw card onto a pile.
    const draw = moves.find((m) => m.kind === 'moveDraw');
    if (draw) return draw;
    // 4. Otherwise any move, chosen with the seeded generator: exploring wins more deals than
    //    turning the stock over and over.
    return moves[randomInt(rng, moves.length)];
  }
}

/** The row of the first face-up card of pile p. */
function firstVisibleRow(game, p) {
  let row = 0;
  while (row < game.getPileHeight(p) && !game.isCardVisible(p, row)) row++;
  return row;
}
