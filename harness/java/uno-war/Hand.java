/** The assignment's Hand, as the Tabletop Lab harness provides it: `size` cards drawn from a deck, refilled as cards are removed. */
public class Hand {
    private final Card[] cards;
    private final Deck deck;

    public Hand(Deck deck, int size) {
        this.deck = deck;
        cards = new Card[size];
        for (int i = 0; i < size; i++) cards[i] = deck.draw();
    }

    public int getSize() { return cards.length; }

    public Card get(int i) {
        if (i < 0 || i >= cards.length) {
            System.err.println("Invalid hand index!");
            return cards[0];
        }
        return cards[i];
    }

    public boolean remove(Card card) {
        for (int i = 0; i < cards.length; i++) {
            if (cards[i].equals(card)) {
                cards[i] = deck.draw();
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() { return java.util.Arrays.toString(cards); }
}
