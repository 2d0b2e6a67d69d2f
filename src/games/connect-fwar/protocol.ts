/**
 * ConnectFwar over the line protocol (docs/player-protocol.md): what a program playing it is sent
 * at each decision, and how its answer is read — the assignment's `nextMove(card, board)` as text.
 *
 * Observation: `card <c> board <col0> <col1> <col2> <col3> dealt <cards>`, where each column lists
 * its cards bottom to top joined by commas (`-` when empty) and `dealt` lists every card drawn so
 * far, first drawn first, the one in hand last. Cards are ASCII codes (`7H`, `10S`, `AD`). The
 * order of the undealt cards — the one thing the player may not see — is never sent.
 *
 * Answer: a whole number, the column (0-3). As in the assignment, a number that is no column the
 * card can go on means the card is discarded (no fault); anything that is not a whole number is a
 * fault, and the card is discarded.
 */
import { cardCode, DECK_SIZE } from '../../core/cards.js';
import type { LineProtocol } from '../../core/line-protocol.js';
import type { ConnectFwarState } from './engine.js';
import { COLUMNS, DISCARD, ROWS } from './rules.js';

/** Every card's ASCII code, by card index: the observation is built per decision, millions of times a run. */
const CODES: readonly string[] = Array.from({ length: DECK_SIZE }, (_, card) => cardCode(card));

/**
 * Reads the state's own fields rather than `observe(0)` (which copies them into frozen arrays, a
 * cost per decision) — the same fields `observe` shows: the board, the card in hand and the dealt
 * cards (the deck's tail, where drawing puts them, last drawn first); never the undealt part.
 */
export const connectFwarProtocol: LineProtocol<ConnectFwarState> = {
  observation(state) {
    const { cells, heights, deck } = state;
    let line = `card ${CODES[state.drawn]!} board`;
    for (let col = 0; col < COLUMNS; col++) {
      const height = heights[col]!;
      if (height === 0) line += ' -';
      else {
        line += ` ${CODES[cells[col * ROWS]!]!}`;
        for (let row = 1; row < height; row++) line += `,${CODES[cells[col * ROWS + row]!]!}`;
      }
    }
    line += ` dealt ${CODES[deck[DECK_SIZE - 1]!]!}`;
    for (let k = DECK_SIZE - 2; k >= state.remaining; k--) line += `,${CODES[deck[k]!]!}`;
    return line;
  },
  action(state, answer) {
    const text = answer.trim();
    if (!/^[+-]?\d{1,9}$/.test(text)) return { fault: `answered ${JSON.stringify(answer.slice(0, 80))}, not a column number` };
    const col = Number(text);
    return col >= 0 && col < COLUMNS && state.canPlay(state.drawn, col) ? col : DISCARD;
  },
  onFault: () => DISCARD,
};
