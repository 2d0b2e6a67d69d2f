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
import { cardCode } from '../../core/cards.js';
import type { LineProtocol } from '../../core/line-protocol.js';
import type { ConnectFwarState } from './engine.js';
import { COLUMNS, DISCARD, ROWS } from './rules.js';

function columnText(cells: readonly number[], col: number): string {
  const cards: string[] = [];
  for (let row = 0; row < ROWS && cells[col * ROWS + row]! >= 0; row++) cards.push(cardCode(cells[col * ROWS + row]!));
  return cards.length === 0 ? '-' : cards.join(',');
}

export const connectFwarProtocol: LineProtocol<ConnectFwarState> = {
  observation(state) {
    const seen = state.observe(0);
    const columns = Array.from({ length: COLUMNS }, (_, col) => columnText(seen.cells, col));
    return `card ${cardCode(seen.drawn)} board ${columns.join(' ')} dealt ${seen.dealt.map(cardCode).join(',')}`;
  },
  action(state, answer) {
    const text = answer.trim();
    if (!/^[+-]?\d{1,9}$/.test(text)) return { fault: `answered ${JSON.stringify(answer.slice(0, 40))}, not a column number` };
    const col = Number(text);
    return col >= 0 && col < COLUMNS && state.canPlay(state.drawn, col) ? col : DISCARD;
  },
  onFault: () => DISCARD,
};
