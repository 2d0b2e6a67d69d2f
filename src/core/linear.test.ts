import { describe, expect, it } from 'vitest';
import { solveLinear } from './linear.js';

describe('solveLinear', () => {
  it('solves a small system exactly enough, pivoting past a zero on the diagonal', () => {
    // x = 1, y = -2, z = 3; the first row's leading zero needs a row swap.
    const a = [
      [0, 2, 1],
      [1, 1, 1],
      [2, -1, 4],
    ];
    const x = solveLinear(a, [-1, 2, 16]);
    [1, -2, 3].forEach((expected, i) => expect(x[i]).toBeCloseTo(expected, 12));
  });

  it('leaves its arguments as they were', () => {
    const a = [
      [4, 1],
      [1, 3],
    ];
    const b = [1, 2];
    solveLinear(a, b);
    expect(a).toEqual([
      [4, 1],
      [1, 3],
    ]);
    expect(b).toEqual([1, 2]);
  });
});
