/**
 * Reports: from an experiment's tally to figures with honest error bars, and their text and JSON
 * forms. Two shapes: a *comparison* (one lineup per strategy, mean score and its CI, differences
 * between strategies) and a *tournament* (two-player lineups, a win-rate matrix with Wilson CIs and
 * Elo ratings fitted to the whole matrix).
 */
import { plural, signed } from '../core/format.js';
import { builtInAgent, type GameDefinition, type GameState } from '../core/game.js';
import { differenceOfMeans, halfWidth, pairedDifference, summarizeMoments, wilsonInterval, Z95, type Moments } from '../core/stats.js';
import { MAX_FAULT_EXAMPLES, openingSuite, type ExperimentConfig, type FaultExample, type Tally } from './experiment.js';
import { eloIntervals, type RatingWithInterval } from './ratings.js';
import { ALPHA_RANK_CAPTION, alphaRankRows, beyondElo, transitivityLine, type BeyondElo } from './beyond-elo.js';
import { gameById } from './registry.js';
import { agentLabel } from './user-agents.js';

export interface StrategyResult {
  readonly games: number;
  readonly mean: number;
  readonly ciLow: number;
  readonly ciHigh: number;
  readonly sd: number;
  /** Share of games that ended at the lowest possible score (0 in ConnectFwar). */
  readonly zeroShare: number;
  /**
   * Share of games that ended at the highest possible score (a won Klondike deal), with its 95%
   * Wilson interval; NaN when unknown (results saved before this count was kept).
   */
  readonly topShare: number;
  readonly topShareCiLow: number;
  readonly topShareCiHigh: number;
  /** Games in which a user player faulted (threw, or answered nonsense), with the first few; absent when none. */
  readonly faults?: { readonly games: number; readonly examples: readonly FaultExample[] };
}

export interface DifferenceResult {
  readonly a: string;
  readonly b: string;
  /** Mean of a minus mean of b. */
  readonly difference: number;
  readonly ciLow: number;
  readonly ciHigh: number;
  readonly pValue: number;
  /** True when measured on the same deals (common random numbers). */
  readonly paired: boolean;
}

export interface ComparisonReport {
  readonly game: string;
  readonly seed: number;
  readonly paired: boolean;
  readonly strategies: Readonly<Record<string, StrategyResult>>;
  readonly differences: readonly DifferenceResult[];
}

/** What the rules make of a user player's fault in game `gameId` (its `userPlayers.faultRule`). */
export function faultRule(gameId: string): string {
  return gameById(gameId).userPlayers?.faultRule ?? 'the fault action';
}

const lineupLabel = (lineup: readonly string[]): string => lineup.map(agentLabel).join(' vs ');

function seatMoments(tally: Tally, lineup: number, seat = 0): Moments {
  const l = tally.lineups[lineup]!;
  const s = l.seats[seat]!;
  return { n: l.games, sum: s.sum, sumSq: s.sumSq };
}

/**
 * An object keyed by players' names, with no prototype: a player named `__proto__`, `constructor`
 * or `toString` is a key like any other (a plain object would take the first as its prototype and
 * find the others already there). JSON.stringify writes such keys as it writes any.
 */
const byName = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export function comparisonReport(config: ExperimentConfig, tally: Tally): ComparisonReport {
  const strategies = byName<StrategyResult>();
  const { scoreRange } = gameById(config.game);
  config.lineups.forEach((lineup, l) => {
    const summary = summarizeMoments(seatMoments(tally, l), Z95, scoreRange);
    const games = tally.lineups[l]!.games;
    const seat = tally.lineups[l]!.seats[0]!;
    strategies[lineupLabel(lineup)] = {
      games,
      mean: summary.mean,
      ciLow: summary.ci.low,
      ciHigh: summary.ci.high,
      sd: summary.sd,
      zeroShare: games === 0 ? NaN : seat.atMin / games,
      ...topShare(seat.atMax, games),
      ...(seat.faults !== undefined && seat.faults > 0 ? { faults: { games: seat.faults, examples: seat.faultExamples ?? [] } } : {}),
    };
  });
  const differences: DifferenceResult[] = [];
  for (let a = 0; a < config.lineups.length; a++) {
    for (let b = a + 1; b < config.lineups.length; b++) {
      let d;
      if (config.paired) {
        const t = tally.differences.find((x) => x.a === a && x.b === b)!;
        d = pairedDifference({ n: t.n, sum: t.sum, sumSq: t.sumSq });
      } else {
        d = differenceOfMeans(seatMoments(tally, a), seatMoments(tally, b));
      }
      differences.push({
        a: lineupLabel(config.lineups[a]!),
        b: lineupLabel(config.lineups[b]!),
        difference: d.mean,
        ciLow: d.ci.low,
        ciHigh: d.ci.high,
        pValue: d.pValue,
        paired: config.paired,
      });
    }
  }
  return { game: config.game, seed: config.seed, paired: config.paired, strategies, differences };
}

