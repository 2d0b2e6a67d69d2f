/**
 * End-to-end tests of `tabletop connect-four play` and `tournament` on the built binary (`npm test`
 * builds first). Bots get generous move limits, so a loaded machine cannot turn a game into a timeout;
 * the bots used cap their own thinking (alphabeta-1 and -2, alias beginner and casual, search to
 * depths 1 and 3), so the games stay fast, and those searches always complete, so their moves do not
 * depend on the clock.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Position } from '../../games/connect-four/position.js';
import { runCli, withoutFenceWarning, runCliOk } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { expectColourByItself, playThrough } from '../../test-support/play-streams.js';
import { stripStyle } from '../style.js';
import { playGame, type PlayOptions } from './play.js';

const EXAMPLE_BOT = fileURLToPath(new URL('../../../examples/connect-four/first-free-column.mjs', import.meta.url));
const EXAMPLE = `ex=node ${JSON.stringify(EXAMPLE_BOT)}`;

function movesOf(stdout: string): string {
  const match = /^Moves: (\d*)$/m.exec(stdout);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('tabletop connect-four play', () => {
  it('plays a person through a pipe against an external bot, asking again after bad input', async () => {
    const result = await runCliOk(['connect-four', 'play', '--yellow', 'ex', '--bot', EXAMPLE], { input: '4\n4\nx\n4\n9\n4\n' });
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('Connect Four: red (X) human against yellow (O) ex. Columns are numbered 1-7.');
    expect(result.stdout).toContain(
      [
        'red (human), your column 1-7 (u undo, h hint, q quit): x',
        "'x' is not a column: type a number from 1 to 7, u, h, or q to quit.",
        'red (human), your column 1-7 (u undo, h hint, q quit): 4',
        'red (human) plays column 4',
      ].join('\n'),
    );
    // The bot answers column 1 every time; the person's fourth stone in column 4 wins.
    expect(result.stdout.endsWith(
      [
        'red (human) plays column 4',
        '. . . . . . .',
        '. . . . . . .',
        '. . . X . . .',
        'O . . X . . .',
        'O . . X . . .',
        'O . . X . . .',
        '1 2 3 4 5 6 7',
        '',
        'The four: column 4, rows 1 to 4.',
        'Result: red (human) wins with four in a row.',
        'Moves: 4141414',
        '',
      ].join('\n'),
    )).toBe(true);
  });

  it('ignores an overlong input line with a note and asks again', async () => {
    const result = await runCliOk(['connect-four', 'play', '--yellow', 'random', '--seed', '1'], { input: `${'4'.repeat(100_000)}\nq\n` });
    expect(result.stdout).toContain(`\nIgnored a line longer than 4096 characters ("${'4'.repeat(24)}…").\nred (human), your column 1-7 (u undo, h hint, q quit): q\n`);
    expect(result.stdout.length).toBeLessThan(5_000);
  });

  it('ends cleanly when the person types q or input ends', async () => {
    const quit = await runCli(['connect-four', 'play', '--yellow', 'random', '--seed', '1'], { input: 'q\n' });
    expect(quit.status).toBe(0);
    expect(quit.stdout).toContain('Result: yellow (random) wins: red (human) resigned: quit.\nMoves: (none)\nSeed: 1\n');
    const eof = await runCli(['connect-four', 'play', '--red', 'random', '--yellow', 'human', '--seed', '1'], { input: '' });
    expect(eof.status).toBe(0);
    expect(eof.stdout).toContain('Result: red (random) wins: yellow (human) resigned: input ended.');
  });

  it('says when the computer is thinking, before each of its moves', async () => {
    const result = await runCli(['connect-four', 'play', '--yellow', 'ex', '--bot', EXAMPLE], { input: '4\nq\n' });
    expect(result.stdout).toContain('\nyellow (ex) is thinking…\nyellow (ex) plays column 1\n');
  });

  it('starts from --pos, in the notation of solve', async () => {
    const result = await runCli(['connect-four', 'play', '--pos', '4453', '--yellow', 'ex', '--bot', EXAMPLE], { input: '5\nq\n' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(
      ['Starting from 4453, red to move.', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . O . . .', '. . O X X . .', '1 2 3 4 5 6 7', '', 'red (human), your column'].join('\n'),
    );
    expect(movesOf(result.stdout)).toBe('445351');
  });

  it('takes back the bot\'s reply and your move with u, and refuses before your first move', async () => {
    const result = await runCli(['connect-four', 'play', '--yellow', 'ex', '--bot', EXAMPLE], { input: 'u\n4\nu\n5\nq\n' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('(u undo, h hint, q quit): u\nNothing to take back: no move of yours has been played since the start.\n');
    const empty = ['. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '1 2 3 4 5 6 7'].join('\n');
    expect(result.stdout).toContain(`(u undo, h hint, q quit): u\nTaken back: red to move.\n${empty}\n`);
    // After the take-back the game goes on from the empty board: 5, and the bot's 1.
    expect(movesOf(result.stdout)).toBe('51');
  });

  it('takes back one move between two people, and never behind --pos', async () => {
    const result = await runCli(['connect-four', 'play', '--red', 'human', '--yellow', 'human', '--pos', '44'], { input: '3\nu\nu\n5\n6\nq\n' });
    expect(result.stdout).toContain('yellow (human), your column 1-7 (u undo, h hint, q quit): u\nTaken back: red to move.\n');
    expect(result.stdout).toContain('red (human), your column 1-7 (u undo, h hint, q quit): u\nNothing to take back');
    expect(movesOf(result.stdout)).toBe('4456');
  });

  it('gives a hint from the solver, solved when it can be, and says when it falls back to a guess', async () => {
    const solved = await runCli(['connect-four', 'play', '--pos', '4455', '--yellow', 'ex', '--bot', EXAMPLE], { input: 'h\nq\n' });
    expect(solved.stdout).toMatch(/\(u undo, h hint, q quit\): h\nHint: column 3: you win with best play, by your 2nd stone from now \(solved in [\d.]+ m?s\)\.\n/);
    const losing = await runCli(['connect-four', 'play', '--pos', '44455554221', '--red', 'ex', '--yellow', 'human', '--bot', EXAMPLE], { input: 'h\nq\n' });
    expect(losing.stdout).toMatch(/Hint: column \d: the opponent wins with best play \(by its 1st stone from now\); this holds out longest/);
    // The empty board is in the opening book: solved at once, even in 50 ms.
    const start = await runCli(['connect-four', 'play', '--hint-time', '0.05', '--yellow', 'ex', '--bot', EXAMPLE], { input: 'h\nq\n' });
    expect(start.stdout).toMatch(/Hint: column 4: you win with best play, by your 21st stone from now \(solved in [\d.]+ m?s\)\.\n/);
    // Eleven stones, yellow to move: its moves lead past the opening book (10 stones) and outside
    // the strategy book; settling it takes seconds of search, not 50 ms.
    const guess = await runCli(['connect-four', 'play', '--hint-time', '0.05', '--pos', '52511551752', '--red', 'ex', '--yellow', 'human', '--bot', EXAMPLE], { input: 'h\nq\n' });
    expect(guess.stdout).toMatch(/Hint: column [1-7] — a guess: the solver could not settle the position within 50 ms, so this is the column with the best bound it proved \(--hint-time gives it longer\)\.\n/);
  });

  it('with --color draws red X, yellow O and the winning four reversed, and nothing else changes', async () => {
    const args = ['connect-four', 'play', '--yellow', 'ex', '--bot', EXAMPLE];
    const plain = await runCli(args, { input: '4\n4\n4\n4\n' });
    const colored = await runCli([...args, '--color'], { input: '4\n4\n4\n4\n' });
    expect(stripStyle(colored.stdout)).toBe(plain.stdout);
    const X = '\u001b[31mX\u001b[39m';
    const O = '\u001b[33mO\u001b[39m';
    const win = `\u001b[7;1m${X}\u001b[27;22m`;
    expect(colored.stdout).toContain(`${O} . . ${win} . . .\n${O} . . ${win} . . .\n${O} . . ${win} . . .\n\u001b[2m1 2 3 4 5 6 7\u001b[22m\n`);
  });

  it('plays two bots against each other to a legal end', async () => {
    const result = await runCliOk(['connect-four', 'play', '--red', 'alphabeta-2', '--yellow', 'ex', '--bot', EXAMPLE, '--time', '10']);
    const position = Position.fromMoves(movesOf(result.stdout));
    expect(position.winner()).toBe(true); // the leftmost-column bot is no match for a search
    expect(result.stdout).toContain('Result: red (alphabeta-2) wins with four in a row.');
  });

  it.each([
    [['--red', 'nobody'], "Unknown bot 'nobody'"],
    [['--time', '0'], 'The time limit must be a positive number'],
    [['--level', '7'], 'The level must be from 1 to 6'],
    [['--bot', 'nameless'], '--bot expects name=command'],
    [['--bot', 'random=ls'], "Bot name 'random' is taken"],
    [['--pos', '4444444'], '--pos: column 4 is full'],
    [['--pos', '4545454'], '--pos: the game is already over after 4545454'],
    [['--pos', '48'], '--pos:'],
    [['--hint-time', '0'], 'The hint time must be a positive number'],
  ])('rejects %j with exit status 2', async (args, message) => {
    const result = await runInProcess(['connect-four', 'play', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('the binary refuses a bad option of play the same way: exit status 2, the message, nothing on stdout', async () => {
    const result = await runCli(['connect-four', 'play', '--level', '7']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('The level must be from 1 to 6');
    expect(result.stdout).toBe('');
  });
});

describe('connect-four play on a terminal (two people, in-process)', () => {
  const game = (color?: boolean): Promise<string> => {
    const options: PlayOptions = { red: 'human', yellow: 'human', time: 18, level: 4, bot: [], hintTime: 1, ...(color === undefined ? {} : { color }) };
    return playThrough((stdin, stdout) => playGame(options, stdin, stdout), '4\n1\n4\n1\n4\n1\n4\n', true);
  };

  it('colours by itself, not with NO_COLOR or --no-color, and the plain game is the engine\'s picture', async () => {
    const colored = await expectColourByItself(game);
    expect(colored).toContain(`\u001b[33mO\u001b[39m . . \u001b[7;1m\u001b[31mX\u001b[39m\u001b[27;22m . . .`);
    expect(stripStyle(colored)).toContain('O . . X . . .\n1 2 3 4 5 6 7\n\nThe four: column 4, rows 1 to 4.\nResult: red (human) wins with four in a row.\nMoves: 4141414\n');
  });

  it('shows a note while the solver thinks of a hint, wiped when the hint comes', async () => {
    const options: PlayOptions = { red: 'human', yellow: 'human', time: 18, level: 4, bot: [], hintTime: 2, pos: '4455', color: false };
    const out = await playThrough((stdin, stdout) => playGame(options, stdin, stdout), 'h\nq\n', true);
    expect(out).toContain('(u undo, h hint, q quit): h\nThe solver is thinking (up to 2 s)…\r\u001b[KHint: column 3: you win with best play');
  });
});

describe('tabletop connect-four tournament', () => {
  it('plays from all 49 two-move openings with --openings all, each once with each colour, the levels by name', async () => {
    const result = await runCliOk(['connect-four', 'tournament', '--bots', 'casual,beginner', '--openings', 'all', '--games', '4', '--time', '10', '--seed', '1', '--jobs', '1', '--json']);
    const games = (JSON.parse(result.stdout) as { games: { opening: string; red: string; yellow: string }[] }).games;
    expect(games.map(({ opening, red }) => `${opening} ${red}`)).toEqual(['11 casual', '11 beginner', '12 casual', '12 beginner']);
    const bad = await runCli(['connect-four', 'tournament', '--bots', 'casual,beginner', '--openings', 'some']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("expected 'balanced'");
  });

  it('plays a round robin with an external bot and prints the matrix and ratings', async () => {
    const result = await runCliOk(['connect-four', 'tournament', '--bots', 'alphabeta-1,random,ex', '--bot', EXAMPLE, '--time', '10', '--games', '2', '--seed', '7', '--jobs', '2']);
    expect(result.stdout).toMatch(/^Connect Four round robin: 3 bots, 2 games per pair from 1 of the 14 balanced openings, 6 games \([1-6] distinct\), move limit 10 s, seed 7\n/);
    const rows = result.stdout.split('\n').filter((line) => /^(alphabeta-1|random|ex) /.test(line));
    expect(rows).toHaveLength(3);
    const number = (text: string): number => (text === '+∞' ? Infinity : text === '-∞' ? -Infinity : Number(text));
    for (const row of rows) {
      const match = /(\d+-\d+-\d+)\s+(\d+\.\d%)\s+([+-]?\d+)\s+[[(]([+-]?\d+|-∞), ([+-]?\d+|\+∞)[\])]$/.exec(row);
      expect(match, row).not.toBeNull();
      const [, total, , elo, low, high] = match!;
      const [w, d, l] = total!.split('-').map(Number);
      expect(w! + d! + l!).toBe(4); // two opponents, two games each
      // The interval brackets the fitted rating; ∞ where the games set no bound.
      expect(number(low!)).toBeLessThanOrEqual(Number(elo));
      expect(number(high!)).toBeGreaterThanOrEqual(Number(elo));
    }
    // The search bot wins all four of its games, as both colours.
    expect(rows.find((row) => row.startsWith('alphabeta-1'))).toMatch(/\s4-0-0\s+100\.0%/);
  });

  it('prints JSON, and the same seed plays the same games', async () => {
    const args = ['connect-four', 'tournament', '--bots', 'random,alphabeta-1', '--time', '10', '--games', '2', '--seed', '2', '--json'];
    // One after the other: two at once would compete for the cores, and only the first is checked in full.
    const first = await runCli(args);
    const second = await runCli(args);
    expect(withoutFenceWarning(first.stderr)).toBe('');
    expect(first.status).toBe(0);
    interface Json {
      bots: string[];
      wins: number[][];
      elo: number[];
      eloCi: [number | null, number | null][];
      distinctGames: number;
      games: { red: string; yellow: string; opening: string; winner: string | null; reason: string; moves: string }[];
    }
    const json = JSON.parse(first.stdout) as Json;
    expect(json.bots).toEqual(['random', 'alphabeta-1']);
    expect(json.distinctGames).toBe(2);
    json.elo.forEach((rating, i) => {
      expect(json.eloCi[i]![0] ?? -Infinity).toBeLessThanOrEqual(rating);
      expect(json.eloCi[i]![1] ?? Infinity).toBeGreaterThanOrEqual(rating);
    });
    // alphabeta-1 won both games: its rating has no upper bound, random's no lower bound.
    expect(json.eloCi[1]![1]).toBeNull();
    expect(json.eloCi[0]![0]).toBeNull();
    // Both games start from the suite's first opening, once with each colour.
    expect(json.games.map((game) => game.opening)).toEqual(['31', '31']);
    for (const game of json.games) expect(game.moves.startsWith('31')).toBe(true);
    expect(json.games.map((game) => [game.red, game.yellow])).toEqual([
      ['random', 'alphabeta-1'],
      ['alphabeta-1', 'random'],
    ]);
    for (const game of json.games) {
      const position = Position.fromMoves(game.moves);
      expect(game.reason).toBe('four-in-a-row');
      expect(position.winner()).toBe(game.winner === 'red');
    }
    expect(json.wins[1]![0]! + json.wins[0]![1]!).toBe(2);
    expect(withoutFenceWarning(second.stderr)).toBe('');
    expect(second.status).toBe(0);
    expect((JSON.parse(second.stdout) as Json).games).toEqual(json.games);
  });

  it('scores a bot answering an endless line (cat /dev/zero) as a protocol error and keeps every result', async () => {
    const zeros = `zeros=sh -c 'while read line; do case "$line" in init*) echo ready;; move) cat /dev/zero;; esac; done'`;
    const result = await runCliOk(['connect-four', 'tournament', '--bots', 'ex,zeros', '--bot', EXAMPLE, '--bot', zeros, '--time', '10', '--games', '2']);
    expect(result.stdout).toMatch(/^ex\s+-\s+2-0-0\s+2-0-0/m);
    expect(result.stdout).toContain('zeros: 2 protocol error');
    expect(result.stdout).toContain('answered a line longer than 4096 characters');
  });

  it('exits once the games are over although a bot left children behind (one ignoring SIGTERM)', async () => {
    const parent = `kids=sh -c 'sleep 25 & (trap "" TERM; sleep 25) & exec node ${JSON.stringify(EXAMPLE_BOT)}'`;
    // Waiting for the children would take 25 s: the run is cut off (signal set) long before that.
    const result = await runCli(['connect-four', 'tournament', '--bots', 'ex,kids', '--bot', EXAMPLE, '--bot', parent, '--time', '10', '--games', '2'], { timeoutMs: 15_000 });
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Forfeits: none');
  });

  it('records forfeits: a bot that never answers loses on time', async () => {
    // It sleeps an hour a move: the tournament ending at all shows it was killed, not waited for.
    const sleepy = `sleepy=sh -c 'while read line; do case "$line" in init*) echo ready;; move) sleep 3600;; esac; done'`;
    const result = await runCli(['connect-four', 'tournament', '--bots', 'ex,sleepy', '--bot', EXAMPLE, '--bot', sleepy, '--time', '2', '--games', '2']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('sleepy: 2 timeout');
    expect(result.stdout).toMatch(/^ex\s+-\s+2-0-0\s+2-0-0/m);
  });

  it.each([
    [['--bots', 'solver'], '--bots needs at least two bots'],
    [['--bots', 'solver,solver'], "--bots: 'solver' is listed twice."],
    [['--bots', 'solver,mystery'], "Unknown bot 'mystery'"],
    [['--bots', 'solver,random', '--games', '0'], 'The number of games per pair must be from 1 to 100000'],
    [['--bots', 'solver,random', '--games', '9007199254740991'], "The number of games per pair must be from 1 to 100000, got '9007199254740991'."],
    [['--bots', 'solver,random', '--time', 'soon'], 'The time limit must be a positive number'],
    [[], "required option '--bots <list>' not specified"],
  ])('rejects %j with exit status 2', async (args, message) => {
    // In this process: the binary's exit 2 for tournament is the --openings test's above.
    const result = await runInProcess(['connect-four', 'tournament', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
  });
});
