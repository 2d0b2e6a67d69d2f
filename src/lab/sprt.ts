/**
 * The sequential probability ratio test (SPRT) of "is player A better than player B?", as engine
 * testers run it: games are played in pairs, the log-likelihood ratio (LLR) of H1 against H0 is
 * updated as pairs come in, and the run stops as soon as it leaves the band between the two bounds.
 *
 * Two-player games (the pentanomial model). A pair is two games on the same deal or opening with
 * the seats swapped, so whatever edge the deal or the first move gives cancels within the pair. A
 * pair is scored as A's points out of 2: 0, ½, 1, 1½ or 2 (five outcomes: pentanomial), written
 * here as the pair's score per game x = points / 2 in {0, ¼, ½, ¾, 1}. The two games of a pair are
 * correlated (same deal), so the variance that matters is that of x across pairs, which the
 * pentanomial counts measure directly — treating the 2N games as independent (the trinomial
 * model) would overstate it when the pairs correlate as they do.
 *
 * The hypotheses are about A's expected score per game s: H0: s = s0, H1: s = s1, with s the
 * logistic Elo difference's expected score, s(E) = 1 / (1 + 10^(-E/400)) (the lab's Elo, see
 * ratings.ts). Not knowing the pentanomial distribution, the test uses the generalised SPRT
 * (GSPRT): the LLR of the best-fitting distribution with mean s1 against the best with mean s0.
 * For N pairs with sample mean x̄ and variance σ² (per pair, the empirical distribution's), the
 * normal approximation of that LLR is the Gaussian log-likelihood ratio with σ² plugged in:
 *
 *   LLR = N · [(x̄ − s0)² − (x̄ − s1)²] / (2σ²) = N · (s1 − s0) · (2x̄ − s0 − s1) / (2σ²)
 *
 * (each pair's log-density under mean s is −(x − s)²/(2σ²) + const; summed over the pairs the
 * Σ(x − x̄)² terms cancel between the hypotheses, leaving the above). It is accurate when s1 − s0
 * is small against σ, which is where an SPRT is needed.
 *
 * Solitaires (ConnectFwar, Klondike): A and B each play the same deals (same seed: paired), and the
 * test is on the per-deal difference of their scores d = score(A) − score(B), H0: E[d] = δ0 against
 * H1: E[d] = δ1, with the same Gaussian LLR on d.
 *
 * The bounds (Wald): with α the chance of accepting H1 when H0 holds and β the chance of accepting
 * H0 when H1 holds, stop for H0 once LLR ≤ log(β / (1 − α)) and for H1 once LLR ≥ log((1 − β) / α).
 *
 * A sample with no spread (identical deterministic players score every pair 1–1) would give σ² = 0
 * and an infinite LLR after one pair. The variance is therefore taken over the sample plus one
 * pseudo-observation split between the two extremes (half a pair won 2–0 and half lost 0–2; for a
 * solitaire half a deal at each end of the score range's difference): it keeps the mean, adds the
 * most spread one observation can have, and weighs as one observation among N, so it fades as the
 * pairs come in and only ever makes the test more cautious.
 *
 * Everything here is pure arithmetic on the paired differences' sufficient statistics (the lab's
 * `DifferenceTally`: count, sum and sum of squares), so it runs the same on Node and in the browser.
 */
import { pairedDifference, Z95, type Moments } from '../core/stats.js';
import { biasAdjusted, type StoppingRule } from './sprt-bias.js';

/** Which test: Elo of a two-player game (pentanomial pairs) or mean score difference of a solitaire. */
export type SprtKind = 'elo' | 'mean';

