/**
 * ConnectFwar for people: columns are 1 to 4 from the left and `d` discards, in the terminal, in
 * the page (its address too) and in the docs. Code, the engine's actions and the assignment's
 * `Board` API count columns 0 to 3 (docs/game-contract.md). Also here, said once: why a card may
 * not go on a column, and which four connected.
 */
import { cardShort } from '../../core/cards.js';
import { COLUMNS, DISCARD, LINES, ROWS, columnFloor, fitsColumn, isConnectedFour } from './rules.js';

/** The columns as a person types them: `1-4`. */
export const COLUMN_CHOICES = `1-${String(COLUMNS)}`;

/** Column `col` (0-based) as a person counts it: `1` .. `4`. */
export const columnName = (col: number): string => String(col + 1);

/** A move (a column 0..3 or DISCARD) as a person writes it: `1` .. `4` or `d`. */
export const moveName = (move: number): string => (move === DISCARD ? 'd' : columnName(move));

/** The move a person wrote (`1` .. `4` or `d`, any case, spaces around), or undefined. */
export function parseMove(text: string): number | undefined {
  const answer = text.trim().toLowerCase();
  if (answer === 'd') return DISCARD;
  return /^[1-9]$/.test(answer) && Number(answer) <= COLUMNS ? Number(answer) - 1 : undefined;
}

/**
 * Why `card` (an index) may not go on column `col`, which holds `height` cards with `topCard` on
 * top; null when it may. E.g. `column 2 is full`, `7♥ cannot go on column 3: its top card, 9♣,
 * ranks higher (…)`. Cards are named by `cardText`: the short name by default; the terminal, whose
 * board is the assignment's picture (`♥7`), passes that form so the message matches the board.
 */
export function columnRefusal(card: number, col: number, height: number, topCard: number, cardText: (card: number) => string = cardShort): string | null {
  if (fitsColumn(card, columnFloor(height, topCard))) return null;
  const name = `column ${columnName(col)}`;
  if (height >= ROWS) return `${name} is full`;
  return `${cardText(card)} cannot go on ${name}: its top card, ${cardText(topCard)}, ranks higher (a card goes on an empty column or on a card of its own rank or lower)`;
}

/** The connected fours on a grid (`cells[col * 4 + row]`, negative when empty), each its cells in order along the line. */
export function connectedFours(cells: ArrayLike<number>): (readonly number[])[] {
  return LINES.filter(([a, b, c, d]) => isConnectedFour(cells[a]!, cells[b]!, cells[c]!, cells[d]!));
}

/** Where a line of four cells lies, as a person reads the board: `along row 1`, `up column 3` or `along a diagonal`. */
export function lineName(line: readonly number[]): string {
  const [first, second] = [line[0]!, line[1]!];
  const col = (cell: number): number => Math.floor(cell / ROWS);
  const row = (cell: number): number => cell % ROWS;
  if (row(first) === row(second)) return `along row ${String(row(first) + 1)}`;
  if (col(first) === col(second)) return `up column ${columnName(col(first))}`;
  return 'along a diagonal';
}
