/**
 * The assignments' Card (ConnectFwar's and UnoWar's), as the Tabletop Lab harness provides it: rank 1-13
 * (Ace = 1), suit 1-4 (Spades, Hearts, Clubs, Diamonds), immutable.
 */
public class Card {
    private static final String[] RANK_NAMES = {"Ace", "Two", "Three", "Four", "Five", "Six", "Seven",
        "Eight", "Nine", "Ten", "Jack", "Queen", "King"};
    private static final String[] SUIT_NAMES = {"Spades", "Hearts", "Clubs", "Diamonds"};

    private final int rank;
    private final int suit;

    public Card(int rank, int suit) {
        if (rank < 1 || rank > 13 || suit < 1 || suit > 4) {
            System.err.println("Invalid Card");
            rank = 1;
            suit = 1;
        }
        this.rank = rank;
        this.suit = suit;
    }

    public int getRankNum() { return rank; }

    public int getSuitNum() { return suit; }

    public String getRankName() { return RANK_NAMES[rank - 1]; }

    public String getSuitName() { return SUIT_NAMES[suit - 1]; }

    @Override
    public String toString() { return getRankName() + " of " + getSuitName(); }

    @Override
    public boolean equals(Object obj) {
        if (!(obj instanceof Card)) return false;
        Card other = (Card) obj;
        return other.rank == rank && other.suit == suit;
    }

    @Override
    public int hashCode() { return rank * 5 + suit; }
}
