import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../core/random.js';
import { encodeMove, KlondikeConfig, KlondikeState } from '../engine.js';
import { seededDeal } from './deal.js';
import { createSamplerAgent, createSolverAgent } from './players.js';
import { solveKlondike } from './solver.js';

/** Deal `seed` as a lab state (7 piles, draw 3, the lab's idle limit of 100). */
const labDeal = (seed: number): KlondikeState => KlondikeState.fromDeck(new KlondikeConfig(), seededDeal(seed).dealOrder);

/**
 * Deal `seed` with the two deepest face-down cards of each of the last three piles swapped: the
 * player sees the same (stock included) until one of them turns up.
 */
function riggedDeal(seed: number): KlondikeState {
  const config = new KlondikeConfig();
  const order = Array.from(seededDeal(seed).dealOrder);
  for (const pile of [4, 5, 6]) {
    const [a, b] = [config.cellDeal[pile * config.rows]!, config.cellDeal[pile * config.rows + 1]!];
    [order[a], order[b]] = [order[b]!, order[a]!];
  }
  return KlondikeState.fromDeck(config, order);
}

/** Small budgets keep these tests quick; the behaviour tested does not depend on them. */
const SMALL = { samples: 3, maxStates: 300 } as const;

describe('the honest sampler', () => {
  it('never reads hidden cards: on a deal rigged where it cannot see, it plays the same moves until a card it sees differs', () => {
    let compared = 0;
    for (const seed of [3, 8]) {
      const state = labDeal(seed);
      const rigged = riggedDeal(seed);
      expect(rigged.serialize()).not.toBe(state.serialize());
      const a = createSamplerAgent(SMALL);
      const b = createSamplerAgent(SMALL);
      const rngA = rngFromSeed(seed);
      const rngB = rngFromSeed(seed);
      while (!state.isTerminal() && state.informationStateString(0) === rigged.informationStateString(0)) {
        const move = a.act(state, rngA);
        expect(b.act(rigged, rngB)).toBe(move);
        state.applyAction(move);
        rigged.applyAction(move);
        compared++;
      }
    }
    // 217 moves on these two deals: the stock turned over (21 discards a deal), then play until a swapped card turns up.
    expect(compared).toBeGreaterThan(150);
  });

  it('is deterministic for a seed', () => {
    const play = (): number[] => {
      const state = labDeal(21);
      const agent = createSamplerAgent(SMALL);
      const rng = rngFromSeed(5);
      const moves: number[] = [];
      while (!state.isTerminal() && moves.length < 120) {
        const move = agent.act(state, rng);
        moves.push(move);
        state.applyAction(move);
      }
      return moves;
    };
    expect(play()).toEqual(play());
  });

  it('keeps to its budget: at most `samples` solves a plan, at most `maxStates` positions a solve', () => {
    const state = labDeal(30);
    const agent = createSamplerAgent({ samples: 4, maxStates: 200 });
    const rng = rngFromSeed(2);
    while (!state.isTerminal()) state.applyAction(agent.act(state, rng));
    const { plans, solves, states, maxStatesInOneSolve } = agent.stats;
    expect(plans).toBeGreaterThan(0);
    expect(solves).toBeLessThanOrEqual(4 * plans);
    expect(maxStatesInOneSolve).toBeLessThanOrEqual(200);
    expect(states).toBeLessThanOrEqual(200 * solves);
  });

  it('refuses a budget it cannot keep', () => {
    expect(() => createSamplerAgent({ samples: 0 })).toThrow(RangeError);
    expect(() => createSamplerAgent({ maxStates: 0.5 })).toThrow(RangeError);
  });
});

describe('the solver agent (sees every card)', () => {
  it('wins a winnable deal in the lab game, whose idle limit the line may exceed only if it must', () => {
    const state = labDeal(13);
    const agent = createSolverAgent();
    const rng = rngFromSeed(1);
    while (!state.isTerminal()) state.applyAction(agent.act(state, rng));
    expect(state.score).toBe(52);
  });
});

describe('the furthest line of an unfinished search', () => {
  it('is legal and gets further than the start when the budget runs out', () => {
    const start = seededDeal(77);
    const result = solveKlondike(start, { maxStates: 50, timeMs: 600_000 });
    expect(result.verdict).toBe('undecided');
    expect(result.moves).toBeNull();
    expect(result.furthest!.length).toBeGreaterThan(0);
    const state = start.clone();
    const hiddenOf = (s: KlondikeState): number => s.hidden.reduce((n, h) => n + h, 0);
    for (const move of result.furthest!) state.applyAction(encodeMove(state.config, move));
    expect(state.score - hiddenOf(state)).toBeGreaterThan(start.score - hiddenOf(start));
  });
});
