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

/**
 * Every card's ASCII code (`7H`, `10S`), by card index, packed in one number: its bytes from the
 * lowest, its length in the top byte. The observation is written per decision, hundreds of
 * thousands of times a second in a run: one load per card.
 */
const CODES = Uint32Array.from({ length: DECK_SIZE }, (_, card) => {
  const code = cardCode(card);
  let word = code.length << 24;
  for (let k = 0; k < code.length; k++) word |= code.charCodeAt(k) << (8 * k);
  return word;
});

function putCard(out: Uint8Array, at: number, card: number): number {
  const word = CODES[card]!;
  out[at] = word & 0xff;
  out[at + 1] = (word >>> 8) & 0xff;
  if (word >>> 24 === 2) return at + 2;
  out[at + 2] = (word >>> 16) & 0xff;
  return at + 3;
}

const ascii = (text: string): readonly number[] => Array.from(text, (c) => c.charCodeAt(0));
const CARD = ascii('card ');
const BOARD = ascii(' board');
const DEALT = ascii(' dealt ');
const SPACE = 32;
const COMMA = 44;
const DASH = 45;

function put(out: Uint8Array, at: number, bytes: readonly number[]): number {
  for (let k = 0; k < bytes.length; k++) out[at++] = bytes[k]!;
  return at;
}

/**
 * Writes the observation line as ASCII bytes. Reads the state's own fields rather than `observe(0)`
 * (which copies them into frozen arrays, a cost per decision) — the same fields `observe` shows:
 * the board, the card in hand and the dealt cards (the deck's tail, where drawing puts them, last
 * drawn first); never the undealt part.
 */
function writeObservation(state: ConnectFwarState, out: Uint8Array, at: number): number {
  const { cells, heights, deck } = state;
  at = put(out, at, CARD);
  at = putCard(out, at, state.drawn);
  at = put(out, at, BOARD);
  for (let col = 0; col < COLUMNS; col++) {
    out[at++] = SPACE;
    const height = heights[col]!;
    if (height === 0) out[at++] = DASH;
    for (let row = 0; row < height; row++) {
      if (row > 0) out[at++] = COMMA;
      at = putCard(out, at, cells[col * ROWS + row]!);
    }
  }
  at = put(out, at, DEALT);
  for (let k = DECK_SIZE - 1; k >= state.remaining; k--) {
    if (k < DECK_SIZE - 1) out[at++] = COMMA;
    at = putCard(out, at, deck[k]!);
  }
  return at;
}

/** The longest line: `card 10S board`, four full columns of three-character codes, and all 52 cards dealt. */
const MAX_LINE = CARD.length + 3 + BOARD.length + COLUMNS * (1 + ROWS * 4) + DEALT.length + DECK_SIZE * 4;
const scratch = new Uint8Array(MAX_LINE);

export const connectFwarProtocol: LineProtocol<ConnectFwarState> = {
  observation(state) {
    return String.fromCharCode(...scratch.subarray(0, writeObservation(state, scratch, 0)));
  },
  bytes: { maxLength: MAX_LINE, write: writeObservation },
  action(state, answer) {
    const text = answer.trim();
    if (!/^[+-]?\d{1,9}$/.test(text)) return { fault: `answered ${JSON.stringify(answer.slice(0, 80))}, not a column number` };
    const col = Number(text);
    return col >= 0 && col < COLUMNS && state.canPlay(state.drawn, col) ? col : DISCARD;
  },
  onFault: () => DISCARD,
};
