import { afterEach, describe, expect, it, vi } from 'vitest';
import { BasicKlondike } from '../../games/klondike/basic-klondike.js';
import { parseDeck } from '../../games/klondike/rigging.js';
import { KlondikeTextualView } from '../../games/klondike/view.js';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { playThrough } from '../../test-support/play-streams.js';
import { applyMove, isNoOpMove, legalMoves } from '../../games/klondike/moves.js';
import { ENGINE_STATE } from '../../games/klondike/engine.js';
import { dealState, solveSeed } from '../../games/klondike/solver/deal.js';
import { EngineKlondike } from '../../games/klondike/engine-klondike.js';
import { moveCommand } from '../../games/klondike/notation.js';
import { planFinish } from '../../games/klondike/progress.js';
import { solveKlondike } from '../../games/klondike/solver/solver.js';
import { COLORED, stripStyle } from '../style.js';
import { difficultyTableFor } from '../../games/klondike/difficulty-data.js';
import { gradeInTable, pickGradedDeal } from '../../games/klondike/difficulty.js';
import { autoFinish, playKlondike, playSession, stuckReason, type SessionOptions } from './play.js';

function dealOf(seed: number, piles = 7, draw = 3): string {
  const model = new BasicKlondike(seed);
  model.startGame(model.getDeck(), true, piles, draw);
  return new KlondikeTextualView(model).toString();
}

function session(model: BasicKlondike, input: string, options: SessionOptions = {}): Promise<string> {
  return playThrough((stdin, stdout) => playSession(model, stdin, stdout, options), input);
}

const DECK_UNWINNABLE = 47; // proved unwinnable by the solver in a few milliseconds
const DECK_UNDECIDED = 77; // undecided even in 1.5 s (the test gives the solver 50 ms; a busy machine may take longer to stop, so the time is read as ms or s)

