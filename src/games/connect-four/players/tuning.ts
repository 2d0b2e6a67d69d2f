/**
 * Tuning AlphaBeta's evaluation on data the project makes itself:
 * 1. `samplePosition`: a position from a seeded game between AlphaBeta players of random depth
 *    (1-4, untuned weights, so the data does not depend on the weights being fitted) that slip into
 *    a random legal move one time in four, stopped at a random ply from 8 to 30 — varied, plausible
 *    middle games. Position `index` depends only on (seed, index), so a run can stop and resume.
 * 2. `labelPosition`: the solver's weak value (win 1, draw 0, loss -1 for the side to move),
 *    within a node budget; positions it cannot settle in the budget are recorded unlabelled.
 * 3. `fitEvaluation`: a logistic regression of the expected score ((label + 1) / 2) on the
 *    evaluation's terms (`evaluationTerms`, the very function the search calls), scaled to whole
 *    weights.
 * `npm run tune:alphabeta` (src/bench/tune-alphabeta.ts) drives the three and plays the matches.
 */
import { deriveSeed, randomFloat, randomInt, rngFromSeed } from '../../../core/random.js';
import { solveLinear } from '../../../core/linear.js';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { AlphaBetaPlayer, EVALUATION_TERMS, UNTUNED_WEIGHTS, evaluationTerms, materialBalance, type EvaluationWeights } from './alphabeta.js';

/** Plies at which positions are sampled: past the opening, before the endgame is trivial. */
export const SAMPLE_PLIES = { min: 8, max: 30 } as const;
/** How often the sampling games play a random legal move instead of the search's. */
const SLIP_PROBABILITY = 0.25;
const GENERATOR_DEPTHS = [1, 2, 3, 4] as const;

export interface LabelledPosition {
  readonly index: number;
  /** 1-based column digits. */
  readonly moves: string;
  /** The solver's weak value for the side to move, or null when it did not finish within its budget. */
  readonly label: -1 | 0 | 1 | null;
  readonly nodes: number;
}

let generators: AlphaBetaPlayer[] | undefined;

/**
 * The moves (1-based digits) of sample `index` for `seed`, or null when that game ended before its
 * chosen ply or the side to move can win at once (a position the search never evaluates).
 */
export function samplePosition(seed: number, index: number): string | null {
  generators ??= GENERATOR_DEPTHS.map((maxDepth) => new AlphaBetaPlayer({ level: 'master', maxDepth, weights: UNTUNED_WEIGHTS, now: () => 0 }));
  const rng = rngFromSeed(deriveSeed(seed, index));
  const target = SAMPLE_PLIES.min + randomInt(rng, SAMPLE_PLIES.max - SAMPLE_PLIES.min + 1);
  const players = [generators[randomInt(rng, GENERATOR_DEPTHS.length)]!, generators[randomInt(rng, GENERATOR_DEPTHS.length)]!];
  const position = new Position();
  while (position.moves < target) {
    let column: number;
    if (randomFloat(rng) < SLIP_PROBABILITY) {
      const legal = position.legalMoves();
      column = legal[randomInt(rng, legal.length)]!;
    } else {
      const player = players[position.moves & 1]!;
      // A fresh table for every move: a move depends on the position alone, not on earlier samples.
      player.init(position.turn);
      player.setPosition(position.toMoves());
      column = player.search().column;
    }
    position.play(column);
    if (position.isGameOver()) return null;
  }
  return position.canWinNext() ? null : position.toMoves();
}

/** The solver's weak value of `moves`, from a cleared table (so the label does not depend on order). */
export function labelPosition(solver: Solver, index: number, moves: string, maxNodes: number): LabelledPosition {
  solver.reset();
  const result = solver.search(Position.fromMoves(moves), { weak: true, maxNodes });
  const label = result.complete ? (Math.sign(result.score!) as -1 | 0 | 1) : null;
  return { index, moves, label, nodes: result.nodes };
}

