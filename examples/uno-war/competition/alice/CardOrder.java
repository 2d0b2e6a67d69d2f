/** A helper class of the submission: which of two cards ranks lower (the first of equal ranks; null is no card). */
public final class CardOrder {
    private CardOrder() {}

    public static Card lower(Card best, Card card) {
        return best == null || card.getRankNum() < best.getRankNum() ? card : best;
    }
}