describe('playSession', () => {
  it('finishes by itself once every card is face up, and ends with the number of moves', async () => {
    // piles [3♣] [A♡ down, 2♡]; the draw pile A♣ 2♣ 3♡. 2♡ onto 3♣ turns up A♡: every card is face up.
    const model = new BasicKlondike();
    model.startGame(parseDeck('3♣ A♡ 2♡ A♣ 2♣ 3♡'), false, 2, 3);
    const out = await session(model, 'md 1\nmpp 2 1 1\nthis line is never read\n');
    expect(out).toContain('Score: 0   Draw pile: 3 cards (3 shown)\n> md 1\nInvalid move. A♣ cannot go onto 3♣ (it must be one lower and of the other colour)\n');
    expect(out.endsWith(
      [
        '> mpp 2 1 1',
        'Draw: A♣, 2♣, 3♡',
        'Foundation: <none>, <none>',
        ' 3♣ A♡',
        ' 2♡   ',
        '------',
        '  1  2',
        'Score: 0   Draw pile: 3 cards (3 shown)',
        'Every card is face up: 6 moves to the foundations.',
        'mpf 2 1, mdf 2, mpf 1 1, mdf 2, mpf 1 2, mdf 1',
        'Draw: ',
        'Foundation: 3♡, 3♣',
        '------',
        '  1  2',
        'Score: 6   Draw pile: empty',
        'You won in 7 moves, the last 6 played by the auto-finish! Game over. Final score: 6.',
        '',
      ].join('\n'),
    )).toBe(true);
    expect(model.getScore()).toBe(6);
  });

  it('with the auto-finish off, f finishes, and only once every card is face up', async () => {
    const model = new BasicKlondike();
    model.startGame(parseDeck('3♣ A♡ 2♡ A♣ 2♣ 3♡'), false, 2, 3);
    const out = await session(model, 'f\nmpp 2 1 1\nf\n', { autoFinish: false });
    expect(out).toContain('> f\nNot yet: the auto-finish needs every card of the piles face up.\n');
    expect(out).toContain('> f\nEvery card is face up: 6 moves to the foundations.\n');
    expect(out.trimEnd().endsWith('You won in 7 moves, the last 6 played by the auto-finish! Game over. Final score: 6.')).toBe(true);
  });

  it('under the standard rules, f finishes only a finish that wins, and else says why it cannot', async () => {
    // Piles [4♣] [4♢ down, A♣]; one pass of the stock 2♢ 3♣ 3♢ 2♣ A♢ (as in progress.test.ts): once
    // A♣ is up every card is face up, but the finish would bury 3♣ and 2♢ under 3♢ on the last pass.
    const model = new EngineKlondike(dealState(parseDeck('4♣ 4♢ A♣ 2♢ 3♣ 3♢ 2♣ A♢').map((card) => card.index), 2, { rules: 'standard', draw: 1, passes: 1 }));
    const out = await playThrough((stdin, stdout) => playSession(model, stdin, stdout), 'mpf 2 1\nf\nq\n');
    expect(out).toContain('> f\nEvery card is face up, but the finish cannot play every card: it needs another pass through the stock, and this pass is the last. Play on by hand, or type u to take moves back.\n> q\n');
    expect(model.getScore()).toBe(1);
    // The finish's moves made by hand, then 3♢ onto 4♣: now the finish wins.
    const byHand = [...planFinish(model)!.moves.map(moveCommand), 'md 1', 'f'];
    const won = await playThrough((stdin, stdout) => playSession(model, stdin, stdout), `${byHand.join('\n')}\n`);
    expect(won).toContain('> f\nEvery card is face up: 5 moves to the foundations.\n');
    expect(won.trimEnd().endsWith('Game over. Final score: 8.')).toBe(true);
  });

  it('autoFinish wins every standard deal once the cascade is face up (solver lines played up to that point)', () => {
    for (const seed of [1, 2, 3, 13]) {
      const model = new BasicKlondike(seed);
      model.startGame(model.getDeck(), true, 7, 3);
      const line = solveSeed(seed).moves;
      expect(line).not.toBeNull();
      let i = 0;
      while (autoFinish(model) === null) applyMove(model, line![i++]!);
      expect(model.getScore()).toBe(52);
    }
  });

  it('says once when no move can help any more: only whole piles onto empty piles are left', async () => {
    // piles [K♠] [2♠ down, A♠] [10♠ down, J♠ down, Q♠]; the draw (3♠..9♠, A♡..K♡) all goes up,
    // leaving K♠ alone at row 0 next to an empty pile: the game is not over, yet nothing helps.
    const model = new BasicKlondike();
    model.startGame(parseDeck('K♠ 2♠ 10♠ A♠ J♠ Q♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ A♡ 2♡ 3♡ 4♡ 5♡ 6♡ 7♡ 8♡ 9♡ 10♡ J♡ Q♡ K♡'), false, 3, 1);
    const playOut = ['mpf 2 1', 'mpf 2 1', ...Array<string>(7).fill('mdf 1'), ...Array<string>(13).fill('mdf 2')];
    const stuck = 'No move can help any more: no sequence of moves with the piles can put another card on a foundation or turn up a face-down card. Score: 22. Type u to take moves back, or q to quit.';
    const out = await session(model, [...playOut, 'mpp 1 1 2', 'h', 'q', ''].join('\n'));
    expect(out).toContain(`Foundation: 9♠, K♡\n K♠  X  ?\n        ?\n       Q♠\n---------\n  1  2  3\nScore: 22   Draw pile: empty\n${stuck}\n> mpp 1 1 2\n`);
    // Said once, not again after the move that changed nothing.
    expect(out.split(stuck)).toHaveLength(2);
    expect(out).toMatch(/> h\nThis deal cannot be won from here: the solver searched every position \(\d+ positions? in [\d.]+ m?s\)\. Type u to take moves back\.\n> q\n/);
    expect(stuckReason(model)).not.toBeNull();
  });

  it('says so when only turning the draw pile is left and none of its cards fits anywhere', async () => {
    // piles [3♣] [A♣ down, 4♣]; the draw pile [2♣] fits neither 3♣ nor 4♣ (same colour) nor a foundation.
    const model = new BasicKlondike();
    model.startGame(parseDeck('3♣ A♣ 4♣ 2♣'), false, 2, 1);
    const out = await session(model, 'dd\nq\n');
    expect(out).toContain('Score: 0   Draw pile: 1 card (1 shown)\nNo move can help any more: no sequence of moves with the piles and the 1 card of the draw pile can put another card on a foundation or turn up a face-down card. Score: 0. Type u to take moves back, or q to quit.\n> dd\n');
  });

  it('sees through loops: legal pile moves that lead nowhere still leave the game stuck, and the solver agrees it is lost', () => {
    // Random walks (a fixed linear congruential stream) reach, after these many moves, a position
    // where a pile move other than shifting a whole pile is legal, yet no progress can be reached.
    for (const [seed, steps] of [
      [1, 343],
      [2, 224],
    ] as const) {
      let x = 12345;
      const random = (): number => {
        x = (x * 1103515245 + 12345 + seed) % 2147483648;
        return x / 2147483648;
      };
      const model = new BasicKlondike(seed);
      model.startGame(model.getDeck(), true, 7, 3);
      for (let step = 0; step < steps; step++) {
        const moves = legalMoves(model, true);
        applyMove(model, moves[Math.floor(random() * moves.length)]!);
      }
      expect(legalMoves(model, true).some((move) => move.kind !== 'discardDraw' && !isNoOpMove(model, move))).toBe(true);
      expect(stuckReason(model)).toMatch(/^no sequence of moves with the piles/);
      expect(solveKlondike(model[ENGINE_STATE]().clone(), { timeMs: 5_000 }).verdict).toBe('unwinnable');
    }
  });

  it('is not stuck while a draw card still fits somewhere, even when only discards are legal now', () => {
    // piles [3♣] [A♣ down, 2♡]... a card behind the front of the draw pile fits: not stuck.
    const model = new BasicKlondike();
    model.startGame(parseDeck('3♡ A♡ 4♡ 2♣ 2♡ A♣ 3♣ 4♣'), false, 2, 1);
    expect(stuckReason(model)).toBeNull();
  });
});

