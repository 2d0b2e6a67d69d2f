/**
 * The Klondike coach: with nothing hidden its verdict is the solver's; with cards hidden it never
 * depends on them; a move that throws the deal away is marked with its cost and the rule it broke.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rngFromSeed, shuffleInPlace } from '../../core/random.js';
import { createRandomAgent } from './agents.js';
import { candidateMoves, PreparedDecision, rateEveryMove, rateMove, RULES_OF_THUMB, summarize, unseenCards } from './coach.js';
import { Card } from './card.js';
import { DISCARD_ACTION, encodeMove, type KlondikeState } from './engine.js';
import { legalMovesOfState, type KlondikeMove } from './moves.js';
import { deckOfRuns } from './rigging.js';
import { dealState, solveDeal } from './solver/deal.js';

const BIG = { timeMs: Number.MAX_SAFE_INTEGER, maxStates: 200_000 };

/**
 * A small deal (two suits A..5, 2 piles) under `rules`, played at random from `seed` for up to
 * `steps` moves; with `seeStock`, the stock is first turned through once (and the waste over).
 */
function playedSmallDeal(seed: number, steps: number, rules: Parameters<typeof dealState>[2], seeStock = false): KlondikeState {
  const rng = rngFromSeed(seed);
  const order = deckOfRuns('cd', 5).map((card) => card.index);
  shuffleInPlace(order, rng);
  const state = dealState(order, 2, rules);
  if (seeStock) for (let turn = state.queueLength; turn >= 0; turn--) state.applyAction(DISCARD_ACTION);
  const agent = createRandomAgent();
  for (let step = 0; step < steps && !state.isTerminal(); step++) state.applyAction(agent.act(state, rng));
  return state;
}

/** `playedSmallDeal`'s seed and steps, and whether the rules are the standard ones (draw 1, 2 passes) or the assignment's. */
const SMALL_DEALS = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 12 }), fc.boolean());
const smallDealOf = ([seed, steps, standard]: [number, number, boolean]): KlondikeState =>
  playedSmallDeal(seed, steps, standard ? { rules: 'standard', draw: 1, passes: 2 } : {});
/** A budget this small leaves deals undecided, so the larger second search is exercised too. */
const TINY_BUDGET = { samples: 4, maxStates: 10 };

const moveAfter = (state: KlondikeState, move: KlondikeMove): KlondikeState => {
  const after = state.clone();
  const action = legalMovesOfState(state, false).find((m) => JSON.stringify(m.move) === JSON.stringify(move))!.action;
  after.applyAction(action);
  return after;
};

