// An example submission: an AI module, as `tabletop uno-war tournament --ais ./dave.mjs` takes it
// (docs/your-own-player.md): a class with getPlay(hand, cardPile). The competition plays it as a
// program in the sandbox, like every other submission.
//
// Dave saves his high cards: he opens a pile with his lowest playable card, and spends his highest
// (the hardest for the other player to beat) only once the pile holds three cards or more, to end
// a round that has gone on.
export default class DaveAI {
  getPlay(hand, cardPile) {
    const spend = cardPile.getNumCards() >= 3;
    let best = null;
    for (let i = 0; i < hand.getSize(); i++) {
      const card = hand.get(i);
      if (!cardPile.canPlay(card)) continue;
      if (best === null || (spend ? card.getRankNum() > best.getRankNum() : card.getRankNum() < best.getRankNum())) best = card;
    }
    return best; // null: nothing playable, the round is lost
  }

  toString() {
    return "Dave's AI";
  }
}
