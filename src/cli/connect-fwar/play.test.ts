/**
 * End-to-end tests of `tabletop connect-fwar play`: the built binary, driven through stdin.
 * (Build first: `npx tsc -p tsconfig.build.json`; `npm test` does.)
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI_PATH, runCli, runCliOk } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { expectColourByItself, playThrough } from '../../test-support/play-streams.js';
import { Board } from '../../games/connect-fwar/board.js';
import type { Card } from '../../core/cards.js';
import { ConnectFwar } from '../../games/connect-fwar/connect-fwar.js';
import { BasicPlayer, DISCARD_MOVE } from '../../games/connect-fwar/player.js';
import { stripStyle } from '../style.js';
import { playConnectFwar, RULES_SUMMARY } from './play.js';

const PROMPT = 'Column 1-4, d to discard, q to quit: ';
const LABELS = ' 1  2  3  4\n';
const EMPTY_BOARD = '\n' + '-------------\n|  |  |  |  |\n'.repeat(4) + '-------------\n' + LABELS;

/** BasicPlayer's answers for the game of `seed`, typed as a person would (column 1-4 or `d`). */
function basicAnswers(seed: number): string[] {
  const answers: string[] = [];
  const basic = new BasicPlayer();
  ConnectFwar.play({ nextMove: (card: Card, board: Board) => {
    const move = basic.nextMove(card, board);
    answers.push(move === DISCARD_MOVE ? 'd' : String(move + 1));
    return move;
  } }, { seed });
  return answers;
}

