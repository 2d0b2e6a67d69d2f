import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../core/random.js';
import { makeKlondikeGame } from '../definition.js';
import { DISCARD_ACTION, encodeMove, KlondikeConfig, KlondikeState, type KlondikeOptions } from '../engine.js';
import { seededDeal } from './deal.js';
import { createSamplerAgent, createSolverAgent } from './players.js';
import { solveKlondike } from './solver.js';
import { playAlike, riggedDeal } from '../../../test-support/klondike-sight.js';

/** Deal `seed` as a lab state (7 piles, draw 3, the lab's idle limit of 100). */
const labDeal = (seed: number): KlondikeState => KlondikeState.fromDeck(new KlondikeConfig(), seededDeal(seed).dealOrder);

/** Deal `seed` under the standard rules in the lab's game (draw 3 and unlimited passes unless `options` says otherwise). */
const standardDeal = (seed: number, options: KlondikeOptions = {}): KlondikeState =>
  KlondikeState.fromDeck(new KlondikeConfig({ rules: 'standard', draw: 3, ...options }), seededDeal(seed).dealOrder);

/** Plays the sampler with `options` on a deal and its rigged copy (see `playAlike`). */
const playAlikeSampler = (state: KlondikeState, rigged: KlondikeState, seed: number, options: { samples: number; maxStates: number }): number =>
  playAlike(() => createSamplerAgent(options), state, rigged, seed);

/** Small budgets keep these tests quick; the behaviour tested does not depend on them. */
const SMALL = { samples: 3, maxStates: 300 } as const;

describe('the honest sampler', () => {
  it('never reads hidden cards: on a deal rigged where it cannot see, it plays the same moves until a card it sees differs', () => {
    let compared = 0;
    for (const seed of [3, 8]) {
      const state = labDeal(seed);
      const rigged = riggedDeal(seed);
      expect(rigged.serialize()).not.toBe(state.serialize());
      compared += playAlikeSampler(state, rigged, seed, SMALL);
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
    expect(() => createSamplerAgent({ retryStates: 0 })).toThrow(RangeError);
  });
});

/** Every queue entry the player has seen (the waste, and the stock but its never-shown block), face-up pile cards, foundations. */
function seenCards(s: KlondikeState): string {
  const { piles, rows } = s.config;
  const faceUp = Array.from({ length: piles }, (_, p) => [s.hidden[p], ...s.cells.subarray(p * rows + s.hidden[p]!, p * rows + s.heights[p]!)]);
  return JSON.stringify({ faceUp, seenQueue: Array.from(s.queue.subarray(0, s.queueLength - s.stockUnseen)), unseen: s.stockUnseen, foundation: Array.from(s.foundation) });
}

/** The cards the player cannot see, in their places: face-down pile cards, then the never-shown stock. */
function unseenCards(s: KlondikeState): number[] {
  const cards: number[] = [];
  for (let p = 0; p < s.config.piles; p++) cards.push(...s.cells.subarray(p * s.config.rows, p * s.config.rows + s.hidden[p]!));
  cards.push(...s.queue.subarray(s.queueLength - s.stockUnseen, s.queueLength));
  return cards;
}

describe('the honest sampler under the standard rules', () => {
  it('draw 3: the three cards a turn fans out are seen, the stock behind them is not, and a sample keeps every card seen and redeals only the unseen ones', () => {
    const state = standardDeal(4);
    state.applyAction(DISCARD_ACTION);
    expect(state.stockUnseen).toBe(21);
    expect(state.getDrawCards()).toHaveLength(3);
    state.applyAction(DISCARD_ACTION);
    expect(state.stockUnseen).toBe(18);
    // Play on a little (greedy moves may play waste cards, uncovering cards seen before).
    const greedy = makeKlondikeGame({ rules: 'standard', draw: 3 }).agents['greedy']!.create();
    const rng = rngFromSeed(1);
    for (let i = 0; i < 12 && !state.isTerminal(); i++) state.applyAction(greedy.act(state, rng));
    expect(state.stockUnseen).toBeGreaterThan(0);
    const hiddenBefore = unseenCards(state);
    let changed = 0;
    for (let k = 0; k < 6; k++) {
      const sample = state.resample(0, rngFromSeed(100 + k));
      expect(seenCards(sample)).toBe(seenCards(state));
      expect(sample.informationStateString(0)).toBe(state.informationStateString(0));
      const hidden = unseenCards(sample);
      expect([...hidden].sort((x, y) => x - y)).toEqual([...hiddenBefore].sort((x, y) => x - y));
      if (hidden.some((c, i) => c !== hiddenBefore[i])) changed++;
      // The sample is a deal of its own: solving it never reads the true one.
      expect(sample.serialize()).not.toContain(JSON.stringify(Array.from(state.dealOrder)));
    }
    expect(changed).toBe(6);
  });

  it('never reads hidden cards: draw 3, unlimited passes (face-down cards rigged) and 3 passes (the stock’s last cards rigged too)', () => {
    const compared: number[] = [];
    for (const [seed, passes] of [
      [3, Infinity],
      [8, 3],
    ] as const) {
      const state = standardDeal(seed, { passes });
      const rigged = riggedDeal(seed, state.config);
      if (passes !== Infinity) {
        // Also swap the last two stock cards, which a player with passes to keep does not turn up to see first.
        const order = Array.from(rigged.dealOrder);
        [order[50], order[51]] = [order[51]!, order[50]!];
        compared.push(playAlikeSampler(state, KlondikeState.fromDeck(state.config, order), seed, SMALL));
      } else compared.push(playAlikeSampler(state, rigged, seed, SMALL));
    }
    // 188 and 78 moves compared: each deal played well past its first plans before a rigged card showed.
    for (const moves of compared) expect(moves).toBeGreaterThan(40);
  });

  it('is the standard-rules lab game’s sampler, and wins a deal there with a small budget', () => {
    const game = makeKlondikeGame({ rules: 'standard', draw: 3 });
    expect(game.id).toBe('klondike-standard-d3-pu-standard');
    expect(game.agents['sampler']!.description).toMatch(/^honest/);
    expect(game.agents['sampler']!.seesHidden).toBeUndefined();
    const state = standardDeal(11);
    const agent = createSamplerAgent({ samples: 6, maxStates: 1_500 });
    const rng = rngFromSeed(11);
    while (!state.isTerminal()) state.applyAction(agent.act(state, rng));
    expect(state.score).toBe(52);
    expect(agent.stats.maxStatesInOneSolve).toBeLessThanOrEqual(1_500);
  });

  it('tries again with fresh samples and the larger budget when no sample of a plan is won, and keeps to both budgets', () => {
    const state = standardDeal(6);
    const agent = createSamplerAgent({ samples: 3, maxStates: 200, retryStates: 2_000 });
    const rng = rngFromSeed(6);
    for (let i = 0; i < 60 && !state.isTerminal(); i++) state.applyAction(agent.act(state, rng));
    const { plans, solves, maxStatesInOneSolve } = agent.stats;
    // Some plan needed the second try: more than one try's samples a plan on average, and a solve past the first budget.
    expect(solves).toBeGreaterThan(3 * plans);
    expect(maxStatesInOneSolve).toBeGreaterThan(200);
    expect(solves).toBeLessThanOrEqual(6 * plans);
    expect(maxStatesInOneSolve).toBeLessThanOrEqual(2_000);
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
