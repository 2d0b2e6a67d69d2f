/** The assignment's Player interface: the column (0-3) for the drawn card; any other number discards it. */
public interface Player {
    int nextMove(Card card, Board board);
}