describe('tabletop connect-fwar play', () => {
  it('plays a whole game to the end through a pipe and prints the final score', async () => {
    const seed = 12;
    const score = ConnectFwar.play(new BasicPlayer(), { seed });
    expect(score).toBeGreaterThan(0); // this deal is won by BasicPlayer's answers
    const answers = basicAnswers(seed);
    const result = await runCliOk(['connect-fwar', 'play', '--seed', String(seed)], { input: answers.join('\n') + '\n' });
    expect(result.stdout.split(PROMPT)).toHaveLength(answers.length + 1);
    expect(result.stdout).toContain(`Card ${String(answers.length)} of 52, ${String(score)} left in the deck:`);
    expect(result.stdout.endsWith(`Four connected with ${String(score)} cards left in the deck! Final score: ${String(score)}.\n`)).toBe(true);
  });

  it('ends a won game with the final board, its column labels and the four named', async () => {
    const result = await runCli(['connect-fwar', 'play', '--seed', '12'], { input: basicAnswers(12).join('\n') + '\n' });
    expect(result.stdout.endsWith(
      [
        '|  |♥J|♠Q|  |',
        '-------------',
        '|♣K|♠8|♥Q|♣⑩|',
        '-------------',
        '|♥K|♥5|♦J|♥9|',
        '-------------',
        '|♦K|♦3|♣J|♦8|',
        '-------------',
        ' 1  2  3  4',
        'The four: ♣J ♦J ♥Q ♠Q up column 3.',
        'Four connected with 26 cards left in the deck! Final score: 26.',
        '',
      ].join('\n'),
    )).toBe(true);
  });

  it('with --color: red suits red, the four highlighted, and nothing else changed', async () => {
    const input = basicAnswers(12).join('\n') + '\n';
    const plain = await runCli(['connect-fwar', 'play', '--seed', '12'], { input });
    const colored = await runCli(['connect-fwar', 'play', '--seed', '12', '--color'], { input });
    expect(colored.status).toBe(0);
    expect(colored.stdout).not.toBe(plain.stdout);
    expect(stripStyle(colored.stdout)).toBe(plain.stdout);
    expect(colored.stdout).toContain('Your card: \u001b[31m♦5\u001b[39m  (Five of Diamonds)');
    // The four of column 3: ♣J and ♠Q reversed; ♦J and ♥Q reversed and red.
    expect(colored.stdout).toContain('|\u001b[31m♦K\u001b[39m|\u001b[31m♦3\u001b[39m|\u001b[7;1m♣J\u001b[27;22m|\u001b[31m♦8\u001b[39m|');
    expect(colored.stdout).toContain('|\u001b[7;1m\u001b[31m♥Q\u001b[39m\u001b[27;22m|');
    const noColor = await runCli(['connect-fwar', 'play', '--seed', '12', '--no-color'], { input });
    expect(noColor.stdout).toBe(plain.stdout);
  });

  it('prints an exact transcript: header, each card and board, the echoed answers, the ending', async () => {
    const result = await runCli(['connect-fwar', 'play', '--seed', '7'], { input: '1\n2\nq\n' });
    expect(result.status).toBe(0);
    const boardAfter = (row0: string): string => '\n' + '-------------\n|  |  |  |  |\n'.repeat(3) + `-------------\n${row0}\n-------------\n${LABELS}`;
    expect(result.stdout).toBe(
      [
        'ConnectFwar, deal 7. Replay it with --seed 7.\n',
        `${RULES_SUMMARY}\n`,
        '\nCard 1 of 52, 51 left in the deck:\n',
        EMPTY_BOARD,
        'Your card: ♦5  (Five of Diamonds)\n',
        `${PROMPT}1\n`,
        '\nCard 2 of 52, 50 left in the deck:\n',
        boardAfter('|♦5|  |  |  |'),
        'Your card: ♦8  (Eight of Diamonds)\n',
        `${PROMPT}2\n`,
        '\nCard 3 of 52, 49 left in the deck:\n',
        boardAfter('|♦5|♦8|  |  |'),
        'Your card: ♥5  (Five of Hearts)\n',
        `${PROMPT}q\n`,
        boardAfter('|♦5|♦8|  |  |'),
        'Quit with 49 cards left in the deck and no four connected yet. Score so far: 0.\n',
      ].join(''),
    );
  });

  it('re-asks after invalid answers and illegal columns, saying why', async () => {
    // Seed 7 deals ♦5, ♦8, ♥5: after 1 and 2, the ♥5 cannot go on column 2 (♦8 is higher).
    const result = await runCli(['connect-fwar', 'play', '--seed', '7'], { input: '1\n2\n2\n5\n0\n-1\nfoo\n\n3\nq\n' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('♥5 cannot go on column 2: its top card, ♦8, ranks higher (a card goes on an empty column or on a card of its own rank or lower). Choose another column or d.\n');
    for (const bad of ['5', '0', '-1', 'foo', '']) expect(result.stdout).toContain(`'${bad}' is not a move. Answer 1 to 4 for a column, d to discard or q to quit.\n`);
    expect(result.stdout).toContain('|♦5|♦8|♥5|  |');
    expect(result.stdout).toContain('Quit with 48 cards left in the deck and no four connected yet. Score so far: 0.\n');
  });

  it('ends cleanly at the end of input, printing the score so far', async () => {
    const result = await runCliOk(['connect-fwar', 'play', '--seed', '7'], { input: 'd\nd\n' });
    expect(result.stdout.endsWith(`${EMPTY_BOARD}End of input with 49 cards left in the deck and no four connected yet. Score so far: 0.\n`)).toBe(true);
  });

  it('ends at once on empty input', async () => {
    const result = await runCli(['connect-fwar', 'play', '--seed', '3']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('End of input with 51 cards left in the deck');
  });

  it('loses with score 0 when every card is discarded', async () => {
    const result = await runCli(['connect-fwar', 'play', '--seed', '5'], { input: 'd\n'.repeat(52) });
    expect(result.status).toBe(0);
    expect(result.stdout.endsWith(`${EMPTY_BOARD}The deck is empty and no four connected. Final score: 0.\n`)).toBe(true);
  });

  it('without --seed picks a fresh deal and prints it so the game can be replayed', async () => {
    const first = await runCli(['connect-fwar', 'play'], { input: 'q\n' });
    expect(first.status).toBe(0);
    const seed = /^ConnectFwar, deal (\d+)\. Replay it with --seed \1\.$/m.exec(first.stdout)?.[1];
    expect(seed).toBeDefined();
    const replay = await runCli(['connect-fwar', 'play', '--seed', seed!], { input: 'q\n' });
    expect(replay.stdout).toBe(first.stdout);
  });

  it('ends quietly when the reader of its output goes away (… | head)', async () => {
    const child = spawn(process.execPath, [CLI_PATH, 'connect-fwar', 'play', '--seed', '5'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Read the first chunk, then hang up, then answer: every later write meets a closed pipe.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    child.stdin.on('error', () => undefined);
    child.stdin.end('d\n'.repeat(52));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });

  it.each([['x'], ['-1'], ['1.5'], ['9007199254740992']])('rejects --seed %s with exit status 2', async (seed) => {
    // In this process: the binary's exit 2 is the unknown option's test below.
    const result = await runInProcess(['connect-fwar', 'play', '--seed', seed]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/seed/i);
    expect(result.stdout).toBe('');
  });

  it('rejects an unknown option with exit status 2', async () => {
    const result = await runCli(['connect-fwar', 'play', '--colour']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("unknown option '--colour'");
  });
});

describe('playConnectFwar on a terminal', () => {
  function onTerminal(color?: boolean): Promise<string> {
    return playThrough((stdin, stdout) => playConnectFwar(color === undefined ? { seed: 7 } : { seed: 7, color }, stdin, stdout), '1\nq\n', true);
  }

  it('colours a terminal by itself, and not when NO_COLOR is set or --no-color given', async () => {
    const colored = await expectColourByItself(onTerminal);
    expect(colored).toContain('\u001b[31m♦5\u001b[39m');
  });
});

describe('tabletop connect-fwar play options', () => {
  it('explains itself in --help, with an example', async () => {
    const result = await runCli(['connect-fwar', 'play', '--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--seed <n>');
    expect(result.stdout).toContain('tabletop connect-fwar play --seed 42');
    expect(result.stdout).toContain('--no-color');
  });
});
