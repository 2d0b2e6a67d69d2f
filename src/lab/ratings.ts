/**
 * Elo ratings fitted to a whole results matrix (Bradley–Terry maximum likelihood, as OpenSpiel's
 * evaluation does), rather than the order-dependent incremental Elo updates of chess federations:
 * the fit uses every game at once, so the ratings do not depend on the order games were played in.
 *
 * Model: P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)). A draw counts as half a win for each side.
 * Ratings are only defined up to a constant; they are returned with mean 0.
 */
import { rngFromSeed, randomFloat, type Rng } from '../core/random.js';

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
        value -= games[i]![j]! * (hi + Math.log(Math.exp(t[i]! - hi) + Math.exp(t[j]! - hi)));
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
        const p = 1 / (1 + Math.exp(theta[j]! - theta[i]!));
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

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and well conditioned). */
function solveLinear(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / p;
      if (f === 0) continue;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x;
}

export interface BootstrapOptions {
  readonly samples?: number;
  readonly seed: number;
  /** Confidence level of the percentile interval. Default 0.95. */
  readonly level?: number;
  readonly prior?: number;
}

export interface RatingWithInterval {
  readonly rating: number;
  readonly low: number;
  readonly high: number;
}

/**
 * Ratings with percentile-bootstrap intervals: each resample redraws, for every pair of players,
 * as many games as they played with the observed win / loss / draw proportions (a multinomial),
 * then refits. Seeded, so the intervals replay exactly.
 */
export function bootstrapElo(results: ResultsMatrix, options: BootstrapOptions): RatingWithInterval[] {
  validate(results);
  const fitOptions: FitOptions = { prior: options.prior ?? 0.01, tolerance: 1e-6 };
  const rating = fitUnchecked(results.wins, results.draws, fitOptions);
  const samples = options.samples ?? 1000;
  if (!Number.isSafeInteger(samples) || samples < 1) throw new RangeError(`Invalid bootstrap samples: ${String(samples)} (expected a whole number >= 1)`);
  const level = options.level ?? 0.95;
  const n = results.players.length;
  const rng = rngFromSeed(options.seed);
  const draws: number[][] = [];
  const perPlayer: number[][] = results.players.map(() => []);
  for (let s = 0; s < samples; s++) {
    const wins: number[][] = results.players.map(() => new Array<number>(n).fill(0));
    draws.length = 0;
    for (let i = 0; i < n; i++) draws.push(new Array<number>(n).fill(0));
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const wij = results.wins[i]![j]!;
        const wji = results.wins[j]![i]!;
        const dij = results.draws[i]![j]!;
        const total = Math.round(wij + wji + dij);
        if (total === 0) continue;
        const a = binomial(rng, total, wij / (wij + wji + dij));
        const rest = wji + dij;
        const b = rest === 0 ? 0 : binomial(rng, total - a, wji / rest);
        wins[i]![j] = a;
        wins[j]![i] = b;
        draws[i]![j] = draws[j]![i] = total - a - b;
      }
    }
    // Warm start from the point estimate: a resample's optimum is near it.
    const fitted = fitUnchecked(wins, draws, fitOptions, rating);
    for (let i = 0; i < n; i++) perPlayer[i]!.push(fitted[i]!);
  }
  const tail = (1 - level) / 2;
  return rating.map((r, i) => {
    const sorted = perPlayer[i]!.sort((x, y) => x - y);
    return { rating: r, low: quantileSorted(sorted, tail), high: quantileSorted(sorted, 1 - tail) };
  });
}

function quantileSorted(sorted: readonly number[], q: number): number {
  const position = q * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/**
 * A Binomial(n, p) draw. Exact (n Bernoulli trials) for small n; for large n the Poisson limit when
 * the expected count of the rarer outcome is small, otherwise the normal approximation — accurate
 * well beyond what a 95% percentile interval needs, and O(1) for the 100,000-game pairings the lab
 * produces.
 */
export function binomial(rng: Rng, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n <= 64) {
    let k = 0;
    for (let t = 0; t < n; t++) if (randomFloat(rng) < p) k++;
    return k;
  }
  if (p > 0.5) return n - binomial(rng, n, 1 - p);
  const mean = n * p;
  if (mean < 30) return Math.min(n, poisson(rng, mean));
  const sd = Math.sqrt(mean * (1 - p));
  const k = Math.round(mean + sd * standardNormal(rng));
  return Math.max(0, Math.min(n, k));
}

function poisson(rng: Rng, mean: number): number {
  // Knuth's multiplication method; fine for the small means it is used for.
  const limit = Math.exp(-mean);
  let k = 0;
  let product = randomFloat(rng);
  while (product > limit) {
    k++;
    product *= randomFloat(rng);
  }
  return k;
}

function standardNormal(rng: Rng): number {
  // Box–Muller; 1 - u keeps the logarithm's argument in (0, 1].
  const u = 1 - randomFloat(rng);
  const v = randomFloat(rng);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** The expected score of a player rated `a` against one rated `b`. */
export const expectedScore = (a: number, b: number): number => 1 / (1 + 10 ** ((b - a) / 400));
