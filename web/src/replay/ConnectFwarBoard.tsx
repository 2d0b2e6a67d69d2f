/**
 * ConnectFwar's replay on the page's own board: the cards placed, a connected four lit, and the card
 * in hand with the deck left. The state is the engine's, as the record's moves left it.
 */
import { Card } from '../../../src/core/cards.js';
import type { GameState } from '../../../src/core/game.js';
import { EMPTY, type ConnectFwarState } from '../../../src/games/connect-fwar/engine.js';
import { Board } from '../connect-fwar/Board.js';
import { boardCells, winningCells } from '../connect-fwar/model.js';

const NO_MOVES: readonly number[] = [];

export function ConnectFwarBoard({ state }: { readonly state: GameState }) {
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
