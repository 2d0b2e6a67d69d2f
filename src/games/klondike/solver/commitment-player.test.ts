import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../core/random.js';
import { createGreedyAgent } from '../agents.js';
import { makeKlondikeGame } from '../definition.js';
import { DISCARD_ACTION, KlondikeConfig, KlondikeState, MoveRank } from '../engine.js';
import { bestCandidate, commitmentsOf, createPlannerAgent, SampleOutcome } from './commitment-player.js';
import { dealVerdict, seededDeal } from './deal.js';
import { unseenCount } from './players.js';
import { playAlike, riggedDeal } from '../../../test-support/klondike-sight.js';

/** Deal `seed` under the standard rules in the lab's game (idle limit 100), unlimited passes. */
const standardDeal = (seed: number, draw = 3): KlondikeState => KlondikeState.fromDeck(new KlondikeConfig({ rules: 'standard', draw }), seededDeal(seed).dealOrder);

/** Whether `after`, one move on from `before`, made progress, showed a stock card or used a pass (the player's commitments). */
const committed = (before: KlondikeState, after: KlondikeState): boolean =>
  after.idle === 0 || after.stockUnseen !== before.stockUnseen || after.recycles !== before.recycles || after.isTerminal();

/** Deal `seed`'s position after the stock was looked through and `greedyMoves` moves of greedy (fewer if the game ends). */
function midGame(seed: number, greedyMoves: number, draw = 3): KlondikeState {
  const state = standardDeal(seed, draw);
  while (state.stockUnseen > 0) state.applyAction(DISCARD_ACTION);
  const greedy = createGreedyAgent();
  const rng = rngFromSeed(seed);
  for (let i = 0; i < greedyMoves && !state.isTerminal(); i++) state.applyAction(greedy.act(state, rng));
  return state;
}

/** The planner's first 92 moves on standard draw-3 deal 1023 (the default budget, its generator seeded 1023), as action codes. */
const DEAL_1023_FIRST_92 = [
  0, 0, 0, 0, 0, 0, 0, 0, 599, 7, 11, 482, 105, 5, 0, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 10, 0, 0, 5, 0, 0, 10, 1, 0, 0, 0, 0, 0, 0, 0, 0, 6, 223, 602, 163, 586, 391, 537, 32, 294, 581, 573,
  183, 508, 20, 37, 0, 1, 6, 330, 378, 0, 0, 0, 2, 0, 6, 7, 622, 599, 651, 3, 16, 22, 21, 26, 22, 274, 20, 36, 0, 0, 3, 0, 0, 683, 695, 9, 697, 685, 7, 2,
] as const;

/** The default planner's first 30 moves on standard draw-3 deal 1020 (its generator seeded 1020), as action codes. */
const DEAL_1020_FIRST_30 = [0, 0, 0, 0, 0, 0, 0, 0, 183, 508, 378, 0, 132, 599, 0, 5, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] as const;

/** Small budgets keep these tests quick; the behaviour tested does not depend on them. */
const SMALL = { samples: 3, maxStates: 300, maxWalk: 60, finalStates: 20_000 } as const;

