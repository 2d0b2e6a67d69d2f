/**
 * ConnectFwar's replay on the page's own board: the cards placed, a connected four lit, and the card
 * in hand with the deck left. The state is the engine's, as the record's moves left it.
 */
import { Card } from '../../../src/core/cards.js';
import type { GameDefinition, GameState } from '../../../src/core/game.js';
import { connectFwarGame } from '../../../src/games/connect-fwar/definition.js';
import { EMPTY, type ConnectFwarState } from '../../../src/games/connect-fwar/engine.js';
import type { ReplayFace } from '../replay/face.js';
import { Board } from './Board.js';
import { boardCells, winningCells } from './model.js';

const NO_MOVES: readonly number[] = [];

function ReplayBoard({ state }: { readonly state: GameState }) {
  const fwar = state as ConnectFwarState;
  return (
    <>
      <p class="replay-step" data-testid="hand">
        {fwar.drawn === EMPTY ? 'No card in hand' : `Card in hand: ${Card.fromIndex(fwar.drawn).toFancyString()}`} · deck: {fwar.remaining}
      </p>
      <Board cells={boardCells(fwar)} playable={NO_MOVES} winning={winningCells(fwar)} label="Board" />
    </>
  );
}

export const connectFwarReplay: ReplayFace = {
  definition: connectFwarGame as unknown as GameDefinition<GameState>,
  shownCards: 'The replay shows every card as it is dealt: the record holds the whole deal.',
  Board: ReplayBoard,
};
