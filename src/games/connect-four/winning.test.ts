import { describe, expect, it } from 'vitest';
import { Position } from './position.js';
import { winningLines } from './winning.js';

describe('winningLines', () => {
  it('finds the four through the last stone, in order along the line, only once the game is won', () => {
    // Column digits are 1-based: red plays 1, 2, 3, 4 along the bottom row.
    expect(winningLines(Position.fromMoves('1122334'))).toEqual([[[0, 0], [1, 0], [2, 0], [3, 0]]]);
    expect(winningLines(Position.fromMoves('112233'))).toEqual([]);
    // Up column 5, from the bottom.
    expect(winningLines(Position.fromMoves('5454545'))).toEqual([[[4, 0], [4, 1], [4, 2], [4, 3]]]);
  });

  it('gives the whole run when the winning stone joins two threes, and every line it completes', () => {
    // Red holds columns 1-3 and 5-7 of the bottom row; the 4 joins them into a run of seven.
    const run = winningLines(Position.fromMoves('1122335566774'));
    expect(run).toEqual([[0, 1, 2, 3, 4, 5, 6].map((col) => [col, 0])]);
  });

  it('follows a falling diagonal from its lowest column', () => {
    // Red ends on column 1 row 4, completing 1/4, 2/3, 3/2, 4/1 (column/row, from 1).
    expect(winningLines(Position.fromMoves('43321221511'))).toEqual([[[0, 3], [1, 2], [2, 1], [3, 0]]]);
  });
});
