// A Connect Four bot as the assignment writes it: a Player with init(color), name(), move() and
// inform(column).
//
//   tabletop connect-four tournament --bots random,alphabeta-1,./examples/connect-four/win-block-centre.mjs
//   tabletop connect-four play --red human --yellow ./examples/connect-four/win-block-centre.mjs
//
// It runs in a worker thread of its own, constructed with no arguments for every game. The
// referee owns the true board: the bot keeps its own, learning the other side's moves through
// inform(). A move that is not a free column 0..6, a throw, or a move slower than the time limit
// (--time, 18 s by default) loses the game, as the spec says.
//
// The lab's round robin takes it too (docs/your-own-player.md, section 9):
//   new LabTournament('connect-four', { ais: ['random', 'alphabeta2', new URL('./win-block-centre.mjs', import.meta.url)] }).play()

export const name = 'win-block-centre';

const WIDTH = 7;
const HEIGHT = 6;

export default class WinBlockCentre {
  init(color) {
    this.color = color; // true: red, moving first
    this.cells = Array.from({ length: WIDTH }, () => []); // cells[col] = colours from the bottom up
  }

  name() {
    return 'Win, block, centre';
  }

  /** Wins at once if it can, else blocks the other side's immediate win, else plays nearest the centre. */
  move() {
    const free = [3, 2, 4, 1, 5, 0, 6].filter((col) => this.cells[col].length < HEIGHT);
    const column = free.find((col) => this.wins(col, this.color)) ?? free.find((col) => this.wins(col, !this.color)) ?? free[0];
    this.cells[column].push(this.color);
    return column;
  }

  inform(column) {
    this.cells[column].push(!this.color);
  }

  /** Whether a `color` token dropped in `col` makes four in a row. */
  wins(col, color) {
    const row = this.cells[col].length;
    const at = (c, r) => c >= 0 && c < WIDTH && r >= 0 && this.cells[c][r] === color;
    for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
      let run = 1;
      for (let k = 1; at(col + k * dc, row + k * dr); k++) run++;
      for (let k = 1; at(col - k * dc, row - k * dr); k++) run++;
      if (run >= 4) return true;
    }
    return false;
  }
}
