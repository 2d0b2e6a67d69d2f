import { describe, expect, it } from 'vitest';
import { Card, DECK_SIZE } from '../../core/cards.js';
import {
  CONNECTED,
  EMPTY_COLUMN_FLOOR,
  FULL_COLUMN_FLOOR,
  LINE_CELLS_BY_CELL,
  LINE_COUNT_BY_CELL,
  LINES,
  RANK_OF_CARD,
  cellOf,
  columnFloor,
  connected,
  fitsColumn,
  isColumn,
  isConnectedFour,
} from './rules.js';

describe('rules tables', () => {
  it('CONNECTED is the spec rule for all 52 x 52 pairs: same suit, same rank, or ranks one apart', () => {
    for (let a = 0; a < DECK_SIZE; a++) {
      for (let b = 0; b < DECK_SIZE; b++) {
        const x = Card.fromIndex(a);
        const y = Card.fromIndex(b);
        const expected = x.getSuitNum() === y.getSuitNum() || Math.abs(x.getRankNum() - y.getRankNum()) <= 1;
        expect(connected(a, b)).toBe(expected);
        expect(CONNECTED[a * DECK_SIZE + b]).toBe(expected ? 1 : 0);
      }
    }
  });

  it('does not connect King and Ace of different suits', () => {
    expect(connected(new Card(13, 1).index, new Card(1, 2).index)).toBe(false);
    expect(connected(new Card(13, 1).index, new Card(1, 1).index)).toBe(true);
  });

  it('isConnectedFour needs four present cards with every adjacent pair connected', () => {
    const [a, b, c, d] = [new Card(2, 1), new Card(2, 2), new Card(3, 2), new Card(4, 3)].map((x) => x.index) as [number, number, number, number];
    expect(isConnectedFour(a, b, c, d)).toBe(true);
    expect(isConnectedFour(a, b, c, -1)).toBe(false);
    expect(isConnectedFour(-1, b, c, d)).toBe(false);
    expect(isConnectedFour(a, b, c, new Card(6, 4).index)).toBe(false);
    // Only neighbours along the line matter: the ends need not connect.
    expect(connected(a, d)).toBe(false);
  });

  it('lists the ten lines, and each cell’s lines through it', () => {
    expect(LINES).toHaveLength(10);
    for (let cell = 0; cell < 16; cell++) {
      const through = LINES.filter((line) => line.includes(cell));
      expect(LINE_COUNT_BY_CELL[cell]).toBe(through.length);
      const listed = Array.from({ length: through.length }, (_, k) => Array.from(LINE_CELLS_BY_CELL.subarray(cell * 16 + k * 4, cell * 16 + k * 4 + 4)));
      expect(listed).toEqual(through.map((line) => [...line]));
    }
    expect(LINES).toContainEqual([cellOf(0, 0), cellOf(1, 1), cellOf(2, 2), cellOf(3, 3)]);
    expect(LINES).toContainEqual([cellOf(0, 3), cellOf(1, 2), cellOf(2, 1), cellOf(3, 0)]);
  });

  it('states the column rule as floors: empty takes all, a top card takes equal or higher, full takes none', () => {
    const five = new Card(5, 2).index;
    expect(columnFloor(0, -1)).toBe(EMPTY_COLUMN_FLOOR);
    expect(columnFloor(2, five)).toBe(5);
    expect(columnFloor(4, five)).toBe(FULL_COLUMN_FLOOR);
    for (let card = 0; card < DECK_SIZE; card++) {
      const rank = RANK_OF_CARD[card]!;
      expect(rank).toBe(Card.fromIndex(card).getRankNum());
      expect(fitsColumn(card, EMPTY_COLUMN_FLOOR)).toBe(true);
      expect(fitsColumn(card, FULL_COLUMN_FLOOR)).toBe(false);
      expect(fitsColumn(card, columnFloor(1, five))).toBe(rank >= 5);
    }
  });

  it('isColumn accepts exactly the integers 0..3', () => {
    expect([0, 1, 2, 3].every(isColumn)).toBe(true);
    for (const bad of [-1, 4, 0.5, 3.0001, Number.NaN, Number.POSITIVE_INFINITY, -0.1, 2 ** 32, 2 ** 32 + 2]) expect(isColumn(bad)).toBe(false);
  });
});
