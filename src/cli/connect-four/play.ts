/**
 * `tabletop connect-four play`: one game on the terminal, refereed. People type columns 1-7 (input
 * may come through a pipe), `u` to take back, `h` for a hint from the solver; bots run in worker
 * threads or as external programs. The board is drawn after every move; `--pos` starts from a
 * position.
 *
 * Take-backs: the referee plays a game from an opening to its end and cannot rewind, so `u` ends
 * the refereed game (see TakeBack) and a new one starts from the earlier position, given to the
 * referee as its opening, with fresh players that are told every move of it.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { colorName, type ClosablePlayer, type Player } from '../../games/connect-four/player.js';
import { ALPHABETA_LEVELS } from '../../games/connect-four/players/alphabeta.js';
import type { LineSource } from '../../games/connect-four/players/human.js';
import { HEIGHT, Position } from '../../games/connect-four/position.js';
import { winningLines } from '../../games/connect-four/winning.js';
import { moveString, type GameResult } from '../../games/connect-four/referee/result.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { freshSeed } from '../../core/random.js';
import { formatDuration } from '../../core/format.js';
import { BUILTIN_BOTS, createBot, parseBotDefinition, resolveLineup, type ExternalBotDefinition, type LineupOptions } from '../../arena/connect-four/lineup.js';
import { Referee, seatPlayers } from '../../arena/connect-four/referee.js';
import { parseIntegerIn, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { addColorOptions, styleFor, PLAIN, type Style } from '../style.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';
import { loadDefaultBook } from '../../arena/connect-four/book-file.js';
import { TakeBack, TerminalHuman } from './terminal-human.js';
import { describeRating, TerminalCoach } from './coach.js';

export const DEFAULT_TIME_SECONDS = 18;
export const DEFAULT_LEVEL = 4;
export const DEFAULT_HINT_SECONDS = 3;

export interface PlayOptions {
  readonly red: string;
  readonly yellow: string;
  readonly time: number;
  readonly level: number;
  readonly seed?: number;
  readonly bot: ExternalBotDefinition[];
  /** The moves played before the game starts (1-based column digits); '' for the empty board. */
  readonly pos?: string;
  readonly hintTime: number;
  readonly color?: boolean;
  /** Rate each decision of a person (games/connect-four/coach.ts) and sum them up at the end. */
  readonly coach?: boolean;
  /** The coach, and a warning before a costly decision (the person confirms it). */
  readonly training?: boolean;
}

