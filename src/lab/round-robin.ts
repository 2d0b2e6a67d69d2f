/**
 * Round-robin tournaments on the lab runner: the lab's one round robin (src/lab/tournament.ts —
 * every ordered pair of players, seat pairs on the same deal or opening, opening suites for games
 * without chance), in parallel, with the report's win-rate matrix and ratings.
 */
import { builtInAgent } from '../core/game.js';
import { assertSeed, freshSeed } from '../core/random.js';
import { validateConfig } from './experiment.js';
import { gameById } from './registry.js';
import { runExperiment, type RunOptions } from './runner.js';
import { tournamentReport, type TournamentReport } from './report.js';
import { repeatedGames, roundRobinConfig } from './tournament.js';
import { agentLabel } from './user-agents.js';
import { registerPlayerObject, resolvePlayer } from './user-players.js';

/**
 * A player in a lab tournament: a built-in id, a module (a path relative to the working directory,
 * a `file:` URL, or a package name; imported by every worker thread), or a player object (the
 * game's assignment class, e.g. an UnoWar `AI`, or a lab agent), played in the calling thread.
 */
export type TournamentPlayer = string | URL | object;

export { roundRobinLineups } from './tournament.js';

export interface RoundRobinOptions {
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
  /** false: no Elo ratings (only the win rates). Default true. */
  readonly ratings?: boolean;
  /** Longest one move of a player module may take, in ms (default 10,000): see RunOptions. */
  readonly moveTimeLimitMs?: number;
  /** Most memory one worker thread playing player modules may use, in MB (default 1,024): past it the move under way is a fault of that player (see RunOptions.memoryLimitMb). */
  readonly memoryLimitMb?: number;
  /** The game's opening suite to start from (default its first, if it has any); false: the initial state. */
  readonly openings?: string | false;
}

/** Plays the round robin; a RangeError when its games would repeat one another (see `repeatedGames`). */
export async function runRoundRobin(options: RoundRobinOptions): Promise<TournamentReport> {
  if (!Number.isSafeInteger(options.games) || options.games < 1) throw new RangeError(`Invalid number of games: ${String(options.games)} (expected a whole number >= 1)`);
  const config = roundRobinConfig({ game: options.game, players: options.players, seed: options.seed ?? freshSeed(), openings: options.openings });
  validateConfig(config);
  const repeats = repeatedGames(config, options.games);
  if (repeats !== undefined) throw new RangeError(repeats);
  const { tally } = await runExperiment({ config, ranges: [[0, options.games]], threads: options.threads, signal: options.signal, onProgress: options.onProgress, moveTimeLimitMs: options.moveTimeLimitMs, memoryLimitMb: options.memoryLimitMb });
  return tournamentReport(config, tally, { ratings: options.ratings });
}

export interface LabTournamentOptions {
  /**
   * The players: built-in ids, modules or objects (see `TournamentPlayer`). Default: all of the
   * game's agents, in registry order. An object is labelled by its `name` (a string), else its
   * class's name; with the seed, the label picks its games, so a module and an object of one name
   * play the same games.
   */
  readonly ais?: readonly TournamentPlayer[];
  /** Games per ordered pairing (default 1,000, the specs' suggestion). */
  readonly games?: number;
  readonly seed?: number;
  /** Worker threads; 0 or 1 plays in this thread. Default: the available cores. */
  readonly threads?: number;
  /** Longest one move of a player module may take, in ms (default 10,000): past it the move is a fault of that player (see RunOptions.moveTimeLimitMs). */
  readonly moveTimeLimitMs?: number;
  /** Most memory one worker thread playing player modules may use, in MB (default 1,024): past it the move under way is a fault of that player (see RunOptions.memoryLimitMb). */
  readonly memoryLimitMb?: number;
  /** The game's opening suite (Connect Four: 'all', the default, or 'balanced'); false: every game from the empty board. */
  readonly openings?: string | false;
}

/** One ordered pairing, in the shape of the spec-level `Tournament`'s results. */
export interface LabPairingResult {
  readonly ai1: string;
  readonly ai2: string;
  readonly games: number;
  readonly wins: number;
  readonly winRate: number;
  readonly interval: { readonly low: number; readonly high: number };
}

