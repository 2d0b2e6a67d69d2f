// An UnoWar AI as the assignment writes it: a subclass of AI with getPlay(hand, cardPile).
//
//   tabletop uno-war tournament --ais smallest,./examples/uno-war/my-counter.mjs --games 2000
//
// Each worker thread imports this file itself and constructs the class once (with no arguments),
// then calls getPlay at every turn of every game it plays where the AI holds a playable card. The
// answer is a card of the hand (the first slot holding it is played), or null to play nothing.
// As the assignment says, null, a card that may not go on the pile, a card not in the hand, or a
// throw loses the round; the last three also count as faults in the report.
import { AI } from 'tabletop-lab/uno-war';

// The label in reports (default: the file's name). With the seed it also picks this AI's games.
export const name = 'my-counter';

export default class CounterAI extends AI {
  /**
   * Plays the lowest playable card, preferring a card of the suit it holds most of: the next card
   * the opponent must beat is then of a suit it is likely short of, and the AI keeps cards of that
   * suit to answer with.
   * @param hand     read-only: getSize(), get(i) → Card (getRankNum() 1..13, getSuitNum() 1..4)
   * @param cardPile read-only: canPlay(card), getTopCard(), getNumCards()
   */
  getPlay(hand, cardPile) {
    const perSuit = [0, 0, 0, 0, 0];
    for (let i = 0; i < hand.getSize(); i++) perSuit[hand.get(i).getSuitNum()] += 1;
    let best = null;
    let bestKey = Infinity;
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (!cardPile.canPlay(card)) continue;
      // Fewer cards of the suit → a larger key; then the lower rank wins.
      const key = (5 - perSuit[card.getSuitNum()]) * 100 + card.getRankNum();
      if (key < bestKey) {
        best = card;
        bestKey = key;
      }
    }
    return best; // null only when nothing can be played (the round is lost either way)
  }

  toString() {
    return 'Counter AI';
  }
}
