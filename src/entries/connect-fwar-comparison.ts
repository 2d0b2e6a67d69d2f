/**
 * The spec's `PlayerComparison` for ConnectFwar: the lab's generic comparison under the spec's
 * name and shape, with the game's default lineup (the spec's four AIs) as its default.
 *
 *   const result = await PlayerComparison.compare({ seed: 1 });
 *   console.log(PlayerComparison.format(result));   // random 12.8218 / basic  30.1236 / …
 *
 * Your own players take part as modules (a path, a file URL or a package name: imported by every
 * worker thread, so they play in parallel) or as objects (played in this thread):
 *
 *   await PlayerComparison.compare({ players: ['basic', new URL('./mine.mjs', import.meta.url), new MyPlayer()] });
 */
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import type { Player } from '../games/connect-fwar/player.js';
import { compareStrategies, formatComparison, type CompareOptions, type PlayerComparisonResult } from '../lab/player-comparison.js';

export type { PlayerAverage, PlayerComparisonResult } from '../lab/player-comparison.js';

/**
 * A strategy to compare: a built-in id, a module (a path relative to the working directory, a
 * `file:` URL, or a package name) whose default export is a `Player` or a lab agent, or a player
 * object (with `nextMove(card, board)`, or a lab agent's `act(state, rng)`), played in this thread;
 * its `name` (else its class's name) labels it and, with the seed, picks its games.
 */
export type ComparedPlayer = string | URL | (Player & { readonly name?: string }) | { readonly name?: string; readonly act: (...args: never[]) => number };

/** Games (default 10,000, the spec's), seed, players (default: the spec's four), threads, pairing, limits. */
export type PlayerComparisonOptions = CompareOptions<ComparedPlayer>;

/** The spec's four AIs, in the spec's order, by their lab ids: the game's default lineup (its definition's). */
export const SEED_STRATEGIES: readonly string[] = connectFwarGame.defaultLineup!.players;

// The spec's public face is a class of static functions; keep its name and shape.
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
export class PlayerComparison {
  /** Plays `games` games per strategy and returns each average with its 95% CI. */
  static async compare(options: PlayerComparisonOptions = {}): Promise<PlayerComparisonResult> {
    return compareStrategies(connectFwarGame, options);
  }

  /** The spec's output: one `name average` line per AI, averages to 4 decimals. */
  static format(result: PlayerComparisonResult): string {
    return formatComparison(result);
  }

  /** The spec's `main`: compares the four AIs over 10,000 games each and prints the averages. */
  static async main(options: PlayerComparisonOptions = {}): Promise<void> {
    console.log(PlayerComparison.format(await PlayerComparison.compare(options)));
  }
}
