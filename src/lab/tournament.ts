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
import { openingSuite, type ExperimentConfig, type PlayedGame } from './experiment.js';
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

/**
 * The evidence that a run of a game without chance played distinct games: how many of its games
 * differ move for move from every other game of their lineup, overall and in the lineup with the
 * fewest. A game log of `runLab` (session.ts `GameRecordLog`), so a front end counts what was
 * actually played, batch by batch, as the lab records games.
 */
export class DistinctGames {
  readonly #seen: Set<string>[];
  readonly #games: number[];

  constructor(lineups: number) {
    this.#seen = Array.from({ length: lineups }, () => new Set<string>());
    this.#games = new Array<number>(lineups).fill(0);
  }

  prepare(): void {
    // Nothing to load: it counts the games of one run as they are played (a resumed run's earlier games are not seen).
  }

  append(_config: ExperimentConfig, games: readonly PlayedGame[]): void {
    for (const { lineup, actions } of games) {
      this.#seen[lineup]!.add(actions.join(','));
      this.#games[lineup]!++;
    }
  }

  /** Games counted, distinct games, and the lineup with the fewest distinct games (its index, its distinct and all games). */
  get counts(): { games: number; distinct: number; fewest: { lineup: number; distinct: number; games: number } } {
    const distinct = this.#seen.map((set) => set.size);
    const lineup = distinct.reduce((low, d, l) => (d < distinct[low]! ? l : low), 0);
    const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
    return { games: sum(this.#games), distinct: sum(distinct), fewest: { lineup, distinct: distinct[lineup] ?? 0, games: this.#games[lineup] ?? 0 } };
  }
}

/*
 * The same round robin played game by game, for a front end that plays each game itself (the
 * arena's refereed Connect Four tournament, whose bots run in worker threads or as programs under
 * a referee's time limits): each unordered pair of players meets `gamesPerPair` times, seats
 * alternating, and games 2k and 2k + 1 of a pair — one seat pair — start from opening k of the
 * suite, as seat pair k of the lab's experiments does. The schedule is computed from the game's
 * index, so nothing proportional to the number of games is built before they are played.
 */

/** Game `index` of a pairwise round robin: `first` and `second` index the players, `round` is the seat pair (its opening). */
export interface ScheduledGame {
  readonly first: number;
  readonly second: number;
  readonly round: number;
}

/** The number of games of a pairwise round robin; a RangeError when it is not a safe integer. */
export function pairwiseGameCount(playerCount: number, gamesPerPair: number): number {
  const pairs = (playerCount * (playerCount - 1)) / 2;
  const total = pairs * gamesPerPair;
  if (!Number.isSafeInteger(total)) {
    throw new RangeError(`Too many games: ${plural(pairs, 'pair')} of bots × ${plural(gamesPerPair, 'game')} per pair is beyond ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}`);
  }
  return total;
}

/** Game `index`: pair (i < j) by pair, `gamesPerPair` games each, i in the first seat in the even ones. */
export function pairwiseGame(playerCount: number, gamesPerPair: number, index: number): ScheduledGame {
  let pair = Math.floor(index / gamesPerPair);
  const g = index % gamesPerPair;
  const round = Math.floor(g / 2);
  for (let i = 0; i < playerCount; i++) {
    const pairsOfI = playerCount - 1 - i;
    if (pair < pairsOfI) {
      const j = i + 1 + pair;
      return g % 2 === 0 ? { first: i, second: j, round } : { first: j, second: i, round };
    }
    pair -= pairsOfI;
  }
  throw new RangeError(`Game ${String(index)} is past the schedule's end`);
}

/**
 * Plays games [0, total) of a schedule, `concurrency` at a time, skipping those in `skip` (played
 * before a resume). The first failure (a player that cannot be built, a throwing callback) ends
 * the run: no lane starts another game, the games under way finish, then it is rethrown, so
 * nothing is left running behind the rejection.
 */
export async function playScheduled(total: number, concurrency: number, skip: ReadonlySet<number>, play: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { reason: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (next < total && failure === undefined) {
      const index = next++;
      if (skip.has(index)) continue;
      try {
        await play(index);
      } catch (reason) {
        failure ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, lane));
  if (failure !== undefined) throw failure.reason;
}

/**
 * The standings of a round robin played game by game: wins and draws between each pair of players,
 * the same over distinct games only, and the games each player lost by a fault, by reason.
 *
 * A game that repeats an earlier one move for move, with the same players in the same seats
 * (deterministic players from the same opening), adds no evidence and is counted once in the
 * distinct tallies, which the ratings use — the game-by-game form of `repeatedGames`' refusal:
 * such a run is played, and its report says how many games were repeats.
 */
export class PairwiseStandings<Reason extends string> {
  /** wins[i][j]: games player i won against player j (both seats). */
  readonly wins: number[][];
  /** draws[i][j] (symmetric). */
  readonly draws: number[][];
  readonly distinctWins: number[][];
  readonly distinctDraws: number[][];
  /** faults[i][reason]: games player i lost by that fault. */
  readonly faults: Record<Reason, number>[];
  readonly #seen = new Set<string>();

  constructor(playerCount: number, faultReasons: readonly Reason[]) {
    const square = (): number[][] => Array.from({ length: playerCount }, () => new Array<number>(playerCount).fill(0));
    this.wins = square();
    this.draws = square();
    this.distinctWins = square();
    this.distinctDraws = square();
    this.faults = Array.from({ length: playerCount }, () => Object.fromEntries(faultReasons.map((reason) => [reason, 0])) as Record<Reason, number>);
  }

  /** Games that were not a move-for-move repeat of an earlier one. */
  get distinctGames(): number {
    return this.#seen.size;
  }

  /**
   * Counts a game between `first` and `second`: `winner` its winning seat (0, 1) or null for a draw,
   * `fault` the reason the loser lost by a fault, `identity` what makes two games the same game
   * (its moves and how it ended).
   */
  add(first: number, second: number, winner: 0 | 1 | null, identity: string, fault?: Reason): void {
    const count = (wins: number[][], draws: number[][]): void => {
      if (winner === null) {
        draws[first]![second]!++;
        draws[second]![first]!++;
      } else {
        const [w, l] = winner === 0 ? [first, second] : [second, first];
        wins[w]![l]!++;
      }
    };
    count(this.wins, this.draws);
    if (winner !== null && fault !== undefined) this.faults[winner === 0 ? second : first]![fault]++;
    const key = `${String(first)}/${String(second)}/${identity}`;
    if (!this.#seen.has(key)) {
      this.#seen.add(key);
      count(this.distinctWins, this.distinctDraws);
    }
  }
}
