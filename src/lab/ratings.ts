/**
 * Elo ratings fitted to a whole results matrix (Bradley–Terry maximum likelihood, as OpenSpiel's
 * evaluation does), rather than the order-dependent incremental Elo updates of chess federations:
 * the fit uses every game at once, so the ratings do not depend on the order games were played in.
 *
 * Model: P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)). A draw counts as half a win for each side.
 * Ratings are only defined up to a constant; they are returned with mean 0.
 */
import { exp, log } from '../core/portable-math.js';
import { solveLinear } from '../core/linear.js';
import { normalQuantile } from '../core/stats.js';

export interface ResultsMatrix {
  readonly players: readonly string[];
  /** wins[i][j]: games i won against j, over both seats. The diagonal (self-play) is ignored. */
  readonly wins: readonly (readonly number[])[];
  /** draws[i][j]: drawn games between i and j, over both seats (symmetric: draws[i][j] === draws[j][i]). */
  readonly draws: readonly (readonly number[])[];
}

export interface FitOptions {
  /**
   * Virtual games, split evenly as a draw, added between every pair of players that met. The
   * maximum-likelihood ratings do not exist when some player never loses (or never wins) against the
   * rest — they run off to ±infinity. This tiny prior keeps them finite while changing nothing
   * visible for real sample sizes. Default 0.01 game per pair.
   */
  readonly prior?: number;
  /** Stop once no rating moves by more than this many Elo points in an iteration. Default 1e-9. */
  readonly tolerance?: number;
  /** Newton iterations at most. Default 200 (a handful is typical). */
  readonly maxIterations?: number;
}

const ELO_SCALE = 400 / Math.LN10;

function validate(results: ResultsMatrix): void {
  const n = results.players.length;
  const square = (m: readonly (readonly number[])[], what: string): void => {
    if (m.length !== n || m.some((row) => row.length !== n)) throw new RangeError(`Invalid results: ${what} must be a ${String(n)}x${String(n)} matrix`);
    for (const row of m) for (const x of row) if (!(Number.isFinite(x) && x >= 0)) throw new RangeError(`Invalid results: ${what} holds ${String(x)} (expected a count >= 0)`);
  };
  square(results.wins, 'wins');
  square(results.draws, 'draws');
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if (results.draws[i]![j] !== results.draws[j]![i]) throw new RangeError(`Invalid results: draws must be symmetric (draws[${String(i)}][${String(j)}] != draws[${String(j)}][${String(i)}])`);
    }
  }
}

/**
 * Bradley–Terry maximum likelihood. In natural-log strengths θ (r = θ · 400 / ln 10) the
 * log-likelihood Σ_i S_i θ_i − Σ_{i<j} n_ij log(e^θ_i + e^θ_j) is concave, so Newton's method with
 * step halving converges in a handful of iterations even when ratings are 1,000+ Elo apart (where
 * Hunter's MM iteration needs thousands). S_i is i's score (wins plus half its draws), n_ij the
 * games between i and j. Returns Elo points with mean 0 over the players that played.
 */
export function fitElo(results: ResultsMatrix, options: FitOptions = {}): number[] {
  validate(results);
  return fitUnchecked(results.wins, results.draws, options);
}