describe('the solver in klondike play', () => {
  it('h names the move and its card in words, with its command, when the solver proves the deal still winnable after it', async () => {
    const model = new BasicKlondike(42);
    model.startGame(model.getDeck(), true, 7, 3);
    const out = await session(model, 'h\nmpp 3 1 2\nh\nq\n');
    expect(out).toMatch(/^> h\nHint: move 7♡ from pile 3 onto 8♣ \(pile 2\), typed mpp 3 1 2\. It keeps the deal winnable; the solver found a win in \d+ more moves \(type solve to see one\)\.\n/m);
    expect(out).toMatch(/> h\nHint: move A♠ from pile 3 to a foundation, typed mpf 3 1\. It keeps the deal winnable; the solver found a win in \d+ more moves/);
    // The move named does keep it winnable: the solver wins from the position after it.
    const after = new BasicKlondike(42);
    after.startGame(after.getDeck(), true, 7, 3);
    after.movePile(2, 1, 1);
    after.moveToFoundation(2, 0);
    expect(solveKlondike(after[ENGINE_STATE]().clone()).verdict).toBe('winnable');
  });

  it('h names the draws a move needs and the card they bring, taking the move that needs the fewest', async () => {
    // Deal 13: the solver's own line turns the draw pile 11 times for A♣; 2♢, 6 draws away, keeps
    // the deal winnable too, and no move needing fewer draws was proved to.
    const model = new BasicKlondike(13);
    model.startGame(model.getDeck(), true, 7, 3);
    const out = await session(model, 'h\nq\n');
    expect(out).toMatch(/> h\nHint: draw 6 times until 2♢ shows, then move 2♢ from the draw pile onto 3♠ \(pile 1\), typed dd ×6, then md 1\. It keeps the deal winnable; the solver found a win in \d+ more moves \(type solve to see one\)\.\n/);
  });

  it('solve prints the rest of a winning line, which wins when played', async () => {
    const model = new BasicKlondike(13);
    model.startGame(model.getDeck(), true, 7, 3);
    const out = await session(model, 'solve\nq\n');
    const match = /A winning line from here, (\d+) moves \(found in [^;]+; ×N: N times\):\n([^>]*)> q/.exec(out);
    expect(match).not.toBeNull();
    const commands = match![2]!.replace(/,\n/g, ', ').trim().split(', ').flatMap((item) => {
      const run = /^(.*) ×(\d+)$/.exec(item);
      return run === null ? [item] : Array<string>(Number(run[2])).fill(run[1]!);
    });
    expect(commands).toHaveLength(Number(match![1]));
    const replay = new BasicKlondike(13);
    replay.startGame(replay.getDeck(), true, 7, 3);
    const played = await session(replay, `${commands.join('\n')}\n`, { autoFinish: false });
    expect(played.trimEnd().endsWith(`You won in ${match![1]!} moves! Game over. Final score: 52.`)).toBe(true);
  });

  it('says an unwinnable deal is lost, and undecided when the budget runs out', async () => {
    const lost = new BasicKlondike(DECK_UNWINNABLE);
    lost.startGame(lost.getDeck(), true, 7, 3);
    const lostOut = await session(lost, 'h\nsolve\nq\n');
    expect(lostOut).toMatch(/> h\nThis deal cannot be won from here: the solver searched every position \([\d,]+ positions in [\d.]+ m?s\)\. The usual hint, for points: [a-z0-9 ]+\. Type u to take moves back\.\n/);
    expect(lostOut).toMatch(/> solve\nNo winning line: this deal cannot be won from here \(the solver searched every position, /);
    const hard = new BasicKlondike(DECK_UNDECIDED);
    hard.startGame(hard.getDeck(), true, 7, 3);
    const hardOut = await session(hard, 'h\nsolve\nq\n', { solverTimeMs: 50 });
    expect(hardOut).toMatch(/> h\nUndecided: the solver neither found a win nor proved there is none within its budget \([\d,]+ positions in [\d.]+ m?s\)\. The usual hint, for points: /);
    expect(hardOut).toMatch(/> solve\nUndecided: the solver found no winning line and did not prove there is none within its budget/);
  });
});

describe('klondike play on a terminal', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  function onTerminal(color?: boolean): Promise<string> {
    const options = { seed: 42, piles: 7, draw: 3, solverTime: 1, ...(color === undefined ? {} : { color }) };
    return playThrough((stdin, stdout) => playKlondike(options, stdin, stdout), 'mpp 3 1 2\nq\n', true);
  }

  it('colours red cards by itself, not with NO_COLOR or --no-color; without colour the spec\'s view is exact', async () => {
    vi.stubEnv('NO_COLOR', '');
    vi.stubEnv('TERM', 'xterm');
    const colored = await onTerminal();
    expect(colored).toContain('Draw: \u001b[31m5♡\u001b[39m, 8♠, 5♠');
    const plain = await onTerminal(false);
    expect(plain).toBe(stripStyle(colored));
    expect(plain).toContain(`${dealOf(42)}\n---------------------\n`);
    vi.stubEnv('NO_COLOR', '1');
    expect(await onTerminal()).toBe(plain);
  });

  it('colours a session given the coloured style, and stripping it gives the plain session', async () => {
    const deal = (): BasicKlondike => {
      const model = new BasicKlondike(42);
      model.startGame(model.getDeck(), true, 7, 3);
      return model;
    };
    const plain = await session(deal(), 'mpp 3 1 2\nq\n');
    const colored = await session(deal(), 'mpp 3 1 2\nq\n', { style: COLORED });
    expect(colored).not.toBe(plain);
    expect(stripStyle(colored)).toBe(plain);
  });
});

