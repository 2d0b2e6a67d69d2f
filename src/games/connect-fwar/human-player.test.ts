import { describe, expect, it } from 'vitest';
import { Card } from '../../core/cards.js';
import { Board } from './board.js';
import { ConnectFwar } from './connect-fwar.js';
import { HumanPlayer, MOVE_PROMPT, type HumanIO } from './human-player.js';
import { BasicPlayer, DISCARD_MOVE } from './player.js';

/** A scripted person: answers `lines` in order (then end of input), recording all that is shown. */
function scripted(lines: readonly string[]): HumanIO & { transcript: string; prompts: number } {
  const queue = [...lines];
  const io = {
    transcript: '',
    prompts: 0,
    ask(prompt: string) {
      io.transcript += prompt;
      io.prompts++;
      return Promise.resolve(queue.shift() ?? null);
    },
    write(text: string) {
      io.transcript += text;
    },
  };
  return io;
}

function boardWith(plays: readonly [Card, number][]): Board {
  const board = new Board();
  for (const [card, col] of plays) board.play(card, col);
  return board;
}

describe('HumanPlayer', () => {
  it('shows the board and the card, then returns the chosen column', async () => {
    const io = scripted(['3']);
    const board = boardWith([[new Card(3, 1), 0]]);
    const move = await new HumanPlayer(io).nextMove(new Card(12, 4), board);
    // People count columns from 1; the assignment's Player answers 0 to 3.
    expect(move).toBe(2);
    expect(io.transcript).toBe(`${board.toString()}Your card: ♦Q  (Queen of Diamonds)\n${MOVE_PROMPT}`);
  });

  it('accepts answers with spaces and in capitals', async () => {
    expect(await new HumanPlayer(scripted(['  2 '])).nextMove(new Card(5, 1), new Board())).toBe(1);
    expect(await new HumanPlayer(scripted([' D'])).nextMove(new Card(5, 1), new Board())).toBe(DISCARD_MOVE);
    expect(await new HumanPlayer(scripted(['Q'])).nextMove(new Card(5, 1), new Board())).toBeNull();
  });

  it('discards on d and gives up (null) on q or the end of input', async () => {
    expect(await new HumanPlayer(scripted(['d'])).nextMove(new Card(5, 1), new Board())).toBe(DISCARD_MOVE);
    expect(await new HumanPlayer(scripted(['q'])).nextMove(new Card(5, 1), new Board())).toBeNull();
    expect(await new HumanPlayer(scripted([])).nextMove(new Card(5, 1), new Board())).toBeNull();
  });

  it('explains and asks again for anything that is not a move', async () => {
    const io = scripted(['', 'x', '0', '5', '-1', '12', '1.0', '0 1', 'discard', '4']);
    expect(await new HumanPlayer(io).nextMove(new Card(5, 1), new Board())).toBe(3);
    expect(io.prompts).toBe(10);
    expect(io.transcript.match(/is not a move/g)).toHaveLength(9);
    expect(io.transcript).toContain("'x' is not a move. Answer 1 to 4 for a column, d to discard or q to quit.\n");
    expect(io.transcript).toContain("'0' is not a move.");
  });

  it('refuses an illegal column for this card, saying why, and asks again', async () => {
    const full = [1, 2, 3, 4].map((suit) => [new Card(2, suit), 0] as [Card, number]);
    const board = boardWith([...full, [new Card(9, 1), 1]]);
    const io = scripted(['1', '2', 'd']);
    expect(await new HumanPlayer(io).nextMove(new Card(5, 2), board)).toBe(DISCARD_MOVE);
    expect(io.transcript).toContain('Column 1 is full. Choose another column or d.\n');
    expect(io.transcript).toContain('♥5 cannot go on column 2: its top card, ♠9, ranks higher (a card goes on an empty column or on a card of its own rank or lower). Choose another column or d.\n');
    expect(io.prompts).toBe(3);
  });

  it('plays a whole game through ConnectFwar.playAsync, the same game as BasicPlayer given the same answers', async () => {
    // Answer what BasicPlayer would, as a person typing: same seed, same game, same score.
    const basic = new BasicPlayer();
    let pending: string[] = [];
    const io: HumanIO = {
      ask: () => Promise.resolve(pending.shift() ?? null),
      write: () => undefined,
    };
    const human = new HumanPlayer(io);
    const typist = {
      nextMove(card: Card, board: Board) {
        const move = basic.nextMove(card, board);
        pending = [move === DISCARD_MOVE ? 'd' : String(move + 1)];
        return human.nextMove(card, board);
      },
    };
    for (const seed of [1, 2, 3]) {
      const record = await ConnectFwar.playAsync(typist, { seed });
      expect(record.score).toBe(ConnectFwar.play(new BasicPlayer(), { seed }));
    }
  });
});