function fitUnchecked(wins: readonly (readonly number[])[], draws: readonly (readonly number[])[], options: FitOptions, start?: readonly number[]): number[] {
  const n = wins.length;
  if (n === 0) return [];
  const prior = options.prior ?? 0.01;
  const tolerance = (options.tolerance ?? 1e-9) / ELO_SCALE;
  const maxIterations = options.maxIterations ?? 200;
  // games[i][j] and score[i], including the prior's virtual drawn games.
  const games: number[][] = [];
  const score: number[] = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    games.push(new Array<number>(n).fill(0));
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      const real = wins[i]![j]! + wins[j]![i]! + draws[i]![j]!;
      if (real === 0) continue;
      games[i]![j] = real + prior;
      score[i]! += wins[i]![j]! + 0.5 * draws[i]![j]! + prior / 2;
    }
  }
  // Players without games have no rating information: they stay at 0 and out of the system.
  const active = Array.from({ length: n }, (_, i) => i).filter((i) => games[i]!.some((g) => g > 0));
  const theta = start === undefined ? new Array<number>(n).fill(0) : start.map((r) => r / ELO_SCALE);
  const logLikelihood = (t: readonly number[]): number => {
    let value = 0;
    for (const i of active) {
      value += score[i]! * t[i]!;
      for (const j of active) {
        if (j <= i || games[i]![j] === 0) continue;
        const hi = Math.max(t[i]!, t[j]!);
        value -= games[i]![j]! * (hi + log(exp(t[i]! - hi) + exp(t[j]! - hi)));
      }
    }
    return value;
  };
  const m = active.length;
  let current = logLikelihood(theta);
  for (let iteration = 0; iteration < maxIterations && m > 1; iteration++) {
    // Gradient and negative Hessian over the active players; the gauge (adding a constant to every
    // θ changes nothing) is fixed by adding 1·1ᵀ, which makes the system positive definite.
    const gradient = new Array<number>(m).fill(0);
    const matrix = active.map(() => new Array<number>(m).fill(1));
    active.forEach((i, a) => {
      gradient[a] = score[i]!;
      active.forEach((j, b) => {
        const g = games[i]![j]!;
        if (a === b || g === 0) return;
        const p = 1 / (1 + exp(theta[j]! - theta[i]!));
        gradient[a]! -= g * p;
        const w = g * p * (1 - p);
        matrix[a]![a]! += w;
        matrix[a]![b]! -= w;
      });
    });
    const step = solveLinear(matrix, gradient);
    let scale = 1;
    let next: number[] = theta;
    let nextValue = -Infinity;
    for (let halving = 0; halving < 50; halving++) {
      next = [...theta];
      active.forEach((i, a) => {
        next[i] = theta[i]! + scale * step[a]!;
      });
      nextValue = logLikelihood(next);
      if (nextValue >= current) break;
      scale /= 2;
    }
    const largest = Math.max(...step.map((x) => Math.abs(x * scale)));
    if (!(nextValue >= current)) break; // no ascent possible: at the optimum within rounding
    for (const i of active) theta[i] = next[i]!;
    current = nextValue;
    if (largest < tolerance) break;
  }
  const centre = m === 0 ? 0 : active.reduce((sum, i) => sum + theta[i]!, 0) / m;
  return theta.map((t, i) => (active.includes(i) ? (t - centre) * ELO_SCALE : 0));
}

export interface IntervalOptions {
  /** Confidence level. Default 0.95. */
  readonly level?: number;
  /** See FitOptions.prior: keeps the point estimate and the constrained fits finite. Default 0.01. */
  readonly prior?: number;
}

export interface RatingWithInterval {
  readonly rating: number;
  /** -Infinity when the games put no lower bound on the rating (the player never won, say). */
  readonly low: number;
  /** +Infinity when the games put no upper bound on the rating (the player never lost, say). */
  readonly high: number;
}

/**
 * Ratings with score-test (Rao) confidence intervals: the interval of player i is every rating t
 * for which the hypothesis "i's rating is t" is not rejected by the score test at the given level.
 * For two players this is exactly the Wilson interval of the win rate, mapped to Elo; with more it
 * uses every game, as the fit does. Unlike a percentile bootstrap, which resamples a pairing that
 * was always won as always won (zero width, however few games), and unlike a Wald interval, which
 * is symmetric where the likelihood is not, the score interval keeps its coverage for lopsided
 * pairings and small samples (see ratings.test.ts's simulation study).
 *
 * Unbounded ratings are said so: player i's rating can grow without limit exactly when some group
 * of players containing i, but not everyone, never lost or drew a game against anyone outside it
 * (then raising the whole group never lowers the likelihood). Its upper bound is then +Infinity;
 * likewise the lower bound. Ratings are relative to the players' mean, so one unbeaten player
 * makes every other player's lower bound -Infinity too: that is the truth about mean-relative Elo.
 *
 * Draws count as half a win for each side (as in the fit), which slightly overstates the variance
 * of a drawn-heavy pairing: the intervals are then a little conservative, never too narrow.
 */