function topShare(count: number, games: number): { topShare: number; topShareCiLow: number; topShareCiHigh: number } {
  if (games === 0 || Number.isNaN(count)) return { topShare: NaN, topShareCiLow: NaN, topShareCiHigh: NaN };
  const ci = wilsonInterval(count, games);
  return { topShare: count / games, topShareCiLow: ci.low, topShareCiHigh: ci.high };
}

/** The widest 95% half-width in a comparison (strategy means, and paired differences if paired). */
export function widestComparisonHalfWidth(report: ComparisonReport): number {
  const widths = Object.values(report.strategies).map((s) => (s.ciHigh - s.ciLow) / 2);
  if (report.paired) widths.push(...report.differences.map((d) => (d.ciHigh - d.ciLow) / 2));
  return widths.some(Number.isNaN) ? Infinity : Math.max(...widths);
}

const grouped = (n: number): string => n.toLocaleString('en-US');

/** An Elo rating for people: whole points, signed, never "-0" or "+0" for a rating that rounds to 0. */
export function formatElo(rating: number): string {
  if (rating === Infinity) return '+∞';
  if (rating === -Infinity) return '-∞';
  const rounded = Math.round(rating);
  return rounded === 0 ? '0' : `${rounded > 0 ? '+' : ''}${String(rounded)}`;
}

/** `[+12, +80]`; an unbounded side reads `-∞` / `+∞` with an open bracket: `[+650, +∞)`. */
export function formatEloInterval(r: { readonly low: number; readonly high: number }): string {
  return `${r.low === -Infinity ? '(' : '['}${formatElo(r.low)}, ${formatElo(r.high)}${r.high === Infinity ? ')' : ']'}`;
}

/** A p-value for people: three significant digits, or a bound when it underflows. */
export function formatPValue(p: number): string {
  if (Number.isNaN(p)) return 'n/a';
  if (p < 1e-300) return '< 1e-300';
  if (p < 0.001) return p.toExponential(1);
  return p.toFixed(3);
}

