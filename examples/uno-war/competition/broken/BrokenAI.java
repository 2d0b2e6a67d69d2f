/** An example submission that does not compile: the competition reports javac's message and leaves it out. */
public class BrokenAI extends AI {
    @Override
    public Card getPlay(Hand hand, CardPile cardPile) {
        int first = hand.get(0);
        return hand.get(first);
    }
}
