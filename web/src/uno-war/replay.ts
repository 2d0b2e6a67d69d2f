/** UnoWar's replay: the engine's state as text, every card shown. */
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import { unoWarGame } from '../../../src/games/uno-war/definition.js';
import type { ReplayFace } from '../replay/face.js';

export const unoWarReplay: ReplayFace = {
  definition: unoWarGame as unknown as GameDefinition<GameState>,
  shownCards: 'The replay shows every card — both hands, the pile and how many cards are left to draw: a record is read after the game, so nothing is hidden any more.',
};
