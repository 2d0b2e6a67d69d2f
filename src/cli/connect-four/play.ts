/**
 * `tabletop connect-four play`: one game on the terminal, refereed. People type columns 1-7 (input
 * may come through a pipe); bots run in worker threads or as external programs. The board is drawn
 * after every move.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import { colorName, type Player } from '../../games/connect-four/player.js';
import { HumanPlayer, type LineSource } from '../../games/connect-four/players/human.js';
import { Position } from '../../games/connect-four/position.js';
import { moveString, type GameResult } from '../../games/connect-four/referee/result.js';
import { freshSeed } from '../../core/random.js';
import { BUILTIN_BOTS, createBot, parseBotDefinition, resolveLineup, type ExternalBotDefinition, type LineupOptions } from '../../arena/connect-four/lineup.js';
import { Referee, seatPlayers } from '../../arena/connect-four/referee.js';
import { parseIntegerIn, parsePositiveNumber, parseSeed, UsageError } from '../options.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

export const DEFAULT_TIME_SECONDS = 18;
export const DEFAULT_LEVEL = 4;

interface PlayOptions {
  readonly red: string;
  readonly yellow: string;
  readonly time: number;
  readonly level: number;
  readonly seed?: number;
  readonly bot: ExternalBotDefinition[];
}

export function collectBot(value: string, previous: ExternalBotDefinition[]): ExternalBotDefinition[] {
  try {
    return [...previous, parseBotDefinition(value)];
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function registerPlay(command: Command): Command {
  const players = `human, ${BUILTIN_BOTS.join(', ')}, a --bot name, or a bot module (./my-bot.mjs)`;
  command
    .command('play')
    .description('Play a game of Connect Four on the terminal (people type columns 1-7; q quits)')
    .addOption(new Option('--red <player>', `who plays red, moving first: ${players}`).default('human'))
    .addOption(new Option('--yellow <player>', `who plays yellow: ${players}`).default('alphabeta'))
    .option('--time <seconds>', 'move time limit for bots, in seconds (decimals allowed); people are not timed', parsePositiveNumber('The time limit'), DEFAULT_TIME_SECONDS)
    .option('--level <n>', 'strength of alphabeta, 1 (weakest) to 5', parseIntegerIn(1, 5, 'The level'), DEFAULT_LEVEL)
    .option('--seed <n>', 'seed of the random player (default: a fresh one, printed at the end)', parseSeed)
    .addOption(new Option('--bot <name=command>', 'an external bot speaking the line protocol of docs/connect-four-bots.md (repeatable)').argParser(collectBot).default([], 'none'))
    .action(async (options: PlayOptions) => {
      await play(options);
    });
  return command;
}

function play(options: PlayOptions): Promise<void> {
  return exitingOnInterrupt(() => playGame(options));
}

async function playGame(options: PlayOptions): Promise<void> {
  const seats = [options.red, options.yellow];
  // Bot modules are loaded and checked here, before the game (createBot finds them by the name given).
  const { modules } = await resolveLineup(seats, options.bot).catch((error: unknown) => {
    throw new UsageError((error as Error).message);
  });
  const seed = options.seed ?? freshSeed();
  const lineup: LineupOptions = { timeLimitMs: options.time * 1000, level: options.level, seed, externals: options.bot, modules };
  const session = new PlaySession(process.stdin, process.stdout);
  const out = (text: string): void => {
    session.say(text);
  };
  const input: LineSource = { ask: (prompt) => session.ask(prompt, '(end of input)') };
  const seat = (name: string, color: boolean): Player =>
    name === 'human' ? new HumanPlayer(input, { name: 'human', say: out }) : createBot(name, lineup, 0, color);

  const referee = new Referee({
    timeLimitMs: lineup.timeLimitMs,
    timeLimitsMs: { red: options.red === 'human' ? Infinity : lineup.timeLimitMs, yellow: options.yellow === 'human' ? Infinity : lineup.timeLimitMs },
    onMove: (event) => {
      out(`${colorName(event.color)} (${event.player}) plays column ${String(event.column + 1)}`);
      out(drawBoard(event.moves));
    },
  });
  out(`Connect Four: red (X) ${options.red} against yellow (O) ${options.yellow}. Columns are numbered 1-7.`);
  out(drawBoard([]));
  try {
    // Built one after the other, so a yellow that cannot be built does not leave red's worker running.
    const [red, yellow] = await seatPlayers(
      () => seat(options.red, true),
      () => seat(options.yellow, false),
    );
    const result = await referee.play(red, yellow);
    out(describeResult(result));
    out(`Moves: ${moveString(result.moves) || '(none)'}`);
    if (seats.includes('random')) out(`Seed: ${String(seed)}`);
  } finally {
    session.close();
  }
}

/** The board after `moves` (0-based columns), as the engine draws it: X red, O yellow. */
export function drawBoard(moves: readonly number[]): string {
  const position = new Position();
  for (const column of moves) position.play(column);
  return `${position.toString()}\n`;
}

/** One line: who won and why. */
export function describeResult(result: GameResult): string {
  if (result.winner === null) return `Result: a tie: ${result.message}.`;
  const winner = `${colorName(result.winner)} (${result.winner ? result.red : result.yellow}) wins`;
  return result.reason === 'four-in-a-row' ? `Result: ${winner} with four in a row.` : `Result: ${winner}: ${result.message}.`;
}
