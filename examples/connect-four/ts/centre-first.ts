// A Connect Four bot in TypeScript, typed against the library's own Player interface: it plays the
// free column nearest the centre. Node 20 cannot run .ts files: compile first,
//   npx tsc -p examples/connect-four/ts            (writes examples/connect-four/ts/dist/centre-first.js)
//   tabletop connect-four tournament --bots random,./examples/connect-four/ts/dist/centre-first.js
import type { Player } from 'tabletop-lab/connect-four';

export const name = 'centre-first-ts';

export default class CentreFirst implements Player {
  #heights = [0, 0, 0, 0, 0, 0, 0];

  init(): void {
    this.#heights = [0, 0, 0, 0, 0, 0, 0];
  }

  name(): string {
    return 'Centre first';
  }

  move(): number {
    const column = [3, 2, 4, 1, 5, 0, 6].find((col) => this.#heights[col]! < 6)!;
    this.#heights[column]!++;
    return column;
  }

  inform(column: number): void {
    this.#heights[column]!++;
  }
}
