/**
 * Beyond Elo: what a round robin's win matrix says when one number per player cannot.
 *
 * Elo (Bradley–Terry) assumes a ladder: if A beats B and B beats C, A beats C. Pools of game
 * players are often not like that (rock-paper-scissors is the pure case), and then Elo averages
 * the cycle away. Two tools from the multi-agent evaluation literature, written here from their
 * definitions:
 *
 * - **α-Rank** (Omidshafiei et al., "α-Rank: Multi-Agent Evaluation by Evolution", Scientific
 *   Reports 2019), single-population form. A population of `m` players all using one strategy σ
 *   is invaded by a mutant τ; the mutant takes over with the fixation probability
 *   ρ(σ→τ) = (1 − e^(−αΔ)) / (1 − e^(−mαΔ)) (and 1/m when Δ = 0), where Δ is the mutant's fitness
 *   edge. With the large-population payoffs of a two-player game, Δ = M(τ, σ) − M(σ, τ): here the
 *   score share of τ against σ minus that of σ against τ. From σ, each other strategy is tried with
 *   probability 1/(n − 1); the stationary distribution of that Markov chain is the α-Rank mass. A
 *   ladder puts (nearly) all the mass on its top; a cycle spreads it over the cycle.
 * - **A significant cycle**: A beats B, B beats C, …, back to A, each step significant on its own
 *   games (a two-sided sign test on wins against losses, draws left out), at 5% after a Bonferroni
 *   correction over all pairs, so a large pool of equal players is not flagged by chance.
 *
 * Pure (browser-safe).
 */
import { normalQuantile } from '../core/stats.js';

/** α-Rank's selection intensity and population size: large enough that a better strategy almost surely takes over, small enough that no probability underflows (see `fixation`). */
export const ALPHA_RANK_ALPHA = 10;
export const ALPHA_RANK_POPULATION = 50;

/**
 * Score shares from a round robin's counts: `wins[i][j]` games i won against j (both seats), and
 * `draws[i][j]` (symmetric). S[i][j] = (wins + draws/2) / games; NaN for a pair that never met,
 * and on the diagonal ½.
 */
export function scoreShares(wins: readonly (readonly number[])[], draws: readonly (readonly number[])[]): number[][] {
  return wins.map((row, i) =>
    row.map((w, j) => {
      if (i === j) return 0.5;
      const games = w + wins[j]![i]! + draws[i]![j]!;
      return games === 0 ? NaN : (w + draws[i]![j]! / 2) / games;
    }),
  );
}

/** ρ(σ→τ) for the mutant's edge Δ: computed so that neither a large edge nor a large handicap overflows or loses all precision. */
function fixation(edge: number, alpha: number, m: number): number {
  const x = alpha * edge;
  if (Math.abs(x) < 1e-12) return 1 / m;
  if (x > 0) return Math.expm1(-x) / Math.expm1(-m * x);
  // (e^y − 1) / (e^(my) − 1) with y = −x > 0, rewritten as e^(−(m−1)y) · (1 − e^(−y)) / (1 − e^(−my)).
  const y = -x;
  return Math.exp(-(m - 1) * y) * (Math.expm1(-y) / Math.expm1(-m * y));
}

/**
 * The α-Rank mass of each strategy (summing to 1) for the payoff matrix `shares` (S[i][j]: i's
 * score share against j, as `scoreShares` gives). A pair that never met counts as even (Δ = 0).
 */
export function alphaRank(shares: readonly (readonly number[])[], options: { alpha?: number; populationSize?: number } = {}): number[] {
  const n = shares.length;
  if (n === 0) return [];
  if (n === 1) return [1];
  const alpha = options.alpha ?? ALPHA_RANK_ALPHA;
  const m = options.populationSize ?? ALPHA_RANK_POPULATION;
  const transitions = shares.map((row, resident) =>
    row.map((_, mutant) => {
      if (mutant === resident) return 0;
      const edge = shares[mutant]![resident]! - shares[resident]![mutant]!;
      return fixation(Number.isNaN(edge) ? 0 : edge, alpha, m) / (n - 1);
    }),
  );
  return stationaryDistribution(transitions);
}

/**
 * The stationary distribution of the Markov chain whose off-diagonal transition probabilities are
 * `p` (the diagonal is whatever makes the rows sum to 1). The GTH algorithm (Grassmann, Taksar and
 * Heyman 1985): state reduction with additions only, so probabilities of 1e-200 next to 1 keep
 * their relative precision, where solving πP = π by elimination would cancel them away.
 */