export function eloIntervals(results: ResultsMatrix, options: IntervalOptions = {}): RatingWithInterval[] {
  validate(results);
  const prior = options.prior ?? 0.01;
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new RangeError(`Invalid confidence level: ${String(level)} (expected 0 < level < 1)`);
  const z = normalQuantile(0.5 + level / 2);
  const critical = z * z;
  const rating = fitUnchecked(results.wins, results.draws, { prior, tolerance: 1e-9 });
  const model = new PairModel(results.wins, results.draws, prior);
  return rating.map((r, i) => {
    if (!model.active.includes(i)) return { rating: r, low: -Infinity, high: Infinity };
    const start = r / ELO_SCALE;
    const high = model.unbounded(i, +1) ? Infinity : model.bound(i, start, +1, critical) * ELO_SCALE;
    const low = model.unbounded(i, -1) ? -Infinity : model.bound(i, start, -1, critical) * ELO_SCALE;
    return { rating: r, low: Math.min(low, r), high: Math.max(high, r) };
  });
}

/**
 * The Bradley–Terry log-likelihood over the players that played, in natural-log strengths θ, with
 * the prior's virtual draws, and the constrained fits the score test needs.
 */
class PairModel {
  readonly n: number;
  /** games[i][j] including the prior; score[i]: wins plus half the draws, including the prior. */
  readonly games: number[][];
  readonly score: number[];
  readonly active: number[];
  readonly #wins: readonly (readonly number[])[];
  readonly #draws: readonly (readonly number[])[];

  constructor(wins: readonly (readonly number[])[], draws: readonly (readonly number[])[], prior: number) {
    this.n = wins.length;
    this.#wins = wins;
    this.#draws = draws;
    this.games = [];
    this.score = new Array<number>(this.n).fill(0);
    for (let i = 0; i < this.n; i++) {
      this.games.push(new Array<number>(this.n).fill(0));
      for (let j = 0; j < this.n; j++) {
        const real = i === j ? 0 : wins[i]![j]! + wins[j]![i]! + draws[i]![j]!;
        if (real === 0) continue;
        this.games[i]![j] = real + prior;
        this.score[i]! += wins[i]![j]! + 0.5 * draws[i]![j]! + prior / 2;
      }
    }
    this.active = Array.from({ length: this.n }, (_, i) => i).filter((i) => this.games[i]!.some((g) => g > 0));
  }

  /**
   * True if player i's mean-relative rating is unbounded in `direction` (+1 above, -1 below): the
   * players i can reach by "lost to or drew with" (above) or "beat or drew with" (below) are not
   * all the active players. See eloIntervals.
   */
  unbounded(i: number, direction: 1 | -1): boolean {
    const reached = new Set<number>([i]);
    const queue = [i];
    while (queue.length > 0) {
      const a = queue.pop()!;
      for (const b of this.active) {
        if (reached.has(b)) continue;
        const bad = direction === 1 ? this.#wins[b]![a]! : this.#wins[a]![b]!;
        if (bad > 0 || this.#draws[a]![b]! > 0) {
          reached.add(b);
          queue.push(b);
        }
      }
    }
    return reached.size < this.active.length;
  }

  logLikelihood(theta: readonly number[]): number {
    let value = 0;
    for (const i of this.active) {
      value += this.score[i]! * theta[i]!;
      for (const j of this.active) {
        if (j <= i || this.games[i]![j] === 0) continue;
        const hi = Math.max(theta[i]!, theta[j]!);
        value -= this.games[i]![j]! * (hi + log(exp(theta[i]! - hi) + exp(theta[j]! - hi)));
      }
    }
    return value;
  }

  /** Gradient and Hessian of the log-likelihood over the active players (in `active` order). */
  derivatives(theta: readonly number[]): { gradient: number[]; hessian: number[][] } {
    const m = this.active.length;
    const gradient = new Array<number>(m).fill(0);
    const hessian = this.active.map(() => new Array<number>(m).fill(0));
    this.active.forEach((i, a) => {
      gradient[a] = this.score[i]!;
      this.active.forEach((j, b) => {
        const g = this.games[i]![j]!;
        if (a === b || g === 0) return;
        const p = 1 / (1 + exp(theta[j]! - theta[i]!));
        gradient[a]! -= g * p;
        const w = g * p * (1 - p);
        hessian[a]![a]! -= w;
        hessian[a]![b]! += w;
      });
    });
    return { gradient, hessian };
  }

