/** End-to-end tests of `tabletop uno-war play` through the built binary (stdin is a pipe). */
import { describe, expect, it } from 'vitest';
import { runCli, runCliOk } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { expectColourByItself, playThrough } from '../../test-support/play-streams.js';
import { stripStyle } from '../style.js';
import { playUnoWar } from './play.js';

const PLAY = ['uno-war', 'play'];

describe('tabletop uno-war play', () => {
  it('explains itself in --help', async () => {
    const { status, stdout } = await runCli([...PLAY, '--help']);
    expect(status).toBe(0);
    expect(stdout).toContain('--ai <id>');
    expect(stdout).toContain('random, smallest, biggest, counter');
    expect(stdout).toContain('--seed <n>');
    expect(stdout).toContain('First to 10 rounds wins');
  });

  it('plays a whole game driven through stdin, rejecting unplayable cards, to a final score', async () => {
    // Cycling through every slot always reaches a playable one, so this input finishes any game.
    const input = '1\n2\n3\n4\n5\n'.repeat(3000);
    const { stdout } = await runCliOk([...PLAY, '--ai', 'biggest', '--seed', '7'], { input });
    expect(stdout).toContain('UnoWar against Biggest Card AI, deal 7. Replay it with --seed 7.');
    expect(stdout).toMatch(/\n(You win the game|Biggest Card AI wins the game) 10-\d\.\n$/);
    expect(stdout).toContain('Round 1: the pile starts with the');
    expect(stdout).toMatch(/cannot go on the/);
    expect(stdout).toMatch(/Biggest Card AI plays the /);
    // Each round ends with a score line, and the last one shows the winner at 10.
    const scores = [...stdout.matchAll(/^Score: you (\d+), Biggest Card AI (\d+)\.$/gm)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(Math.max(...scores.at(-1)!)).toBe(10);
    expect(scores.length).toBe(scores.at(-1)![0]! + scores.at(-1)![1]!);
  });

  it('plays against any fair AI of the registry, the card counter included', async () => {
    const input = '1\n2\n3\n4\n5\n'.repeat(3000);
    const { stdout } = await runCliOk([...PLAY, '--ai', 'counter', '--seed', '7'], { input });
    expect(stdout).toContain('UnoWar against Card Counter, deal 7.');
    expect(stdout).toMatch(/\n(You win the game|Card Counter wins the game) 10-\d\.\n$/);
  });

  it('replays the same game from the same seed and input', async () => {
    const input = '5\n4\n3\n2\n1\n'.repeat(3000);
    const first = await runCli([...PLAY, '--ai', 'random', '--seed', '123'], { input });
    const second = await runCli([...PLAY, '--ai', 'random', '--seed', '123'], { input });
    expect(first.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it('rejects input that is not a playable slot and asks again', async () => {
    const { status, stdout } = await runCli([...PLAY, '--seed', '42'], { input: 'x\n9\n-1\n0\n1\n2\nq\n' });
    expect(status).toBe(0);
    expect(stdout).toContain("'x' is not a slot: type a number from 1 to 5, r, g, or q to quit.");
    expect(stdout).toContain("'9' is not a slot");
    expect(stdout).toContain("'-1' is not a slot");
    expect(stdout).toContain("'0' is not a slot");
    // Seed 42 deals the Nine of Clubs in slot 1 (people count from 1) on the Ace of Clubs; the AI
    // answers with the Jack of Clubs, on which slot 2's Ten of Diamonds cannot go.
    expect(stdout).toContain('You draw the Five of Spades.');
    expect(stdout).toContain('The Ten of Diamonds cannot go on the Jack of Clubs: play a ♣ card or a card ranked J or higher (Ace is low).');
    expect(stdout.trimEnd().endsWith('You quit. Score: you 0, Smallest Card AI 0.')).toBe(true);
  });

  it('q quits cleanly at the first prompt', async () => {
    const { stdout } = await runCliOk([...PLAY, '--seed', '1'], { input: 'q\n' });
    expect(stdout).toContain('Your hand:');
    expect(stdout.trimEnd().endsWith('You quit. Score: you 0, Smallest Card AI 0.')).toBe(true);
  });

  it('ends cleanly at the end of input', async () => {
    const { status, stdout } = await runCli([...PLAY, '--seed', '1']);
    expect(status).toBe(0);
    expect(stdout).toContain('End of input: game abandoned. Score: you 0, Smallest Card AI 0.');
  });

  it('prints a fresh seed when none is given, which replays the deal', async () => {
    const first = await runCli(PLAY, { input: 'q\n' });
    const seed = /deal (\d+)\. Replay it with --seed \1\./.exec(first.stdout)?.[1];
    expect(seed).toBeDefined();
    const again = await runCli([...PLAY, '--seed', seed!], { input: 'q\n' });
    expect(again.stdout).toBe(first.stdout);
  });

  it('plays a hand with one playable card by itself, and asks for it with --no-play-forced', async () => {
    const input = '1\n2\n3\n4\n5\n'.repeat(3000);
    const auto = await runCli([...PLAY, '--seed', '7'], { input });
    const asked = await runCli([...PLAY, '--seed', '7', '--no-play-forced'], { input });
    // Each hand shown is followed by either a forced play or a question; a forced play follows a
    // hand with exactly one playable card (counting a duplicate after a reshuffle once), and only then.
    const turns = (text: string): { playable: number; forced: boolean }[] =>
      text.split('\nYour hand:\n').slice(1).map((turn) => {
        const hand = turn.split('\n').slice(0, 5);
        const playable = new Set(hand.filter((line) => line.endsWith(' playable')).map((line) => line.slice(5).replace(/ +playable$/, '')));
        return { playable: playable.size, forced: turn.split('\n')[5]!.endsWith(', your only playable card.') };
      });
    const autoTurns = turns(auto.stdout);
    expect(autoTurns.some((turn) => turn.forced)).toBe(true);
    for (const turn of autoTurns) expect(turn.forced).toBe(turn.playable === 1);
    const askedTurns = turns(asked.stdout);
    expect(askedTurns.some((turn) => turn.playable === 1)).toBe(true);
    expect(askedTurns.every((turn) => !turn.forced)).toBe(true);
    expect(auto.stdout).toMatch(/wins the game 10-\d\.\n$/);
  });

  it('g lets the stand-in play the whole game for you: one answer', async () => {
    const { status, stdout } = await runCli([...PLAY, '--seed', '42'], { input: 'g\n' });
    expect(status).toBe(0);
    expect(stdout.split('Your card (1-5')).toHaveLength(2);
    expect(stdout).toContain('Smallest Card AI plays for you to the end of the game.');
    expect(stdout).toMatch(/^You play the [A-Za-z ]+ \(Smallest Card AI for you\)\.$/m);
    expect(stdout.endsWith('\nYou win the game 10-9.\n')).toBe(true);
  });

  it('r hands the seat over to the end of the round only, with the chosen --stand-in', async () => {
    const { stdout } = await runCli([...PLAY, '--seed', '42', '--stand-in', 'biggest'], { input: 'r\nq\n' });
    expect(stdout).toContain('Biggest Card AI plays for you to the end of the round.');
    const [round1, rest] = stdout.split(/\nRound 2: /);
    expect(round1).toMatch(/\(Biggest Card AI for you\)/);
    expect(rest).toBeDefined();
    expect(rest).not.toMatch(/for you\)/);
    expect(stdout.trimEnd()).toMatch(/q\nYou quit\. Score: you \d, Smallest Card AI \d\.$/);
  });

  it('with --color names Hearts and Diamonds in red and changes nothing else', async () => {
    const input = 'r\nq\n';
    const plain = await runCli([...PLAY, '--seed', '42'], { input });
    const colored = await runCli([...PLAY, '--seed', '42', '--color'], { input });
    expect(colored.stdout).toContain('  2  \u001b[31mTen of Diamonds\u001b[39m   playable');
    expect(colored.stdout).toContain('Ace of Clubs');
    expect(colored.stdout).not.toContain('\u001b[31mAce of Clubs');
    expect(stripStyle(colored.stdout)).toBe(plain.stdout);
  });

  it('exits 2 with a clear message on bad options', async () => {
    for (const [args, message] of [
      [['--ai', 'clever'], /unknown 'clever' \(choose from random, smallest, biggest, counter, mcts\)/],
      [['--seed', 'abc'], /seed must be a whole number/],
      [['--seed', '-5'], /seed/],
      [['--turbo'], /unknown option '--turbo'/],
      [['--stand-in', 'nobody'], /unknown 'nobody'/],
    ] as const) {
      // The first through the binary (its exit status), the rest in this process.
      const { status, stderr, stdout } = args[0] === '--ai' ? await runCli([...PLAY, ...args], { input: 'q\n' }) : await runInProcess([...PLAY, ...args]);
      expect(status).toBe(2);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
    }
  });
});

describe('playUnoWar on a terminal', () => {
  function onTerminal(color?: boolean): Promise<string> {
    const options = color === undefined ? { ai: 'smallest' as const, seed: 42 } : { ai: 'smallest' as const, seed: 42, color };
    return playThrough((stdin, stdout) => playUnoWar(options, stdin, stdout), 'r\nq\n', true);
  }

  it('colours by itself unless NO_COLOR is set or --no-color given', async () => {
    const colored = await expectColourByItself(onTerminal);
    expect(colored).toContain('\u001b[31mTen of Diamonds\u001b[39m');
  });
});
