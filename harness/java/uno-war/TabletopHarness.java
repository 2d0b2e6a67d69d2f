/**
 * Runs a student's UnoWar AI (the class named by the first argument) over the Tabletop Lab's line
 * protocol: each observation `hand <c1>,...,<c5> top <card> pile <n> score <mine> <theirs>` is
 * answered with `getPlay(hand, cardPile)` — the card's code, or `none` for null.
 */
public final class TabletopHarness {
    private TabletopHarness() { }

    static String answer(AI ai, String observation) {
        String[] words = observation.split(" ");
        String[] codes = words[1].split(",");
        Card[] cards = new Card[codes.length];
        for (int i = 0; i < codes.length; i++) cards[i] = TabletopProtocol.card(codes[i]);
        Hand hand = new Hand(new Deck(cards), cards.length);
        CardPile pile = new CardPile(TabletopProtocol.card(words[3]), Integer.parseInt(words[5]));
        Card play = ai.getPlay(hand, pile);
        return play == null ? "none" : TabletopProtocol.code(play);
    }

    public static void main(String[] args) throws Exception {
        AI ai = (AI) TabletopProtocol.player(args[0]);
        TabletopProtocol.serve(observation -> answer(ai, observation));
    }
}