function table(header: readonly string[], rows: readonly (readonly string[])[], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** A table as the reports print it: a header and rows of cells, already formatted. */
export interface TextTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The strategies' table of a comparison (shared by the text report, the HTML report and the lab page). */
export function strategyTable(report: ComparisonReport): TextTable {
  const game = gameById(report.game);
  // A game whose top score has a name (Klondike's won deal): its share, with its CI.
  const top = game.topScoreName;
  const won = top !== undefined;
  const share = (x: number): string => (Number.isNaN(x) ? 'n/a' : `${(100 * x).toFixed(1)}%`);
  return {
    header: ['strategy', 'games', 'mean', '95% CI', 'sd', `${String(game.scoreRange[0])}-score`, ...(won ? [top, `${top} 95% CI`] : [])],
    rows: Object.entries(report.strategies).map(([name, s]) => [
      name,
      grouped(s.games),
      s.mean.toFixed(4),
      `[${s.ciLow.toFixed(4)}, ${s.ciHigh.toFixed(4)}]`,
      s.sd.toFixed(2),
      `${(100 * s.zeroShare).toFixed(1)}%`,
      ...(won ? [share(s.topShare), Number.isNaN(s.topShareCiLow) ? 'n/a' : `[${share(s.topShareCiLow)}, ${share(s.topShareCiHigh)}]`] : []),
    ]),
  };
}

/** The title of a comparison's differences table. */
export function differencesCaption(report: ComparisonReport): string {
  return `Differences of means (${report.paired ? 'paired on the same deals' : 'independent games, Welch'}), 95% CI and two-sided p:`;
}

/** The differences between strategies (empty rows with one strategy). */
export function differenceTable(report: ComparisonReport): TextTable {
  return {
    header: ['difference', 'mean', '95% CI', 'p'],
    rows: report.differences.map((d) => [`${d.a} - ${d.b}`, signed(d.difference, 4), `[${signed(d.ciLow, 4)}, ${signed(d.ciHigh, 4)}]`, formatPValue(d.pValue)]),
  };
}

/** The first line of a comparison's report. */
export function comparisonHeadline(report: ComparisonReport): string {
  const game = gameById(report.game);
  const entries = Object.entries(report.strategies);
  const games = new Set(entries.map(([, s]) => s.games));
  return `${game.title}: ${games.size === 1 ? `${plural(entries[0]![1].games, 'game')} per strategy` : 'games per strategy below'}, seed ${String(report.seed)}${report.paired ? ', paired (the same deals for every strategy)' : ''}`;
}

export function formatComparison(report: ComparisonReport): string {
  const entries = Object.entries(report.strategies);
  const strategies = strategyTable(report);
  const lines = [comparisonHeadline(report), '', table(strategies.header, strategies.rows)];
  for (const [name, s] of entries) {
    if (s.faults === undefined) continue;
    lines.push('', `${name} faulted in ${plural(s.faults.games, 'game')} (each fault was played as the rules read a bad answer: ${faultRule(report.game)}); the first:`);
    for (const f of s.faults.examples) lines.push(`  game ${String(f.game)} (seed ${String(f.seed)}): ${f.message}`);
  }
  if (report.differences.length > 0) {
    const differences = differenceTable(report);
    lines.push('', differencesCaption(report), table(differences.header, differences.rows));
  }
  return lines.join('\n');
}

/** JSON: strategy → figures; with two or more strategies each carries its differences to the others. */
export function comparisonJson(report: ComparisonReport): Record<string, unknown> {
  const out = byName<unknown>();
  for (const [name, s] of Object.entries(report.strategies)) {
    const vs = byName<unknown>();
    for (const d of report.differences) {
      if (d.a === name) vs[d.b] = { difference: d.difference, ciLow: d.ciLow, ciHigh: d.ciHigh, pValue: d.pValue, paired: d.paired };
      if (d.b === name) vs[d.a] = { difference: -d.difference, ciLow: -d.ciHigh, ciHigh: -d.ciLow, pValue: d.pValue, paired: d.paired };
    }
    out[name] = { ...s, seed: report.seed, ...(report.differences.length > 0 ? { vs } : {}) };
  }
  return out;
}

export interface PairingResult {
  /** Games of the pairing (row player in seat 1, column player in seat 2). */
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** The row player's win rate, as the spec's `winRate`. */
  readonly winRate: number;
  readonly ciLow: number;
  readonly ciHigh: number;
}

export interface TournamentReport {
  readonly game: string;
  readonly seed: number;
  readonly players: readonly { readonly id: string; readonly name: string }[];
  /** matrix[i][j]: player i (first seat) against player j (second seat); null if not played. */
  readonly matrix: readonly (readonly (PairingResult | null)[])[];
  /**
   * Elo ratings (mean 0) with 95% score-test intervals; a bound the games do not give is ±Infinity
   * (null in JSON): see `eloIntervals`.
   */
  readonly elo: readonly ({ readonly id: string } & RatingWithInterval)[];
  /**
   * Per player (by label) that faulted: the games it faulted in (over every pairing and seat) and
   * the first few, with the pairing they were played in. Absent when no player faulted.
   */
  readonly faults?: Readonly<Record<string, { readonly games: number; readonly examples: readonly (FaultExample & { readonly pairing: string })[] }>>;
  /** α-Rank and the transitivity check (src/lab/beyond-elo.ts); absent without ratings. */
  readonly beyondElo?: BeyondElo;
  /** The opening suite the games started from (game i from opening i mod count, with both seats); absent for none. */
  readonly openings?: { readonly suite: string; readonly count: number };
}

export { roundRobinLineups } from './tournament.js';

/** The agents of a two-player experiment, in order of first appearance. */
export function tournamentPlayers(config: ExperimentConfig): string[] {
  const players: string[] = [];
  for (const lineup of config.lineups) for (const id of lineup) if (!players.includes(id)) players.push(id);
  return players;
}

/** `ratings: false` leaves the Elo ratings out (e.g. for a stopping rule that only needs win rates). */
export function tournamentReport(config: ExperimentConfig, tally: Tally, options: { ratings?: boolean } = {}): TournamentReport {
  const game: GameDefinition<GameState> = gameById(config.game);
  if (game.numPlayers !== 2) throw new RangeError(`${game.title} is not a two-player game`);
  const ids = tournamentPlayers(config);
  const index = new Map(ids.map((id, i) => [id, i]));
  const n = ids.length;
  const matrix: (PairingResult | null)[][] = ids.map(() => new Array<PairingResult | null>(n).fill(null));
  const wins = ids.map(() => new Array<number>(n).fill(0));
  const draws = ids.map(() => new Array<number>(n).fill(0));
  config.lineups.forEach((lineup, l) => {
    const i = index.get(lineup[0]!)!;
    const j = index.get(lineup[1]!)!;
    const t = tally.lineups[l]!;
    const first = t.seats[0]!;
    const ci = wilsonInterval(first.wins, t.games);
    matrix[i]![j] = { games: t.games, wins: first.wins, draws: first.draws, losses: first.losses, winRate: t.games === 0 ? NaN : first.wins / t.games, ciLow: ci.low, ciHigh: ci.high };
    if (i !== j) {
      wins[i]![j]! += first.wins;
      wins[j]![i]! += first.losses;
      draws[i]![j]! += first.draws;
      draws[j]![i]! += first.draws;
    }
  });
  const names = ids.map((id) => ({ id, name: builtInAgent(game, id)?.create().name ?? agentLabel(id) }));
  const faults = byName<{ games: number; examples: (FaultExample & { pairing: string })[] }>();
  config.lineups.forEach((lineup, l) =>
    tally.lineups[l]!.seats.forEach((seat, s) => {
      if (seat.faults === undefined || seat.faults === 0) return;
      const entry = (faults[agentLabel(lineup[s]!)] ??= { games: 0, examples: [] });
      entry.games += seat.faults;
      entry.examples.push(...(seat.faultExamples ?? []).map((f) => ({ ...f, pairing: lineupLabel(lineup) })));
    }),
  );
  for (const entry of Object.values(faults)) entry.examples = entry.examples.sort((x, y) => x.game - y.game).slice(0, MAX_FAULT_EXAMPLES);
  const suite = openingSuite(game, config);
  const rated = n >= 2 && options.ratings !== false ? eloIntervals({ players: ids, wins, draws }) : [];
  return {
    game: config.game,
    seed: config.seed,
    players: names,
    matrix,
    elo: rated.map((r, i) => ({ id: ids[i]!, rating: r.rating, low: r.low, high: r.high })),
    ...(Object.keys(faults).length > 0 ? { faults } : {}),
    ...(rated.length > 0 ? { beyondElo: beyondElo(ids, wins, draws) } : {}),
    ...(suite === undefined ? {} : { openings: { suite: config.openings!, count: suite.length } }),
  };
}

export function widestWinRateHalfWidth(report: TournamentReport): number {
  let widest = 0;
  for (const row of report.matrix) for (const cell of row) if (cell !== null) widest = Math.max(widest, halfWidth({ low: cell.ciLow, high: cell.ciHigh }));
  return widest;
}

/** The first line of a tournament's report. */
export function tournamentHeadline(report: TournamentReport): string {
  const game = gameById(report.game);
  const cells = report.matrix.flat().filter((c): c is PairingResult => c !== null);
  const counts = new Set(cells.map((c) => c.games));
  const openings = report.openings === undefined ? '' : ` from the ${String(report.openings.count)} openings of the suite '${report.openings.suite}' (each with both seats)`;
  return `${game.title} tournament: ${counts.size === 1 ? `${plural(cells[0]?.games ?? 0, 'game')} per pairing` : 'games per pairing below'}${openings}, seed ${String(report.seed)}`;
}

export const MATRIX_CAPTION = 'Win rate of the row player (first seat) against the column player (second seat):';
export const ELO_CAPTION = 'Elo ratings (Bradley–Terry fit to the whole matrix, both seats, draws count half; 95% score-test CI, ∞ where the games set no bound):';

/** The win-rate matrix: row player in the first seat, column player in the second. */
export function matrixTable(report: TournamentReport): TextTable {
  return {
    header: ['', ...report.players.map((p) => agentLabel(p.id))],
    rows: report.matrix.map((row, i) => [agentLabel(report.players[i]!.id), ...row.map((c) => (c === null ? '-' : c.winRate.toFixed(3)))]),
  };
}

/** Every pairing with its games, win rate and Wilson interval (row player in the first seat). */
export function pairingTable(report: TournamentReport): TextTable {
  const rows: string[][] = [];
  report.matrix.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (cell !== null) rows.push([`${agentLabel(report.players[i]!.id)} vs ${agentLabel(report.players[j]!.id)}`, grouped(cell.games), cell.winRate.toFixed(3), `${cell.ciLow.toFixed(3)}–${cell.ciHigh.toFixed(3)}`]);
    }),
  );
  return { header: ['pairing', 'games', 'win rate', '95% CI'], rows };
}

