/**
 * An example submission: a student's AI as the assignment asks for it, a subclass of AI, with a
 * helper class beside it. It plays the lowest card of the top card's suit when it holds one (the
 * pile's suit is then kept), else the lowest card the pile takes.
 */
public class AliceAI extends AI {
    @Override
    public Card getPlay(Hand hand, CardPile cardPile) {
        Card sameSuit = null;
        Card any = null;
        for (int i = 0; i < hand.getSize(); i++) {
            Card card = hand.get(i);
            if (!cardPile.canPlay(card)) continue;
            if (card.getSuitNum() == cardPile.getTopCard().getSuitNum()) sameSuit = CardOrder.lower(sameSuit, card);
            any = CardOrder.lower(any, card);
        }
        return sameSuit != null ? sameSuit : any;
    }

    @Override
    public String toString() { return "Alice's AI"; }
}
