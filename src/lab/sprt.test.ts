import { describe, expect, it } from 'vitest';
import type { Moments } from '../core/stats.js';
import { checkSprtSettings, eloToScore, gaussianLlr, pairedMeanLlr, parseSprtParams, pentanomialLlr, scoreToElo, sprtBounds, sprtEstimate, sprtLook, sprtParams, type SprtSettings } from './sprt.js';

/** The moments of a list of per-pair (or per-deal) differences. */
const moments = (values: readonly number[]): Moments => ({ n: values.length, sum: values.reduce((a, b) => a + b, 0), sumSq: values.reduce((a, b) => a + b * b, 0) });
const repeat = (value: number, times: number): number[] => new Array<number>(times).fill(value);

const ELO: SprtSettings = { kind: 'elo', h0: 0, h1: 5, alpha: 0.05, beta: 0.05, every: 1 };

describe('SPRT bounds', () => {
  it('are log(β/(1−α)) and log((1−β)/α)', () => {
    // α = β = 0.05: log(0.05/0.95) = −log 19 = −2.944439, and +2.944439.
    const [low, high] = sprtBounds(0.05, 0.05);
    expect(low).toBeCloseTo(-2.944439, 6);
    expect(high).toBeCloseTo(2.944439, 6);
    // α = 0.01, β = 0.1: log(0.1/0.99) = −2.292535, log(0.9/0.01) = log 90 = 4.499810.
    const [low2, high2] = sprtBounds(0.01, 0.1);
    expect(low2).toBeCloseTo(-2.292535, 6);
    expect(high2).toBeCloseTo(4.49981, 6);
  });
});

describe('Elo and score', () => {
  it('maps 0 Elo to ½, 400 Elo to 10/11, and back', () => {
    expect(eloToScore(0)).toBe(0.5);
    expect(eloToScore(400)).toBeCloseTo(10 / 11, 12);
    expect(scoreToElo(10 / 11)).toBeCloseTo(400, 9);
    expect(scoreToElo(eloToScore(-123.4))).toBeCloseTo(-123.4, 9);
  });
});

describe('the pentanomial LLR', () => {
  it('matches the hand computation for 10 pairs: 3 won 2–0, 5 drawn 1–1, 2 lost 0–2', () => {
    // Per pair d = A's result in game 1 + in game 2 (win +1, loss −1): three pairs d = +2, five
    // d = 0, two d = −2. n = 10, Σd = 6 − 4 = 2, Σd² = 3·4 + 2·4 = 20.
    // With the pseudo-pair (half at d = +2, half at d = −2): n' = 11, Σd = 2, Σd² = 24.
    //   mean d = 2/11 = 0.181818;   var d = 24/11 − (2/11)² = 2.181818 − 0.033058 = 2.148760
    //   pair score per game x = (d + 2)/4:  x̄ = 2.181818/4 = 0.545455;  σ² = 2.148760/16 = 0.134298
    // H0: 0 Elo → s0 = 0.5; H1: 5 Elo → s1 = 1/(1 + 10^(−5/400)) = 1/(1 + 0.971628) = 0.507195.
    //   LLR = N (s1 − s0)(2x̄ − s0 − s1) / (2σ²)
    //       = 10 × 0.0071951 × (1.090909 − 1.007195) / (2 × 0.134298)
    //       = 10 × 0.0071951 × 0.083714 / 0.268595 = 0.022425
    const d = moments([...repeat(2, 3), ...repeat(0, 5), ...repeat(-2, 2)]);
    expect(pentanomialLlr(d, 0, 5)).toBeCloseTo(0.022425, 6);
  });

  it('is 0 with no pairs, and antisymmetric when A and B swap', () => {
    expect(pentanomialLlr(moments([]), 0, 5)).toBe(0);
    // Swapping A and B negates every d; with H0/H1 symmetric about 0 (−5, +5) the LLR changes sign.
    const d = [2, 1, 0, 0, -1, 2, 1, -2, 1];
    expect(pentanomialLlr(moments(d.map((x) => -x)), -5, 5)).toBeCloseTo(-pentanomialLlr(moments(d), -5, 5), 12);
  });

  it('reaches H0 after 169 pairs of identical players (every pair 1–1), as the pseudo-pair says', () => {
    // All d = 0: x̄ = ½ and σ² = (4/(n+1))/16 = 1/(4(n+1)), so
    //   LLR = n (s1 − ½)(1 − ½ − s1) / (2σ²) = −2 n (n + 1) (s1 − ½)² = −2 n (n + 1) × 0.0071951².
    // n = 168: −2 × 168 × 169 × 5.1769e-5 = −2.9397 > −2.9444 (not yet); n = 169: −2.9747 (H0).
    expect(sprtLook(ELO, moments(repeat(0, 168))).decision).toBeUndefined();
    expect(sprtLook(ELO, moments(repeat(0, 168))).llr).toBeCloseTo(-2.93966, 4);
    const look = sprtLook(ELO, moments(repeat(0, 169)));
    expect(look.llr).toBeCloseTo(-2.97466, 4);
    expect(look.decision).toBe('H0');
  });

  it('accepts H1 once a clearly stronger A has won enough pairs, and not before', () => {
    // 3 pairs in 4 won 2–0, the rest 1–1: x̄ → 0.875, far above s1.
    const pairs = (n: number): number[] => Array.from({ length: n }, (_, i) => (i % 4 === 3 ? 0 : 2));
    expect(sprtLook(ELO, moments(pairs(4))).decision).toBeUndefined();
    const decided = Array.from({ length: 200 }, (_, n) => n + 1).find((n) => sprtLook(ELO, moments(pairs(n))).decision !== undefined);
    expect(sprtLook(ELO, moments(pairs(decided!))).decision).toBe('H1');
    expect(sprtLook(ELO, moments(pairs(decided!))).llr).toBeGreaterThanOrEqual(sprtBounds(0.05, 0.05)[1]);
    expect(sprtLook(ELO, moments(pairs(decided! - 1))).llr).toBeLessThan(sprtBounds(0.05, 0.05)[1]);
  });
});

