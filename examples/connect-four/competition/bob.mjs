// An example JavaScript submission (a player module, see docs/your-own-player.md): the centre-most free column.
export default class Bob {
  #heights = [0, 0, 0, 0, 0, 0, 0];
  name() {
    return 'bob';
  }
  init() {
    this.#heights = [0, 0, 0, 0, 0, 0, 0];
  }
  move() {
    const column = [3, 2, 4, 1, 5, 0, 6].find((c) => this.#heights[c] < 6);
    this.#heights[column] += 1;
    return column;
  }
  inform(column) {
    this.#heights[column] += 1;
  }
}