describe('rateMove', () => {
  it('with nothing hidden, marks a move a mistake exactly when the solver proves it turns a winnable deal into a lost one', () => {
    const verdicts = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 12 }), (seed, steps) => {
        // The last of two passes through the stock, every stock card seen: a card turned past now is
        // gone, so a deal can be lost with every card known.
        const state = playedSmallDeal(seed, steps, { rules: 'standard', draw: 1, passes: 2 }, true);
        fc.pre(!state.isTerminal() && unseenCards(state) === 0);
        const here = solveDeal(state.clone(), BIG).verdict;
        for (const { move } of legalMovesOfState(state, true)) {
          const after = solveDeal(moveAfter(state, move), BIG).verdict;
          const rating = rateMove(state, move, seed, { samples: 4, maxStates: 50_000 });
          expect(rating.exact).toBe(true);
          expect(rating.samples).toBe(1);
          expect(rating.verdict).toBe(here === 'winnable' && after === 'unwinnable' ? 'mistake' : 'best');
          if (rating.verdict === 'mistake') expect(rating.cost).toBe(1);
          verdicts.add(rating.verdict);
        }
      }),
      { numRuns: 100, seed: 30 },
    );
    // Both verdicts occur, so the property tests each.
    expect([...verdicts].sort()).toEqual(['best', 'mistake']);
  });

  it('never reads a hidden card: two deals the person cannot tell apart get the same rating', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 12 }), (seed, steps) => {
        const state = playedSmallDeal(seed, steps, {});
        fc.pre(!state.isTerminal() && unseenCards(state) > 0);
        // Another truth behind the same face-up cards.
        const other = state.resample(0, rngFromSeed(seed + 1));
        const move = legalMovesOfState(state, true)[0]!.move;
        expect(rateMove(other, move, 7, { samples: 6, maxStates: 2_000 })).toEqual(rateMove(state, move, 7, { samples: 6, maxStates: 2_000 }));
      }),
      { numRuns: 15, seed: 31 },
    );
  });

  it('rates every move of a position at once exactly as each would be rated alone', () => {
    let undecided = 0;
    fc.assert(
      fc.property(SMALL_DEALS, (deal) => {
        const state = smallDealOf(deal);
        fc.pre(!state.isTerminal());
        const every = rateEveryMove(state, 3, TINY_BUDGET);
        expect(every).toEqual(candidateMoves(state).map((move) => rateMove(state, move, 3, TINY_BUDGET)));
        undecided += every.filter((rating) => rating.moves.some((share) => share.undecided > 0)).length;
      }),
      { numRuns: 10, seed: 32 },
    );
    expect(undecided).toBeGreaterThan(0);
  });

  it('rates a move from a decision prepared before the choice exactly as rateMove does, whatever the state does meanwhile', () => {
    fc.assert(
      fc.property(SMALL_DEALS, (deal) => {
        const state = smallDealOf(deal);
        fc.pre(!state.isTerminal());
        // rateEveryMove rates as rateMove does (above), on samples solved once.
        const expected = rateEveryMove(state, 5, TINY_BUDGET);
        const prepared = new PreparedDecision(state, 5, TINY_BUDGET);
        // The person's move is made on the state the decision was prepared from.
        state.applyAction(legalMovesOfState(state, true)[0]!.action);
        expect(expected.map((rating) => prepared.rate(rating.moves[rating.chosen]!.move))).toEqual(expected);
        expect(() => prepared.rate({ kind: 'moveDraw', dest: 9 })).toThrow(RangeError);
      }),
      { numRuns: 6, seed: 33 },
    );
  });

  it('marks turning an Ace or a Two away for good a mistake, with the rule it broke', () => {
    // Two suits A..5, 2 piles, the last of two passes: the waste shows 2♣, which a turn buries for good.
    const order = '3♢ A♢ A♣ 2♣ 5♢ 5♣ 3♣ 2♢ 4♢ 4♣'.split(' ').map((word) => Card.parse(word).index);
    const state = dealState(order, 2, { rules: 'standard', draw: 1, passes: 2 });
    for (const action of [...Array<number>(8).fill(DISCARD_ACTION), encodeMove(state.config, { kind: 'moveToFoundation', src: 1, foundation: 1 }), DISCARD_ACTION]) state.applyAction(action);
    const rating = rateMove(state, { kind: 'discardDraw' }, 1);
    expect(rating).toMatchObject({ exact: true, verdict: 'mistake', cost: 1, rule: RULES_OF_THUMB.acesAndTwos });
    expect(rating.moves[rating.best]).toMatchObject({ share: 1, undecided: 0 });
  });

  it('refuses a move that is not legal', () => {
    const state = playedSmallDeal(1, 0, {});
    expect(() => rateMove(state, { kind: 'moveDraw', dest: 9 }, 1)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('counts the verdicts and names the costliest marked moves first', () => {
    const base = { moves: [], chosen: 0, best: 0, standardError: 0, samples: 1, exact: true, rule: RULES_OF_THUMB.wholeLines } as const;
    const summary = summarize([
      { ...base, cost: 0, verdict: 'best', rule: null },
      { ...base, cost: 0.3, verdict: 'mistake' },
      { ...base, cost: 1, verdict: 'mistake' },
      { ...base, cost: 0.1, verdict: 'inaccuracy' },
    ]);
    expect(summary).toMatchObject({ decisions: 4, best: 1, inaccuracies: 1, mistakes: 2, accuracy: 0.25 });
    expect(summary.totalCost).toBeCloseTo(1.4);
    expect(summary.costliest.map(({ index }) => index)).toEqual([2, 1, 3]);
  });
});
