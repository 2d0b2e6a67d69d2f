/* Connect 4 */
/* A small example submission: wins when it can, blocks a four, else plays nearest the centre. */
package alice;

import Player.Player;

public class alice implements Player {
    private final Board board = new Board();
    private boolean color;

    public void init(Boolean color) {
        this.color = color;
    }

    public String name() {
        return "alice";
    }

    public int move() {
        int column = choose();
        board.drop(column, color);
        System.out.println("alice plays " + column); // a debugging print: the harness keeps it off the protocol
        return column;
    }

    public void inform(int i) {
        board.drop(i, !color);
    }

    private int choose() {
        for (boolean side : new boolean[] {color, !color}) {
            for (int column = 0; column < Board.COLUMNS; column++) {
                if (board.winsWith(column, side)) return column;
            }
        }
        for (int offset : new int[] {0, -1, 1, -2, 2, -3, 3}) {
            if (board.playable(3 + offset)) return 3 + offset;
        }
        throw new IllegalStateException("the board is full");
    }
}
