import java.util.Random;

/**
 * The assignment's Deck, as the Tabletop Lab harness provides it: 52 cards, shuffled, reshuffled
 * when drawn empty. The harness also stacks a deck with given cards (to hand an AI its hand).
 */
public class Deck {
    private final Card[] cards;
    private int next;
    private final Random random = new Random();

    public Deck() {
        cards = new Card[52];
        int k = 0;
        for (int suit = 1; suit <= 4; suit++) for (int rank = 1; rank <= 13; rank++) cards[k++] = new Card(rank, suit);
        shuffle();
    }

    /** A deck that deals `order` first (the harness's: an AI's hand as the lab sees it). */
    Deck(Card[] order) {
        this();
        System.arraycopy(order, 0, cards, 0, order.length);
        next = 0;
    }

    public void shuffle() {
        for (int i = cards.length - 1; i >= 1; i--) {
            int j = random.nextInt(i + 1);
            Card swap = cards[i];
            cards[i] = cards[j];
            cards[j] = swap;
        }
        next = 0;
    }

    public Card draw() {
        if (isEmpty()) shuffle();
        return cards[next++];
    }

    public int cardsRemaining() { return cards.length - next; }

    public boolean isEmpty() { return next >= cards.length; }
}
