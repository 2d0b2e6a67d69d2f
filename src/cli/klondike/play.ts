/**
 * `tabletop klondike play`: Klondike in the terminal over BasicKlondike. Commands mirror the model's
 * moves with the model's 0-based indices (piles and foundations counted from 0, left to right), so
 * what the help, the hints and the error messages say is exactly what the model means. Works the
 * same through a pipe: each prompt reads one line; end of input ends the game.
 */
import type { Command } from 'commander';
import { plural } from '../../core/format.js';
import { freshSeed } from '../../core/random.js';
import { BasicKlondike } from '../../games/klondike/basic-klondike.js';
import { IllegalArgumentError, IllegalStateError } from '../../games/klondike/errors.js';
import { applyMove, hint, type KlondikeMove } from '../../games/klondike/moves.js';
import type { KlondikeModel, UndoableKlondikeModel } from '../../games/klondike/model.js';
import { KlondikeTextualView } from '../../games/klondike/view.js';
import { parseIntegerIn, parseSeed, UsageError } from '../options.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

interface PlayOptions {
  readonly seed?: number;
  readonly piles: number;
  readonly draw: number;
}

export const COMMAND_HELP = [
  'Commands (piles and foundations are numbered from 0, left to right):',
  '  mpp SRC COUNT DEST  move COUNT cards from pile SRC onto pile DEST',
  '  md DEST             move the first draw card onto pile DEST',
  '  mpf SRC F           move the last card of pile SRC to foundation F',
  '  mdf F               move the first draw card to foundation F',
  '  dd                  discard the first draw card (it goes to the back of the draw pile)',
  '  u                   undo the last move',
  '  h                   hint: a legal move',
  '  help                this list',
  '  q                   quit',
].join('\n');

/**
 * What `h` says when the hint has nothing: the session asks only while the game is not over, and a
 * discard is always worth a hint, so the moves left just shift a whole pile onto an empty one.
 */
const NO_USEFUL_MOVE = 'No useful move: the only moves left shift a whole pile onto an empty pile, which changes nothing. Type u to undo or q to quit.';

/** The command for a move, as the player would type it. */
export function moveCommand(move: KlondikeMove): string {
  switch (move.kind) {
    case 'movePile':
      return `mpp ${String(move.src)} ${String(move.count)} ${String(move.dest)}`;
    case 'moveDraw':
      return `md ${String(move.dest)}`;
    case 'moveToFoundation':
      return `mpf ${String(move.src)} ${String(move.foundation)}`;
    case 'moveDrawToFoundation':
      return `mdf ${String(move.foundation)}`;
    case 'discardDraw':
      return 'dd';
  }
}

const ARITY = { mpp: 3, md: 1, mpf: 2, mdf: 1, dd: 0 } as const;
type MoveWord = keyof typeof ARITY;
const USAGE: Record<MoveWord, string> = { mpp: 'mpp SRC COUNT DEST', md: 'md DEST', mpf: 'mpf SRC F', mdf: 'mdf F', dd: 'dd' };

/** Parses a move command, or returns an error message for the player. */
export function parseMove(words: readonly string[]): KlondikeMove | string {
  const word = words[0]!.toLowerCase();
  if (!Object.hasOwn(ARITY, word)) return `Unknown command '${words[0]!}'. Type help for the commands.`;
  const verb = word as MoveWord;
  const args = words.slice(1);
  if (args.length !== ARITY[verb] || args.some((a) => !/^\d{1,6}$/.test(a))) return `Usage: ${USAGE[verb]} (whole numbers, piles and foundations from 0).`;
  const [a = 0, b = 0, c = 0] = args.map(Number);
  switch (verb) {
    case 'mpp':
      return { kind: 'movePile', src: a, count: b, dest: c };
    case 'md':
      return { kind: 'moveDraw', dest: a };
    case 'mpf':
      return { kind: 'moveToFoundation', src: a, foundation: b };
    case 'mdf':
      return { kind: 'moveDrawToFoundation', foundation: a };
    case 'dd':
      return { kind: 'discardDraw' };
  }
}

