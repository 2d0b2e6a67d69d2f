/**
 * Strategies compared on a one-player game: the average score of each over the same number of
 * games (10,000 by default), played on the lab runner — in parallel, seeded, with a 95% CI per
 * average. A game's public entry (src/entries) dresses it in the game's own names and defaults;
 * here nothing is known of any one game but its definition.
 *
 *   const result = await compareStrategies(game, { seed: 1 });   // the game's default lineup
 *   console.log(formatComparison(result));                          // one `name average` line each
 *
 * Players take part as modules (a path, a file URL or a package name: imported by every worker
 * thread, so they play in parallel) or as objects (played in this thread).
 */
import { freshSeed } from '../core/random.js';
import type { GameDefinition, GameState } from '../core/game.js';
import { gameById } from './registry.js';
import { comparisonReport, type StrategyResult } from './report.js';
import { runExperiment } from './runner.js';
import { agentLabel } from './user-agents.js';
import { registerPlayerObject, resolvePlayer } from './user-players.js';

/**
 * A strategy to compare: a built-in id, a module (a path relative to the working directory, a
 * `file:` URL, or a package name) whose default export is one of the game's player objects or a lab
 * agent, or such an object, played in this thread; its `name` (else its class's name) labels it
 * and, with the seed, picks its games.
 */
export type StrategySpec = string | URL | object;

export interface CompareOptions<P = StrategySpec> {
  /** Games per strategy. Default 10,000. */
  readonly games?: number;
  /** Default: a fresh seed, returned in the result so the run can be replayed. */
  readonly seed?: number;
  /** Strategies: built-in ids (the game's `agents`), modules or objects. Default: the game's default lineup, else its agents but those that see hidden information. */
  readonly players?: readonly P[];
  /** Worker threads; 0 or 1 plays in this thread. Default: the available cores. */
  readonly threads?: number;
  /** The same deals for every strategy (common random numbers). Default false. */
  readonly paired?: boolean;
  /** Longest one move of a player module may take, in ms (default 10,000): past it the move is a fault of that player (see RunOptions.moveTimeLimitMs). */
  readonly moveTimeLimitMs?: number;
  /** Most memory one worker thread playing player modules may use, in MB (default 1,024): past it the move under way is a fault of that player (see RunOptions.memoryLimitMb). */
  readonly memoryLimitMb?: number;
  readonly signal?: AbortSignal;
}

export interface PlayerAverage extends StrategyResult {
  readonly name: string;
  /** The mean score over the games played. */
  readonly average: number;
}

export interface PlayerComparisonResult {
  readonly seed: number;
  readonly games: number;
  readonly players: readonly PlayerAverage[];
}

/**
 * Compares strategies on a one-player game, given as a definition or as the id the lab knows it by
 * (a built-in id, or a game module's from `resolveGame`). The strategies are built-in ids, modules
 * (imported by every worker thread) or objects (then played in this thread, with the module form's
 * results for the same seed and name). Without `players`, the game's default lineup plays (else
 * every agent of the game that plays fair).
 */
export async function compareStrategies<S extends GameState>(game: GameDefinition<S> | string, options: CompareOptions = {}): Promise<PlayerComparisonResult> {
  // An id is how the lab knows a game module (`resolveGame('./my-game.mjs')`): its definition's own id is not enough.
  const id = typeof game === 'string' ? game : game.id;
  const definition = typeof game === 'string' ? gameById(game) : (game as unknown as GameDefinition<GameState>);
  if (definition.numPlayers !== 1) throw new RangeError(`${definition.title} has ${String(definition.numPlayers)} players: a comparison plays one-player games (use a tournament)`);
  const games = options.games ?? 10_000;
  if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`Invalid number of games: ${String(games)} (expected a whole number >= 1)`);
  // As `tabletop compare --game` does for a game without a lineup of its own: every agent a person may face.
  const specs = options.players ?? definition.defaultLineup?.players ?? Object.keys(definition.agents).filter((id) => definition.agents[id]!.seesHidden !== true);
  if (specs.length === 0) throw new RangeError(`No players to compare: ${definition.title} has no default lineup and no agent that plays fair, so name its players`);
  const players: string[] = [];
  for (const p of specs) players.push(typeof p === 'string' || p instanceof URL ? await resolvePlayer(definition, p) : registerPlayerObject(definition, p));
  const seed = options.seed ?? freshSeed();
  const config = { game: id, lineups: players.map((p) => [p]), seed, paired: options.paired === true };
  const { tally } = await runExperiment({ config, ranges: [[0, games]], threads: options.threads, signal: options.signal, moveTimeLimitMs: options.moveTimeLimitMs, memoryLimitMb: options.memoryLimitMb });
  const report = comparisonReport(config, tally);
  return {
    seed,
    games,
    players: players.map(agentLabel).map((name) => ({ name, average: report.strategies[name]!.mean, ...report.strategies[name]! })),
  };
}

/** One `name average` line per strategy, names padded to one width, averages to 4 decimals. */
export function formatComparison(result: PlayerComparisonResult): string {
  const width = Math.max(...result.players.map((p) => p.name.length));
  return result.players.map((p) => `${p.name.padEnd(width)} ${p.average.toFixed(4)}`).join('\n');
}