/** The evaluation's terms of a position (side to move's view), in the order of `EVALUATION_TERMS`. */
export function positionTerms(position: Position): number[] {
  const terms = new Int32Array(EVALUATION_TERMS.length);
  evaluationTerms(position, terms);
  terms[0] = materialBalance(position);
  return Array.from(terms);
}

export interface Fit {
  /** Whole weights, the largest 100 in absolute value. */
  readonly weights: EvaluationWeights;
  /** The fitted coefficients per unit of each term (logistic scale). */
  readonly coefficients: readonly number[];
  /** Mean cross-entropy of the fitted model on the positions it was given. */
  readonly logLoss: number;
}

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * Mean cross-entropy of predicting `sigmoid(scale * w·x)` for targets `y`, at the best `scale`
 * (the evaluation's units are arbitrary: only the direction of the weights matters to a search).
 */
export function logLossOf(weights: readonly number[], xs: readonly (readonly number[])[], ys: readonly number[]): number {
  const dots = xs.map((x) => x.reduce((sum, v, k) => sum + v * weights[k]!, 0));
  const loss = (scale: number): number => {
    let total = 0;
    for (let i = 0; i < dots.length; i++) {
      const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(scale * dots[i]!)));
      total -= ys[i]! * Math.log(p) + (1 - ys[i]!) * Math.log(1 - p);
    }
    return total / dots.length;
  };
  // The loss is convex in the scale: golden-section search over a wide bracket.
  let lo = 0;
  let hi = 1;
  while (loss(hi * 2) < loss(hi) && hi < 1e6) hi *= 2;
  hi *= 2;
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let step = 0; step < 100; step++) {
    const a = hi - phi * (hi - lo);
    const b = lo + phi * (hi - lo);
    if (loss(a) < loss(b)) hi = b;
    else lo = a;
  }
  return loss((lo + hi) / 2);
}

/**
 * Logistic regression without an intercept (the evaluation is antisymmetric: swapping the sides
 * negates every term) by Newton's method, on targets y = (label + 1) / 2.
 */
export function fitEvaluation(samples: readonly { readonly terms: readonly number[]; readonly label: -1 | 0 | 1 }[]): Fit {
  if (samples.length === 0) throw new RangeError('No labelled positions to fit');
  const k = EVALUATION_TERMS.length;
  const xs = samples.map((sample) => sample.terms);
  const ys = samples.map((sample) => (sample.label + 1) / 2);
  const w = new Array<number>(k).fill(0);
  for (let iteration = 0; iteration < 50; iteration++) {
    const gradient = new Array<number>(k).fill(0);
    const hessian = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const p = sigmoid(x.reduce((sum, v, j) => sum + v * w[j]!, 0));
      for (let a = 0; a < k; a++) {
        gradient[a]! += (p - ys[i]!) * x[a]!;
        for (let b = 0; b < k; b++) hessian[a]![b]! += p * (1 - p) * x[a]! * x[b]!;
      }
    }
    // A little ridge keeps the system solvable when a term never varies in the sample.
    for (let a = 0; a < k; a++) hessian[a]![a]! += 1e-6 * xs.length;
    const step = solveLinear(hessian, gradient);
    let change = 0;
    for (let a = 0; a < k; a++) {
      w[a]! -= step[a]!;
      change = Math.max(change, Math.abs(step[a]!));
    }
    if (change < 1e-9) break;
  }
  const largest = Math.max(...w.map(Math.abs));
  const whole = w.map((v) => Math.round((100 * v) / largest));
  // `+ 0` turns a rounded -0 into 0.
  const weights = Object.freeze(Object.fromEntries(EVALUATION_TERMS.map((term, a) => [term, whole[a]! + 0]))) as unknown as EvaluationWeights;
  return { weights, coefficients: w, logLoss: logLossOf(w, xs, ys) };
}
