import type { Card } from '../../core/cards.js';
import { COLUMNS, ROWS } from './rules.js';

const DIVIDER = '-'.repeat(13);

/**
 * The assignment's board picture: a leading newline, then for rows 3..0 a divider of 13 hyphens and a
 * row `|c0|c1|c2|c3|` (each cell `toFancyString()` or two spaces), then a final divider; every
 * line ends with a newline.
 */
export function renderBoard(cardAt: (col: number, row: number) => Card | null): string {
  let out = '\n';
  for (let row = ROWS - 1; row >= 0; row--) {
    out += `${DIVIDER}\n|`;
    for (let col = 0; col < COLUMNS; col++) out += `${cardAt(col, row)?.toFancyString() ?? '  '}|`;
    out += '\n';
  }
  return `${out}${DIVIDER}\n`;
}
