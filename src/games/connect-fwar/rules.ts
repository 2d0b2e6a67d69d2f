/**
 * ConnectFwar's rules as lookup tables over card indices 0..51 and cell indices `col * 4 + row`.
 * Everything here is computed once at load; the engine only indexes into it.
 */
import { DECK_SIZE, NUM_RANKS, rankOfIndex } from '../../core/cards.js';

export const COLUMNS = 4;
export const ROWS = 4;
export const CELLS = COLUMNS * ROWS;
/** The player's action that discards the drawn card. Columns are actions 0..3. */
export const DISCARD = COLUMNS;
/** Cards left in the deck when four connect with the first four cards: the best score. */
export const MAX_SCORE = DECK_SIZE - 4;

export const cellOf = (col: number, row: number): number => col * ROWS + row;

/** Whether `col` names a column: an integer 0..3 (`& 3` keeps exactly those; COLUMNS is a power of two). */
export const isColumn = (col: number): boolean => (col & (COLUMNS - 1)) === col;
/** Whether `row` names a row: an integer 0..3 (ROWS is a power of two, like COLUMNS). */
export const isRow = (row: number): boolean => (row & (ROWS - 1)) === row;

/** Rank 1..13 by card index, so the column rule is two loads and a compare. */
export const RANK_OF_CARD: Uint8Array = Uint8Array.from({ length: DECK_SIZE }, (_, card) => rankOfIndex(card));

/**
 * The column rule, as one number per column, its *floor*: a card may go on a column exactly when
 * its rank is at least the floor. An empty column's floor is 1 (any card, an Ace included); a column
 * with room has its top card's rank (so equal ranks stack and an Ace goes only on an Ace); a full
 * column's floor is 14, above every rank. Engine and `Board` both decide legality here.
 */
export const EMPTY_COLUMN_FLOOR = 1;
export const FULL_COLUMN_FLOOR = NUM_RANKS + 1;

/** The floor of a column holding `height` cards with `topCard` (a card index; ignored when empty). */
export function columnFloor(height: number, topCard: number): number {
  if (height === 0) return EMPTY_COLUMN_FLOOR;
  if (height >= ROWS) return FULL_COLUMN_FLOOR;
  return RANK_OF_CARD[topCard]!;
}

/** Whether `card` may go on a column whose floor is `floor` (see `columnFloor`). */
export const fitsColumn = (card: number, floor: number): boolean => RANK_OF_CARD[card]! >= floor;

/**
 * Two cards connect when they share the suit or the rank, or their ranks differ by exactly one
 * (no King–Ace wrap). `CONNECTED[a * 52 + b]` is 1 when cards a and b connect.
 */
export const CONNECTED: Uint8Array = (() => {
  const table = new Uint8Array(DECK_SIZE * DECK_SIZE);
  for (let a = 0; a < DECK_SIZE; a++) {
    for (let b = 0; b < DECK_SIZE; b++) {
      const sameSuit = Math.floor(a / NUM_RANKS) === Math.floor(b / NUM_RANKS);
      const rankGap = Math.abs((a % NUM_RANKS) - (b % NUM_RANKS));
      table[a * DECK_SIZE + b] = sameSuit || rankGap <= 1 ? 1 : 0;
    }
  }
  return table;
})();

/** Whether cards a and b connect (see CONNECTED). */
export const connected = (a: number, b: number): boolean => CONNECTED[a * DECK_SIZE + b] === 1;

/**
 * The connection rule for one line: four cards (card indices, negative = empty cell) in order along
 * the line form a connected four when all are present and each adjacent pair connects.
 */
export function isConnectedFour(a: number, b: number, c: number, d: number): boolean {
  if (a < 0 || b < 0 || c < 0 || d < 0) return false;
  return (CONNECTED[a * DECK_SIZE + b]! & CONNECTED[b * DECK_SIZE + c]! & CONNECTED[c * DECK_SIZE + d]!) === 1;
}

/** The ten lines that can hold a connected four, as cell indices in order along the line. */
export const LINES: readonly (readonly [number, number, number, number])[] = [
  ...Array.from({ length: ROWS }, (_, row) => [cellOf(0, row), cellOf(1, row), cellOf(2, row), cellOf(3, row)] as const),
  ...Array.from({ length: COLUMNS }, (_, col) => [cellOf(col, 0), cellOf(col, 1), cellOf(col, 2), cellOf(col, 3)] as const),
  [cellOf(0, 0), cellOf(1, 1), cellOf(2, 2), cellOf(3, 3)],
  [cellOf(0, 3), cellOf(1, 2), cellOf(2, 1), cellOf(3, 0)],
];

/**
 * For each cell, the lines through it, flattened: `LINE_CELLS_BY_CELL[cell * 16 + k * 4 + i]` is
 * cell i of the k-th line through `cell`; `LINE_COUNT_BY_CELL[cell]` says how many (2 to 3).
 * After a card lands, only these lines can have become connected.
 */
export const LINE_COUNT_BY_CELL = new Uint8Array(CELLS);
export const LINE_CELLS_BY_CELL = new Uint8Array(CELLS * 16);
for (const line of LINES) {
  for (const cell of line) {
    const k = LINE_COUNT_BY_CELL[cell]!;
    LINE_CELLS_BY_CELL.set(line, cell * 16 + k * 4);
    LINE_COUNT_BY_CELL[cell] = k + 1;
  }
}
