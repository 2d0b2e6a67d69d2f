/**
 * An experiment's results as the reports draw them: the CLI's report (the same figures as
 * `--json`), plus what the charts need — each strategy's score distribution and its running mean
 * with the 95% band as games accumulate (one-player games), or the win-rate matrix and the Elo
 * ratings with their intervals (two-player games). One builder for the lab page, the `--html`
 * report and the `--csv` file, so the three cannot disagree. No Node APIs and no DOM here.
 *
 * Unbounded Elo limits are `null` in this data (JSON has no Infinity), as in `--json`.
 */
import { summarizeMoments, Z95 } from '../core/stats.js';
import { ALPHA_RANK_CAPTION, transitivityLine } from './beyond-elo.js';
import {
  alphaRankTable,
  comparisonJson,
  comparisonReport,
  differenceTable,
  differencesCaption,
  eloTable,
  ELO_CAPTION,
  matrixTable,
  MATRIX_CAPTION,
  pairingTable,
  strategyTable,
  tournamentReport,
  type ComparisonReport,
  type PairingResult,
  type TextTable,
  type TournamentReport,
} from './report.js';
import { emptyTally, mergeTally, type ExperimentConfig, type Tally } from './experiment.js';
import { gameById } from './registry.js';
import { agentLabel } from './user-agents.js';

export const RESULTS_FORMAT = 'tabletop-lab/results@1';

/** A completed batch: its games and their tally (a runner batch or a results-file record). */
export interface ResultsBatch {
  readonly start: number;
  readonly end: number;
  readonly tally: Tally;
}

/** Games of one strategy that scored `score`; `share` = games / the strategy's games. */
export interface DistributionPoint {
  readonly strategy: string;
  readonly score: number;
  readonly games: number;
  readonly share: number;
}

/** A strategy's mean over its first `games` games (by game index) and the 95% CI. */
export interface RunningPoint {
  readonly strategy: string;
  readonly games: number;
  readonly mean: number;
  readonly low: number;
  readonly high: number;
}

export interface ComparisonResults {
  readonly format: typeof RESULTS_FORMAT;
  readonly kind: 'comparison';
  readonly title: string;
  readonly config: ExperimentConfig;
  readonly report: ComparisonReport;
  readonly strategies: readonly string[];
  readonly scoreRange: readonly [number, number];
  /** Null when some batch kept no distribution (records written before distributions were kept). */
  readonly distribution: readonly DistributionPoint[] | null;
  /** At most MAX_RUNNING_POINTS per strategy; empty without the batches. */
  readonly running: readonly RunningPoint[];
}

/** A pairing of the matrix: row player (first seat) and column player (second seat), by id. */
export interface MatrixCell extends PairingResult {
  readonly row: string;
  readonly column: string;
}

export interface EloPoint {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  /** Null: the games set no bound on this side. */
  readonly low: number | null;
  readonly high: number | null;
}

export interface TournamentResults {
  readonly format: typeof RESULTS_FORMAT;
  readonly kind: 'tournament';
  readonly title: string;
  readonly config: ExperimentConfig;
  readonly report: TournamentReport;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  readonly cells: readonly MatrixCell[];
  readonly elo: readonly EloPoint[];
}

export type LabResults = ComparisonResults | TournamentResults;

/** Running-mean points kept per strategy: enough for a smooth line, few enough for a small report. */
export const MAX_RUNNING_POINTS = 200;

/**
 * The results of an experiment from its tally, and (for the running mean) its batches in any
 * order; the batches must be the ones the tally adds up.
 */
export function labResults(config: ExperimentConfig, tally: Tally, batches: readonly ResultsBatch[] = []): LabResults {
  const game = gameById(config.game);
  const title = game.title;
  if (game.numPlayers === 1) {
    const report = comparisonReport(config, tally);
    const strategies = Object.keys(report.strategies);
    return {
      format: RESULTS_FORMAT,
      kind: 'comparison',
      title,
      config,
      report,
      strategies,
      scoreRange: game.scoreRange,
      distribution: distributionOf(config, tally, strategies),
      running: runningMeans(config, batches, strategies),
    };
  }
  return tournamentResults(config, tournamentReport(config, tally));
}

