/**
 * Runs a student's ConnectFwar Player (the class named by the first argument) over the Tabletop
 * Lab's line protocol: each observation `card <c> board <col0> <col1> <col2> <col3> dealt <cards>`
 * is answered with `nextMove(card, board)` on a Board holding the columns' cards.
 */
public final class TabletopHarness {
    private TabletopHarness() { }

    static String answer(Player player, String observation) {
        String[] words = observation.split(" ");
        Board board = new Board();
        for (int col = 0; col < 4; col++) {
            String column = words[3 + col];
            if (column.equals("-")) continue;
            for (String code : column.split(",")) board.play(TabletopProtocol.card(code), col);
        }
        return Integer.toString(player.nextMove(TabletopProtocol.card(words[1]), board));
    }

    public static void main(String[] args) throws Exception {
        Player player = (Player) TabletopProtocol.player(args[0]);
        TabletopProtocol.serve(observation -> answer(player, observation));
    }
}
