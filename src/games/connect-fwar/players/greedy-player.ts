/**
 * `GreedyPlayer`: the `greedy` lab agent (honest.ts) behind the assignment's `Player` interface, for
 * programs written against `ConnectFwar.play`.
 *
 * The interface shows a player only the card in hand and the board, so the player remembers the
 * cards it has been shown to know which are still unseen — exactly what a person at the table can
 * do. A new game is recognised when the card or the board cannot belong to the game it remembers (a
 * card shown twice, a board with a card it never saw); a new game that starts with discards only is
 * indistinguishable from the same game going on, so callers that reuse one player across games
 * should call `newGame()` between them.
 */
import { DECK_SIZE, type Card } from '../../../core/cards.js';
import type { Board } from '../board.js';
import { DISCARD_MOVE, type Player } from '../player.js';
import { CELLS, COLUMNS, DISCARD, ROWS, columnFloor } from '../rules.js';
import { GreedyAgent } from './honest.js';

export class GreedyPlayer implements Player {
  readonly #agent = new GreedyAgent();
  readonly #seen = new Uint8Array(DECK_SIZE);
  readonly #cells = new Int8Array(CELLS);
  readonly #heights = new Uint8Array(COLUMNS);
  readonly #floors = new Uint8Array(COLUMNS);
  readonly #unseen = new Uint8Array(DECK_SIZE);

  /** Forgets the cards seen so far: call it between games when reusing one player. */
  newGame(): void {
    this.#seen.fill(0);
  }

  nextMove(card: Card, board: Board): number {
    const cells = this.#cells;
    for (let col = 0; col < COLUMNS; col++) {
      const height = board.getHeight(col);
      this.#heights[col] = height;
      for (let row = 0; row < ROWS; row++) cells[col * ROWS + row] = board.getCard(col, row)?.index ?? -1;
      this.#floors[col] = columnFloor(height, height === 0 ? -1 : cells[col * ROWS + height - 1]!);
    }
    const seen = this.#seen;
    if (seen[card.index] === 1 || cells.some((c) => c >= 0 && seen[c] === 0)) {
      this.newGame();
      for (const c of cells) if (c >= 0) seen[c] = 1;
    }
    seen[card.index] = 1;
    let count = 0;
    for (let c = 0; c < DECK_SIZE; c++) if (seen[c] === 0) this.#unseen[count++] = c;
    const move = this.#agent.decide(cells, this.#heights, this.#floors, card.index, this.#unseen, count);
    return move === DISCARD ? DISCARD_MOVE : move;
  }
}
