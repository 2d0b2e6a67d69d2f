/** Klondike's face of the lab's generic comparison: its default lineup, its players, its figures. */
import { klondikeGame } from '../games/klondike/definition.js';
import { compareStrategies, type CompareOptions, type PlayerComparisonResult } from '../lab/player-comparison.js';

export type { PlayerAverage, PlayerComparisonResult } from '../lab/player-comparison.js';

/**
 * Klondike strategies compared over `games` deals (default 10,000): built-in ids (`random`,
 * `greedy`, the default lineup), program modules or objects (`nextMove(game, moves)`, or a lab
 * agent). Each result's `average` is the mean number of cards brought to the foundations,
 * `topShare` the share of won deals.
 */
export function compareKlondike(options: CompareOptions = {}): Promise<PlayerComparisonResult> {
  return compareStrategies(klondikeGame, options);
}
