/**
 * Where a Connect Four game was won, said once for the terminal and the page: the lines of four or
 * more through the last stone played, when that stone won.
 */
import { HEIGHT, WIDTH, type Position } from './position.js';

const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/**
 * The winning lines through the last stone, if the last move won (else none): each the whole run of
 * that colour (four or more cells `[column, row]`, 0-based, row 0 at the bottom), in order along the
 * line from its lowest column (a vertical line from the bottom). Rows, columns, then the diagonals.
 */
export function winningLines(position: Position): (readonly [number, number])[][] {
  const history = position.history();
  const last = history[history.length - 1];
  if (last === undefined || !position.isWin()) return [];
  const row = position.height(last) - 1;
  const colour = position.cell(last, row);
  const same = (c: number, r: number): boolean => c >= 0 && c < WIDTH && r >= 0 && r < HEIGHT && position.cell(c, r) === colour;
  const lines: (readonly [number, number])[][] = [];
  for (const [dc, dr] of DIRECTIONS) {
    let back = 0;
    while (same(last - (back + 1) * dc, row - (back + 1) * dr)) back++;
    const line: (readonly [number, number])[] = [];
    for (let k = -back; same(last + k * dc, row + k * dr); k++) line.push([last + k * dc, row + k * dr]);
    if (line.length >= 4) lines.push(line);
  }
  return lines;
}