/** The Elo ratings, best first (empty rows without ratings). */
export function eloTable(report: TournamentReport): TextTable {
  const sorted = [...report.elo].sort((a, b) => b.rating - a.rating);
  return { header: ['player', 'Elo', '95% CI'], rows: sorted.map((r) => [agentLabel(r.id), formatElo(r.rating), formatEloInterval(r)]) };
}

/** The α-Rank masses, most first. */
export function alphaRankTable(result: BeyondElo): TextTable {
  return { header: ['player', 'α-Rank'], rows: alphaRankRows(result, agentLabel) };
}

/** One line per pairing, the spec's `… vs. … winRate: 0.002` with its Wilson interval. */
export function pairingLines(report: TournamentReport): string[] {
  const cells = report.matrix.flat().filter((c): c is PairingResult => c !== null);
  const counts = new Set(cells.map((c) => c.games));
  const lines: string[] = [];
  report.matrix.forEach((row, i) =>
    row.forEach((cell, j) => {
      if (cell === null) return;
      const extra = counts.size === 1 ? '' : `, ${plural(cell.games, 'game')}`;
      lines.push(`${report.players[i]!.name} vs. ${report.players[j]!.name} winRate: ${cell.winRate.toFixed(3)}  (95% CI ${cell.ciLow.toFixed(3)}–${cell.ciHigh.toFixed(3)}${extra})`);
    }),
  );
  return lines;
}