  /**
   * The score statistic of "player i's mean-relative strength is t": the log-likelihood maximised
   * under that constraint (Newton on the KKT system, warm-started from `theta`, which it updates),
   * then gᵀ I⁺ g with g the gradient and I the information there. The gauge (adding a constant to
   * every θ) is fixed by θ_i = 0, so the constraint is Σ_{j≠i} θ_j = −m·t.
   */
  scoreStatistic(i: number, t: number, theta: number[]): number {
    const m = this.active.length;
    const a = this.active.indexOf(i);
    // A feasible start: shift the warm start so θ_i = 0, then spread the constraint's slack evenly.
    const shift = theta[i]!;
    for (const j of this.active) theta[j]! -= shift;
    const others = this.active.filter((j) => j !== i);
    const slack = (-m * t - others.reduce((sum, j) => sum + theta[j]!, 0)) / others.length;
    for (const j of others) theta[j]! += slack;
    let current = this.logLikelihood(theta);
    for (let iteration = 0; iteration < 100; iteration++) {
      const { gradient, hessian } = this.derivatives(theta);
      // KKT: [H Aᵀ; A 0] [Δ; λ] = [−g; 0], A = [e_i; 1 − e_i] (both constraints already hold).
      const size = m + 2;
      const matrix = Array.from({ length: size }, () => new Array<number>(size).fill(0));
      const rhs = new Array<number>(size).fill(0);
      for (let r = 0; r < m; r++) {
        for (let c = 0; c < m; c++) matrix[r]![c] = hessian[r]![c]!;
        rhs[r] = -gradient[r]!;
        const fixed = r === a ? 1 : 0;
        matrix[r]![m] = fixed;
        matrix[m]![r] = fixed;
        matrix[r]![m + 1] = 1 - fixed;
        matrix[m + 1]![r] = 1 - fixed;
      }
      const step = solveLinear(matrix, rhs);
      let scale = 1;
      let next = theta;
      let nextValue = -Infinity;
      for (let halving = 0; halving < 40; halving++) {
        next = [...theta];
        this.active.forEach((j, b) => {
          next[j] = theta[j]! + scale * step[b]!;
        });
        nextValue = this.logLikelihood(next);
        if (nextValue >= current) break;
        scale /= 2;
      }
      if (!(nextValue >= current)) break;
      const largest = Math.max(...this.active.map((_, b) => Math.abs(step[b]! * scale)));
      for (const j of this.active) theta[j] = next[j]!;
      current = nextValue;
      if (largest < 1e-10) break;
    }
    const { gradient, hessian } = this.derivatives(theta);
    // I + 11ᵀ is invertible and acts as I's pseudo-inverse on gradients, which always sum to 0.
    const information = hessian.map((row) => row.map((x) => 1 - x));
    const solved = solveLinear(information, gradient);
    return gradient.reduce((sum, g, b) => sum + g * solved[b]!, 0);
  }

  /**
   * Where the score statistic of player i crosses `critical`, going from the estimate `start` (θ
   * units) in `direction`: bracketed by doubling steps, then bisected to 0.01 Elo. Only called in
   * a bounded direction, where the statistic grows without limit.
   */
  bound(i: number, start: number, direction: 1 | -1, critical: number): number {
    const theta = new Array<number>(this.n).fill(0);
    const exceeds = (t: number): boolean => this.scoreStatistic(i, t, theta) > critical;
    let inside = start;
    let step = 0.05;
    let outside = start + direction * step;
    for (let k = 0; k < 60 && !exceeds(outside); k++) {
      inside = outside;
      step *= 2;
      outside = start + direction * step;
    }
    while (Math.abs(outside - inside) * ELO_SCALE > 0.01) {
      const middle = (inside + outside) / 2;
      if (exceeds(middle)) outside = middle;
      else inside = middle;
    }
    return (inside + outside) / 2;
  }
}

/** The expected score of a player rated `a` against one rated `b`. */
export const expectedScore = (a: number, b: number): number => 1 / (1 + 10 ** ((b - a) / 400));
