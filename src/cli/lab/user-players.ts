/**
 * Strategy lists on the command line (`--players`, `--ais`): built-in ids and player modules.
 */
import type { GameDefinition, GameState } from '../../core/game.js';
import { PlayerModuleError, resolvePlayer } from '../../lab/user-players.js';
import { commaHint, UsageError } from '../options.js';
import { exitingOnInterrupt } from '../terminal.js';

/**
 * The lineup ids of a strategy list: built-in ids as they are, modules loaded (and checked) now,
 * so an unusable module is one usage error (exit 2) before any game.
 */
export async function resolvePlayers(game: GameDefinition<GameState>, specs: readonly string[], option: string): Promise<string[]> {
  if (specs.length === 0) throw new UsageError(`${option}: give at least one of ${Object.keys(game.agents).join(', ')} or a player module.`);
  // Loading a module takes a worker thread of its own (and up to its import's time limit): Ctrl-C ends the command meanwhile.
  return exitingOnInterrupt(async () => {
    const ids: string[] = [];
    for (const spec of specs) {
      try {
        ids.push(await resolvePlayer(game, spec));
      } catch (error) {
        if (error instanceof PlayerModuleError) throw new UsageError(`${option}: ${error.message}${commaHint(specs, spec)}`);
        throw error;
      }
    }
    return ids;
  });
}
