import { describe, expect, it, vi } from 'vitest';
import { cardName } from '../../core/cards.js';
import { CHANCE } from '../../core/game.js';
import { deriveSeed, randomInt, rngFromSeed } from '../../core/random.js';
import { smallestCardAgent } from './agents.js';
import { pairedCost } from '../../core/coach.js';
import { COACH_SAMPLES, EQUAL_CHANCE, defaultSamples, FULL_PLAY_OUT_BATCH, FULL_PLAY_OUT_SAMPLES, MISTAKE_CHANCE, playOutCards, rateDecision, rateOutcomes, RULES_OF_THUMB, SAMPLE_BATCH, summarize, warmUpCoach, WARM_UP_EXACT_DRAWS } from './coach.js';
import { coachLegend } from './coach-text.js';
import { ConsistentHands } from './consistent-hands.js';
import { roundValuesAgainst } from './round-values.js';
import type { UnoWarAgent } from './agents.js';
import { UnoWarState } from './engine.js';
import { HAND_SIZE, RANK, canPlayOn } from './rules.js';

/** The distinct cards the player to move of `state` can play. */
function legalCards(state: UnoWarState): number[] {
  const player = state.currentPlayer();
  return [...new Set(Array.from({ length: HAND_SIZE }, (_, slot) => state.handCard(player, slot)).filter((card) => canPlayOn(state.top, card)))];
}

/** Deal `deal` played by Smallest in both seats up to player 0's `nth` decision with a choice (from 1); its playable cards. */
function choiceOf(deal: number, nth: number): { state: UnoWarState; cards: number[] } {
  const state = new UnoWarState();
  const rng = rngFromSeed(deal);
  let choices = 0;
  for (;;) {
    const player = state.currentPlayer();
    if (player === CHANCE) state.applyAction(state.sampleChance(rng));
    else {
      const cards = legalCards(state);
      if (player === 0 && cards.length > 1 && ++choices === nth) return { state, cards };
      state.applyAction(smallestCardAgent.act(state, rng));
    }
  }
}

