import { describe, expect, it } from 'vitest';
import { CHANCE } from '../../core/game.js';
import { deriveSeed, randomInt, rngFromSeed } from '../../core/random.js';
import { smallestCardAgent } from './agents.js';
import { pairedCost } from '../../core/coach.js';
import { EQUAL_CHANCE, playOutCards, rateDecision, rateOutcomes, RULES_OF_THUMB, SAMPLE_BATCH, summarize } from './coach.js';
import { UnoWarState } from './engine.js';
import { HAND_SIZE, RANK, canPlayOn } from './rules.js';

/** The distinct cards the player to move of `state` can play. */
function legalCards(state: UnoWarState): number[] {
  const player = state.currentPlayer();
  return [...new Set(Array.from({ length: HAND_SIZE }, (_, slot) => state.handCard(player, slot)).filter((card) => canPlayOn(state.top, card)))];
}

/** Deal 1 played by Smallest in both seats up to player 0's second decision with a choice; its playable cards. */
function secondChoice(): { state: UnoWarState; cards: number[] } {
  const state = new UnoWarState();
  const rng = rngFromSeed(1);
  let choices = 0;
  for (;;) {
    const player = state.currentPlayer();
    if (player === CHANCE) state.applyAction(state.sampleChance(rng));
    else {
      const cards = legalCards(state);
      if (player === 0 && cards.length > 1 && ++choices === 2) return { state, cards };
      state.applyAction(smallestCardAgent.act(state, rng));
    }
  }
}