export function stationaryDistribution(p: readonly (readonly number[])[]): number[] {
  const n = p.length;
  const a = p.map((row) => [...row]);
  const leave = new Array<number>(n).fill(0);
  for (let k = n - 1; k > 0; k--) {
    let s = 0;
    for (let j = 0; j < k; j++) s += a[k]![j]!;
    leave[k] = s;
    if (s === 0) continue; // k never returns below: its mass comes only from above, handled below
    for (let i = 0; i < k; i++) {
      const aik = a[i]![k]!;
      if (aik === 0) continue;
      for (let j = 0; j < k; j++) if (j !== i) a[i]![j]! += (aik * a[k]![j]!) / s;
    }
  }
  const pi = new Array<number>(n).fill(0);
  pi[0] = 1;
  for (let k = 1; k < n; k++) {
    let inflow = 0;
    for (let i = 0; i < k; i++) inflow += pi[i]! * a[i]![k]!;
    const out = leave[k]!;
    pi[k] = out === 0 ? (inflow === 0 ? 0 : Infinity) : inflow / out;
  }
  if (pi.some((x) => x === Infinity)) throw new RangeError('The chain has an absorbing state: its stationary distribution is not unique');
  const total = pi.reduce((sum, x) => sum + x, 0);
  return pi.map((x) => x / total);
}

/** Significance of each step of a flagged cycle: two-sided, 5% over all pairs. */
export const CYCLE_LEVEL = 0.05;

/**
 * Whether i beats j significantly: a two-sided sign test of i's wins against its losses (draws
 * carry no direction), normal approximation with continuity correction, at `level` / `pairs`.
 */
export function beatsSignificantly(winsOfI: number, winsOfJ: number, pairs: number, level = CYCLE_LEVEL): boolean {
  const decisive = winsOfI + winsOfJ;
  if (decisive === 0 || winsOfI <= winsOfJ) return false;
  const z = normalQuantile(1 - level / (2 * Math.max(1, pairs)));
  // |W − n/2| − ½ against z·√n/2: the continuity-corrected sign test.
  return Math.abs(winsOfI - decisive / 2) - 0.5 > (z * Math.sqrt(decisive)) / 2;
}

/**
 * A shortest cycle of significant wins (player indices, each beating the next, the last beating
 * the first), or undefined when the pool is transitive as far as the games can tell.
 */
export function significantCycle(wins: readonly (readonly number[])[], level = CYCLE_LEVEL): number[] | undefined {
  const n = wins.length;
  const pairs = (n * (n - 1)) / 2;
  const beats = wins.map((row, i) => row.map((w, j) => i !== j && beatsSignificantly(w, wins[j]![i]!, pairs, level)));
  let best: number[] | undefined;
  // Breadth-first from every player: the shortest way back to it is its shortest cycle.
  for (let start = 0; start < n; start++) {
    const previous = new Array<number>(n).fill(-1);
    const queue = [start];
    let found = -1;
    for (let head = 0; head < queue.length && found < 0; head++) {
      const at = queue[head]!;
      for (let next = 0; next < n; next++) {
        if (!beats[at]![next]!) continue;
        if (next === start) {
          found = at;
          break;
        }
        if (previous[next] === -1 && next !== start) {
          previous[next] = at;
          queue.push(next);
        }
      }
    }
    if (found < 0) continue;
    const cycle = [found];
    while (cycle[0] !== start) cycle.unshift(previous[cycle[0]!]!);
    if (best === undefined || cycle.length < best.length) best = cycle;
  }
  return best;
}

/** What a round robin's reports carry beyond Elo. */
export interface BeyondElo {
  /** Each player's α-Rank mass, in the players' order. */
  readonly alphaRank: readonly { readonly id: string; readonly mass: number }[];
  /** A shortest cycle of significant wins (ids, each beating the next and the last the first), or null: transitive as far as the games tell. */
  readonly cycle: readonly string[] | null;
}

/** α-Rank and the transitivity check over a round robin's counts (`wins[i][j]`, `draws[i][j]` over both seats). */
export function beyondElo(ids: readonly string[], wins: readonly (readonly number[])[], draws: readonly (readonly number[])[]): BeyondElo {
  const mass = alphaRank(scoreShares(wins, draws));
  const cycle = significantCycle(wins);
  return { alphaRank: ids.map((id, i) => ({ id, mass: mass[i]! })), cycle: cycle === undefined ? null : cycle.map((i) => ids[i]!) };
}

/** The caption of the α-Rank table. */
export const ALPHA_RANK_CAPTION = `α-Rank mass (stationary share of an evolving population, α = ${String(ALPHA_RANK_ALPHA)}, m = ${String(ALPHA_RANK_POPULATION)}; a ladder puts it on its top, a cycle spreads it):`;

/** The α-Rank table, most mass first: player, mass as a percentage. */
export function alphaRankRows(result: BeyondElo, label: (id: string) => string = (id) => id): string[][] {
  return [...result.alphaRank].sort((a, b) => b.mass - a.mass).map((r) => [label(r.id), `${(100 * r.mass).toFixed(1)}%`]);
}

/** One sentence on transitivity: the cycle found, or that none is significant. */
export function transitivityLine(result: BeyondElo, label: (id: string) => string = (id) => id): string {
  if (result.cycle === null) return 'Transitive: no cycle of significant wins (sign tests at 5%, Bonferroni over all pairs), so the Elo order tells the story.';
  const names = result.cycle.map(label);
  const steps = names.map((name, k) => `${name} beats ${names[(k + 1) % names.length]!}`).join(', ');
  return `Not transitive: ${steps} (each significant at 5%, Bonferroni over all pairs). No single rating orders this pool; α-Rank shows where play settles.`;
}
