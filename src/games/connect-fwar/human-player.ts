/**
 * The assignment's `HumanPlayer`: shows the card and the board, then asks a person for a column.
 *
 * The game layer does no I/O: the terminal (or a test) is injected as a `HumanIO` — `ask` shows a
 * prompt and resolves with the next line of input (null when input ends), `write` shows text.
 * Answers are checked here, so a typo or an illegal column is explained and asked again instead of
 * silently discarding the card.
 */
import { Card } from '../../core/cards.js';
import type { Board } from './board.js';
import type { AsyncPlayer } from './connect-fwar.js';
import { COLUMN_CHOICES, columnRefusal, parseMove } from './notation.js';
import { DISCARD_MOVE } from './player.js';
import { DISCARD } from './rules.js';

export interface HumanIO {
  ask(prompt: string): Promise<string | null>;
  write(text: string): void;
}

export const MOVE_PROMPT = `Column ${COLUMN_CHOICES}, d to discard, q to quit: `;

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

  /** Resolves with a legal column (0-based; the person types 1 to 4), DISCARD_MOVE for `d`, or null for `q` or the end of input. */
  async nextMove(card: Card, board: Board): Promise<number | null> {
    this.io.write(`${this.view.board(board)}Your card: ${this.view.card(card)}\n`);
    for (;;) {
      const line = await this.io.ask(MOVE_PROMPT);
      if (line === null) return null;
      const answer = line.trim().toLowerCase();
      if (answer === 'q') return null;
      const move = parseMove(answer);
      // The engine's discard action is DISCARD; the assignment's Player answers DISCARD_MOVE.
      if (move === DISCARD) return DISCARD_MOVE;
      if (move !== undefined) {
        const why = columnRefusal(card.index, move, board.getHeight(move), board.getTopCard(move)?.index ?? -1, fancy);
        if (why === null) return move;
        this.io.write(`${why.charAt(0).toUpperCase()}${why.slice(1)}. Choose another column or d.\n`);
        continue;
      }
      this.io.write(`'${line.trim()}' is not a move. Answer ${COLUMN_CHOICES.replace('-', ' to ')} for a column, d to discard or q to quit.\n`);
    }
  }
}

/** A card as the assignment's board draws it (`♥7`), so messages match the board on screen. */
const fancy = (card: number): string => Card.fromIndex(card).toFancyString();
