/**
 * Round-robin tournaments on the lab runner: every ordered pair of players (both seats, and each
 * player against itself, as the seeds' tournaments do), in parallel, with the report's win-rate
 * matrix and Elo ratings.
 */
import { freshSeed } from '../core/random.js';
import { runExperiment, type RunOptions } from './runner.js';
import { tournamentReport, type TournamentReport } from './report.js';

/** Every ordered pair [a, b] of `players`, row by row: a in the first seat, b in the second. */
export function roundRobinLineups(players: readonly string[]): string[][] {
  return players.flatMap((a) => players.map((b) => [a, b]));
}

export interface TournamentOptions {
  /** Game id in the lab registry (a two-player game). */
  readonly game: string;
  /** Agent ids of the game. */
  readonly players: readonly string[];
  /** Games per ordered pairing. */
  readonly games: number;
  /** Experiment seed; default a fresh one (reported in the result). */
  readonly seed?: number;
  /** Worker threads; 0 or 1 plays in this thread. Default: the available cores. */
  readonly threads?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: RunOptions['onProgress'];
  /** Bootstrap resamples for the Elo intervals (0: no ratings). Default 1000. */
  readonly bootstrapSamples?: number;
}

export async function runTournament(options: TournamentOptions): Promise<TournamentReport> {
  if (!Number.isSafeInteger(options.games) || options.games < 1) throw new RangeError(`Invalid number of games: ${String(options.games)} (expected a whole number >= 1)`);
  const config = { game: options.game, lineups: roundRobinLineups(options.players), seed: options.seed ?? freshSeed(), paired: false };
  const { tally } = await runExperiment({ config, ranges: [[0, options.games]], threads: options.threads, signal: options.signal, onProgress: options.onProgress });
  return tournamentReport(config, tally, { bootstrapSamples: options.bootstrapSamples });
}
