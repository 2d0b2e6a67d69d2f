/**
 * The spec's `PlayerComparison` for ConnectFwar: the average score of each AI over 10,000 games
 * (by default), now played on the lab runner — in parallel, seeded, with a 95% CI per average.
 *
 *   const result = await PlayerComparison.compare({ seed: 1 });
 *   console.log(PlayerComparison.format(result));   // random 12.8218 / basic  30.1236 / …
 *
 * Your own players take part as modules (a path, a file URL or a package name: imported by every
 * worker thread, so they play in parallel) or as objects (played in this thread):
 *
 *   await PlayerComparison.compare({ players: ['basic', new URL('./mine.mjs', import.meta.url), new MyPlayer()] });
 */
import { freshSeed } from '../core/random.js';
import type { GameDefinition, GameState } from '../core/game.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { klondikeGame } from '../games/klondike/definition.js';
import type { Player } from '../games/connect-fwar/player.js';
import { comparisonReport, type StrategyResult } from './report.js';
import { runExperiment } from './runner.js';
import { agentLabel } from './user-agents.js';
import { registerPlayerObject, resolvePlayer } from './user-players.js';

/**
 * A strategy to compare: a built-in id, a module (a path relative to the working directory, a
 * `file:` URL, or a package name) whose default export is a `Player` or a lab agent, or a player
 * object (with `nextMove(card, board)`, or a lab agent's `act(state, rng)`), played in this thread;
 * its `name` (else its class's name) labels it and, with the seed, picks its games.
 */
export type ComparedPlayer = string | URL | (Player & { readonly name?: string }) | { readonly name?: string; readonly act: (...args: never[]) => number };

/**
 * Any one-player game's comparison on the lab (ConnectFwar's `PlayerComparison.compare`, Klondike's
 * `compareKlondike`): built-in ids, modules (imported by every worker thread) or objects (then
 * played in this thread, with the module form's results for the same seed and name).
 */
export async function compareStrategies(game: GameDefinition<GameState>, options: Omit<PlayerComparisonOptions, 'players'> & { readonly players: readonly (string | URL | object)[] }): Promise<PlayerComparisonResult> {
  const games = options.games ?? 10_000;
  if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`Invalid number of games: ${String(games)} (expected a whole number >= 1)`);
  const players: string[] = [];
  for (const p of options.players) players.push(typeof p === 'string' || p instanceof URL ? await resolvePlayer(game, p) : registerPlayerObject(game, p));
  const seed = options.seed ?? freshSeed();
  const config = { game: game.id, lineups: players.map((p) => [p]), seed, paired: options.paired === true };
  const { tally } = await runExperiment({ config, ranges: [[0, games]], threads: options.threads, signal: options.signal, moveTimeLimitMs: options.moveTimeLimitMs, memoryLimitMb: options.memoryLimitMb });
  const report = comparisonReport(config, tally);
  return {
    seed,
    games,
    players: players.map(agentLabel).map((name) => ({ name, average: report.strategies[name]!.mean, ...report.strategies[name]! })),
  };
}

/**
 * Klondike strategies compared over `games` deals (default 10,000): built-in ids (`random`,
 * `greedy`), program modules or objects (`nextMove(game, moves)`, or a lab agent). Each result's
 * `average` is the mean number of cards brought to the foundations, `topShare` the share of won deals.
 */
export function compareKlondike(options: Omit<PlayerComparisonOptions, 'players'> & { readonly players?: readonly (string | URL | object)[] }): Promise<PlayerComparisonResult> {
  return compareStrategies(klondikeGame as unknown as GameDefinition<GameState>, { ...options, players: options.players ?? klondikeGame.defaultLineup!.players });
}

/** The spec's four AIs, in the spec's order, by their lab ids: the game's default lineup (its definition's). */
export const SEED_STRATEGIES: readonly string[] = connectFwarGame.defaultLineup!.players;

export interface PlayerComparisonOptions {
  /** Games per strategy. Default 10,000 (the spec's). */
  readonly games?: number;
  /** Default: a fresh seed, returned in the result so the run can be replayed. */
  readonly seed?: number;
  /** Strategies: built-in ids (see `connectFwarGame.agents`), modules or objects. Default: the spec's four. */
  readonly players?: readonly ComparedPlayer[];
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
  /** The spec's figure: the mean score over the games played. */
  readonly average: number;
}

export interface PlayerComparisonResult {
  readonly seed: number;
  readonly games: number;
  readonly players: readonly PlayerAverage[];
}

// The spec's public face is a class of static functions; keep its name and shape.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class PlayerComparison {
  /** Plays `games` games per strategy and returns each average with its 95% CI. */
  static async compare(options: PlayerComparisonOptions = {}): Promise<PlayerComparisonResult> {
    return compareStrategies(connectFwarGame as unknown as GameDefinition<GameState>, { ...options, players: options.players ?? SEED_STRATEGIES });
  }

  /** The spec's output: one `name average` line per AI, averages to 4 decimals. */
  static format(result: PlayerComparisonResult): string {
    const width = Math.max(...result.players.map((p) => p.name.length));
    return result.players.map((p) => `${p.name.padEnd(width)} ${p.average.toFixed(4)}`).join('\n');
  }

  /** The spec's `main`: compares the four AIs over 10,000 games each and prints the averages. */
  static async main(options: PlayerComparisonOptions = {}): Promise<void> {
    console.log(PlayerComparison.format(await PlayerComparison.compare(options)));
  }
}
