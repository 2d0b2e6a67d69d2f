import { describe, expect, it } from 'vitest';
import { DECK_SIZE } from '../../core/cards.js';
import { rngFromSeed } from '../../core/random.js';
import { COACH_SAMPLES, SAMPLE_BATCH, rateDecision, rateEveryMove, RULES_OF_THUMB, situationOf, summarize, type Situation } from './coach.js';
import { ConnectFwarState } from './engine.js';
import { DISCARD } from './rules.js';

/** Card indices: (suit - 1) * 13 + rank - 1, suits Spades, Hearts, Clubs, Diamonds. */
const FIVE_OF_HEARTS = 17;
const FIVE_OF_DIAMONDS = 43;
const EIGHT_OF_DIAMONDS = 46;
const QUEEN_OF_CLUBS = 37;
const TWO_OF_SPADES = 1;

/** Three cards on the bottom row, columns 1-3 (♥5 ♦5 ♦8), and `card` in hand; everything else unseen. */
function situation(card: number): Situation {
  const cells = new Array<number>(16).fill(-1);
  cells[0] = FIVE_OF_HEARTS;
  cells[4] = FIVE_OF_DIAMONDS;
  cells[8] = EIGHT_OF_DIAMONDS;
  const seen = new Set([FIVE_OF_HEARTS, FIVE_OF_DIAMONDS, EIGHT_OF_DIAMONDS, card]);
  return { cells, card, unseen: Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => !seen.has(c)) };
}

describe('the ConnectFwar coach', () => {
  it('flags a card that kills the bottom row as a mistake, with its cost, and rates the discard best', () => {
    // The ♣Q connects to neither ♦8 nor anything the row needs: on column 4 it ends the row's hopes.
    const poor = rateDecision(situation(QUEEN_OF_CLUBS), 3, 1);
    expect(poor.verdict).toBe('mistake');
    expect(poor.best).toBe(DISCARD);
    expect(poor.cost).toBeGreaterThan(5);
    expect(poor.cost).toBeCloseTo(poor.values[DISCARD]! - poor.values[3]!, 9);
    expect(poor.standardError).toBeLessThan(0.5);
    expect(poor.rule).toBe(RULES_OF_THUMB.discard);
    // So clear a mistake that the first batch of play-outs shows it (columns 1-3 and the discard end alike on every order).
    expect(poor.samples).toBe(SAMPLE_BATCH);
    const discard = rateDecision(situation(QUEEN_OF_CLUBS), DISCARD, 1);
    expect(discard).toMatchObject({ verdict: 'best', cost: 0, rule: null, best: DISCARD });
  });

  it('gives no value where the card cannot go, refuses such a choice, and repeats itself for a seed', () => {
    const rating = rateDecision(situation(TWO_OF_SPADES), DISCARD, 3, 200);
    expect(rating.values.slice(0, 3)).toEqual([null, null, null]);
    expect(rating.values[3]).not.toBeNull();
    expect(rateDecision(situation(TWO_OF_SPADES), DISCARD, 3, 200)).toEqual(rating);
    expect(() => rateDecision(situation(TWO_OF_SPADES), 0, 3, 200)).toThrow(RangeError);
  });

  it('sums a game up: accuracy, total cost and the costliest decisions first', () => {
    const poor = rateDecision(situation(QUEEN_OF_CLUBS), 3, 1, 200);
    const good = rateDecision(situation(QUEEN_OF_CLUBS), DISCARD, 1, 200);
    const summary = summarize([good, poor, good]);
    expect(summary).toMatchObject({ decisions: 3, best: 2, mistakes: 1, inaccuracies: 0 });
    expect(summary.accuracy).toBeCloseTo(2 / 3, 9);
    expect(summary.totalCost).toBe(poor.cost);
    expect(summary.costliest).toEqual([{ index: 1, rating: poor }]);
  });
});

describe('situationOf', () => {
  it('sees the board and the card in hand, and counts as unseen exactly the cards not yet dealt', () => {
    // Deal 7: ♦5, ♦8, ♥5 played on columns 2, 3 and 1, then the ♣Q in hand.
    const state = new ConnectFwarState();
    const chance = rngFromSeed(7);
    state.applyAction(state.sampleChance(chance));
    for (const move of [1, 2, 0]) {
      state.applyAction(move);
      state.applyAction(state.sampleChance(chance));
    }
    const seen = situationOf(state);
    expect(seen.card).toBe(QUEEN_OF_CLUBS);
    expect(seen.unseen).toHaveLength(DECK_SIZE - 4);
    expect(seen.unseen).not.toContain(QUEEN_OF_CLUBS);
    expect(Array.from(seen.cells).filter((cell) => cell >= 0).sort()).toEqual([FIVE_OF_HEARTS, FIVE_OF_DIAMONDS, EIGHT_OF_DIAMONDS].sort());
  });
});

describe('stopping early', () => {
  it('stops after a batch once one move is clearly best, with the rating of just those play-outs; without stopping, plays them all', () => {
    const clear = rateDecision(situation(TWO_OF_SPADES), 3, 1);
    expect(clear.samples).toBeLessThan(COACH_SAMPLES);
    expect(clear.samples % SAMPLE_BATCH).toBe(0);
    expect(rateDecision(situation(TWO_OF_SPADES), 3, 1, clear.samples, false)).toEqual(clear);
    expect(rateDecision(situation(TWO_OF_SPADES), 3, 1, COACH_SAMPLES, false).samples).toBe(COACH_SAMPLES);
  });
});

describe('rateEveryMove', () => {
  it("gives each legal move rateDecision's very rating, from one set of play-outs", () => {
    const seen = situation(QUEEN_OF_CLUBS);
    const all = rateEveryMove(seen, 3, 50);
    expect(all.map((rating) => rating.chosen)).toEqual([DISCARD, 0, 1, 2, 3].filter((move) => all.some((rating) => rating.chosen === move)));
    for (const rating of all) expect(rating).toEqual(rateDecision(seen, rating.chosen, 3, 50));
    expect(() => rateDecision(situation(TWO_OF_SPADES), 2, 3, 10)).toThrow(/cannot go on column 3/);
  });
});
