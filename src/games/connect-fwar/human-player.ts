/**
 * The assignment's `HumanPlayer`: shows the card and the board, then asks a person for a column.
 *
 * The game layer does no I/O: the terminal (or a test) is injected as a `HumanIO` — `ask` shows a
 * prompt and resolves with the next line of input (null when input ends), `write` shows text.
 * Answers are checked here, so a typo or an illegal column is explained and asked again instead of
 * silently discarding the card.
 */
import type { Card } from '../../core/cards.js';
import type { Board } from './board.js';
import type { AsyncPlayer } from './connect-fwar.js';
import { DISCARD_MOVE } from './player.js';
import { COLUMNS, ROWS } from './rules.js';

export interface HumanIO {
  ask(prompt: string): Promise<string | null>;
  write(text: string): void;
}

export const MOVE_PROMPT = `Column 0-${String(COLUMNS - 1)}, d to discard, q to quit: `;

/**
 * How the player shows the board and the card. The default is the assignment's `Board.toString()`
 * and the card as `♦5  (Five of Diamonds)`; a terminal may add colour or labels.
 */
export interface HumanView {
  board(board: Board): string;
  card(card: Card): string;
}

const PLAIN_VIEW: HumanView = {
  board: (board) => board.toString(),
  card: (card) => `${card.toFancyString()}  (${card.toString()})`,
};

export class HumanPlayer implements AsyncPlayer {
  constructor(
    private readonly io: HumanIO,
    private readonly view: HumanView = PLAIN_VIEW,
  ) {}

  /** Resolves with a legal column, DISCARD_MOVE for `d`, or null for `q` or the end of input. */
  async nextMove(card: Card, board: Board): Promise<number | null> {
    this.io.write(`${this.view.board(board)}Your card: ${this.view.card(card)}\n`);
    for (;;) {
      const line = await this.io.ask(MOVE_PROMPT);
      if (line === null) return null;
      const answer = line.trim().toLowerCase();
      if (answer === 'q') return null;
      if (answer === 'd') return DISCARD_MOVE;
      if (/^\d$/.test(answer) && Number(answer) < COLUMNS) {
        const col = Number(answer);
        if (board.canPlay(card, col)) return col;
        this.io.write(`${card.toFancyString()} cannot go on column ${answer}: ${whyNot(board, col)}. Choose another column or d.\n`);
        continue;
      }
      this.io.write(`'${line.trim()}' is not a move. Answer 0 to ${String(COLUMNS - 1)} for a column, d to discard or q to quit.\n`);
    }
  }
}

function whyNot(board: Board, col: number): string {
  if (board.getHeight(col) === ROWS) return 'it is full';
  return `its top card ${board.getTopCard(col)!.toFancyString()} ranks higher`;
}