export function collectBot(value: string, previous: ExternalBotDefinition[]): ExternalBotDefinition[] {
  try {
    return [...previous, parseBotDefinition(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/** `--pos`: 1-based column digits as `solve` reads them (`-` or nothing: the empty board), of a game not over. */
export function parsePosition(value: string): string {
  const moves = value.trim() === '-' ? '' : value.trim();
  let position: Position;
  try {
    position = Position.fromMoves(moves);
  } catch (error) {
    throw new InvalidArgumentError(`--pos: ${(error as Error).message}`);
  }
  if (position.isGameOver()) throw new InvalidArgumentError(`--pos: the game is already over after ${moves}`);
  return moves;
}

export function registerPlay(command: Command): Command {
  const players = `human, ${BUILTIN_BOTS.join(', ')}, a --bot name, a program (exec:<command>), or a bot module (./my-bot.mjs)`;
  const play = command
    .command('play')
    .description('Play a game of Connect Four on the terminal (people type columns 1-7, u to take back, h for a hint, q to resign)')
    .addOption(new Option('--red <player>', `who plays red, moving first: ${players}`).default('human'))
    .addOption(new Option('--yellow <player>', `who plays yellow: ${players}`).default('alphabeta'))
    .option('--time <seconds>', 'move time limit for bots, in seconds (decimals allowed); people are not timed', parsePositiveNumber('The time limit'), DEFAULT_TIME_SECONDS)
    .option('--level <n>', `strength of alphabeta, 1 (weakest) to ${String(ALPHABETA_LEVELS.length)}`, parseIntegerIn(1, ALPHABETA_LEVELS.length, 'The level'), DEFAULT_LEVEL)
    .option('--seed <n>', 'seed of the random player (default: a fresh one, printed at the end)', parseSeed)
    .addOption(new Option('--bot <name=command>', 'an external bot speaking the line protocol of docs/connect-four-bots.md (repeatable)').argParser(collectBot).default([], 'none'))
    .option('--pos <moves>', 'start from this position: the moves so far as 1-based column digits, as `solve` reads them (e.g. 4453)', parsePosition)
    .option('--hint-time <seconds>', 'how long the solver may think for a hint (h)', parsePositiveNumber('The hint time'), DEFAULT_HINT_SECONDS)
    .option('--coach', "after each of a person's moves, the solver's score of every column and what the move cost; a summary after the game")
    .option('--training', 'the coach, and a warning before a costly move (you confirm it or choose again)');
  addColorOptions(play)
    .addHelpText('after', ['', 'At your turn: a column 1-7, u to take back your last move, h for a hint from the solver, q to resign.', '', 'Examples:', '  tabletop connect-four play --yellow alphabeta-3', '  tabletop connect-four play --pos 4453 --red solver --yellow human', '  tabletop connect-four play --coach --yellow casual', ''].join('\n'))
    .action(async (options: PlayOptions) => {
      await exitingOnInterrupt(() => playGame(options));
    });
  return command;
}

/** Plays one game on `input`/`output` (the terminal by default). */
export async function playGame(options: PlayOptions, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const seats = [options.red, options.yellow];
  // Bot modules are loaded and checked here, before the game (createBot finds them by the name given).
  const { modules, externals } = await resolveLineup(seats, options.bot).catch((error: unknown) => {
    throw new UsageError((error as Error).message);
  });
  const seed = options.seed ?? freshSeed();
  const lineup: LineupOptions = { timeLimitMs: options.time * 1000, level: options.level, seed, externals, modules };
  const session = new PlaySession(input, output);
  const style = styleFor(options.color, output);
  const tty = (output as { isTTY?: boolean }).isTTY === true;
  const out = (text: string): void => {
    session.say(text);
  };
  const lines: LineSource = { ask: (prompt) => session.ask(prompt, '(end of input)') };
  const start = Position.fromMoves(options.pos ?? '').history();
  const hints = new SolverHints(options.hintTime * 1000);
  const coach = options.coach === true || options.training === true ? new TerminalCoach((message) => out(`tabletop: ${message}`)) : null;
  /** The moves of the game so far (the --pos moves first). */
  let moves = [...start];
  const humans = seats.filter((seat) => seat === 'human').length;
  /** How many moves a take-back removes: back to the person's previous turn. */
  const takeBackSize = (): number => {
    if (humans === 2) return 1;
    // Against a bot: the bot's reply and the person's move (just the person's if the bot has not replied).
    const toMove = moves.length % 2 === 0; // red to move
    return seats[toMove ? 0 : 1] === 'human' ? 2 : 1;
  };
  const seat = (name: string, color: boolean): Player => {
    if (name === 'human') {
      return new TerminalHuman(lines, {
        say: out,
        hint: (position) => {
          // The search holds the thread: on a terminal, a note stands while it runs (TTY writes are synchronous).
          if (tty) session.write(style.dim(`The solver is thinking (up to ${formatDuration(options.hintTime * 1000)})…`));
          const said = hints.hint(position);
          if (tty) session.write('\r\u001b[K');
          return said;
        },
        canTakeBack: () => moves.length - takeBackSize() >= start.length,
        ...(options.training === true && coach !== null ? { warning: (position: Position, column: number) => coach.warning(position, column) } : {}),
        ...(coach === null ? {} : { prepare: (position: Position) => void coach.prepare(position) }),
      });
    }
    return thinkingAloud(createBot(name, lineup, 0, color), color, session, style, tty);
  };

  out(`Connect Four: red (X) ${options.red} against yellow (O) ${options.yellow}. Columns are numbered 1-7.`);
  if (start.length > 0) out(`Starting from ${moveString(start)}, ${colorName(start.length % 2 === 0)} to move.`);
  if (coach !== null) out(COACH_LEGEND);
  out(drawBoard(moves, style));
  try {
    for (;;) {
      const referee = new Referee({
        timeLimitMs: lineup.timeLimitMs,
        timeLimitsMs: { red: options.red === 'human' ? Infinity : lineup.timeLimitMs, yellow: options.yellow === 'human' ? Infinity : lineup.timeLimitMs },
        opening: moves,
        onMove: (event) => {
          moves = [...event.moves];
          out(`${colorName(event.color)} (${event.player}) plays column ${String(event.column + 1)}`);
          out(drawBoard(event.moves, style));
          if (coach !== null && seats[event.color ? 0 : 1] === 'human') out(describeRating(coach.record(event.moves.slice(0, -1), event.column)));
        },
      });
      // Built one after the other, so a yellow that cannot be built does not leave red's worker running.
      const [red, yellow] = await seatPlayers(
        () => seat(options.red, true),
        () => seat(options.yellow, false),
      );
      const result = await referee.play(red, yellow);
      if (result.reason === 'resigned' && result.message.endsWith(new TakeBack().message)) {
        moves = moves.slice(0, moves.length - takeBackSize());
        coach?.takeBack(moves.length);
        out(`Taken back: ${colorName(moves.length % 2 === 0)} to move.`);
        out(drawBoard(moves, style));
        continue;
      }
      const four = result.reason === 'four-in-a-row' ? describeFour(result.moves) : null;
      if (four !== null) out(four);
      out(describeResult(result));
      out(`Moves: ${moveString(result.moves) || '(none)'}`);
      if (seats.includes('random')) out(`Seed: ${String(seed)}`);
      for (const line of coach?.summaries({ red: options.red, yellow: options.yellow }) ?? []) out(line);
      return;
    }
  } finally {
    session.close();
  }
}

/** Said once when the coach is on: how to read its scores. */
const COACH_LEGEND =
  "Coach: after each of your moves, the solver's score of every column for you: 22 - k if you win with your k-th stone, " +
  "0 a draw, k - 22 if the opponent wins with its k-th; a range where the coach's budget did not settle it; - a full column.";

/**
 * Hints from the solver, within a time budget per hint. The solver (with its 42 MB table and the
 * shipped opening book) is made at the first hint, and its table kept between hints.
 */
class SolverHints {
  #solver: Solver | undefined;

  constructor(private readonly budgetMs: number) {}

  hint(position: Position): string {
    this.#solver ??= new Solver({ book: loadDefaultBook(() => undefined) });
    const started = performance.now();
    const best = this.#solver.bestMove(position, { deadline: started + this.budgetMs });
    const column = `Hint: column ${String(best.column + 1)}`;
    if (!best.complete || best.score === null) {
      return `${column} — a guess: the solver could not settle the position within ${formatDuration(this.budgetMs)}, so this is the column with the best bound it proved (--hint-time gives it longer).`;
    }
    return `${column}: ${outlook(best.score, position.moves)} (solved in ${formatDuration(performance.now() - started)}).`;
  }
}

/** What a solved score (side to move's view, see the solver) means for the person to move. */
function outlook(score: number, moves: number): string {
  if (score === 0) return 'a draw with best play on both sides';
  if (score > 0) {
    const stones = 22 - score - Math.floor(moves / 2);
    return stones === 1 ? 'it wins at once' : `you win with best play, by your ${ordinal(stones)} stone from now`;
  }
  const stones = 22 + score - Math.ceil(moves / 2);
  return `the opponent wins with best play (by its ${ordinal(stones)} stone from now); this holds out longest`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${String(n)}${suffix}`;
}

/**
 * A bot that says when it is thinking. On a terminal the note stands on its own line while the bot
 * thinks and is wiped when the move comes; through a pipe it is a line of the transcript.
 */
function thinkingAloud(bot: ClosablePlayer, color: boolean, session: PlaySession, style: Style, transient: boolean): ClosablePlayer {
  return {
    init: (c: boolean) => bot.init(c),
    name: () => bot.name(),
    inform: (column: number) => bot.inform(column),
    close: () => bot.close(),
    async move() {
      const note = `${colorName(color)} (${bot.name()}) is thinking…`;
      if (transient) session.write(style.dim(note));
      else session.say(note);
      try {
        return await bot.move();
      } finally {
        if (transient) session.write('\r\u001b[K');
      }
    },
  };
}

/** The cells (column, row) of the winning four after `moves`, in order along the line, or null (the game's own finding). */
export function winningFour(moves: readonly number[]): (readonly [number, number])[] | null {
  const position = new Position();
  for (const column of moves) position.play(column);
  return winningLines(position)[0] ?? null;
}

/** One line naming the winning four, e.g. `The four: column 4, rows 1 to 4.` (1-based, as drawn). */
export function describeFour(moves: readonly number[]): string | null {
  const four = winningFour(moves);
  if (four === null) return null;
  const [[c0, r0], [c3, r3]] = [four[0]!, four.at(-1)!];
  if (r0 === r3) return `The four: row ${String(r0 + 1)}, columns ${String(c0 + 1)} to ${String(c3 + 1)}.`;
  if (c0 === c3) return `The four: column ${String(c0 + 1)}, rows ${String(r0 + 1)} to ${String(r3 + 1)}.`;
  return `The four: a diagonal from column ${String(c0 + 1)} row ${String(r0 + 1)} to column ${String(c3 + 1)} row ${String(r3 + 1)}.`;
}

/**
 * The board after `moves` (0-based columns), as the engine draws it: X red, O yellow. With colour,
 * X is red, O yellow and a winning four reversed; without, exactly the engine's picture.
 */
export function drawBoard(moves: readonly number[], style: Style = PLAIN): string {
  const position = new Position();
  for (const column of moves) position.play(column);
  const plain = position.toString();
  if (!style.enabled) return `${plain}\n`;
  const four = winningFour(moves) ?? [];
  const lines = plain.split('\n');
  for (let row = 0; row < HEIGHT; row++) {
    const i = HEIGHT - 1 - row;
    const cells = lines[i]!.split(' ').map((cell, col) => {
      const colored = cell === 'X' ? style.red(cell) : cell === 'O' ? style.yellow(cell) : cell;
      return four.some(([c, r]) => c === col && r === row) ? style.highlight(colored) : colored;
    });
    lines[i] = cells.join(' ');
  }
  lines[HEIGHT] = style.dim(lines[HEIGHT]!);
  return `${lines.join('\n')}\n`;
}

/** One line: who won and why. */
export function describeResult(result: GameResult): string {
  if (result.winner === null) return `Result: a tie: ${result.message}.`;
  const winner = `${colorName(result.winner)} (${result.winner ? result.red : result.yellow}) wins`;
  return result.reason === 'four-in-a-row' ? `Result: ${winner} with four in a row.` : `Result: ${winner}: ${result.message}.`;
}
