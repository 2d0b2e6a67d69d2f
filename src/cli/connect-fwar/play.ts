/**
 * `tabletop connect-fwar play`: one game of ConnectFwar in the terminal, through the spec's
 * `HumanPlayer` and `ConnectFwar.playAsync`. The terminal is handed to the player as its I/O; every
 * rule (legality, discards, the score) stays in games/. Works the same through a pipe: each prompt
 * reads one line, and the end of input ends the game like `q`.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { Card } from '../../core/cards.js';
import { DECK_SIZE } from '../../core/cards.js';
import { freshSeed } from '../../core/random.js';
import type { Board } from '../../games/connect-fwar/board.js';
import { ConnectFwar, type AsyncPlayer, type GameRecord } from '../../games/connect-fwar/connect-fwar.js';
import { HumanPlayer, type HumanIO, type HumanView } from '../../games/connect-fwar/human-player.js';
import { COLUMN_CHOICES, columnName, columnRefusal, connectedFours, lineName, moveName } from '../../games/connect-fwar/notation.js';
import { COLUMNS, DISCARD, ROWS, cellOf } from '../../games/connect-fwar/rules.js';
import { DISCARD_MOVE } from '../../games/connect-fwar/player.js';
import { parseSeed, UsageError } from '../options.js';
import { FwarCoach, parseMoves } from './coach.js';
import { addColorOptions, colorSuits, styleFor, type Style } from '../style.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

interface PlayCommandOptions {
  readonly seed?: number;
  /** Rate each decision (games/connect-fwar/coach.ts) and sum them up at the end. */
  readonly coach?: boolean;
  /** The coach, and a warning before a costly decision (the person confirms it). */
  readonly training?: boolean;
  /** Moves to replay before the person takes over (a column 0..3 or DISCARD each), as --moves gives them. */
  readonly moves?: readonly number[];
  /** true: colour; false: none; undefined: colour on a terminal unless NO_COLOR is set. */
  readonly color?: boolean;
}

/** The column numbers (as people count them, from 1) under the board, each under its cell. */
export const COLUMN_LABELS = Array.from({ length: COLUMNS }, (_, col) => ` ${columnName(col)} `).join('').trimEnd();

/** The board's cells in the engine's layout (`col * 4 + row`), -1 when empty. */
function gridOf(board: Board): number[] {
  const cells = new Array<number>(COLUMNS * ROWS).fill(-1);
  for (let col = 0; col < COLUMNS; col++) for (let row = 0; row < ROWS; row++) cells[cellOf(col, row)] = board.getCard(col, row)?.index ?? -1;
  return cells;
}

/** The cells (col, row) of a connected four on `board`, in order along the line, or null. */
export function connectedFour(board: Board): (readonly [number, number])[] | null {
  const line = connectedFours(gridOf(board))[0];
  return line === undefined ? null : line.map((cell) => [Math.floor(cell / ROWS), cell % ROWS] as const);
}

/**
 * The board as the assignment draws it (`Board.toString()`, unchanged when colour is off), then the
 * column numbers; with colour, red suits red and a connected four highlighted.
 */
export function drawBoard(board: Board, style: Style): string {
  const plain = board.toString();
  const labels = `${style.dim(COLUMN_LABELS)}\n`;
  if (!style.enabled) return plain + labels;
  const four = connectedFour(board) ?? [];
  const lines = plain.split('\n');
  // Line 0 is the leading empty line; row r (top first) is line 2 + 2·(ROWS − 1 − r). A cell is two
  // UTF-16 units (every rank is one glyph) at 1 + 3·col.
  for (let row = 0; row < ROWS; row++) {
    const i = 2 + 2 * (ROWS - 1 - row);
    const text = lines[i]!;
    let out = '|';
    for (let col = 0; col < COLUMNS; col++) {
      const cell = colorSuits(text.slice(1 + 3 * col, 3 + 3 * col), style);
      out += `${four.some(([c, r]) => c === col && r === row) ? style.highlight(cell) : cell}|`;
    }
    lines[i] = out;
  }
  return lines.join('\n') + labels;
}

function terminalView(style: Style): HumanView {
  return {
    board: (board) => drawBoard(board, style),
    card: (card) => `${colorSuits(card.toFancyString(), style)}  (${card.toString()})`,
  };
}

/** One line naming the four that connected, e.g. `The four: ♦5 ♦6 ♣6 ♣7 along row 1.` (rows and columns counted from 1). */
export function describeFour(board: Board, style: Style): string | null {
  const four = connectedFour(board);
  if (four === null) return null;
  const cards = four.map(([col, row]) => colorSuits(board.getCard(col, row)!.toFancyString(), style)).join(' ');
  return `The four: ${cards} ${lineName(four.map(([col, row]) => cellOf(col, row)))}.`;
}

/** Said once when the coach is on: how to read its values. */
const COACH_LEGEND =
  'Coach: after each of your moves, the expected final score of every move you had (1-4 a column, d the discard), ' +
  'played out on up to 1,000 orders of the cards you have not seen (fewer once one move is clearly best); - where the card cannot go.';