/**
 * A tournament's results from its report: the matrix's cells and the ratings as the charts take
 * them. Also the way in for a tournament the lab runner did not play (the refereed Connect Four
 * tournament), which builds its own report.
 */
export function tournamentResults(config: ExperimentConfig, report: TournamentReport): TournamentResults {
  const cells: MatrixCell[] = [];
  report.matrix.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (cell !== null) cells.push({ row: report.players[i]!.id, column: report.players[j]!.id, ...cell });
    }),
  );
  const bound = (x: number): number | null => (Number.isFinite(x) ? x : null);
  const names = new Map(report.players.map((p) => [p.id, p.name]));
  return {
    format: RESULTS_FORMAT,
    kind: 'tournament',
    title: gameById(config.game).title,
    config,
    report,
    players: report.players,
    cells,
    elo: report.elo.map((r) => ({ id: r.id, name: names.get(r.id) ?? r.id, rating: r.rating, low: bound(r.low), high: bound(r.high) })),
  };
}

function distributionOf(config: ExperimentConfig, tally: Tally, strategies: readonly string[]): DistributionPoint[] | null {
  const lowest = Math.floor(gameById(config.game).scoreRange[0]);
  const points: DistributionPoint[] = [];
  for (let l = 0; l < tally.lineups.length; l++) {
    const lineup = tally.lineups[l]!;
    const scores = lineup.seats[0]!.scores;
    if (scores === undefined) return null;
    scores.forEach((games, k) => {
      points.push({ strategy: strategies[l]!, score: lowest + k, games, share: lineup.games === 0 ? 0 : games / lineup.games });
    });
  }
  return points;
}

/**
 * Each strategy's mean and 95% CI over the games played so far, at batch ends in game order (at
 * most MAX_RUNNING_POINTS of them, evenly spread, always the last). Points with fewer than two
 * games (no standard deviation yet) are left out.
 */
function runningMeans(config: ExperimentConfig, batches: readonly ResultsBatch[], strategies: readonly string[]): RunningPoint[] {
  const sorted = [...batches].sort((a, b) => a.start - b.start);
  const keep = new Set<number>();
  const step = sorted.length / MAX_RUNNING_POINTS;
  for (let k = 1; k <= Math.min(MAX_RUNNING_POINTS, sorted.length); k++) keep.add(Math.ceil(k * Math.max(1, step)) - 1);
  keep.add(sorted.length - 1);
  const sum = emptyTally(config);
  // The same interval as the report's table: within the game's score range.
  const { scoreRange } = gameById(config.game);
  const points: RunningPoint[] = [];
  sorted.forEach((batch, b) => {
    mergeTally(sum, batch.tally);
    if (!keep.has(b)) return;
    sum.lineups.forEach((lineup, l) => {
      const seat = lineup.seats[0]!;
      if (lineup.games < 2) return;
      const s = summarizeMoments({ n: lineup.games, sum: seat.sum, sumSq: seat.sumSq }, Z95, scoreRange);
      points.push({ strategy: strategies[l]!, games: lineup.games, mean: s.mean, low: s.ci.low, high: s.ci.high });
    });
  });
  return points;
}

