/**
 * `npm run calibrate`: how far to trust the lab's numbers, measured. Simulates players of known
 * strength and games of known means, and counts how often the project's 95% intervals hold the
 * truth — the Elo score-test intervals (src/lab/ratings.ts), the Wilson interval of a win share
 * and the normal intervals of a mean and of a paired difference (src/core/stats.ts) — at 20, 200
 * and 2,000 games a pairing, and how often the SPRT (src/lab/sprt.ts) errs: accepting H1 when the
 * truth is elo0 (type I, at most alpha) and H0 when it is elo1 (type II, at most beta).
 *
 *   node dist/bench/calibrate.js [--runs 1000] [--sprt-runs 1000] [--bias-runs 200] [--seed 1]
 *
 * Every draw comes from one seeded generator per row, so the table is the same on every machine.
 */
import { deriveSeed, randomFloat, rngFromSeed, type Rng } from '../core/random.js';
import { addValue, emptyMoments, pairedDifference, summarizeMoments, wilsonInterval, Z95, type Moments } from '../core/stats.js';
import { eloIntervals, expectedScore } from '../lab/ratings.js';
import { eloToScore, pairScores, scoreToElo, sprtLook, stoppingRuleOf, type SprtSettings } from '../lab/sprt.js';
import { biasAdjusted } from '../lab/sprt-bias.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'calibrate',
  'usage: node dist/bench/calibrate.js [--runs N] [--sprt-runs N] [--bias-runs N] [--seed S]\n' +
    'How often the lab\'s 95% intervals hold the truth, and how often the SPRT errs, on simulated players.',
  { valued: ['--runs', '--sprt-runs', '--bias-runs', '--seed'] },
);

