import { describe, expect, it } from 'vitest';
import type { Rating } from '../../../src/games/connect-fwar/coach.js';
import { DISCARD } from '../../../src/games/connect-fwar/rules.js';
import { fwarChoices, fwarSummary, nextToRate, positionKey, ratingOf } from './coach-view.js';

const rating = (chosen: number, best: number, cost: number): Rating => ({
  values: [10, null, 8, 9, 12],
  chosen,
  best,
  cost,
  standardError: 0.1,
  verdict: cost === 0 ? 'best' : cost >= 1 ? 'mistake' : 'inaccuracy',
  rule: cost === 0 ? null : { number: 3, title: 'Discard freely' },
  samples: 1000,
});

describe("the ConnectFwar page's coach", () => {
  it('rates first the latest decision, then the card in hand, then the earlier decisions, latest first', () => {
    const moves = [1, DISCARD, 0];
    const cache = new Map<string, readonly Rating[]>();
    expect(nextToRate(5, moves, cache, true)).toEqual([1, DISCARD]);
    cache.set(positionKey(5, [1, DISCARD]), [rating(0, DISCARD, 2), rating(DISCARD, DISCARD, 0)]);
    expect(ratingOf(cache, 5, { before: [1, DISCARD], move: 0 })).toMatchObject({ chosen: 0, verdict: 'mistake' });
    expect(ratingOf(cache, 5, { before: [1, DISCARD], move: 2 })).toBeNull();
    expect(nextToRate(5, moves, cache, true)).toEqual(moves);
    expect(nextToRate(5, moves, cache, false)).toEqual([1]);
    expect(positionKey(5, [1, DISCARD])).toBe('5:2d');
  });

  it('lists the legal moves with their expected scores, and sums a deal up citing the rule broken', () => {
    const choices = fwarChoices(rating(0, DISCARD, 2));
    expect(choices.map((choice) => `${choice.name} ${choice.value}${choice.chosen ? ' chosen' : ''}${choice.best ? ' best' : ''}`)).toEqual([
      'Column 1 10.0 chosen',
      'Column 3 8.0',
      'Column 4 9.0',
      'Discard 12.0 best',
    ]);
    const summary = fwarSummary([rating(DISCARD, DISCARD, 0), rating(0, DISCARD, 2)]);
    expect(summary.line).toBe("Coach's summary: 2 decisions, 1 best, 0 inaccuracies, 1 mistake; accuracy 50%; total cost 2.00 expected points.");
    expect(summary.costliest).toEqual([{ index: 1, what: 'Card 2, column 1: a mistake (cost 2.00 points, ± 0.20; best discard)', rule: ' Rule 3 of what-wins.md: Discard freely.' }]);
  });
});