describe('the paired-deal LLR of a solitaire', () => {
  it('matches the hand computation for 4 deals with differences 1, 3, −1, 5', () => {
    // n = 4, Σd = 8, Σd² = 1 + 9 + 1 + 25 = 36; spread 10: the pseudo-deal adds 10² to Σd², one to n.
    //   n' = 5: mean = 8/5 = 1.6, var = 136/5 − 1.6² = 27.2 − 2.56 = 24.64
    //   δ0 = 0, δ1 = 1: LLR = 4 × (1 − 0) × (3.2 − 0 − 1) / (2 × 24.64) = 8.8 / 49.28 = 5/28 = 0.178571
    expect(pairedMeanLlr(moments([1, 3, -1, 5]), 0, 1, 10)).toBeCloseTo(5 / 28, 12);
  });

  it('is the Gaussian LLR N[(x̄ − μ0)² − (x̄ − μ1)²]/(2σ²)', () => {
    // x̄ = 2, σ² = 4, N = 8, μ0 = 0, μ1 = 1: 8 × (4 − 1) / 8 = 3.
    expect(gaussianLlr(8, 2, 4, 0, 1)).toBeCloseTo(3, 12);
  });
});

describe('the estimate', () => {
  it('is 0 Elo with a symmetric interval for balanced pairs', () => {
    const e = sprtEstimate(ELO, moments([2, -2, 1, -1, 0, 0]));
    expect(e.value).toBeCloseTo(0, 12);
    expect(e.ci[0]).toBeCloseTo(-e.ci[1], 9);
    expect(e.ci[0]).toBeLessThan(0);
  });

  it('stays finite when A won every pair', () => {
    const e = sprtEstimate(ELO, moments(repeat(2, 50)));
    expect(Number.isFinite(e.value) && Number.isFinite(e.ci[0]) && Number.isFinite(e.ci[1])).toBe(true);
    expect(e.ci[0]).toBeLessThan(e.value);
    expect(e.value).toBeGreaterThan(400);
  });

  it('is the mean paired difference with its normal 95% interval for a solitaire', () => {
    const settings: SprtSettings = { kind: 'mean', h0: 0, h1: 1, alpha: 0.05, beta: 0.05, every: 1, spread: 10 };
    // mean 2, sample sd of [1, 3, 1, 3] = sqrt(4/3): half-width 1.959964 × 1.154701 / 2 = 2.263171 / 2 = 1.131586.
    const e = sprtEstimate(settings, moments([1, 3, 1, 3]));
    expect(e.value).toBe(2);
    expect(e.ci[0]).toBeCloseTo(2 - 1.131586, 5);
    expect(e.ci[1]).toBeCloseTo(2 + 1.131586, 5);
  });
});