/** The results' tables with their captions, in the order the CLI prints them (the page and the HTML report show these). */
export function resultsTables(results: LabResults): { readonly caption: string; readonly table: TextTable }[] {
  if (results.kind === 'comparison') {
    const tables = [{ caption: 'Strategies: mean score with its 95% CI', table: strategyTable(results.report) }];
    if (results.report.differences.length > 0) tables.push({ caption: differencesCaption(results.report), table: differenceTable(results.report) });
    return tables;
  }
  const tables = [
    { caption: 'Pairings: win rate of the first seat with its 95% Wilson CI', table: pairingTable(results.report) },
    { caption: MATRIX_CAPTION, table: matrixTable(results.report) },
  ];
  if (results.report.elo.length > 0) tables.push({ caption: ELO_CAPTION, table: eloTable(results.report) });
  const beyond = results.report.beyondElo;
  // The transitivity verdict is the α-Rank table's caption's second sentence: the page and the HTML report show tables.
  if (beyond !== undefined) tables.push({ caption: `${ALPHA_RANK_CAPTION} ${transitivityLine(beyond, agentLabel)}`, table: alphaRankTable(beyond) });
  return tables;
}

/** The CLI's `--json` text for these results (the lab page's "Download JSON" is this text). */
export function resultsJsonText(results: LabResults): string {
  return results.kind === 'comparison' ? JSON.stringify(comparisonJson(results.report), null, 2) : JSON.stringify(results.report, null, 2);
}

/**
 * A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). A text (a player's
 * name) that a spreadsheet would run as a formula — beginning with =, +, -, @, a tab or a carriage
 * return — is neutralised by a leading apostrophe, and quoted (OWASP's CSV-injection rule); numbers
 * are figures, never formulas, so a negative one stays a number.
 */
function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return numberText(value);
  if (/^[=+\-@\t\r]/.test(value)) return `"'${value.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Full precision (as in JSON), so a spreadsheet holds the very numbers of `--json`; ±Infinity spelled out. */
const numberText = (x: number): string => (Number.isNaN(x) ? '' : x === Infinity ? 'Infinity' : x === -Infinity ? '-Infinity' : String(x));

const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(field).join(',')}\r\n`;

/**
 * The results as one CSV table (RFC 4180, CRLF line ends), one row per figure:
 * - a comparison: `table` is `strategy` (name, games, mean, CI, sd, share of games at the lowest
 *   score) or `difference` (name minus versus: mean difference, its CI, the p-value);
 * - a tournament: `table` is `pairing` (player in the first seat against opponent: games, wins,
 *   draws, losses, win rate and its Wilson CI) or `elo` (rating and its CI; an unbounded side is
 *   `Infinity` / `-Infinity`).
 */
export function resultsCsv(results: LabResults): string {
  if (results.kind === 'comparison') {
    const { report } = results;
    let out = csvLine(['table', 'name', 'versus', 'games', 'mean', 'ci_low', 'ci_high', 'sd', 'lowest_score_share', 'p_value']);
    for (const [name, s] of Object.entries(report.strategies)) out += csvLine(['strategy', name, null, s.games, s.mean, s.ciLow, s.ciHigh, s.sd, s.zeroShare, null]);
    for (const d of report.differences) out += csvLine([d.paired ? 'paired_difference' : 'difference', d.a, d.b, null, d.difference, d.ciLow, d.ciHigh, null, null, d.pValue]);
    return out;
  }
  let out = csvLine(['table', 'player', 'opponent', 'games', 'wins', 'draws', 'losses', 'value', 'ci_low', 'ci_high']);
  for (const c of results.cells) out += csvLine(['pairing', c.row, c.column, c.games, c.wins, c.draws, c.losses, c.winRate, c.ciLow, c.ciHigh]);
  for (const r of results.report.elo) out += csvLine(['elo', r.id, null, null, null, null, null, r.rating, r.low, r.high]);
  return out;
}

/** The command that prints these figures (`tabletop … --json`), when the CLI has one for the game (its `labCommand`). */
export function cliCommand(config: ExperimentConfig, games: number): string | undefined {
  const command = gameById(config.game).labCommand;
  if (command === undefined) return undefined;
  const lineups = config.lineups.map((l) => l.map(agentLabel));
  return command(lineups, `--games ${String(games)} --seed ${String(config.seed)}`, config.paired);
}
