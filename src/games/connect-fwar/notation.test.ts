import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../core/cards.js';
import { COLUMN_CHOICES, columnRefusal, connectedFours, lineName, moveName, parseMove } from './notation.js';
import { COLUMNS, DISCARD, LINES, ROWS, columnFloor, fitsColumn } from './rules.js';

describe('ConnectFwar notation for people', () => {
  it('counts columns from 1: every move reads back as itself, and nothing else reads as a move', () => {
    expect(COLUMN_CHOICES).toBe('1-4');
    for (let move = 0; move <= DISCARD; move++) expect(parseMove(moveName(move))).toBe(move);
    expect([0, 1, 2, 3].map(moveName)).toEqual(['1', '2', '3', '4']);
    expect(moveName(DISCARD)).toBe('d');
    expect(parseMove(' D ')).toBe(DISCARD);
    for (const text of ['0', '5', '-1', '1.0', '12', '', 'x', '1 2']) expect(parseMove(text)).toBeUndefined();
  });

  it('refuses a card exactly when the column rule does, naming the column as people count it', () => {
    for (let card = 0; card < DECK_SIZE; card++) {
      for (let height = 0; height <= ROWS; height++) {
        for (const top of [0, 12, 25, 38, 51]) {
          const why = columnRefusal(card, 2, height, top);
          expect(why === null).toBe(fitsColumn(card, columnFloor(height, top)));
          if (why !== null) expect(why).toMatch(height === ROWS ? /^column 3 is full$/ : /cannot go on column 3: its top card, .+, ranks higher/);
        }
      }
    }
  });

  it('finds the connected fours and says where each lies, rows and columns from 1', () => {
    const cells = new Array<number>(COLUMNS * ROWS).fill(-1);
    // Ace, Two, Three, Four of Spades up column 2 (cells 4..7).
    [0, 1, 2, 3].forEach((card, row) => (cells[4 + row] = card));
    expect(connectedFours(cells)).toEqual([[4, 5, 6, 7]]);
    expect(lineName(LINES[0]!)).toBe('along row 1');
    expect(lineName([4, 5, 6, 7])).toBe('up column 2');
    expect(lineName(LINES[9]!)).toBe('along a diagonal');
  });
});
