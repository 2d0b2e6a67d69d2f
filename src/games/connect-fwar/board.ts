/**
 * The assignment's `Board`: the 4x4 grid of cards, the column rule and the connected-four check.
 *
 * A thin face over rules.ts: legality comes from `columnFloor`/`fitsColumn` and wins from `LINES`/
 * `isConnectedFour`, the very tables the fast engine uses, so the two can never disagree.
 *
 * The grid is kept as card indices, the engine's layout (`cells[col * 4 + row]`, NO_CARD when
 * empty), so copies are cheap; the getters hand out the shared `Card` instances.
 *
 * Invariant: `#cells` holds a card for rows 0..height-1 of each column and NO_CARD above (cards sink
 * to the lowest empty cell and are never removed or covered).
 */
import { Card } from '../../core/cards.js';
import { renderBoard } from './render.js';
import { CELLS, COLUMNS, LINES, ROWS, cellOf, columnFloor, fitsColumn, isColumn, isConnectedFour, isRow } from './rules.js';

const NO_CARD = -1;

/** Set only while a read-only view is constructed: the grid (cells, heights) the view shares. */
let viewedGrid: { readonly cells: Int8Array; readonly heights: Uint8Array } | null = null;

export class Board {
  readonly #cells: Int8Array;
  readonly #heights: Uint8Array;
  readonly #readOnly: boolean;

  /** An empty 4x4 board. */
  constructor() {
    const viewed = viewedGrid;
    if (viewed === null) {
      this.#cells = new Int8Array(CELLS).fill(NO_CARD);
      this.#heights = new Uint8Array(COLUMNS);
      this.#readOnly = false;
    } else {
      viewedGrid = null;
      this.#cells = viewed.cells;
      this.#heights = viewed.heights;
      this.#readOnly = true;
    }
  }

  /**
   * A live, read-only view of this board: it always shows this board's cards, and its `play`
   * throws. Games show players a view, so no player can change the game's board; a player that
   * wants to try moves can `copy()` the view.
   */
  readOnlyView(): Board {
    return boardView(this.#cells, this.#heights);
  }

  /** Whether this is a read-only view (see `readOnlyView`). */
  isReadOnly(): boolean {
    return this.#readOnly;
  }

  /** An independent, writable copy: playing on one never changes the other. */
  copy(): Board {
    const copy = new Board();
    copy.#cells.set(this.#cells);
    copy.#heights.set(this.#heights);
    return copy;
  }

  /** The card at a cell, or null. */
  #cardAt(col: number, row: number): Card | null {
    const index = this.#cells[cellOf(col, row)]!;
    return index === NO_CARD ? null : Card.fromIndex(index);
  }

  /** The highest card of column `col` (0..3), or null when the column is empty. */
  getTopCard(col: number): Card | null {
    assertColumn(col);
    const height = this.#heights[col]!;
    return height === 0 ? null : this.#cardAt(col, height - 1);
  }

  /** The card at column `col` (0..3), row `row` (0..3, 0 at the bottom), or null when that cell is empty. */
  getCard(col: number, row: number): Card | null {
    assertColumn(col);
    if (!isRow(row)) throw new RangeError(`Invalid row: ${String(row)} (expected an integer from 0 to ${String(ROWS - 1)})`);
    return this.#cardAt(col, row);
  }

  /** How many cards column `col` (0..3) holds. */
  getHeight(col: number): number {
    assertColumn(col);
    return this.#heights[col]!;
  }

  /**
   * Whether `card` may be played on `col` now: false for anything but a column 0..3 and for a full
   * column; otherwise true when the column is empty or the card ranks at least its top card.
   * @throws TypeError when `card` is not a Card
   */
  canPlay(card: Card, col: number): boolean {
    assertCard(card);
    if (!isColumn(col)) return false;
    const height = this.#heights[col]!;
    const top = height === 0 ? NO_CARD : this.#cells[cellOf(col, height - 1)]!;
    return fitsColumn(card.index, columnFloor(height, top));
  }

  /**
   * Puts `card` in the lowest empty cell of `col`.
   * @throws RangeError (board unchanged) when the play is not legal (see `canPlay`)
   * @throws TypeError on a read-only view
   */
  play(card: Card, col: number): void {
    if (this.#readOnly) throw new TypeError('This board is a read-only view of the game: play on a copy() to try a move');
    if (!this.canPlay(card, col)) {
      throw new RangeError(`Illegal play: ${card.toString()} cannot go on ${describeColumn(this, col)}`);
    }
    const height = this.#heights[col]!;
    this.#cells[cellOf(col, height)] = card.index;
    this.#heights[col] = height + 1;
  }

  /**
   * Writes the column floors of `board` (rules.ts `columnFloor`: the lowest rank each column takes
   * now) to `out` and returns it, so the agents' rules (agents.ts) can play a `Board`. Static, to
   * read the grid directly: the assignment's `BasicPlayer` calls it every move. A Board of another
   * copy of this module (a second instance loaded by a bundler or a test runner) has other private
   * fields, so it is read through its public methods instead.
   */
  static columnFloors(board: Board, out: Uint8Array): Uint8Array {
    if (!(#cells in board)) {
      const other: Board = board;
      for (let col = 0; col < COLUMNS; col++) out[col] = columnFloor(other.getHeight(col), other.getTopCard(col)?.index ?? NO_CARD);
      return out;
    }
    const cells = board.#cells;
    const heights = board.#heights;
    for (let col = 0; col < COLUMNS; col++) {
      const height = heights[col]!;
      out[col] = columnFloor(height, height === 0 ? NO_CARD : cells[cellOf(col, height - 1)]!);
    }
    return out;
  }

  /** Whether some row, column or diagonal is a connected four. */
  isWinState(): boolean {
    const cells = this.#cells;
    return LINES.some(([a, b, c, d]) => isConnectedFour(cells[a]!, cells[b]!, cells[c]!, cells[d]!));
  }

  /** The assignment's picture: top row first, each cell `toFancyString()` or two spaces (see render.ts). */
  toString(): string {
    return renderBoard((col, row) => this.#cardAt(col, row));
  }
}

function assertColumn(col: number): void {
  if (!isColumn(col)) throw new RangeError(`Invalid column: ${String(col)} (expected an integer from 0 to ${String(COLUMNS - 1)})`);
}

function assertCard(card: unknown): asserts card is Card {
  if (!(card instanceof Card)) throw new TypeError(`Not a Card: ${String(card)}`);
}

/** Why a column refuses a card, for error messages. */
function describeColumn(board: Board, col: number): string {
  if (!isColumn(col)) return `column ${String(col)} (columns are 0 to ${String(COLUMNS - 1)})`;
  if (board.getHeight(col) === ROWS) return `column ${String(col)}: it is full`;
  return `column ${String(col)}: its top card ${board.getTopCard(col)!.toString()} ranks higher`;
}

/**
 * A live, read-only `Board` over a grid in the engine's layout (`cells[col * 4 + row]`, -1 when
 * empty; `heights[col]`): how `ConnectFwar.play` shows players the engine's board.
 */
export function boardView(cells: Int8Array, heights: Uint8Array): Board {
  viewedGrid = { cells, heights };
  return new Board();
}