export interface SprtSettings {
  readonly kind: SprtKind;
  /** H0's value: Elo of A over B (kind 'elo') or mean score difference A − B per deal ('mean'). */
  readonly h0: number;
  /** H1's value, above H0's. */
  readonly h1: number;
  /** Chance of accepting H1 when H0 holds (type I error). */
  readonly alpha: number;
  /** Chance of accepting H0 when H1 holds (type II error). */
  readonly beta: number;
  /**
   * Pairs between two looks at the LLR: the decision is taken only after pair counts that are
   * multiples of this, so it never depends on threads or on how the games were batched.
   */
  readonly every: number;
  /** Kind 'mean': the widest possible difference of two scores (high − low of the score range; 1 for wins). */
  readonly spread?: number;
  /** Kind 'mean': 'wins' tests the difference of win shares (a deal won: the game's top score) instead of points. */
  readonly measure?: 'wins';
  /**
   * The opening suite pairs start from, for a game whose pairs are dealt from one rather than from
   * the seed (Connect Four: arena/connect-four/opening-pairs.ts). Part of the test's identity.
   */
  readonly openings?: string;
  /**
   * Games refereed as the arena's tournament plays them (Connect Four: time limit, forfeits,
   * external programs): how the players, whose lineup ids are `<name>@referee`, are made. Part of
   * the test's identity, so a resumed test plays the same programs under the same limit.
   */
  readonly referee?: RefereeSettings;
}

/**
 * A refereed test's rules and players (see SprtSettings.referee). Beside these the game's referee
 * may keep settings of its own for the bots it makes (Connect Four's: arena/connect-four/
 * refereed-pairs.ts), each a whole number, saved with the rest as part of the test's identity.
 */
export interface RefereeSettings {
  /** The longest a move may take, in ms; past it the move forfeits the game. */
  readonly timeLimitMs: number;
  /** A and B (one entry when they are the same bot): a built-in bot's name, a program's command line, or a bot module's file URL. */
  readonly bots: readonly RefereedBot[];
  /** The game referee's own settings, by name. */
  readonly [gameSetting: string]: unknown;
}

export interface RefereedBot {
  readonly name: string;
  readonly command?: string;
  readonly module?: string;
}

export type SprtDecision = 'H0' | 'H1';

export interface SprtLook {
  /** Pairs (two-player) or deals (solitaire) counted. */
  readonly pairs: number;
  readonly llr: number;
  /** The decision at this look, if the LLR left the band. */
  readonly decision: SprtDecision | undefined;
}

/** What `tabletop <game> sprt --json` prints, field for field (docs/lab.md). */
export interface SprtJson {
  readonly result: string;
  readonly games: number;
  readonly pairs: number;
  readonly llr: number;
  readonly bounds: [number, number];
  readonly estimate: { readonly value: number; readonly ci: [number, number] };
}

export interface Estimate {
  /** Elo of A over B, or mean score difference A − B per deal. */
  readonly value: number;
  /** 95% interval. */
  readonly ci: readonly [number, number];
}

/** Expected score per game of a player `elo` Elo points above its opponent (logistic Elo). */
export const eloToScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** The Elo difference whose expected score is `score` (±Infinity at 0 and 1). */
export const scoreToElo = (score: number): number => -400 * Math.log10(1 / score - 1);

/** Wald's bounds on the LLR: [log(β / (1 − α)), log((1 − β) / α)]. */
export function sprtBounds(alpha: number, beta: number): [number, number] {
  return [Math.log(beta / (1 - alpha)), Math.log((1 - beta) / alpha)];
}

/** Checks settings from a command line, a saved run or the page; RangeError naming the bad one. */
export function checkSprtSettings(settings: SprtSettings): SprtSettings {
  const { kind, h0, h1, alpha, beta, every, spread, openings, referee, measure } = settings;
  if (referee !== undefined) checkReferee(referee);
  if (measure !== undefined && (measure !== 'wins' || kind !== 'mean' || spread !== 1)) throw new RangeError(`A test of win shares is a test of a mean difference with spread 1, got measure '${String(measure)}' for kind '${String(kind)}'`);
  if (openings !== undefined && typeof openings !== 'string') throw new RangeError(`The opening suite must be a name, got ${String(openings)}`);
  const [low, high] = kind === 'elo' ? ['elo0', 'elo1'] : ['delta0', 'delta1'];
  if (kind !== 'elo' && kind !== 'mean') throw new RangeError(`Unknown SPRT kind '${String(kind)}'`);
  if (!Number.isFinite(h0) || !Number.isFinite(h1)) throw new RangeError(`${low} and ${high} must be numbers, got ${String(h0)} and ${String(h1)}`);
  if (!(h1 > h0)) throw new RangeError(`${high} (${String(h1)}) must be greater than ${low} (${String(h0)})`);
  if (kind === 'elo' && (Math.abs(h0) > 2000 || Math.abs(h1) > 2000)) throw new RangeError(`${low} and ${high} must lie within ±2000 Elo, got ${String(h0)} and ${String(h1)}`);
  for (const [name, value] of [['alpha', alpha], ['beta', beta]] as const) {
    if (!(value > 0 && value < 0.5)) throw new RangeError(`${name} must lie strictly between 0 and 0.5, got ${String(value)}`);
  }
  if (!Number.isSafeInteger(every) || every < 1) throw new RangeError(`The pairs between looks must be a whole number >= 1, got ${String(every)}`);
  if (kind === 'mean' && !(spread !== undefined && Number.isFinite(spread) && spread > 0)) throw new RangeError(`A test of a mean difference needs the score range's finite spread, got ${String(spread)}`);
  return settings;
}