describe('the choice among candidates', () => {
  const outcomeArb = fc.constantFrom(SampleOutcome.Lost, SampleOutcome.GaveUp, SampleOutcome.Won);
  const tableArb = fc.integer({ min: 1, max: 12 }).chain((samples) => fc.array(fc.array(outcomeArb, { minLength: samples, maxLength: samples }), { minLength: 1, maxLength: 8 }));

  it('is the first candidate, replaced by a later one only when it wins more than the margin more; whichever samples it skipped', () => {
    fc.assert(
      fc.property(tableArb, fc.integer({ min: 0, max: 3 }), (table, margin) => {
        const samples = table[0]!.length;
        const asked: string[] = [];
        const { index, wins } = bestCandidate(
          table.length,
          samples,
          (c, k) => {
            asked.push(`${String(c)}:${String(k)}`);
            return table[c]![k]!;
          },
          margin,
        );
        const winsOf = table.map((row) => row.filter((o) => o === SampleOutcome.Won).length);
        // The rule itself, on every sample: valued in order, stopping once the choice wins everything.
        let choice = 0;
        let last = 0;
        for (let c = 0; c < table.length; c++) {
          last = c;
          if (c > 0 && winsOf[c]! > winsOf[choice]! + margin) choice = c;
          if (winsOf[choice] === samples) break;
        }
        expect(index).toBe(choice);
        expect(wins).toBe(winsOf[choice]);
        // With no margin, the first of the most wins among those valued.
        if (margin === 0) expect(wins).toBe(Math.max(...winsOf.slice(0, last + 1)));
        // Each sample is asked about once a candidate, and nothing after a candidate chosen for winning all.
        expect(new Set(asked).size).toBe(asked.length);
        for (const key of asked) expect(Number(key.split(':')[0])).toBeLessThanOrEqual(last);
        // The first candidate is valued on every sample.
        expect(asked.filter((key) => key.startsWith('0:')).length).toBe(samples);
      }),
      { numRuns: 300, seed: 5 },
    );
  });

  it('with a revaluation, takes a candidate only if its new value still reaches what it needs, and holds later ones to that value', () => {
    fc.assert(
      fc.property(tableArb, fc.integer({ min: 0, max: 3 }), fc.array(fc.nat(12), { minLength: 8, maxLength: 8 }), (table, margin, cuts) => {
        const samples = table[0]!.length;
        const winsOf = table.map((row) => row.filter((o) => o === SampleOutcome.Won).length);
        // Any value from 0 to the wins: what the planner's follow-up gives is never more.
        const valueOf = (c: number): number => winsOf[c]! - (cuts[c]! % (winsOf[c]! + 1));
        const revalued: number[] = [];
        const { index, wins } = bestCandidate(
          table.length,
          samples,
          (c, k) => table[c]![k]!,
          margin,
          (c, outcomes, candidateWins) => {
            revalued.push(c);
            // Asked with the candidate's outcome on every sample.
            expect([...outcomes]).toEqual(table[c]);
            expect(candidateWins).toBe(winsOf[c]);
            return valueOf(c);
          },
        );
        let choice = 0;
        let best = valueOf(0);
        const expectedRevalued = [0];
        for (let c = 1; c < table.length && best < samples; c++) {
          if (winsOf[c]! <= best + margin) continue;
          expectedRevalued.push(c);
          if (valueOf(c) > best + margin) {
            choice = c;
            best = valueOf(c);
          }
        }
        expect(index).toBe(choice);
        expect(wins).toBe(best);
        // Only a candidate that won enough is revalued.
        expect(revalued).toEqual(expectedRevalued);
      }),
      { numRuns: 300, seed: 6 },
    );
  });

  it('keeps the earlier candidate unless a later one wins more than the margin more', () => {
    const table = [
      [2, 2, 0, 0, 0, 0],
      [2, 2, 2, 2, 0, 0],
      [2, 2, 2, 2, 2, 0],
    ] as const;
    const choose = (margin: number): number => bestCandidate(3, 6, (c, k) => table[c]![k]!, margin).index;
    // Wins 2, 4 and 5: a margin of 2 keeps the first over the second (4 is not more than 2 + 2) but not over the third.
    expect([choose(0), choose(1), choose(2), choose(3)]).toEqual([2, 1, 2, 0]);
  });

  it('asks first about the samples the best lost, so that a candidate losing them is dropped without its wins', () => {
    // Candidate 0 loses samples 4 and 5 of 6; candidate 1 loses the same two and wins the rest:
    // once it has lost both, it cannot beat 4 wins, and its four wins are never asked about.
    const table = [
      [2, 2, 2, 2, 0, 1],
      [2, 2, 2, 2, 0, 1],
    ] as const;
    const asked: number[][] = [[], []];
    const { index, wins } = bestCandidate(2, 6, (c, k) => {
      asked[c]!.push(k);
      return table[c]![k]!;
    });
    expect({ index, wins }).toEqual({ index: 0, wins: 4 });
    expect(asked[1]).toEqual([4, 5]);
  });
});

