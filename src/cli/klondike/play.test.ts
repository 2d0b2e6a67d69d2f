import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BasicKlondike } from '../../games/klondike/basic-klondike.js';
import { parseDeck } from '../../games/klondike/rigging.js';
import { KlondikeTextualView } from '../../games/klondike/view.js';
import { runCli } from '../../test-support/cli.js';
import { parseMove, playSession } from './play.js';

function dealOf(seed: number, piles = 7, draw = 3): string {
  const model = new BasicKlondike(seed);
  model.startGame(model.getDeck(), true, piles, draw);
  return new KlondikeTextualView(model).toString();
}

async function session(model: BasicKlondike, input: string): Promise<string> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let text = '';
  stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  stdin.end(input);
  await playSession(model, stdin, stdout);
  return text;
}

describe('parseMove', () => {
  it('reads the five moves with 0-based indices', () => {
    expect(parseMove(['mpp', '2', '1', '5'])).toEqual({ kind: 'movePile', src: 2, count: 1, dest: 5 });
    expect(parseMove(['MD', '3'])).toEqual({ kind: 'moveDraw', dest: 3 });
    expect(parseMove(['mpf', '1', '0'])).toEqual({ kind: 'moveToFoundation', src: 1, foundation: 0 });
    expect(parseMove(['mdf', '0'])).toEqual({ kind: 'moveDrawToFoundation', foundation: 0 });
    expect(parseMove(['dd'])).toEqual({ kind: 'discardDraw' });
  });

  it('explains bad commands', () => {
    expect(parseMove(['mpp', '1', '2'])).toBe('Usage: mpp SRC COUNT DEST (whole numbers, piles and foundations from 0).');
    expect(parseMove(['md', '-1'])).toMatch(/^Usage: md DEST/);
    expect(parseMove(['dd', '1'])).toMatch(/^Usage: dd/);
    expect(parseMove(['move'])).toBe("Unknown command 'move'. Type help for the commands.");
  });
});

describe('playSession', () => {
  it('plays a rigged game to the end and finishes with the final score', async () => {
    const model = new BasicKlondike();
    model.startGame(parseDeck('3♣ A♡ 2♡ A♣ 2♣ 3♡'), false, 2, 3);
    const out = await session(model, 'mpp 1 1 0\nmpf 1 0\nmdf 1\nmd 1\nmdf 1\nmpf 0 0\nmpf 0 1\nmdf 0\nthis line is never read\n');
    expect(out).toContain('> md 1\nInvalid move. Only a King can go onto an empty pile, not 2♣\n');
    expect(out.endsWith('> mdf 0\nDraw: \nFoundation: 3♡, 3♣\n------\n  0  1\nScore: 6\nGame over. Final score: 6.\n')).toBe(true);
    expect(model.isGameOver()).toBe(true);
  });

  it('says so when no move helps, instead of hinting a King back and forth between empty piles', async () => {
    // piles [K♠] [2♠ down, A♠] [10♠ down, J♠ down, Q♠]; the draw (3♠..9♠, A♡..K♡) all goes up,
    // leaving K♠ alone at row 0 next to an empty pile: the game is not over, yet nothing helps.
    const model = new BasicKlondike();
    model.startGame(parseDeck('K♠ 2♠ 10♠ A♠ J♠ Q♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ A♡ 2♡ 3♡ 4♡ 5♡ 6♡ 7♡ 8♡ 9♡ 10♡ J♡ Q♡ K♡'), false, 3, 1);
    const playOut = ['mpf 1 0', 'mpf 1 0', ...Array<string>(7).fill('mdf 0'), ...Array<string>(13).fill('mdf 1')];
    const noUsefulMove = 'No useful move: the only moves left shift a whole pile onto an empty pile, which changes nothing. Type u to undo or q to quit.';
    const out = await session(model, [...playOut, 'h', 'mpp 0 1 1', 'h', 'q', ''].join('\n'));
    expect(out).toContain('Foundation: 9♠, K♡\n K♠  X  ?\n        ?\n       Q♠\n');
    expect(out).toContain(`> h\n${noUsefulMove}\n> mpp 0 1 1\n`);
    expect(out).toContain(`  X K♠  ?\n        ?\n       Q♠\n---------\n  0  1  2\nScore: 22\n> h\n${noUsefulMove}\n> q\n`);
    expect(out).not.toContain('Hint:');
  });
});

describe('tabletop klondike play (end to end)', () => {
  it('plays moves through a pipe: a move, an invalid one, a hint, undo, quit', async () => {
    const deal = dealOf(42);
    const result = await runCli(['klondike', 'play', '--seed', '42'], { input: 'help\nmpp 2 1 1\nmpp 9 1 0\nmpf 0 0\nh\nu\nu\nfoo\nq\ndd\n' });
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out).toContain('Klondike, deal 42: 7 piles, 3 draw cards shown. Replay it with --seed 42.');
    expect(out).toContain('piles and foundations are numbered from 0');
    expect(out).toContain(`${deal}\n---------------------\n  0  1  2  3  4  5  6\nScore: 0\n`);
    expect(out).toContain('> mpp 9 1 0\nInvalid move. Invalid source pile 9 (expected 0..6)\n');
    expect(out).toMatch(/> mpf 0 0\nInvalid move. Only an Ace can start a foundation, not /);
    expect(out).toMatch(/> h\nHint: (mpp|md|mpf|mdf|dd)\b/);
    // The first `u` takes back `mpp 2 1 1` (whichever way it went), the second has nothing left.
    expect(out).toContain('> u\nNothing to undo.\n');
    expect(out.split(deal).length).toBeGreaterThanOrEqual(3); // the deal, and again after the undo
    expect(out).toContain("> foo\nUnknown command 'foo'. Type help for the commands.\n");
    expect(out.trimEnd().endsWith('> q\nQuit. Final score: 0.')).toBe(true);
    expect(out).not.toContain('> dd'); // nothing is read after q
  });

  it('ends cleanly at the end of input, and prints the fresh seed it chose so the deal can be replayed', async () => {
    const first = await runCli(['klondike', 'play', '--piles', '5', '--draw', '1'], { input: 'dd\n' });
    expect(first.status).toBe(0);
    const seed = Number(/Replay it with --seed (\d+)\./.exec(first.stdout)?.[1]);
    expect(Number.isSafeInteger(seed)).toBe(true);
    expect(first.stdout).toContain(dealOf(seed, 5, 1));
    expect(first.stdout.trimEnd().endsWith('End of input. Final score: 0.')).toBe(true);
  });

  it.each([
    [['--piles', '0']],
    [['--piles', '10']],
    [['--draw', 'x']],
    [['--seed', '-1']],
    [['--colour', 'red']],
  ])('exits with status 2 on bad options %j', async (args) => {
    const result = await runCli(['klondike', 'play', ...args], { input: 'q\n' });
    expect(result.status).toBe(2);
    expect(result.stderr).not.toBe('');
    expect(result.stdout).not.toContain('Draw:');
  });
});