function checkReferee(referee: RefereeSettings): void {
  const { timeLimitMs, bots, ...gameSettings } = referee as Partial<RefereeSettings>;
  if (!(typeof timeLimitMs === 'number' && timeLimitMs > 0)) throw new RangeError(`The move time limit must be a positive number of ms, got ${String(timeLimitMs)}`);
  for (const [name, value] of Object.entries(gameSettings)) {
    if (!Number.isSafeInteger(value)) throw new RangeError(`The referee's setting '${name}' must be a whole number, got ${String(value)}`);
  }
  const text = (x: unknown): boolean => x === undefined || typeof x === 'string';
  if (!Array.isArray(bots) || bots.length === 0 || bots.length > 2 || !bots.every((bot: Partial<RefereedBot> | null) => typeof bot?.name === 'string' && text(bot.command) && text(bot.module))) {
    throw new RangeError('The refereed bots must be one or two entries { name, command?, module? }');
  }
}

/**
 * The Gaussian (GSPRT) log-likelihood ratio of mean `mu1` against `mu0` for `n` observations with
 * sample mean `mean` and variance `variance` (see the module comment).
 */
export function gaussianLlr(n: number, mean: number, variance: number, mu0: number, mu1: number): number {
  if (n === 0) return 0;
  return (n * (mu1 - mu0) * (2 * mean - mu0 - mu1)) / (2 * variance);
}

/**
 * Mean and (population) variance of the observations `x = (d − offset) / scale`, with the
 * pseudo-observation: half at d = +extreme and half at d = −extreme (see the module comment).
 */
function regularised(d: Readonly<Moments>, extreme: number, offset: number, scale: number): { mean: number; variance: number } {
  const n = d.n + 1;
  const meanD = d.sum / n;
  const varianceD = Math.max(0, (d.sumSq + extreme * extreme) / n - meanD * meanD);
  return { mean: (meanD - offset) / scale, variance: varianceD / (scale * scale) };
}

/**
 * The pairs' score statistics from their differences d = r(A, game 1) + r(A, game 2) ∈ {−2..2}
 * (returns +1 win, 0 draw, −1 loss): a pair's score per game is x = (d + 2) / 4.
 */
export const pairScores = (d: Readonly<Moments>): { mean: number; variance: number } => regularised(d, 2, -2, 4);

/** The pentanomial GSPRT's LLR of H1: Elo = elo1 against H0: Elo = elo0 after the pairs `d`. */
export function pentanomialLlr(d: Readonly<Moments>, elo0: number, elo1: number): number {
  const { mean, variance } = pairScores(d);
  return gaussianLlr(d.n, mean, variance, eloToScore(elo0), eloToScore(elo1));
}

/** The paired-deal GSPRT's LLR of H1: E[d] = delta1 against H0: E[d] = delta0 (d = score A − score B). */
export function pairedMeanLlr(d: Readonly<Moments>, delta0: number, delta1: number, spread: number): number {
  const { mean, variance } = regularised(d, spread, 0, 1);
  return gaussianLlr(d.n, mean, variance, delta0, delta1);
}

/** The LLR after the pairs (or deals) `d`, and the decision if it left the band. */
export function sprtLook(settings: SprtSettings, d: Readonly<Moments>): SprtLook {
  const llr = settings.kind === 'elo' ? pentanomialLlr(d, settings.h0, settings.h1) : pairedMeanLlr(d, settings.h0, settings.h1, settings.spread!);
  const [low, high] = sprtBounds(settings.alpha, settings.beta);
  return { pairs: d.n, llr, decision: llr <= low ? 'H0' : llr >= high ? 'H1' : undefined };
}

