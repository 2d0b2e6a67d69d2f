import { describe, expect, it } from 'vitest';
import { randomFloat, randomInt, rngFromSeed } from '../../../core/random.js';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { EVALUATION_TERMS } from './alphabeta.js';
import { SAMPLE_PLIES, fitEvaluation, labelPosition, logLossOf, samplePosition } from './tuning.js';

describe('samplePosition', () => {
  it('depends only on the seed and the index, and gives open middle-game positions without a win in one', () => {
    const samples = Array.from({ length: 12 }, (_, index) => samplePosition(7, index));
    expect(Array.from({ length: 12 }, (_, index) => samplePosition(7, index))).toEqual(samples);
    // Out of order too: a resumed run samples what a whole run would have.
    expect(samplePosition(7, 11)).toBe(samples[11]);
    const kept = samples.filter((moves): moves is string => moves !== null);
    expect(kept.length).toBeGreaterThan(0);
    for (const moves of kept) {
      const position = Position.fromMoves(moves);
      expect(position.moves).toBeGreaterThanOrEqual(SAMPLE_PLIES.min);
      expect(position.moves).toBeLessThanOrEqual(SAMPLE_PLIES.max);
      expect(position.isGameOver()).toBe(false);
      expect(position.canWinNext()).toBe(false);
    }
    expect(new Set(kept).size).toBe(kept.length);
  });
});

describe('labelPosition', () => {
  it("gives the solver's weak value, and null when the budget runs out", () => {
    const solver = new Solver({ tableSize: 1 << 18 });
    // Red's open three on the bottom row wins for red, the side to move after yellow's reply.
    expect(labelPosition(solver, 0, '4433', 100_000)).toMatchObject({ label: 1, moves: '4433' });
    // Yellow to move there loses.
    expect(labelPosition(solver, 1, '44332', 100_000).label).toBe(-1);
    expect(labelPosition(solver, 2, '44', 10)).toMatchObject({ label: null, nodes: 10 });
  });
});

describe('fitEvaluation', () => {
  it('recovers the direction of known weights from positions labelled by a logistic model', () => {
    const truth = [0.05, 0.3, 0.8, -0.4];
    const rng = rngFromSeed(3);
    const samples = Array.from({ length: 4_000 }, () => {
      const terms = [randomInt(rng, 41) - 20, randomInt(rng, 7) - 3, randomInt(rng, 5) - 2, randomInt(rng, 3) - 1];
      const p = 1 / (1 + Math.exp(-terms.reduce((sum, v, k) => sum + v * truth[k]!, 0)));
      const u = randomFloat(rng);
      // A win with probability p² , a loss with (1 - p)², a draw otherwise: the expected score is p.
      const label: -1 | 0 | 1 = u < p * p ? 1 : u < p * p + (1 - p) * (1 - p) ? -1 : 0;
      return { terms, label };
    });
    const fit = fitEvaluation(samples);
    const scale = 0.8 / fit.coefficients[2]!;
    fit.coefficients.forEach((c, k) => {
      expect(Math.abs(c * scale - truth[k]!)).toBeLessThan(0.1);
    });
    expect(Object.keys(fit.weights)).toEqual([...EVALUATION_TERMS]);
    expect(Math.max(...Object.values(fit.weights).map(Math.abs))).toBe(100);
    // The fit beats a model that ignores the terms (a coin: ln 2) and the true weights' direction is as good.
    const xs = samples.map((sample) => sample.terms);
    const ys = samples.map((sample) => (sample.label + 1) / 2);
    expect(fit.logLoss).toBeLessThan(Math.LN2);
    expect(logLossOf(truth, xs, ys)).toBeCloseTo(fit.logLoss, 2);
  });

  it('refuses to fit nothing', () => {
    expect(() => fitEvaluation([])).toThrow(RangeError);
  });
});
