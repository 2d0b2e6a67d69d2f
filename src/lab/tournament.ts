/**
 * The one round robin of the lab, as data: which games a tournament plays. Every front end — the
 * CLI's tournaments, `LabTournament`, the /lab page — builds its experiment here, so they all play
 * the same games from the same seed:
 *
 * - every ordered pair of players (both seats, and each player against itself, as the specs'
 *   tournaments do);
 * - seat pairs: game i of [a, b] and game i of [b, a] share their deal and opening, so a seat's
 *   edge cancels out within the pair (paired deals for the card games);
 * - an opening suite for games without chance (Connect Four), game i from opening i mod its length;
 * - the runner's fault and time-limit rules for user players (src/lab/runner.ts).
 *
 * And it refuses what cannot be honest: two deterministic players in a game without chance play the
 * same game every time they start from the same position, so more games per pairing than there are
 * openings would count one game many times as independent evidence (a tight interval around
 * nothing). `repeatedGames` says why; the lab's planning refuses such a run.
 *
 * Pure and browser-safe (the page plans with it).
 */
import { plural } from '../core/format.js';
import type { GameDefinition, GameState } from '../core/game.js';
import { openingSuite, type ExperimentConfig } from './experiment.js';
import { gameById } from './registry.js';
import { agentLabel } from './user-agents.js';

/** Every ordered pair [a, b] of `players`, row by row: a in the first seat, b in the second (a round robin's lineups). */
export function roundRobinLineups(players: readonly string[]): string[][] {
  return players.flatMap((a) => players.map((b) => [a, b]));
}

/** The game's default opening suite (its first), or undefined for a game without suites. */
export function defaultOpenings(game: GameDefinition<GameState>): string | undefined {
  return Object.keys(game.openings ?? {})[0];
}

export interface RoundRobinSpec {
  /** Game id in the lab registry (a two-player game). */
  readonly game: string;
  /** Lineup ids of the players (built-in agents or loaded user players). */
  readonly players: readonly string[];
  readonly seed: number;
  /** The opening suite's name; default the game's first suite; false: every game from the initial state. */
  readonly openings?: string | false;
}

/** The experiment a round robin plays: ordered pairs, seat pairs, the opening suite. */
export function roundRobinConfig(spec: RoundRobinSpec): ExperimentConfig {
  const game = gameById(spec.game);
  if (game.numPlayers !== 2) throw new RangeError(`${game.title} has ${plural(game.numPlayers, 'seat')}: a tournament is for two-player games`);
  const openings = spec.openings === false ? undefined : (spec.openings ?? defaultOpenings(game));
  return { game: spec.game, lineups: roundRobinLineups(spec.players), seed: spec.seed, paired: false, seatPairs: true, ...(openings === undefined ? {} : { openings }) };
}

/** How many different games a lineup of deterministic players can play: one per opening (1 without). */
export function distinctGamesOf(game: GameDefinition<GameState>, config: ExperimentConfig): number {
  return openingSuite(game, config)?.length ?? 1;
}

/**
 * Why `gamesPerLineup` games of this experiment would repeat earlier ones move for move, or
 * undefined when they cannot: a game without chance, a lineup of players that are all
 * deterministic (built-ins that say so; a user player may be random and is trusted to vary), and
 * more games than openings.
 */
export function repeatedGames(config: ExperimentConfig, gamesPerLineup: number): string | undefined {
  const game = gameById(config.game);
  if (game.chanceFree !== true) return undefined;
  const distinct = distinctGamesOf(game, config);
  if (gamesPerLineup <= distinct) return undefined;
  const deterministic = (id: string): boolean => game.agents[id]?.deterministic === true;
  const lineup = config.lineups.find((l) => l.every(deterministic));
  if (lineup === undefined) return undefined;
  const pairing = lineup.map(agentLabel).join(' vs ');
  const from = config.openings === undefined ? 'from the empty board they play 1 game' : `the ${String(distinct)} openings of the suite '${config.openings}' give ${plural(distinct, 'distinct game')}`;
  const remedy = config.openings === undefined ? 'start the games from an opening suite' : `ask for at most ${plural(distinct, 'game')} per pairing, or a larger suite`;
  return (
    `The players of ${pairing} choose every move deterministically: in ${game.title}, which has no chance, ${from} per pairing, not ${plural(gamesPerLineup, 'game')}. ` +
    `The repeats would be counted as independent games (a narrow interval around one game): ${remedy}.`
  );
}