describe('tabletop klondike play (end to end)', () => {
  it('plays moves through a pipe: a move, an invalid one, a hint, undo, quit', async () => {
    const deal = dealOf(42);
    const result = await runCli(['klondike', 'play', '--seed', '42'], { input: 'help\nmpp 3 1 2\nmpp 9 1 1\nmpf 1 1\nh\nu\nu\nfoo\nq\ndd\n' });
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out).toContain('Klondike, deal 42: 7 piles, 3 draw cards shown. Replay it with --seed 42.');
    expect(out).toContain('piles and foundations are numbered from 1');
    expect(out).toContain(`${deal}\n---------------------\n  1  2  3  4  5  6  7\nScore: 0   Draw pile: 24 cards (3 shown)\n`);
    expect(out).toContain('> mpp 9 1 1\nThere is no pile 9: the piles are 1 to 7.\n');
    expect(out).toMatch(/> mpf 1 1\nInvalid move. Only an Ace can start a foundation, not /);
    expect(out).toMatch(/> h\nHint: .+, typed (mpp|md|mpf|mdf|dd)\b.*\. It keeps the deal winnable; /);
    // The first `u` takes back `mpp 3 1 2` (whichever way it went), the second has nothing left.
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

  it('--winnable skips deals the solver does not prove winnable, and says which', async () => {
    const result = await runCli(['klondike', 'play', '--seed', String(DECK_UNWINNABLE), '--winnable'], { input: 'q\n' });
    expect(result.status).toBe(0);
    const next = DECK_UNWINNABLE + 1;
    // The next deal is in the assignment rules' grading table, so its grade follows.
    const grade = gradeInTable(difficultyTableFor({ rules: 'assignment', draw: 3, passes: Infinity })!, next);
    expect(grade).not.toBeNull();
    expect(result.stdout).toMatch(
      new RegExp(`^Deal ${String(DECK_UNWINNABLE)} skipped: the solver proved it cannot be won\\.\\nKlondike, deal ${String(next)}: 7 piles, 3 draw cards shown\\. Replay it with --seed ${String(next)}\\. The solver proved it winnable \\([\\d,]+ positions? in [\\d.]+ m?s\\)\\. Difficulty: ${String(grade)} \\(`),
    );
    expect(result.stdout).toContain(dealOf(next));
    expect(solveSeed(next).verdict).toBe('winnable');
  });

  it('--color colours red cards even through a pipe; stripped, it is the plain session', async () => {
    const plain = await runCli(['klondike', 'play', '--seed', '42'], { input: 'mpp 3 1 2\nq\n' });
    const colored = await runCli(['klondike', 'play', '--seed', '42', '--color'], { input: 'mpp 3 1 2\nq\n' });
    expect(colored.stdout).toContain('Draw: \u001b[31m5♡\u001b[39m, 8♠, 5♠');
    expect(stripStyle(colored.stdout)).toBe(plain.stdout);
  });

  it.each([
    [['--solver-time', '0']],
    [['--piles', '0']],
    [['--piles', '10']],
    [['--draw', 'x']],
    [['--seed', '-1']],
    [['--colour', 'red']],
  ])('exits with status 2 on bad options %j', async (args) => {
    const result = await runInProcess(['klondike', 'play', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).not.toBe('');
    expect(result.stdout).not.toContain('Draw:');
  });

  it('the binary exits with status 2 on a bad option too, before any deal', async () => {
    const result = await runCli(['klondike', 'play', '--piles', '10'], { input: 'q\n' });
    expect(result.status).toBe(2);
    expect(result.stderr).not.toBe('');
    expect(result.stdout).not.toContain('Draw:');
  });
});

describe('klondike play --difficulty', () => {
  const standard = { piles: 7, draw: 3, solverTime: 1, rules: 'standard' as const, passes: Infinity };
  const play = (options: Parameters<typeof playKlondike>[0]): Promise<string> => playThrough((stdin, stdout) => playKlondike(options, stdin, stdout), 'q\n');

  it("deals the deal of the grade that --seed picks from the rule set's shipped table, and says its grade", async () => {
    const table = difficultyTableFor({ rules: 'standard', draw: 3, passes: Infinity })!;
    for (const grade of ['easy', 'expert'] as const) {
      const deal = pickGradedDeal(table, grade, 11)!;
      const out = await play({ ...standard, difficulty: grade, seed: 11 });
      expect(out).toContain(`Klondike, deal ${String(deal)}: 7 piles, standard rules, draw 3, unlimited passes, standard scoring. Replay it with --seed ${String(deal)}. Difficulty: ${grade} (the honest player won `);
      expect(gradeInTable(table, deal)).toBe(grade);
    }
  });

  it("grades the assignment's rules too (draw 3, the default)", async () => {
    const table = difficultyTableFor({ rules: 'assignment', draw: 3, passes: Infinity })!;
    const deal = pickGradedDeal(table, 'hard', 5)!;
    const out = await play({ piles: 7, draw: 3, solverTime: 1, difficulty: 'hard', seed: 5 });
    expect(out).toContain(`Klondike, deal ${String(deal)}: 7 piles, 3 draw cards shown. Replay it with --seed ${String(deal)}. Difficulty: hard (the honest player won `);
    expect(gradeInTable(table, deal)).toBe('hard');
  });

  it.each([
    [['--difficulty', 'hardest'], /The difficulty/],
    [['--difficulty', 'hard', '--rules', 'standard', '--passes', '3'], /no deals are graded for standard rules, draw 3, 3 passes; graded are /],
    [['--difficulty', 'hard', '--draw', '2'], /no deals are graded for the assignment's rules, draw 2; graded are .*the assignment's rules, draw 3; the assignment's rules, draw 1/],
    [['--difficulty', 'hard', '--rules', 'standard', '--piles', '6'], /graded with 7 piles only/],
    [['--difficulty', 'hard', '--rules', 'standard', '--winnable'], /takes neither --deal nor --winnable/],
  ])('is a usage error (exit 2) where no graded deal can be picked: %j', async (args, message) => {
    const result = await runInProcess(['klondike', 'play', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).not.toContain('Draw:');
  });
});
