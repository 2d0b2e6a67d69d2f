/**
 * Every game the lab can run, by command-line id. Worker threads rebuild games and agents from
 * these ids, so a game plugs into the lab by adding one line here.
 */
import type { GameDefinition, GameState } from '../core/game.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { unoWarGame } from '../games/uno-war/definition.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { klondikeGame } from '../games/klondike/definition.js';
import { isUserGameId, userGameDefinition } from './user-games.js';

export const GAMES: Readonly<Record<string, GameDefinition<GameState>>> = {
  [connectFwarGame.id]: connectFwarGame as unknown as GameDefinition<GameState>,
  [unoWarGame.id]: unoWarGame as unknown as GameDefinition<GameState>,
  [connectFourGame.id]: connectFourGame as unknown as GameDefinition<GameState>,
  [klondikeGame.id]: klondikeGame as unknown as GameDefinition<GameState>,
};

export function gameById(id: string): GameDefinition<GameState> {
  // Own entries only: 'constructor' or '__proto__' are no game.
  const game = Object.hasOwn(GAMES, id) ? GAMES[id] : (variantById(id) ?? userGameDefinition(id));
  // A game module is loaded (game-modules.ts) before anything asks for it by its id.
  if (game === undefined && isUserGameId(id)) throw new RangeError(`The game module ${id} is not loaded in this thread`);
  if (game === undefined) throw new RangeError(`Unknown game '${id}' (known: ${Object.keys(GAMES).join(', ')})`);
  return game;
}

/** A built-in game's variant named by its own id (a family of games named by their parameters, such as Klondike's standard rules). */
export function variantById(id: string): GameDefinition<GameState> | undefined {
  for (const game of Object.values(GAMES)) {
    const variant = game.variantById?.(id);
    if (variant !== undefined) return variant;
  }
  return undefined;
}