describe('the commitments of a decision', () => {
  it('each is a line of legal moves that commit nothing, then one that commits; the walk stays within its bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 60 }), fc.constantFrom(1, 3), (seed, moves, draw) => {
        const start = midGame(seed, moves, draw);
        if (start.isTerminal()) return;
        const candidates = commitmentsOf(start, 40);
        for (const line of candidates) {
          const state = start.clone();
          line.forEach((action, i) => {
            expect(state.isLegalMove(action)).toBe(true);
            const before = state.clone();
            state.applyAction(action);
            expect(committed(before, state)).toBe(i === line.length - 1);
          });
        }
        // Reached through at most 40 positions: no line is longer than the walk could go.
        for (const line of candidates) expect(line.length).toBeLessThanOrEqual(40);
      }),
      { numRuns: 40 },
    );
  });

  it('come a card turned up first, then a card to a foundation, then a stock card played; the shortest way to each', () => {
    const start = midGame(7, 10);
    const candidates = commitmentsOf(start, 300);
    expect(candidates.length).toBeGreaterThan(1);
    const ranks = candidates.map((line) => {
      const state = start.clone();
      for (const action of line.slice(0, -1)) state.applyAction(action);
      return state.rankMove(line[line.length - 1]!);
    });
    const promise = (rank: number): number => (rank === MoveRank.Uncover ? -1 : rank);
    expect(ranks.map(promise)).toEqual(ranks.map(promise).sort((a, b) => a - b));
    expect(new Set(ranks).size).toBeGreaterThan(1);
    // A commitment legal at once is reached in one move, never through a detour.
    let buffer = new Int32Array(start.config.numActions);
    buffer = buffer.slice(0, start.legalActions(buffer));
    const immediate = Array.from(buffer).filter((action) => {
      const after = start.clone();
      after.applyAction(action);
      return committed(start, after);
    });
    for (const action of immediate) expect(candidates.some((line) => line.length === 1 && line[0] === action)).toBe(true);
  });

  it('are the walk over copies of every position (the walk makes each move and takes it back), and leave the position as it was', () => {
    // The walk as first written, a copy per move tried, returning every line that ends in a
    // commitment (the planner keeps the first of alike ones). A position is what moves from it
    // depend on: not the history, the idle count or the points.
    const positionOf = (state: KlondikeState): string => {
      const { piles, rows } = state.config;
      const faceUp = Array.from({ length: piles }, (_, p) => `${String(state.hidden[p])}:${Array.from(state.cells.subarray(p * rows + state.hidden[p]!, p * rows + state.heights[p]!)).join('.')}`);
      const talon = Array.from({ length: state.queueLength }, (_, i) => state.queue[(state.head + i) % state.config.stockSize]);
      return [state.waste, state.recycles, state.stockUnseen, faceUp.join('|'), Array.from(state.foundation).join('.'), talon.join('.')].join('/');
    };
    let compared = 0;
    const reference = (start: KlondikeState, maxWalk: number): number[][] => {
      const buffer = new Int32Array(start.config.numActions);
      const seen = new Set<string>([positionOf(start)]);
      const found: number[][] = [];
      let frontier: { state: KlondikeState; actions: number[] }[] = [{ state: start, actions: [] }];
      let walked = 0;
      while (frontier.length > 0 && walked < maxWalk) {
        const next: typeof frontier = [];
        for (const { state, actions } of frontier) {
          if (walked++ >= maxWalk) break;
          for (const action of Array.from(buffer.slice(0, state.legalActions(buffer)))) {
            const after = state.clone();
            after.applyAction(action);
            if (committed(state, after)) found.push([...actions, action]);
            else if (!seen.has(positionOf(after))) {
              seen.add(positionOf(after));
              next.push({ state: after, actions: [...actions, action] });
            }
          }
        }
        frontier = next;
      }
      return found;
    };
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 0, max: 60 }), fc.constantFrom(1, 3), fc.integer({ min: 5, max: 80 }), (seed, moves, draw, maxWalk) => {
        const start = midGame(seed, moves, draw);
        if (start.isTerminal()) return;
        const before = start.serialize();
        const candidates = commitmentsOf(start, maxWalk);
        expect(start.serialize()).toBe(before);
        // Every candidate is one of the reference walk's lines, and every reference line ends in a
        // commitment some candidate makes from the same position (alike ones are kept once).
        const lines = reference(start, maxWalk).map((line) => line.join(','));
        for (const line of candidates) expect(lines).toContain(line.join(','));
        compared += candidates.length;
      }),
      { numRuns: 40, seed: 12 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it('are the same whatever the face-down cards are (the walk reads only what the player sees)', () => {
    const start = midGame(12, 15);
    const rng = rngFromSeed(3);
    const expected = commitmentsOf(start, 300);
    for (let k = 0; k < 5; k++) expect(commitmentsOf(start.resample(0, rng), 300)).toEqual(expected);
  });
});

