/**
 * `GreedyPlayer` and `LookaheadPlayer`: the `greedy` and `lookahead` lab agents (honest.ts) behind
 * the assignment's `Player` interface, for programs written against `ConnectFwar.play`.
 *
 * The interface shows a player only the card in hand and the board, so the player remembers the
 * cards it has been shown to know which are still unseen — exactly what a person at the table can
 * do. A new game is recognised when the card or the board cannot belong to the game it remembers (a
 * card shown twice, a board with a card it never saw); a new game that starts with discards only is
 * indistinguishable from the same game going on, so callers that reuse one player across games
 * should call `newGame()` between them.
 */
import { DECK_SIZE, type Card } from '../../../core/cards.js';
import { Board } from '../board.js';
import { DISCARD_MOVE, type Player } from '../player.js';
import { CELLS, COLUMNS, DISCARD, ROWS } from '../rules.js';
import { GreedyAgent, LookaheadAgent } from './honest.js';

/** What a player needs from an honest agent: its decision from plain arrays. */
interface Decider {
  decide(cells: ArrayLike<number>, heights: ArrayLike<number>, floors: ArrayLike<number>, card: number, unseen: ArrayLike<number>, count: number): number;
}

/** An honest agent as a `Player`: keeps track of the cards shown, hence of the unseen ones. */
abstract class RememberingPlayer implements Player {
  readonly #agent: Decider;
  readonly #seen = new Uint8Array(DECK_SIZE);
  readonly #cells = new Int8Array(CELLS);
  readonly #heights = new Uint8Array(COLUMNS);
  readonly #floors = new Uint8Array(COLUMNS);
  readonly #unseen = new Uint8Array(DECK_SIZE);

  protected constructor(agent: Decider) {
    this.#agent = agent;
  }

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
    }
    Board.columnFloors(board, this.#floors);
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

/** The `greedy` agent as a `Player` (one ply on the line-potential estimate). */
export class GreedyPlayer extends RememberingPlayer {
  constructor() {
    super(new GreedyAgent());
  }
}

/** The `lookahead` agent as a `Player` (greedy plus one card of lookahead on its closest moves). */
export class LookaheadPlayer extends RememberingPlayer {
  constructor() {
    super(new LookaheadAgent());
  }
}