/** Deal 1 played by Smallest in both seats up to player 0's second decision with a choice; its playable cards. */
const secondChoice = (): { state: UnoWarState; cards: number[] } => choiceOf(1, 2);

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
    // The warm-up the terminal and the page's worker run first leaves nothing behind that changes a rating.
    warmUpCoach();
    expect(rateDecision(state, highest, smallestCardAgent, 5, 100)).toEqual(rating);
    // The state is left as it was: the coach plays on copies.
    expect(state.currentPlayer()).toBe(0);
    expect(rateDecision(state, rating.best, smallestCardAgent, 5, 100)).toMatchObject({ verdict: 'best', cost: 0, rule: null });
  });

  it('warms up both ways of drawing the hidden hands: by rejection and exactly (the hands counted)', () => {
    // A spy on the exact draw: the warm-up must run it, so that a person's first decision whose
    // hidden hands are drawn exactly does not pay for compiling it.
    const exactDraw = vi.spyOn(ConsistentHands.prototype, 'draw');
    try {
      // The page's worker, started again for each rating it drops, warms up the play-outs only.
      warmUpCoach({ exactDraw: false });
      expect(exactDraw).not.toHaveBeenCalled();
      warmUpCoach();
      expect(exactDraw.mock.calls.length).toBeGreaterThanOrEqual(WARM_UP_EXACT_DRAWS + SAMPLE_BATCH);
    } finally {
      exactDraw.mockRestore();
    }
  });

  it('stops sampling only at a look (after a batch, then whenever the draws have doubled) and only when every other card trails one by three standard errors or ended as it did on every draw; the same play-outs rate every card', () => {
    const { state, cards } = secondChoice();
    const all = playOutCards(state, smallestCardAgent, 9, 2 * SAMPLE_BATCH, { stopWhenClear: false });
    expect(all.cards).toEqual(cards);
    for (const chances of all.chances) expect(chances.length).toBe(2 * SAMPLE_BATCH);
    const early = playOutCards(state, smallestCardAgent, 9, 2 * SAMPLE_BATCH);
    const drawn = early.chances[0]!.length;
    expect([SAMPLE_BATCH, 2 * SAMPLE_BATCH]).toContain(drawn);
    // Later looks come when the states drawn have doubled, never at three batches. With seeds 9
    // and 25 one card is clear on the first 1,500 draws and not on the first 500 or 1,000; on the
    // first 2,000 still with seed 9, no longer with 25 (a look more is a chance more to stop on a
    // card that only seems best).
    expect(playOutCards(state, smallestCardAgent, 9, 5 * SAMPLE_BATCH).chances[0]!.length).toBe(4 * SAMPLE_BATCH);
    expect(playOutCards(state, smallestCardAgent, 25, 5 * SAMPLE_BATCH).chances[0]!.length).toBe(5 * SAMPLE_BATCH);
    // The first batch is the same draws either way.
    expect(early.chances.map((chances) => Array.from(chances.subarray(0, SAMPLE_BATCH)))).toEqual(all.chances.map((chances) => Array.from(chances.subarray(0, SAMPLE_BATCH))));
    const firstBatch = all.chances.map((chances) => chances.subarray(0, SAMPLE_BATCH));
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

  it('stops after the first batch when, played out to the game\'s end, every card won on every state drawn: cards that end alike are settled', () => {
    // Deal 3115 of `npm run bench:coach -- --game uno-war` (seed 1): a deal played by Smallest in
    // both seats, stopped at player 0's first decision with a choice from a random round on; player 0
    // leads 9-0, and every one of its four cards won on each of the first 100 states drawn (its
    // cards lost 0 to 31 games of 4,000 on other draws). (Deal 313, the one taken before, drew other
    // states once its hidden hands were drawn exactly, and one card lost some of them.)
    const rng = rngFromSeed(deriveSeed(1, 3115));
    const fromRound = randomInt(rng, 10);
    const state = new UnoWarState();
    for (;;) {
      const player = state.currentPlayer();
      if (player === CHANCE) state.applyAction(state.sampleChance(rng));
      else if (player === 0 && state.rounds >= fromRound && legalCards(state).length > 1) break;
      else state.applyAction(smallestCardAgent.act(state, rng));
    }
    const outcomes = playOutCards(state, smallestCardAgent, deriveSeed(1, 3115), 2 * FULL_PLAY_OUT_BATCH, { toGameEnd: true });
    expect(outcomes.chances.map((chances) => Array.from(chances))).toEqual(outcomes.cards.map(() => new Array<number>(FULL_PLAY_OUT_BATCH).fill(1)));
    for (const card of outcomes.cards) expect(rateOutcomes(outcomes, card)).toMatchObject({ verdict: 'best', cost: 0, samples: FULL_PLAY_OUT_BATCH });
  });

  it('counts a card as good as the best when its loss, however well measured, is under EQUAL_CHANCE, and marks it from there on', () => {
    // 2,000 play-outs a card: the best (the Ace of Spades) wins them all; the King of Spades loses 18
    // (0.9 points) or 22 (1.1 points) of them, a lead above twice its standard error (about 0.4 points) either way.
    const outcomes = (losses: number): { cards: number[]; chances: Float64Array[] } => {
      const other = new Float64Array(2000).fill(1);
      other.fill(0, 0, losses);
      return { cards: [0, 12], chances: [new Float64Array(2000).fill(1), other] };
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

  it('flags a deliberately poor card with its cost: the King of Diamonds on the Six of Spades, deal 1', () => {
    // Deal 1, player 0's third decision with a choice, at 0-0: the Four of Spades, the King of
    // Spades or the King of Diamonds on the Six of Spades. A King of the pile's suit leaves the
    // opponent the same cards to answer as the Four; the King of Diamonds changes the suit.
    const { state, cards } = choiceOf(1, 3);
    const named = (name: string): number => cards.find((card) => cardName(card) === name)!;
    expect(cardName(state.top)).toBe('Six of Spades');
    expect(cards.map(cardName).sort()).toEqual(['Four of Spades', 'King of Diamonds', 'King of Spades']);
    const rating = rateDecision(state, named('King of Diamonds'), smallestCardAgent, 5);
    expect(rating.verdict).toBe('inaccuracy');
    expect(rating.cost).toBeGreaterThan(Math.max(EQUAL_CHANCE, 2 * rating.standardError));
    expect(rating.cost).toBeLessThan(MISTAKE_CHANCE);
    // A card of the same rank as the best: the rule to count the cards (which suits are left).
    expect(RANK[rating.best]).toBe(RANK[named('King of Diamonds')]);
    expect(rating.rule).toBe(RULES_OF_THUMB.count);
    // Clear before the whole budget: at one of the looks (after 500 states, then whenever they have doubled).
    expect(rating.samples).toBeLessThan(COACH_SAMPLES);
    expect(Number.isInteger(Math.log2(rating.samples / SAMPLE_BATCH))).toBe(true);
    const chance = (card: number): number => rating.cards.find((c) => c.card === card)!.chance;
    expect(rating.cost).toBeCloseTo(chance(rating.best) - chance(named('King of Diamonds')), 9);
    // Smallest's card, the Four, is as good as the best within a point.
    expect(rateDecision(state, named('Four of Spades'), smallestCardAgent, 5).verdict).toBe('best');
  });

  it("against a built-in AI values each card by the round-value table; against any other AI plays it out to the game's end", () => {
    const { state } = secondChoice();
    // Chances between 0 and 1 that are not all whole: most rounds end short of the game's end.
    const truncated = playOutCards(state, smallestCardAgent, 3, 20, { stopWhenClear: false });
    expect(roundValuesAgainst(smallestCardAgent)).toBeDefined();
    expect(defaultSamples(smallestCardAgent)).toBe(COACH_SAMPLES);
    expect(truncated.chances.some((chances) => chances.some((chance) => chance > 0 && chance < 1))).toBe(true);
    // An opponent that is not a built-in AI (the same policy behind a plain object): whole games, on fewer states.
    const other: UnoWarAgent = { name: 'other', act: (s, rng) => smallestCardAgent.act(s, rng) };
    expect(defaultSamples(other)).toBe(FULL_PLAY_OUT_SAMPLES);
    const whole = playOutCards(state, other, 3, 20, { stopWhenClear: false });
    for (const chances of whole.chances) for (const chance of chances) expect([0, 1]).toContain(chance);
    // The same opponent as the built-in object, told to play to the game's end, plays the same games.
    expect(playOutCards(state, smallestCardAgent, 3, 20, { stopWhenClear: false, toGameEnd: true })).toEqual(whole);
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

describe("the UnoWar coach's legend", () => {
  it('gives its sample counts with a thousands separator, as every number a user reads', () => {
    expect(COACH_SAMPLES).toBe(32_000);
    expect(coachLegend(smallestCardAgent)).toContain('played to the end of the round from up to 32,000 deals consistent with what you have seen');
    expect(coachLegend(undefined)).toContain(`played out to the game's end from up to ${String(FULL_PLAY_OUT_SAMPLES)} deals`);
  });
});