describe('the estimate after stopping (Whitehead-adjusted, given the most pairs)', () => {
  it('pulls an early stop for H1 back towards H0, an early stop for H0 back towards H1, and the interval\'s ends alike', () => {
    const settings: SprtSettings = { kind: 'elo', h0: 0, h1: 50, alpha: 0.05, beta: 0.05, every: 10 };
    // 30 pairs, A ahead: 13 pairs won 2–0, 9 split, 8 lost 0–2 (an early stop for H1).
    const high = moments([...repeat(2, 13), ...repeat(0, 9), ...repeat(-2, 8)]);
    const [naiveHigh, adjustedHigh] = [sprtEstimate(settings, high), sprtEstimate(settings, high, 1000)];
    expect(adjustedHigh.value).toBeLessThan(naiveHigh.value - 1);
    // Each end is mapped as the value is: pulled towards the middle of the hypotheses (25 Elo) from either side.
    expect(naiveHigh.ci[0]).toBeLessThan(25);
    expect(adjustedHigh.ci[0]).toBeGreaterThan(naiveHigh.ci[0]);
    expect(naiveHigh.ci[1]).toBeGreaterThan(25);
    expect(adjustedHigh.ci[1]).toBeLessThan(naiveHigh.ci[1]);
    expect(adjustedHigh.ci[0]).toBeLessThan(adjustedHigh.value);
    expect(adjustedHigh.ci[1]).toBeGreaterThan(adjustedHigh.value);
    const low = moments([...repeat(2, 8), ...repeat(0, 9), ...repeat(-2, 13)]);
    expect(sprtEstimate(settings, low, 1000).value).toBeGreaterThan(sprtEstimate(settings, low).value + 1);
    // A test that could not have stopped before its last pair is a fixed-size run: nothing to adjust.
    expect(sprtEstimate({ ...settings, every: 30 }, high, 30).value).toBeCloseTo(naiveHigh.value, 6);
  });

  it('adjusts a solitaire\'s mean difference the same way', () => {
    const settings: SprtSettings = { kind: 'mean', h0: 0, h1: 1, alpha: 0.05, beta: 0.05, every: 5, spread: 10 };
    const d = moments([4, 1, 3, 2, 5, 0, 3, 2, 4, 1]);
    expect(sprtEstimate(settings, d, 500).value).toBeLessThan(sprtEstimate(settings, d).value);
  });
});

describe('the settings as a run parameter', () => {
  it('round-trip, and anything else is not an SPRT', () => {
    const mean: SprtSettings = { kind: 'mean', h0: 0, h1: 2, alpha: 0.01, beta: 0.1, every: 50, spread: 52 };
    expect(parseSprtParams(sprtParams(ELO))).toEqual(ELO);
    expect(parseSprtParams(sprtParams(mean))).toEqual(mean);
    expect(parseSprtParams(sprtParams({ ...ELO, openings: 'all' }))).toEqual({ ...ELO, openings: 'all' });
    expect(parseSprtParams(undefined)).toBeUndefined();
    expect(parseSprtParams('budget 1000')).toBeUndefined();
    expect(parseSprtParams('sprt {"kind":"elo","h0":5,"h1":0,"alpha":0.05,"beta":0.05,"every":1}')).toBeUndefined();
  });

  it("keep a game referee's own settings as given, in their place, and refuse one that is not a whole number", () => {
    const referee = { timeLimitMs: 18_000, rounds: 3, bots: [{ name: 'ff', command: 'sh ff.sh' }] };
    const params = sprtParams({ ...ELO, referee });
    expect(params).toContain('"referee":{"timeLimitMs":18000,"rounds":3,"bots":[{"name":"ff","command":"sh ff.sh"}]}');
    expect(parseSprtParams(params)?.referee).toEqual(referee);
    for (const rounds of [2.5, '3', null]) expect(parseSprtParams(sprtParams({ ...ELO, referee: { ...referee, rounds } }))).toBeUndefined();
    expect(() => checkSprtSettings({ ...ELO, referee: { ...referee, rounds: 2.5 } })).toThrow("The referee's setting 'rounds' must be a whole number, got 2.5");
  });
});
