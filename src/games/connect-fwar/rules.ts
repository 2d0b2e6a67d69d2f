/**
 * ConnectFwar's rules as lookup tables over card indices 0..51 and cell indices `col * 4 + row`.
 * Everything here is computed once at load; the engine only indexes into it.
 */
import { DECK_SIZE, NUM_RANKS } from '../../core/cards.js';

export const COLUMNS = 4;
export const ROWS = 4;
export const CELLS = COLUMNS * ROWS;
/** The player's action that discards the drawn card. Columns are actions 0..3. */
export const DISCARD = COLUMNS;
/** Cards left in the deck when four connect with the first four cards: the best score. */
export const MAX_SCORE = DECK_SIZE - 4;

export const cellOf = (col: number, row: number): number => col * ROWS + row;

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
