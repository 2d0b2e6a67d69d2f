/** The assignment's AI, as the Tabletop Lab harness provides it: the first card of the hand the pile takes (the parent class of a student's AIs). */
public class AI {
    public Card getPlay(Hand hand, CardPile cardPile) {
        for (int i = 0; i < hand.getSize(); i++) if (cardPile.canPlay(hand.get(i))) return hand.get(i);
        return null;
    }

    @Override
    public String toString() { return "Random Card AI"; }
}
