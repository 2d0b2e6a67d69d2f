package alice;

/** The board, column by column from the bottom; invariant: heights[c] counts the stones in column c. */
class Board {
    static final int COLUMNS = 7;
    static final int ROWS = 6;
    private final Boolean[][] cells = new Boolean[COLUMNS][ROWS];
    private final int[] heights = new int[COLUMNS];

    boolean playable(int column) {
        return heights[column] < ROWS;
    }

    void drop(int column, boolean side) {
        cells[column][heights[column]++] = side;
    }

    /** Whether a stone of `side` in `column` would make four. */
    boolean winsWith(int column, boolean side) {
        if (!playable(column)) return false;
        int row = heights[column];
        int[][] directions = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
        for (int[] d : directions) {
            int count = 1 + run(column, row, d[0], d[1], side) + run(column, row, -d[0], -d[1], side);
            if (count >= 4) return true;
        }
        return false;
    }

    private int run(int column, int row, int dc, int dr, boolean side) {
        int count = 0;
        for (int c = column + dc, r = row + dr; c >= 0 && c < COLUMNS && r >= 0 && r < ROWS && Boolean.valueOf(side).equals(cells[c][r]); c += dc, r += dr) count++;
        return count;
    }
}