/**
 * The estimate with its 95% interval: for Elo, the pairs' mean score (with the pseudo-pair, so it
 * stays finite when A won or lost every pair) ± 1.96 standard errors of the pair scores, mapped to
 * Elo, the score's ends cut at a quarter game from 0 and 1 (beyond, Elo is infinite); for a
 * solitaire, the mean paired difference ± 1.96 standard errors (core/stats.ts).
 *
 * These are the naive estimates of a fixed-size run. A test that stopped early tends to have
 * stopped on a run of luck, so they lean away from the hypothesis accepted. Given `maxPairs`, the
 * most pairs the test could have played, the value and both ends are adjusted for the test's
 * stopping rule (Whitehead's bias adjustment, sprt-bias.ts): the printed estimate after a test.
 */
export function sprtEstimate(settings: SprtSettings, d: Readonly<Moments>, maxPairs?: number): Estimate {
  const rule = maxPairs === undefined || d.n === 0 ? undefined : stoppingRuleOf(settings, d, maxPairs);
  const adjust = (lowest: number, highest: number): ((x: number) => number) => (rule === undefined ? (x) => x : (x) => biasAdjusted(rule, x, lowest, highest));
  if (settings.kind === 'mean') {
    const diff = pairedDifference(d);
    const unbiased = adjust(-settings.spread!, settings.spread!);
    return { value: unbiased(diff.mean), ci: [unbiased(diff.ci.low), unbiased(diff.ci.high)] };
  }
  if (d.n === 0) return { value: 0, ci: [-Infinity, Infinity] };
  const { mean, variance } = pairScores(d);
  const half = Z95 * Math.sqrt(variance / d.n);
  const edge = 1 / (4 * (d.n + 1));
  const clip = (s: number): number => Math.min(1 - edge, Math.max(edge, s));
  const unbiased = adjust(0, 1);
  const elo = (s: number): number => scoreToElo(clip(unbiased(s)));
  return { value: scoreToElo(unbiased(mean)), ci: [elo(clip(mean - half)), elo(clip(mean + half))] };
}

/**
 * The test's stopping rule in the units of its observations — a pair's score per game (Elo tests)
 * or a deal's score difference — with the variance the LLR used after the pairs `d`: what the
 * estimate after stopping is adjusted for (sprt-bias.ts).
 */
export function stoppingRuleOf(settings: SprtSettings, d: Readonly<Moments>, maxPairs: number): StoppingRule {
  const common = { bounds: sprtBounds(settings.alpha, settings.beta), every: settings.every, maxN: maxPairs };
  if (settings.kind === 'mean') return { ...common, mu0: settings.h0, mu1: settings.h1, variance: regularised(d, settings.spread!, 0, 1).variance };
  return { ...common, mu0: eloToScore(settings.h0), mu1: eloToScore(settings.h1), variance: pairScores(d).variance };
}

/** The lineups of a test of A against B: both seat orders (two-player), or one lineup each (solitaire). */
export function sprtLineups(a: string, b: string, players: number): string[][] {
  return players === 2 ? [[a, b], [b, a]] : [[a], [b]];
}

const PARAMS_PREFIX = 'sprt ';

/**
 * The settings as a results file's `params` (part of the experiment's identity): a resumed run
 * keeps them, and a file of another test, or of an ordinary run, never mixes with this one.
 */
export function sprtParams(settings: SprtSettings): string {
  const { kind, h0, h1, alpha, beta, every, spread, openings, referee, measure } = settings;
  return (
    PARAMS_PREFIX +
    JSON.stringify({ kind, h0, h1, alpha, beta, every, ...(kind === 'mean' ? { spread } : {}), ...(measure === undefined ? {} : { measure }), ...(openings === undefined ? {} : { openings }), ...(referee === undefined ? {} : { referee }) })
  );
}

/** The settings a results file's `params` holds, or undefined if it is not an SPRT's. */
export function parseSprtParams(params: string | undefined): SprtSettings | undefined {
  if (params?.startsWith(PARAMS_PREFIX) !== true) return undefined;
  try {
    return checkSprtSettings(JSON.parse(params.slice(PARAMS_PREFIX.length)) as SprtSettings);
  } catch {
    return undefined;
  }
}
