/**
 * `tabletop connect-fwar play`: one game of ConnectFwar in the terminal, through the spec's
 * `HumanPlayer` and `ConnectFwar.playAsync`. The terminal is handed to the player as its I/O; every
 * rule (legality, discards, the score) stays in games/. Works the same through a pipe: each prompt
 * reads one line, and the end of input ends the game like `q`.
 */
import type { Command } from 'commander';
import type { Card } from '../../core/cards.js';
import { DECK_SIZE } from '../../core/cards.js';
import { freshSeed } from '../../core/random.js';
import type { Board } from '../../games/connect-fwar/board.js';
import { ConnectFwar, type AsyncPlayer, type GameRecord } from '../../games/connect-fwar/connect-fwar.js';
import { HumanPlayer, type HumanIO } from '../../games/connect-fwar/human-player.js';
import { parseSeed } from '../options.js';
import { exitingOnInterrupt, PlaySession } from '../terminal.js';

interface PlayCommandOptions {
  readonly seed?: number;
}

export const RULES_SUMMARY = [
  'Put each card on column 0-3, bottom up: on an empty column, or on a top card of equal or lower',
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
  const human = new HumanPlayer(io);
  let dealt = 0;
  const player: AsyncPlayer = {
    nextMove(card: Card, board: Board) {
      dealt++;
      say(`\nCard ${String(dealt)} of ${String(DECK_SIZE)}, ${String(DECK_SIZE - dealt)} left in the deck:`);
      return human.nextMove(card, board);
    },
  };

  try {
    const record = await ConnectFwar.playAsync(player, { seed });
    write(record.board.toString());
    say(ending(record, inputEnded));
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
  command
    .command('play')
    .description('play a game of ConnectFwar in the terminal (one answer per line; works through a pipe)')
    .option('--seed <n>', 'deal number, to replay a game (default: a fresh one, printed)', parseSeed)
    .addHelpText(
      'after',
      [
        '',
        RULES_SUMMARY,
        '',
        'Examples:',
        '  tabletop connect-fwar play',
        '  tabletop connect-fwar play --seed 42',
        "  printf '0\\n1\\nd\\nq\\n' | tabletop connect-fwar play --seed 42",
        '',
      ].join('\n'),
    )
    .action(async (options: PlayCommandOptions) => {
      await exitingOnInterrupt(() => playConnectFwar(options));
    });
  return command;
}
