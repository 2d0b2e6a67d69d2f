/** The assignment's CardPile, as the Tabletop Lab harness provides it: a card goes on it with the top card's suit, or a rank at least as high. */
public class CardPile {
    private Card top;
    private int numCards;

    public CardPile(Card topCard) {
        top = topCard;
        numCards = 1;
    }

    /** The pile as the lab sees it: its top card and how many cards it holds. */
    CardPile(Card topCard, int numCards) {
        top = topCard;
        this.numCards = numCards;
    }

    public boolean canPlay(Card card) {
        return card != null && (card.getRankNum() >= top.getRankNum() || card.getSuitNum() == top.getSuitNum());
    }

    public void play(Card card) {
        if (!canPlay(card)) {
            System.err.println("Illegal move detected!");
            return;
        }
        top = card;
        numCards++;
    }

    public int getNumCards() { return numCards; }

    public Card getTopCard() { return top; }
}
