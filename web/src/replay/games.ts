/**
 * Each replayable game's engine and title, loaded only when a replay is opened (each definition is
 * its own chunk, as each game page is).
 */
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import type { ReplayGameId } from './model.js';

export async function loadGame(id: ReplayGameId): Promise<{ readonly definition: GameDefinition<GameState>; readonly title: string }> {
  const definition = await DEFINITIONS[id]();
  return { definition, title: definition.title };
}

const DEFINITIONS: Readonly<Record<ReplayGameId, () => Promise<GameDefinition<GameState>>>> = {
  'connect-four': async () => (await import('../../../src/games/connect-four/definition.js')).connectFourGame as unknown as GameDefinition<GameState>,
  'connect-fwar': async () => (await import('../../../src/games/connect-fwar/definition.js')).connectFwarGame as unknown as GameDefinition<GameState>,
  'uno-war': async () => (await import('../../../src/games/uno-war/definition.js')).unoWarGame as unknown as GameDefinition<GameState>,
  klondike: async () => (await import('../../../src/games/klondike/definition.js')).klondikeGame as unknown as GameDefinition<GameState>,
};
