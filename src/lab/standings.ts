/**
 * Standings of a round robin from its results matrix: each player's wins, draws and losses, score
 * and Elo rating with its 95% interval, and the table that prints them next to the matrix (row
 * against column: wins-draws-losses). Used by every tournament that keeps a wins matrix (the
 * refereed Connect Four tournament; any user's own).
 */
import { eloIntervals } from './ratings.js';
import { formatElo, formatEloInterval } from './report.js';

export interface StandingsInput {
  readonly players: readonly string[];
  /** wins[i][j]: games i won against j (both colours / seats). */
  readonly wins: readonly (readonly number[])[];
  /** draws[i][j] (symmetric). */
  readonly draws: readonly (readonly number[])[];
  /**
   * The games that are independent evidence, for the ratings (e.g. distinct games only, when
   * deterministic players repeat games). Default: `wins` and `draws`.
   */
  readonly independent?: { readonly wins: readonly (readonly number[])[]; readonly draws: readonly (readonly number[])[] };
}

export interface Standing {
  readonly player: string;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  /** (wins + draws / 2) / games; NaN without games. */
  readonly score: number;
  /** Elo (mean 0) fitted to the independent games, with its 95% score-test interval (±Infinity: unbounded). */
  readonly rating: number;
  readonly low: number;
  readonly high: number;
}

export function standings(input: StandingsInput): Standing[] {
  const { players, wins, draws } = input;
  const rated = eloIntervals({ players, wins: input.independent?.wins ?? wins, draws: input.independent?.draws ?? draws });
  return players.map((player, i) => {
    let w = 0;
    let d = 0;
    let l = 0;
    players.forEach((_, j) => {
      if (i === j) return;
      w += wins[i]![j]!;
      d += draws[i]![j]!;
      l += wins[j]![i]!;
    });
    const games = w + d + l;
    const { rating, low, high } = rated[i]!;
    return { player, wins: w, draws: d, losses: l, score: games === 0 ? NaN : (w + d / 2) / games, rating, low, high };
  });
}

/** The matrix (row against column: wins-draws-losses), then each row's totals, score, Elo and its 95% CI. */
export function formatStandings(input: StandingsInput, rows: readonly Standing[] = standings(input)): string {
  const { players, wins, draws } = input;
  const body = rows.map((s, i) => [
    s.player,
    ...players.map((_, j) => (i === j ? '-' : `${String(wins[i]![j]!)}-${String(draws[i]![j]!)}-${String(wins[j]![i]!)}`)),
    `${String(s.wins)}-${String(s.draws)}-${String(s.losses)}`,
    Number.isNaN(s.score) ? '-' : `${(100 * s.score).toFixed(1)}%`,
    formatElo(s.rating),
    formatEloInterval(s),
  ]);
  const header = ['', ...players, 'W-D-L', 'score', 'Elo', '95% CI'];
  const table = [header, ...body];
  const widths = header.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
  return table.map((row) => row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd()).join('\n');
}
