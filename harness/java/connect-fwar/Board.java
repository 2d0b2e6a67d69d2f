/**
 * The assignment's Board, as the Tabletop Lab harness provides it: four columns of four rows,
 * column and row 0-based, row 0 at the bottom. A card may go on an empty column, or on a column
 * with room whose top card's rank is at most its own.
 */
public class Board {
    private final Card[][] cards = new Card[4][4];

    public Board() { }

    public Card getTopCard(int column) {
        for (int row = 3; row >= 0; row--) if (cards[column][row] != null) return cards[column][row];
        return null;
    }

    public Card getCard(int col, int row) { return cards[col][row]; }

    public boolean canPlay(Card c, int column) {
        if (c == null || column < 0 || column > 3 || cards[column][3] != null) return false;
        Card top = getTopCard(column);
        return top == null || c.getRankNum() >= top.getRankNum();
    }

    public void play(Card c, int column) {
        for (int row = 0; row < 4; row++) {
            if (cards[column][row] == null) {
                cards[column][row] = c;
                return;
            }
        }
    }

    private static boolean connected(Card a, Card b) {
        return a.getSuitNum() == b.getSuitNum() || Math.abs(a.getRankNum() - b.getRankNum()) <= 1;
    }

    private boolean connectedFour(int c0, int r0, int dc, int dr) {
        for (int k = 0; k < 4; k++) if (cards[c0 + k * dc][r0 + k * dr] == null) return false;
        for (int k = 0; k < 3; k++) {
            if (!connected(cards[c0 + k * dc][r0 + k * dr], cards[c0 + (k + 1) * dc][r0 + (k + 1) * dr])) return false;
        }
        return true;
    }

    public boolean isWinState() {
        for (int i = 0; i < 4; i++) {
            if (connectedFour(0, i, 1, 0) || connectedFour(i, 0, 0, 1)) return true;
        }
        return connectedFour(0, 0, 1, 1) || connectedFour(0, 3, 1, -1);
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int row = 3; row >= 0; row--) {
            for (int col = 0; col < 4; col++) {
                Card c = cards[col][row];
                text.append(c == null ? "  --  " : String.format("%6s", c.getRankNum() + "/" + c.getSuitNum()));
            }
            text.append('\n');
        }
        return text.toString();
    }
}