export const RULES_SUMMARY = [
  `Put each card on column ${COLUMN_CHOICES}, bottom up: on an empty column, or on a top card of equal or lower`,
  'rank (Ace low, no King-Ace wrap). Or discard it with d. q quits.',
  'Connect four along a row, a column or a diagonal: neighbours share the suit or the rank, or their',
  'ranks are one apart. Your score is the number of cards still in the deck when four connect.',
].join('\n');

/** Plays one game on `input`/`output` and returns its record; prints the final score. */
export async function playConnectFwar(
  options: PlayCommandOptions,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<GameRecord> {
  const session = new PlaySession(input, output);
  const write = (text: string): void => {
    session.write(text);
  };
  const say = (text: string): void => {
    session.say(text);
  };
  const seed = options.seed ?? freshSeed();
  say(`ConnectFwar, deal ${String(seed)}. Replay it with --seed ${String(seed)}.`);
  say(RULES_SUMMARY);

  let inputEnded = false;
  const io: HumanIO = {
    async ask(prompt) {
      const line = await session.ask(prompt, '');
      if (line === null && !session.outputClosed) inputEnded = true;
      return line;
    },
    write,
  };
  const style = styleFor(options.color, output);
  const human = new HumanPlayer(io, terminalView(style));
  const coach = options.coach === true || options.training === true ? new FwarCoach(seed) : null;
  if (coach !== null) say(COACH_LEGEND);
  const replay = [...(options.moves ?? [])];
  let dealt = 0;
  const player: AsyncPlayer = {
    async nextMove(card: Card, board: Board) {
      dealt++;
      coach?.see(card.index);
      say(`\nCard ${String(dealt)} of ${String(DECK_SIZE)}, ${String(DECK_SIZE - dealt)} left in the deck:`);
      const replayed = replay.shift();
      if (replayed !== undefined) {
        write(`${drawBoard(board, style)}Card: ${terminalView(style).card(card)}, replayed from --moves: ${moveName(replayed)}\n`);
        const why = replayed === DISCARD ? null : columnRefusal(card.index, replayed, board.getHeight(replayed), board.getTopCard(replayed)?.index ?? -1);
        if (why !== null) throw new UsageError(`--moves: card ${String(dealt)}: ${why}`);
        coach?.replayed(replayed);
        return replayed === DISCARD ? DISCARD_MOVE : replayed;
      }
      for (;;) {
        const answer = await human.nextMove(card, board);
        if (answer === null || coach === null) return answer;
        const move = answer === DISCARD_MOVE ? DISCARD : answer;
        const cells = gridOf(board);
        const warning = options.training === true ? coach.warning(cells, card.index, move) : null;
        if (warning !== null) {
          say(warning);
          const confirm = await io.ask(`Play ${move === DISCARD ? 'the discard' : `column ${moveName(move)}`} anyway? (y/n): `);
          if (confirm === null) return null;
          if (!/^y(es)?$/i.test(confirm.trim())) continue;
        }
        say(coach.record(cells, card.index, move));
        return answer;
      }
    },
  };

  try {
    const record = await ConnectFwar.playAsync(player, { seed });
    write(drawBoard(record.board, style));
    const four = record.outcome === 'connected' ? describeFour(record.board, style) : null;
    if (four !== null) say(four);
    say(ending(record, inputEnded));
    for (const line of coach?.summary() ?? []) say(line);
    return record;
  } finally {
    session.close();
  }
}

function ending(record: GameRecord, inputEnded: boolean): string {
  const left = `${String(record.cardsLeft)} card${record.cardsLeft === 1 ? '' : 's'} left in the deck`;
  switch (record.outcome) {
    case 'connected':
      return `Four connected with ${left}! Final score: ${String(record.score)}.`;
    case 'deck-empty':
      return 'The deck is empty and no four connected. Final score: 0.';
    case 'abandoned':
      return `${inputEnded ? 'End of input' : 'Quit'} with ${left} and no four connected yet. Score so far: 0.`;
  }
}

export function registerPlay(command: Command): Command {
  const play = command
    .command('play')
    .description('play a game of ConnectFwar in the terminal (one answer per line; works through a pipe)')
    .option('--seed <n>', 'deal number, to replay a game (default: a fresh one, printed)', parseSeed)
    .option('--coach', 'after each move, the expected final score of every move you had and what yours cost; a summary after the game')
    .option('--training', 'the coach, and a warning before a costly move (you confirm it or choose again)')
    .option('--moves <moves>', 'replay these moves first (1-4 a column, d a discard, e.g. 23d1), then play on from there', (text: string) => {
      try {
        return parseMoves(text);
      } catch (error) {
        throw new InvalidArgumentError((error as Error).message);
      }
    });
  addColorOptions(play)
    .addHelpText(
      'after',
      [
        '',
        RULES_SUMMARY,
        '',
        'Examples:',
        '  tabletop connect-fwar play',
        '  tabletop connect-fwar play --seed 42',
        '  tabletop connect-fwar play --seed 42 --coach',
        "  printf '1\\n2\\nd\\nq\\n' | tabletop connect-fwar play --seed 42",
        '',
      ].join('\n'),
    )
    .action(async (options: PlayCommandOptions) => {
      await exitingOnInterrupt(() => playConnectFwar(options));
    });
  return command;
}