function picture(model: KlondikeModel): string {
  const ruler = Array.from({ length: model.getNumPiles() }, (_, p) => String(p).padStart(3)).join('');
  return `${new KlondikeTextualView(model).toString()}\n${'-'.repeat(ruler.length)}\n${ruler}\nScore: ${String(model.getScore())}\n`;
}

/** Opens a terminal game: deals from the seed (a fresh one when none is given, printed), then plays. */
export async function playKlondike(options: PlayOptions, input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Promise<void> {
  const seed = options.seed ?? freshSeed();
  const model = new BasicKlondike(seed);
  try {
    model.startGame(model.getDeck(), true, options.piles, options.draw);
  } catch (error) {
    if (error instanceof IllegalArgumentError) throw new UsageError(error.message);
    throw error;
  }
  output.write(`Klondike, deal ${String(seed)}: ${plural(options.piles, 'pile')}, ${plural(options.draw, 'draw card')} shown. Replay it with --seed ${String(seed)}.\n`);
  output.write(`${COMMAND_HELP}\n\n`);
  await playSession(model, input, output);
}

/**
 * Plays a started model from `input`, one command per line, until the game is over, the player
 * quits, or the input ends. Prints the view and the score after every change; an invalid move
 * prints `Invalid move. <reason>` and changes nothing.
 */
export async function playSession(model: UndoableKlondikeModel, input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const session = new PlaySession(input, output);
  const say = (text: string): void => {
    session.say(text);
  };
  session.write(picture(model));
  try {
    for (;;) {
      if (model.isGameOver()) {
        say(`Game over. Final score: ${String(model.getScore())}.`);
        return;
      }
      const line = await session.ask('> ');
      if (line === null) {
        say(`\nEnd of input. Final score: ${String(model.getScore())}.`);
        return;
      }
      const words = line.trim().split(/\s+/).filter((w) => w !== '');
      if (words.length === 0) continue;
      const word = words[0]!.toLowerCase();
      if (word === 'q' || word === 'quit') {
        say(`Quit. Final score: ${String(model.getScore())}.`);
        return;
      }
      if (word === 'help' || word === '?') {
        say(COMMAND_HELP);
        continue;
      }
      if (word === 'h' || word === 'hint') {
        const move = hint(model);
        say(move === null ? NO_USEFUL_MOVE : `Hint: ${moveCommand(move)}`);
        continue;
      }
      if (word === 'u' || word === 'undo') {
        if (!model.canUndo()) {
          say('Nothing to undo.');
          continue;
        }
        model.undo();
        session.write(picture(model));
        continue;
      }
      const move = parseMove(words);
      if (typeof move === 'string') {
        say(move);
        continue;
      }
      try {
        applyMove(model, move);
      } catch (error) {
        if (error instanceof IllegalArgumentError || error instanceof IllegalStateError) {
          say(`Invalid move. ${error.message}`);
          continue;
        }
        throw error;
      }
      session.write(picture(model));
    }
  } finally {
    session.close();
  }
}

export function registerPlay(command: Command): Command {
  command
    .command('play')
    .description('play Klondike in the terminal (reads commands line by line; works through a pipe)')
    .option('--seed <n>', 'deal number (default: a fresh one, printed)', parseSeed)
    // A 52-card deck deals at most 9 cascade piles (45 cards); at most all 52 cards can be shown.
    .option('--piles <n>', 'cascade piles, 1 to 9', parseIntegerIn(1, 9, 'The number of piles'), 7)
    .option('--draw <n>', 'draw cards shown, 1 to 52', parseIntegerIn(1, 52, 'The number of draw cards'), 3)
    .addHelpText('after', `\n${COMMAND_HELP}`)
    .action(async (options: PlayOptions) => {
      await exitingOnInterrupt(() => playKlondike(options));
    });
  return command;
}
