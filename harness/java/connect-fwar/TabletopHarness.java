/**
 * Runs a student's ConnectFwar Player (the class named by the first argument) over the Tabletop
 * Lab's line protocol: each observation `card <c> board <col0> <col1> <col2> <col3> dealt <cards>`
 * is answered with `nextMove(card, board)` on a Board holding the columns' cards.
 */
public final class TabletopHarness {
    private TabletopHarness() { }

    private static final String CARD = "card ";
    private static final String BOARD = " board ";

    /** The answer to one observation, read in place (no split: the dealt cards, which the Player does not see, are never read). */
    static String answer(Player player, String observation) {
        if (!observation.startsWith(CARD)) throw new IllegalArgumentException("not an observation: " + observation);
        int at = CARD.length();
        int end = observation.indexOf(' ', at);
        Card card = TabletopProtocol.card(observation, at, end);
        if (!observation.startsWith(BOARD, end)) throw new IllegalArgumentException("not an observation: " + observation);
        at = end + BOARD.length();
        Board board = new Board();
        for (int col = 0; col < 4; col++) {
            end = observation.indexOf(' ', at);
            if (end < 0) end = observation.length();
            if (observation.charAt(at) != '-') {
                for (int from = at; from < end; ) {
                    int comma = observation.indexOf(',', from);
                    int to = comma < 0 || comma > end ? end : comma;
                    board.play(TabletopProtocol.card(observation, from, to), col);
                    from = to + 1;
                }
            }
            at = end + 1;
        }
        return Integer.toString(player.nextMove(card, board));
    }

    public static void main(String[] args) throws Exception {
        Player player = (Player) TabletopProtocol.player(args[0]);
        TabletopProtocol.serve(observation -> answer(player, observation));
    }
}