export function formatTournament(report: TournamentReport): string {
  const matrix = matrixTable(report);
  const lines: string[] = [tournamentHeadline(report), '', ...pairingLines(report), '', MATRIX_CAPTION, table(matrix.header, matrix.rows)];
  if (report.elo.length > 0) {
    const elo = eloTable(report);
    lines.push('', ELO_CAPTION, table(elo.header, elo.rows));
  }
  if (report.beyondElo !== undefined) {
    const alpha = alphaRankTable(report.beyondElo);
    lines.push('', ALPHA_RANK_CAPTION, table(alpha.header, alpha.rows), '', transitivityLine(report.beyondElo, agentLabel));
  }
  for (const [name, f] of Object.entries(report.faults ?? {})) {
    lines.push('', `${name} faulted in ${plural(f.games, 'game')} (per seat: a game against itself counts twice; each fault was played as the rules read a bad answer: ${faultRule(report.game)}); the first:`);
    for (const e of f.examples) lines.push(`  ${e.pairing}, game ${String(e.game)} (seed ${String(e.seed)}): ${e.message}`);
  }
  return lines.join('\n');
}

/**
 * The report of any lab experiment, as the commands print it: a comparison for one-player games,
 * a tournament (win rates and Elo) for two-player games; text, or JSON with `json`.
 */
export function renderReport(config: ExperimentConfig, tally: Tally, json: boolean): string {
  if (gameById(config.game).numPlayers === 1) {
    const report = comparisonReport(config, tally);
    return json ? JSON.stringify(comparisonJson(report), null, 2) : formatComparison(report);
  }
  const report = tournamentReport(config, tally);
  return json ? JSON.stringify(report, null, 2) : formatTournament(report);
}
