import { describe, expect, it } from 'vitest';
import type { ColumnScore } from '../../../src/games/connect-four/coach.js';
import { coachChoices, humanDecisions, nextToScore, ratingOf, type ScoreCache } from './coach-view.js';

const exact = (score: number): ColumnScore => ({ lower: score, upper: score });
/** The start position's scores (the solver's): column 4 wins, 3 and 5 draw, the rest lose. */
const START: (ColumnScore | null)[] = [-2, -1, 0, 1, 0, -1, -2].map(exact);

describe("the Connect Four page's coach", () => {
  it('scores first the latest decision, then the position the person is to play in, then the earlier decisions', () => {
    const moves = [3, 3, 2, 2];
    const red = humanDecisions(moves, (isRed) => isRed);
    expect(red).toEqual([0, 2]);
    const cache = new Map<string, readonly (ColumnScore | null)[]>();
    expect(nextToScore(moves, red, cache, true, null)).toBe('44');
    cache.set('44', START);
    expect(nextToScore(moves, red, cache, true, null)).toBe('4433');
    cache.set('4433', START);
    expect(nextToScore(moves, red, cache, true, null)).toBe('');
    cache.set('', START);
    expect(nextToScore(moves, red, cache, true, null)).toBeNull();
    // A training warning's position comes before everything.
    expect(nextToScore(moves, red, cache, true, '4433')).toBeNull();
    expect(nextToScore(moves, red, new Map(), true, '4433')).toBe('4433');
  });

  it("rates a decision from its position's scores, the choice marked with its verdict and the best column", () => {
    const cache: ScoreCache = new Map([['', START]]);
    expect(ratingOf([0], 0, new Map())).toBeNull();
    const rating = ratingOf([0], 0, cache)!;
    expect(rating).toMatchObject({ verdict: 'mistake', chosen: 0, best: 3, cost: 3, outcomeBefore: 'win', outcomeAfter: 'loss' });
    const choices = coachChoices(rating);
    expect(choices).toHaveLength(7);
    expect(choices[0]).toMatchObject({ name: 'Column 1', value: '-2', words: 'loses in 20', tone: 'loss', chosen: true, best: false });
    expect(choices[3]).toMatchObject({ name: 'Column 4', value: '+1', words: 'wins in 21', tone: 'win', chosen: false, best: true });
  });
});
