// A ConnectFwar player as the assignment writes it: a class with nextMove(card, board).
//
//   tabletop connect-fwar compare --players basic,./examples/connect-fwar/tightest-fit.mjs --games 20000
//
// Each worker thread imports this file itself and constructs the class once (with no arguments),
// then calls nextMove for every card of every game it plays. The answer is a column 0..3; anything
// the card cannot go on (a full column, a higher top card, -1) discards the card, as the spec says.
// A throw, or an answer that is not a whole number, is counted as a fault and discards the card.

// The label in reports (default: the file's name). It also picks this player's games: the same
// name and seed deal the same games, whichever file or object the player comes from.
export const name = 'tightest-fit';

export default class TightestFit {
  /**
   * Plays the card where it fits most tightly: on the column whose top card is nearest below it in
   * rank, keeping the columns with low top cards open for low cards. Empty columns come last.
   * @param card  the drawn Card (getRankNum() 1..13, getSuitNum() 1..4)
   * @param board a read-only Board (canPlay, getTopCard, getHeight; copy() it to try moves)
   */
  nextMove(card, board) {
    let best = -1;
    let bestGap = Infinity;
    for (let col = 0; col < 4; col++) {
      if (!board.canPlay(card, col)) continue;
      const top = board.getTopCard(col);
      // An empty column takes anything: use it only when nothing else fits.
      const gap = top === null ? 100 : card.getRankNum() - top.getRankNum();
      if (gap < bestGap) {
        best = col;
        bestGap = gap;
      }
    }
    return best; // -1 when no column can take the card: a discard
  }
}