const SIZES = [20, 200, 2000] as const;

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number >= 1, got '${String(process.argv[at + 1])}'`);
  return value;
}

const runs = argument('--runs', 1000);
const seed = argument('--seed', 1);

/** One game of a player whose expected score is `score`, draws a share `draws` of the games: 1, ½ or 0. */
function gameScore(rng: Rng, score: number, draws: number): number {
  const u = randomFloat(rng);
  const win = score - draws / 2;
  return u < win ? 1 : u < win + draws ? 0.5 : 0;
}

interface CoverageRow {
  readonly interval: string;
  readonly truth: string;
  /** One simulated sample of `games` games: how many of its intervals hold the truth, of how many. */
  readonly sample: (rng: Rng, games: number) => [covered: number, intervals: number];
}

/** Elo ratings of a pool, every pair playing `games` games; each player's interval against its true mean-relative rating. */
function eloRow(interval: string, truth: string, elo: readonly number[], draws: number): CoverageRow {
  const mean = elo.reduce((a, b) => a + b, 0) / elo.length;
  const centred = elo.map((r) => r - mean);
  const n = elo.length;
  return {
    interval,
    truth,
    sample: (rng, games) => {
      const wins = elo.map(() => new Array<number>(n).fill(0));
      const drawn = elo.map(() => new Array<number>(n).fill(0));
      for (let i = 0; i < n; i++) {
        for (let j = i + 1; j < n; j++) {
          const score = expectedScore(elo[i]!, elo[j]!);
          // The draw share cannot exceed what the expected score leaves room for.
          const d = Math.min(draws, 2 * Math.min(score, 1 - score));
          for (let g = 0; g < games; g++) {
            const r = gameScore(rng, score, d);
            if (r === 1) wins[i]![j]!++;
            else if (r === 0) wins[j]![i]!++;
            else {
              drawn[i]![j]!++;
              drawn[j]![i]!++;
            }
          }
        }
      }
      const intervals = eloIntervals({ players: elo.map((_, i) => `p${String(i)}`), wins, draws: drawn });
      return [intervals.filter((r, i) => r.low <= centred[i]! && centred[i]! <= r.high).length, n];
    },
  };
}

function wilsonRow(p: number): CoverageRow {
  return {
    interval: 'win share (Wilson)',
    truth: `p = ${String(p)}`,
    sample: (rng, games) => {
      let wins = 0;
      for (let g = 0; g < games; g++) if (randomFloat(rng) < p) wins++;
      const ci = wilsonInterval(wins, games);
      return [ci.low <= p && p <= ci.high ? 1 : 0, 1];
    },
  };
}

/** A score distribution with a known mean: `draw` gives one score. */
interface KnownGame {
  readonly name: string;
  readonly mean: number;
  /** The score range the game declares (the report's intervals use it). */
  readonly range: readonly [number, number];
  readonly draw: (rng: Rng) => number;
}

/** ConnectFwar-like: 45% of games score 0, the rest 1..60 uniformly (mean 0.55 × 30.5). */
const ZEROS: KnownGame = { name: '45% zeros, else 1..60, of 0..60', mean: 0.55 * 30.5, range: [0, 60], draw: (rng) => (randomFloat(rng) < 0.45 ? 0 : 1 + Math.floor(randomFloat(rng) * 60)) };
/** Klondike-like: 10% of deals won (52 cards), the rest 0..20 uniformly. */
const WINS: KnownGame = { name: '10% at 52, else 0..20, of 0..52', mean: 0.1 * 52 + 0.9 * 10, range: [0, 52], draw: (rng) => (randomFloat(rng) < 0.1 ? 52 : Math.floor(randomFloat(rng) * 21)) };
/** Rare big scores: 2% of games score 100, the rest 0. */
const NARROW: KnownGame = { name: '8..12 uniformly, of 0..52', mean: 10, range: [0, 52], draw: (rng) => 8 + Math.floor(randomFloat(rng) * 5) };
const RARE: KnownGame = { name: '2% at 100, else 0, of 0..100', mean: 2, range: [0, 100], draw: (rng) => (randomFloat(rng) < 0.02 ? 100 : 0) };

/** The moments of `games` scores drawn from a game of known mean. */
function sampleMoments(game: KnownGame, rng: Parameters<KnownGame['draw']>[0], games: number): Moments {
  const m = emptyMoments();
  for (let g = 0; g < games; g++) addValue(m, game.draw(rng));
  return m;
}

function meanRow(game: KnownGame): CoverageRow {
  return {
    interval: 'mean score',
    truth: game.name,
    sample: (rng, games) => {
      const { ci } = summarizeMoments(sampleMoments(game, rng, games), Z95, game.range);
      return [ci.low <= game.mean && game.mean <= ci.high ? 1 : 0, 1];
    },
  };
}

/** Paired deals: A scores the game's score, B the same deal's score minus 0..4 points at random, so E[A − B] = 2. */
function pairedRow(game: KnownGame): CoverageRow {
  return {
    interval: 'paired difference',
    truth: `${game.name}, B 0..4 lower`,
    sample: (rng, games) => {
      const d: Moments = { n: 0, sum: 0, sumSq: 0 };
      for (let g = 0; g < games; g++) {
        game.draw(rng);
        const x = Math.floor(randomFloat(rng) * 5);
        d.n++;
        d.sum += x;
        d.sumSq += x * x;
      }
      const { ci } = pairedDifference(d);
      return [ci.low <= 2 && 2 <= ci.high ? 1 : 0, 1];
    },
  };
}

const ROWS: readonly CoverageRow[] = [
  eloRow('Elo (score test)', '4 players −300/−50/+100/+250', [-300, -50, 100, 250], 0),
  eloRow('Elo (score test)', 'same, 30% draws', [-300, -50, 100, 250], 0.3),
  eloRow('Elo (score test)', '2 players 0/+200', [0, 200], 0),
  eloRow('Elo (score test)', '3 players 0/+400/+1400', [0, 400, 1400], 0),
  wilsonRow(0.5),
  wilsonRow(0.84),
  wilsonRow(0.99),
  meanRow(ZEROS),
  meanRow(WINS),
  meanRow(RARE),
  meanRow(NARROW),
  pairedRow(ZEROS),
];

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

function coverageTable(): string[] {
  const lines: string[] = [];
  const header = ['interval', 'truth', ...SIZES.map((n) => `${n.toLocaleString('en-US')} games`)];
  const rows: string[][] = [];
  ROWS.forEach((row, r) => {
    const cells = SIZES.map((games, s) => {
      const rng = rngFromSeed(deriveSeed(deriveSeed(seed, r), s));
      let covered = 0;
      let total = 0;
      for (let k = 0; k < runs; k++) {
        const [c, t] = row.sample(rng, games);
        covered += c;
        total += t;
      }
      return percent(covered / total);
    });
    rows.push([row.interval, row.truth, ...cells]);
  });
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const format = (cells: readonly string[]): string => `| ${cells.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  lines.push(format(header), `|${widths.map((w, c) => (c < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(format));
  return lines;
}

/**
 * One simulated SPRT: pairs of games, A's per-game expected score `score`, draws `draws` of the
 * games, the two games of a pair independent (`correlation` 0) or, with probability `correlation`,
 * decided by the deal: then A wins one and loses the other (the deal favours a seat). Returns the
 * decision and the pairs played.
 */
function simulateSprt(rng: Rng, settings: SprtSettings, score: number, draws: number, correlation: number, maxPairs: number): { decision: 'H0' | 'H1' | undefined; pairs: number; d: Moments } {
  const d: Moments = { n: 0, sum: 0, sumSq: 0 };
  // A deal that decides a pair leaves it 1–1 and gives the other pairs a higher score to keep the mean.
  const free = (score - correlation * 0.5) / (1 - correlation);
  for (let pair = 1; pair <= maxPairs; pair++) {
    let x: number;
    if (correlation > 0 && randomFloat(rng) < correlation) x = 0;
    else x = 2 * (gameScore(rng, free, draws) + gameScore(rng, free, draws)) - 2;
    d.n++;
    d.sum += x;
    d.sumSq += x * x;
    if (pair % settings.every === 0 || pair === maxPairs) {
      const look = sprtLook(settings, d);
      if (look.decision !== undefined) return { decision: look.decision, pairs: pair, d };
    }
  }
  return { decision: undefined, pairs: maxPairs, d };
}

interface SprtCase {
  readonly name: string;
  readonly settings: SprtSettings;
  readonly draws: number;
  readonly correlation: number;
}

const DEFAULT_TEST: SprtSettings = { kind: 'elo', h0: 0, h1: 5, alpha: 0.05, beta: 0.05, every: 100 };
const SPRT_CASES: readonly SprtCase[] = [
  { name: 'elo0 0, elo1 5, no draws', settings: DEFAULT_TEST, draws: 0, correlation: 0 },
  { name: 'elo0 0, elo1 5, 40% draws', settings: DEFAULT_TEST, draws: 0.4, correlation: 0 },
  { name: 'elo0 0, elo1 5, half the pairs 1–1 by the deal', settings: DEFAULT_TEST, draws: 0, correlation: 0.5 },
  { name: 'elo0 0, elo1 20, no draws, a look every pair', settings: { ...DEFAULT_TEST, h1: 20, every: 1 }, draws: 0, correlation: 0 },
  { name: 'elo0 −10, elo1 10, alpha 0.01, beta 0.1', settings: { ...DEFAULT_TEST, h0: -10, h1: 10, alpha: 0.01, beta: 0.1 }, draws: 0, correlation: 0 },
];

function sprtTable(sprtRuns: number): string[] {
  const rows: string[][] = [];
  SPRT_CASES.forEach((c, k) => {
    const at = (elo: number, which: number): { wrong: number; pairs: number; open: number } => {
      const rng = rngFromSeed(deriveSeed(deriveSeed(seed, 1000 + k), which));
      let wrong = 0;
      let pairs = 0;
      let open = 0;
      for (let r = 0; r < sprtRuns; r++) {
        const run = simulateSprt(rng, c.settings, eloToScore(elo), c.draws, c.correlation, 1_000_000);
        if (run.decision === undefined) open++;
        else if (run.decision === (which === 0 ? 'H1' : 'H0')) wrong++;
        pairs += run.pairs;
      }
      return { wrong, pairs: pairs / sprtRuns, open };
    };
    const h0 = at(c.settings.h0, 0);
    const h1 = at(c.settings.h1, 1);
    const se = (p: number): string => `± ${(100 * 1.96 * Math.sqrt((p * (1 - p)) / sprtRuns)).toFixed(1)}`;
    rows.push([
      c.name,
      `${percent(h0.wrong / sprtRuns)} (α ${percent(c.settings.alpha)} ${se(c.settings.alpha)})`,
      Math.round(h0.pairs).toLocaleString('en-US'),
      `${percent(h1.wrong / sprtRuns)} (β ${percent(c.settings.beta)} ${se(c.settings.beta)})`,
      Math.round(h1.pairs).toLocaleString('en-US'),
      String(h0.open + h1.open),
    ]);
  });
  const header = ['test', 'H1 accepted at elo0', 'mean pairs', 'H0 accepted at elo1', 'mean pairs', 'undecided'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const format = (cells: readonly string[]): string => `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  return [format(header), `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(format)];
}

/** The tests of the bias table: the default test and a wider one that looks more often, each at its two hypotheses and between them. */
const BIAS_CASES: readonly { readonly name: string; readonly settings: SprtSettings; readonly elos: readonly number[] }[] = [
  { name: 'elo0 0, elo1 5, no draws', settings: DEFAULT_TEST, elos: [0, 2.5, 5] },
  { name: 'elo0 0, elo1 20, no draws, a look every 10 pairs', settings: { ...DEFAULT_TEST, h1: 20, every: 10 }, elos: [0, 10, 20] },
];
const BIAS_MAX_PAIRS = 100_000;

/**
 * The estimate after stopping, over simulated tests: the mean error (estimate − true Elo) of the
 * naive estimate and of the Whitehead-adjusted one (src/lab/sprt-bias.ts), each ± 1.96 standard
 * errors of that mean.
 */
function biasTable(biasRuns: number): string[] {
  const rows: string[][] = [];
  BIAS_CASES.forEach((c, k) => {
    c.elos.forEach((elo, e) => {
      const rng = rngFromSeed(deriveSeed(deriveSeed(seed, 3000 + k), e));
      const naive = emptyMoments();
      const adjusted = emptyMoments();
      let pairs = 0;
      for (let r = 0; r < biasRuns; r++) {
        const run = simulateSprt(rng, c.settings, eloToScore(elo), 0, 0, BIAS_MAX_PAIRS);
        pairs += run.pairs;
        const { mean } = pairScores(run.d);
        addValue(naive, scoreToElo(mean) - elo);
        addValue(adjusted, scoreToElo(biasAdjusted(stoppingRuleOf(c.settings, run.d, BIAS_MAX_PAIRS), mean, 0, 1)) - elo);
      }
      const error = (m: Moments): string => {
        const mean = m.sum / m.n;
        const se = Math.sqrt((m.sumSq / m.n - mean * mean) / (m.n - 1));
        return `${mean >= 0 ? '+' : '−'}${Math.abs(mean).toFixed(2)} ± ${(1.96 * se).toFixed(2)}`;
      };
      rows.push([c.name, String(elo), Math.round(pairs / biasRuns).toLocaleString('en-US'), error(naive), error(adjusted)]);
    });
  });
  const header = ['test', 'true Elo', 'mean pairs', 'naive estimate − truth', 'adjusted − truth'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const format = (cells: readonly string[]): string => `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  return [format(header), `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(format)];
}

/**
 * What the score range's two pseudo-games cost: the mean's interval width against the plain
 * normal interval's (mean ± 1.96 sd/√n) on the same samples, per known game and size.
 */
function widthTable(): string[] {
  const games = [ZEROS, WINS, RARE, NARROW];
  const sizes = [...SIZES, 10_000];
  const header = ['scores', ...sizes.map((n) => `${n.toLocaleString('en-US')} games`)];
  const rows = games.map((game, g) => [
    game.name,
    ...sizes.map((n, s) => {
      const rng = rngFromSeed(deriveSeed(deriveSeed(seed, 2000 + g), s));
      let ranged = 0;
      let plain = 0;
      for (let k = 0; k < Math.min(runs, 200); k++) {
        const m = sampleMoments(game, rng, n);
        const a = summarizeMoments(m, Z95, game.range).ci;
        const b = summarizeMoments(m).ci;
        ranged += a.high - a.low;
        plain += b.high - b.low;
      }
      return plain === 0 ? '∞' : `${(ranged / plain).toFixed(2)}×`;
    }),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const format = (cells: readonly string[]): string => `| ${cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join(' | ')} |`;
  return [format(header), `|${widths.map((w, c) => (c === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(format)];
}

const sprtRuns = argument('--sprt-runs', 1000);
console.log(`Coverage of the 95% intervals (goal: at least 93%), ${runs.toLocaleString('en-US')} simulated runs per cell, seed ${String(seed)}:\n`);
for (const line of coverageTable()) console.log(line);
console.log(`\nWidth of the mean's interval (within the score range) against the plain normal interval, mean over ${String(Math.min(runs, 200))} samples:\n`);
for (const line of widthTable()) console.log(line);
console.log(`\nSPRT errors, ${sprtRuns.toLocaleString('en-US')} simulated tests per hypothesis (the ± is the 95% sampling error of a rate equal to α or β), seed ${String(seed)}:\n`);
for (const line of sprtTable(sprtRuns)) console.log(line);
const biasRuns = argument('--bias-runs', 200);
console.log(`\nThe Elo estimate after stopping, ${biasRuns.toLocaleString('en-US')} simulated tests per row (at most ${BIAS_MAX_PAIRS.toLocaleString('en-US')} pairs; mean error ± its 95% sampling error), seed ${String(seed)}:\n`);
for (const line of biasTable(biasRuns)) console.log(line);
