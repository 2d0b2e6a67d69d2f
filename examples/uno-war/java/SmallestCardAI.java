/** The assignment's SmallestCardAI: the lowest-ranked card of the hand the pile takes (the first of equal ranks). */
public class SmallestCardAI extends AI {
    @Override
    public Card getPlay(Hand hand, CardPile cardPile) {
        Card best = null;
        for (int i = 0; i < hand.getSize(); i++) {
            Card card = hand.get(i);
            if (cardPile.canPlay(card) && (best == null || card.getRankNum() < best.getRankNum())) best = card;
        }
        return best;
    }

    @Override
    public String toString() { return "Smallest Card AI"; }
}