describe('the UnoWar coach', () => {
  it('gives every playable card a chance to win, marks one only when the lead is significant, and repeats itself for a seed', () => {
    const { state, cards } = secondChoice();
    const highest = cards.reduce((a, b) => (RANK[b]! > RANK[a]! ? b : a));
    const rating = rateDecision(state, highest, smallestCardAgent, 5, 100);
    expect(rating.cards.map(({ card }) => card).sort()).toEqual([...cards].sort());
    for (const { chance } of rating.cards) expect(chance >= 0 && chance <= 1).toBe(true);
    const top = Math.max(...rating.cards.map(({ chance }) => chance));
    expect(rating.cards.find(({ card }) => card === rating.best)!.chance).toBe(top);
    expect(rating.cost).toBeCloseTo(top - rating.cards.find(({ card }) => card === highest)!.chance, 9);
    expect(rating.verdict === 'best').toBe(rating.cost <= 2 * rating.standardError || rating.cost < EQUAL_CHANCE);
    // The best card is equal to itself; the highest card is equal to it exactly when it is not marked.
    expect(rating.cards.find(({ card }) => card === rating.best)!.equal).toBe(true);
    expect(rating.cards.find(({ card }) => card === highest)!.equal).toBe(rating.verdict === 'best');
    if (rating.verdict !== 'best') expect(rating.rule).toBe(RANK[highest]! > RANK[rating.best]! ? RULES_OF_THUMB.lowest : RULES_OF_THUMB.endTheRound);
    expect(rateDecision(state, highest, smallestCardAgent, 5, 100)).toEqual(rating);
    // The state is left as it was: the coach plays on copies.
    expect(state.currentPlayer()).toBe(0);
    expect(rateDecision(state, rating.best, smallestCardAgent, 5, 100)).toMatchObject({ verdict: 'best', cost: 0, rule: null });
  });

  it('stops sampling only at a batch and only when every other card trails one by three standard errors or ended as it did on every draw; the same play-outs rate every card', () => {
    const { state, cards } = secondChoice();
    const all = playOutCards(state, smallestCardAgent, 9, 2 * SAMPLE_BATCH, false);
    expect(all.cards).toEqual(cards);
    for (const won of all.wins) expect(won.length).toBe(2 * SAMPLE_BATCH);
    const early = playOutCards(state, smallestCardAgent, 9, 2 * SAMPLE_BATCH);
    const drawn = early.wins[0]!.length;
    expect([SAMPLE_BATCH, 2 * SAMPLE_BATCH]).toContain(drawn);
    // The first batch is the same draws either way.
    expect(early.wins.map((won) => Array.from(won.subarray(0, SAMPLE_BATCH)))).toEqual(all.wins.map((won) => Array.from(won.subarray(0, SAMPLE_BATCH))));
    const firstBatch = all.wins.map((won) => won.subarray(0, SAMPLE_BATCH));
    const leader = firstBatch.reduce((best, won, index) => (won.reduce((a, b) => a + b, 0) > firstBatch[best]!.reduce((a, b) => a + b, 0) ? index : best), 0);
    const clear = firstBatch.every((won, index) => {
      const { cost, standardError } = pairedCost(firstBatch[leader]!, won, 1);
      return index === leader || cost > 3 * standardError || (cost === 0 && standardError === 0);
    });
    expect(drawn === SAMPLE_BATCH).toBe(clear);
    for (const card of cards) {
      const rating = rateOutcomes(all, card);
      expect(rating.samples).toBe(2 * SAMPLE_BATCH);
      expect(rating.best).toBe(rateOutcomes(all, cards[0]!).best);
    }
  });

  it('stops after the first batch when every card won on every state drawn: cards that end alike are settled', () => {
    // Decision 313 of `npm run bench:coach -- --game uno-war` (seed 1): a deal played by Smallest in
    // both seats, stopped at player 0's first decision with a choice from a random round on.
    const rng = rngFromSeed(deriveSeed(1, 313));
    const fromRound = randomInt(rng, 10);
    const state = new UnoWarState();
    for (;;) {
      const player = state.currentPlayer();
      if (player === CHANCE) state.applyAction(state.sampleChance(rng));
      else if (player === 0 && state.rounds >= fromRound && legalCards(state).length > 1) break;
      else state.applyAction(smallestCardAgent.act(state, rng));
    }
    const outcomes = playOutCards(state, smallestCardAgent, deriveSeed(1, 313), 2 * SAMPLE_BATCH);
    expect(outcomes.wins.map((won) => Array.from(won))).toEqual(outcomes.cards.map(() => new Array<number>(SAMPLE_BATCH).fill(1)));
    for (const card of outcomes.cards) expect(rateOutcomes(outcomes, card)).toMatchObject({ verdict: 'best', cost: 0, samples: SAMPLE_BATCH });
  });

  it('counts a card as good as the best when its loss, however well measured, is under EQUAL_CHANCE, and marks it from there on', () => {
    // 2,000 play-outs a card: the best (the Ace of Spades) wins them all; the King of Spades loses 18
    // (0.9 points) or 22 (1.1 points) of them, a lead above twice its standard error (about 0.4 points) either way.
    const outcomes = (losses: number): { cards: number[]; wins: Uint8Array[] } => {
      const other = new Uint8Array(2000).fill(1);
      other.fill(0, 0, losses);
      return { cards: [0, 12], wins: [new Uint8Array(2000).fill(1), other] };
    };
    const small = rateOutcomes(outcomes(18), 12);
    expect(small).toMatchObject({ best: 0, verdict: 'best', rule: null });
    expect(small.cost).toBeCloseTo(0.009, 9);
    expect(small.cost).toBeGreaterThan(2 * small.standardError);
    expect(small.cards.map(({ equal }) => equal)).toEqual([true, true]);
    const marked = rateOutcomes(outcomes(22), 12);
    expect(marked).toMatchObject({ best: 0, verdict: 'inaccuracy', rule: RULES_OF_THUMB.lowest });
    expect(marked.cards.map(({ equal }) => equal)).toEqual([true, false]);
  });

  it('refuses a card that cannot be played, and sums a game up', () => {
    const { state, cards } = secondChoice();
    const unplayable = Array.from({ length: 52 }, (_, card) => card).find((card) => !cards.includes(card))!;
    expect(() => rateDecision(state, unplayable, smallestCardAgent, 5, 10)).toThrow(RangeError);
    const rating = rateDecision(state, cards[0]!, smallestCardAgent, 5, 20);
    expect(summarize([rating, rating])).toMatchObject({ decisions: 2, best: rating.verdict === 'best' ? 2 : 0 });
    expect(summarize([])).toMatchObject({ decisions: 0, accuracy: 1, totalCost: 0, costliest: [] });
  });
});
