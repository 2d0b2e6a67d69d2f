import { beforeAll, describe, expect, it } from 'vitest';
import { shippedBook, shippedValues } from '../../test-support/connect-four-books.js';
import { bestColumn, judge, rateDecision, RULES_OF_THUMB, scoreColumns, summarize, type Rating } from './coach.js';
import { Position } from './position.js';
import { Solver } from './solver/solver.js';

describe('the Connect Four coach', () => {
  let solver: Solver;
  beforeAll(() => {
    solver = new Solver({ tableSize: 1 << 20, book: shippedBook(), values: shippedValues() });
  });

  it('scores every column as the solver does and flags a column that turns a win into a loss as a mistake, with its cost', () => {
    const position = Position.fromMoves('4444');
    const rating = rateDecision(solver, position, 0);
    expect(rating.columns).toEqual([-2, -2, -2, 1, -2, -2, -2].map((score) => ({ lower: score, upper: score })));
    expect(rating).toMatchObject({ before: '4444', chosen: 0, best: 3, verdict: 'mistake', cost: 3, costAtMost: 3, outcomeBefore: 'win', outcomeAfter: 'loss' });
    // A side column instead of the centre: the material the centre stone would have had.
    expect(rating.rule).toBe(RULES_OF_THUMB.centre);
    expect(position.toMoves()).toBe('4444');
    expect(rateDecision(solver, position, 3)).toMatchObject({ verdict: 'best', cost: 0, costAtMost: 0, rule: null });
  });

  it('calls a slower win an inaccuracy, and a win missed breaks "look one move further"', () => {
    // Red has 4, 5, 6 on the bottom row: 3 or 7 wins at once (18); 1 still wins, a move later (17).
    const rating = rateDecision(solver, Position.fromMoves('445566'), 0);
    expect(rating).toMatchObject({ verdict: 'inaccuracy', cost: 1, outcomeBefore: 'win', outcomeAfter: 'win', best: 2 });
    expect(rating.rule).toBe(RULES_OF_THUMB.lookAhead);
  });

  it('claims no cost its budget did not prove', () => {
    // Five stones outside both books: a budget of a few nodes proves little but the rules' bounds.
    const position = Position.fromMoves('11114');
    const columns = scoreColumns(new Solver({ tableSize: 1 << 18 }), position, 7);
    expect(columns.some((score) => score !== null && score.lower < score.upper)).toBe(true);
    for (let column = 0; column < 7; column++) {
      const rating = judge(position, columns, column);
      const proven = columns.filter((score, c) => score !== null && c !== column).some((score) => score!.lower > columns[column]!.upper);
      expect(rating.verdict !== 'best').toBe(proven);
      expect(rating.cost <= rating.costAtMost).toBe(true);
    }
    expect(bestColumn([null, { lower: 1, upper: 5 }, { lower: 1, upper: 7 }, null, null, null, null])).toBe(2);
  });

  it('sums a game up: accuracy, total cost, and the costliest decisions, mistakes first', () => {
    const rate = (moves: string, column: number): Rating => rateDecision(solver, Position.fromMoves(moves), column);
    const ratings = [rate('', 3), rate('445566', 0), rate('4444', 0), rate('4455', 2)];
    const summary = summarize(ratings);
    expect(summary).toMatchObject({ decisions: 4, best: 2, inaccuracies: 1, mistakes: 1, accuracy: 0.5, totalCost: 4, totalCostAtMost: 4 });
    expect(summary.costliest.map((rating) => rating.before)).toEqual(['4444', '445566']);
    expect(summarize([])).toMatchObject({ decisions: 0, accuracy: 1, totalCost: 0, costliest: [] });
  });
});