/**
 * The specs' `Tournament` on the lab runner, for any two-player game of the registry: every
 * ordered pair of the players, in parallel on worker threads, replayable from its seed whatever
 * the thread count. Players are built-in ids, modules (each worker imports them) or objects (then
 * every game is played in the calling thread, with the same results as the module form).
 *
 *   const t = new LabTournament('uno-war', { ais: ['smallest', new URL('./my-counter.mjs', import.meta.url), new MyAI()], games: 100_000, seed: 1 });
 *   console.log(await t.report());   // Smallest Card AI vs. counter winRate: 0.812 …
 *
 * The same for Connect Four: `new LabTournament('connect-four', { ais: ['alphabeta2', new URL('./my-bot.mjs', import.meta.url)] })`
 * takes the assignment's `Player` (init/move/inform, answering synchronously) or a lab agent; a
 * fault (a throw, a bad column, a move of a module past `moveTimeLimitMs`) loses the game.
 */
export class LabTournament {
  readonly game: string;
  readonly ais: readonly TournamentPlayer[];
  readonly games: number;
  readonly seed: number;
  readonly threads: number | undefined;
  readonly moveTimeLimitMs: number | undefined;
  readonly memoryLimitMb: number | undefined;
  readonly openings: string | false | undefined;

  constructor(game: string, options: LabTournamentOptions = {}) {
    const definition = gameById(game);
    this.game = game;
    this.ais = options.ais ?? Object.keys(definition.agents);
    this.games = options.games ?? 1000;
    this.seed = options.seed ?? freshSeed();
    this.threads = options.threads;
    this.moveTimeLimitMs = options.moveTimeLimitMs;
    this.memoryLimitMb = options.memoryLimitMb;
    this.openings = options.openings;
    assertSeed(this.seed);
    if (!Number.isSafeInteger(this.games) || this.games < 1) throw new RangeError(`Invalid number of games: ${String(this.games)} (expected a whole number >= 1)`);
    // Built-in ids are checked now; modules and objects when played (loading a module is asynchronous).
    const ids = this.ais.filter((ai): ai is string => typeof ai === 'string' && builtInAgent(definition, ai) !== undefined);
    if (ids.length > 0) {
      const config = roundRobinConfig({ game, players: ids, seed: this.seed, openings: this.openings });
      validateConfig(config);
      const repeats = repeatedGames(config, this.games);
      if (repeats !== undefined) throw new RangeError(repeats);
    }
  }

  /** The lineup ids of the players: modules loaded (PlayerModuleError if unusable), objects registered in this thread. */
  async #players(): Promise<string[]> {
    const definition = gameById(this.game);
    const ids: string[] = [];
    for (const ai of this.ais) ids.push(typeof ai === 'string' || ai instanceof URL ? await resolvePlayer(definition, ai) : registerPlayerObject(definition, ai));
    const labels = ids.map(agentLabel);
    const twice = labels.find((label, i) => labels.indexOf(label) !== i);
    if (twice !== undefined) throw new RangeError(`Two players are named '${twice}': give one another name`);
    return ids;
  }

  /** The full report: win-rate matrix with Wilson intervals and Elo ratings with score-test CIs. */
  async play(signal?: AbortSignal): Promise<TournamentReport> {
    return runRoundRobin({ game: this.game, players: await this.#players(), games: this.games, seed: this.seed, threads: this.threads, signal, moveTimeLimitMs: this.moveTimeLimitMs, memoryLimitMb: this.memoryLimitMb, openings: this.openings });
  }

  /** Every pairing, row by row (ai1 outer, ai2 inner), as the spec-level Tournament lists them. */
  async run(): Promise<LabPairingResult[]> {
    const report = await runRoundRobin({ game: this.game, players: await this.#players(), games: this.games, seed: this.seed, threads: this.threads, ratings: false, moveTimeLimitMs: this.moveTimeLimitMs, memoryLimitMb: this.memoryLimitMb, openings: this.openings });
    return report.matrix.flatMap((row, i) =>
      row.map((cell, j) => ({
        ai1: report.players[i]!.name,
        ai2: report.players[j]!.name,
        games: cell!.games,
        wins: cell!.wins,
        winRate: cell!.winRate,
        interval: { low: cell!.ciLow, high: cell!.ciHigh },
      })),
    );
  }

  /** The specs' report: one `… vs. … winRate: 0.002` line per pairing. */
  async report(): Promise<string> {
    return (await this.run()).map((r) => `${r.ai1} vs. ${r.ai2} winRate: ${r.winRate.toFixed(3)}`).join('\n');
  }
}