describe('the planner', () => {
  it('never reads hidden cards: on a deal rigged where it cannot see, it plays the same moves until a card it sees differs', () => {
    let compared = 0;
    for (const seed of [3, 8]) {
      const state = standardDeal(seed);
      const rigged = riggedDeal(seed, state.config);
      expect(rigged.serialize()).not.toBe(state.serialize());
      compared += playAlike(() => createPlannerAgent(SMALL), state, rigged, seed);
    }
    // The stock looked through (8 turns a deal), then play until a swapped card turns up.
    expect(compared).toBeGreaterThan(40);
  });

  it('values the commitments on samples and spends within its budget', () => {
    const agent = createPlannerAgent(SMALL);
    const state = standardDeal(5);
    const rng = rngFromSeed(5);
    while (!state.isTerminal()) state.applyAction(agent.act(state, rng));
    expect(agent.stats.decisions).toBeGreaterThan(0);
    // Each solve of a sample stops at its position budget.
    expect(agent.stats.states).toBeLessThanOrEqual(agent.stats.solves * SMALL.finalStates);
    expect(agent.stats.solves).toBeGreaterThanOrEqual(agent.stats.decisions);
  });

  it('solves a sample it gave up on again on `retryStates`: a tiny first budget and the retry play as the retry budget alone', () => {
    // A verdict the solver reaches is the deal's truth, and what a budget of 2 positions decides a
    // budget of 2,000 decides too; so with the retry every sample ends as on 2,000 positions alone.
    const play = (options: Parameters<typeof createPlannerAgent>[0]): { moves: number[]; solves: number; undecided: number; retries: number; blind: number } => {
      const state = midGame(115, 10);
      const agent = createPlannerAgent(options);
      const rng = rngFromSeed(115);
      const moves: number[] = [];
      for (let move = 0; move < 20 && !state.isTerminal(); move++) {
        moves.push(agent.act(state, rng));
        state.applyAction(moves.at(-1)!);
      }
      return { moves, solves: agent.stats.solves, undecided: agent.stats.undecided, retries: agent.stats.retries, blind: agent.stats.blind };
    };
    const large = play({ ...SMALL, samples: 8, maxStates: 2_000, retryStates: 0 });
    const retried = play({ ...SMALL, samples: 8, maxStates: 2, retryStates: 2_000 });
    const tiny = play({ ...SMALL, samples: 8, maxStates: 2, retryStates: 0 });
    expect(retried.moves).toEqual(large.moves);
    // Each sample the tiny budget gave up on was solved twice.
    expect(retried.retries).toBe(retried.undecided - large.undecided);
    expect(retried.solves).toBe(large.solves + retried.retries);
    expect(large.retries).toBe(0);
    expect(retried.undecided).toBeGreaterThan(large.undecided);
    // Without the retry, the tiny budget gives up on nearly every sample and decides blind.
    expect(tiny.blind).toBeGreaterThan(large.blind);
    expect(() => createPlannerAgent({ retryStates: -1 })).toThrow(RangeError);
  });

  it('walks again, further, when its walk finds one commitment or none, and so plays on where the only one found was a pass', () => {
    // Standard draw-3 deal 1023 after the planner's first 92 moves (recorded): winnable, three
    // cards face down, and within 300 positions of the walk the only commitment is a pass through
    // the stock; the solver's line takes two cards back from the foundations and turns the stock
    // twice before it plays a card.
    const start = standardDeal(1023);
    for (const action of DEAL_1023_FIRST_92) start.applyAction(action);
    expect(start.idle).toBe(0);
    expect(commitmentsOf(start, 300)).toHaveLength(1);
    expect(commitmentsOf(start, 3000).length).toBeGreaterThan(1);
    const progressWithin = (options: Parameters<typeof createPlannerAgent>[0], moves: number): boolean => {
      const state = start.clone();
      const agent = createPlannerAgent(options);
      const rng = rngFromSeed(1023);
      for (let move = 0; move < moves && !state.isTerminal(); move++) {
        state.applyAction(agent.act(state, rng));
        if (state.idle === 0) return true;
      }
      return false;
    };
    // Without the second walk it only turns the stock round (until the idle limit would end the game).
    expect(progressWithin({ maxRewalk: 300 }, 30)).toBe(false);
    expect(progressWithin({}, 30)).toBe(true);
  });

  it('values a commitment that turns no card up, where another does, by the best single commitment after it: its decisions are those of a brute-force count', () => {
    // Brute force: every candidate on every sample, every next commitment on every sample, no
    // early exit, then the rule (margin 0: the most, the first of equals). A sample the first
    // budget gives up on is solved again on the retry budget.
    const budget = { maxStates: 1000, timeMs: Number.MAX_SAFE_INTEGER };
    const retryBudget = { maxStates: 5000, timeMs: Number.MAX_SAFE_INTEGER };
    const options = { samples: 24, maxStates: 1000, retryStates: 5000, maxWalk: 100, margin: 0 } as const;
    const wins = (sample: KlondikeState, ...lines: readonly (readonly number[])[]): boolean => {
      const state = sample.clone();
      for (const line of lines) for (const action of line) if (!state.isTerminal()) state.applyAction(action);
      if (state.isTerminal()) return state.score === state.config.deckSize;
      const verdict = dealVerdict(state, budget).verdict;
      return (verdict === 'undecided' ? dealVerdict(state, retryBudget).verdict : verdict) === 'winnable';
    };
    /** The line the agent plays from `start`: its moves up to and including the first commitment. */
    const lineOf = (agent: ReturnType<typeof createPlannerAgent>, start: KlondikeState, seed: number): number[] => {
      const state = start.clone();
      const rng = rngFromSeed(seed);
      const line: number[] = [];
      while (!state.isTerminal()) {
        const before = state.clone();
        line.push(agent.act(state, rng));
        state.applyAction(line.at(-1)!);
        if (committed(before, state)) break;
      }
      return line;
    };
    const deal1020 = standardDeal(1020);
    for (const action of DEAL_1020_FIRST_30) deal1020.applyAction(action);
    let lowered = 0;
    let changed = 0;
    for (const [start, seed] of [[midGame(115, 10), 115], [midGame(126, 10), 126], [deal1020, 30]] as const) {
      const candidates = commitmentsOf(start, options.maxWalk);
      expect(candidates.length).toBeGreaterThan(1);
      const rng = rngFromSeed(seed);
      const dealt = Array.from({ length: options.samples }, () => start.resample(0, rng));
      const won = candidates.map((line) => dealt.map((sample) => wins(sample, line)));
      const turnsUp = candidates.map((line) => {
        const after = start.clone();
        for (const action of line) after.applyAction(action);
        return unseenCount(after) < unseenCount(start);
      });
      const hindsight = won.map((row) => row.filter(Boolean).length);
      const value = candidates.map((line, c) => {
        if (turnsUp[c] || !turnsUp.includes(true)) return hindsight[c]!;
        const after = dealt[0]!.clone();
        for (const action of line) after.applyAction(action);
        const next = after.isTerminal() ? [] : commitmentsOf(after, options.maxWalk);
        if (next.length <= 1) return hindsight[c]!;
        return Math.max(...next.map((nextLine) => dealt.filter((sample, k) => won[c]![k] && wins(sample, line, nextLine)).length));
      });
      const choose = (values: readonly number[]): number => {
        let choice = 0;
        for (let c = 1; c < candidates.length && values[choice]! < options.samples; c++) if (hindsight[c]! > values[choice]! && values[c]! > values[choice]!) choice = c;
        return choice;
      };
      const choice = choose(value);
      if (value.some((v, c) => v < hindsight[c]!)) lowered++;
      if (choice !== choose(hindsight)) changed++;
      const agent = createPlannerAgent(options);
      expect(lineOf(agent, start, seed)).toEqual(candidates[choice]);
      expect(agent.stats.followUpsLower > 0).toBe(value.some((v, c) => v < hindsight[c]!));
      // Without the follow-up, hindsight alone decides.
      expect(lineOf(createPlannerAgent({ ...options, followUp: false }), start, seed)).toEqual(candidates[choose(hindsight)]);
    }
    // The positions were chosen so that the follow-up lowers a value, and changes a decision.
    expect(lowered).toBeGreaterThan(0);
    expect(changed).toBeGreaterThan(0);
  });

  it('is a player of the standard rules’ lab game, and refuses a budget below one', () => {
    const game = makeKlondikeGame({ rules: 'standard', draw: 3 });
    expect(game.agents['planner']?.create().name).toBe('planner');
    expect(() => createPlannerAgent({ samples: 0 })).toThrow(RangeError);
    expect(() => createPlannerAgent({ maxStates: 1.5 })).toThrow(RangeError);
    expect(() => createPlannerAgent({ maxRewalk: 0 })).toThrow(RangeError);
  });
});
