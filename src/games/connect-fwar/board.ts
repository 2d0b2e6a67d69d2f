/**
 * The seed's `Board`: the 4x4 grid of cards, the column rule and the connected-four check.
 *
 * A thin face over rules.ts: legality comes from `columnFloor`/`fitsColumn` and wins from `LINES`/
 * `isConnectedFour`, the very tables the fast engine uses, so the two can never disagree.
 *
 * Invariant: `#cards[col][row]` is a Card for rows 0..height-1 of each column and null above
 * (cards sink to the lowest empty cell and are never removed or covered).
 */
import { Card } from '../../core/cards.js';
import { renderBoard } from './render.js';
import { COLUMNS, LINES, ROWS, columnFloor, fitsColumn, isColumn, isConnectedFour, isRow } from './rules.js';

const NO_CARD = -1;

export class Board {
  readonly #cards: (Card | null)[][];
  readonly #heights: number[];

  /** An empty 4x4 board. */
  constructor() {
    this.#cards = Array.from({ length: COLUMNS }, () => Array.from({ length: ROWS }, () => null));
    this.#heights = Array.from({ length: COLUMNS }, () => 0);
  }

  /** An independent copy: playing on one never changes the other. */
  copy(): Board {
    const copy = new Board();
    for (let col = 0; col < COLUMNS; col++) {
      for (let row = 0; row < ROWS; row++) copy.#cards[col]![row] = this.#cards[col]![row]!;
      copy.#heights[col] = this.#heights[col]!;
    }
    return copy;
  }

  /** The highest card of column `col` (0..3), or null when the column is empty. */
  getTopCard(col: number): Card | null {
    assertColumn(col);
    const height = this.#heights[col]!;
    return height === 0 ? null : this.#cards[col]![height - 1]!;
  }

  /** The card at column `col` (0..3), row `row` (0..3, 0 at the bottom), or null when that cell is empty. */
  getCard(col: number, row: number): Card | null {
    assertColumn(col);
    if (!isRow(row)) throw new RangeError(`Invalid row: ${String(row)} (expected an integer from 0 to ${String(ROWS - 1)})`);
    return this.#cards[col]![row]!;
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
    const top = height === 0 ? NO_CARD : this.#cards[col]![height - 1]!.index;
    return fitsColumn(card.index, columnFloor(height, top));
  }

  /**
   * Puts `card` in the lowest empty cell of `col`.
   * @throws RangeError (board unchanged) when the play is not legal (see `canPlay`)
   */
  play(card: Card, col: number): void {
    if (!this.canPlay(card, col)) {
      throw new RangeError(`Illegal play: ${card.toString()} cannot go on ${describeColumn(this, col)}`);
    }
    const height = this.#heights[col]!;
    this.#cards[col]![height] = card;
    this.#heights[col] = height + 1;
  }

  /** Whether some row, column or diagonal is a connected four. */
  isWinState(): boolean {
    const cardAt = (cell: number): number => this.#cards[Math.floor(cell / ROWS)]![cell % ROWS]?.index ?? NO_CARD;
    return LINES.some(([a, b, c, d]) => isConnectedFour(cardAt(a), cardAt(b), cardAt(c), cardAt(d)));
  }

  /** The seed's picture: top row first, each cell `toFancyString()` or two spaces (see render.ts). */
  toString(): string {
    return renderBoard((col, row) => this.#cards[col]![row]!);
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
