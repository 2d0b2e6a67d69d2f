/** End-to-end tests of `tabletop uno-war play` through the built binary (stdin is a pipe). */
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';

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
    const input = '0\n1\n2\n3\n4\n'.repeat(3000);
    const { status, stdout, stderr } = await runCli([...PLAY, '--ai', 'biggest', '--seed', '7'], { input });
    expect(stderr).toBe('');
    expect(status).toBe(0);
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
    const input = '0\n1\n2\n3\n4\n'.repeat(3000);
    const { status, stdout, stderr } = await runCli([...PLAY, '--ai', 'counter', '--seed', '7'], { input });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(stdout).toContain('UnoWar against Card Counter, deal 7.');
    expect(stdout).toMatch(/\n(You win the game|Card Counter wins the game) 10-\d\.\n$/);
  });

  it('replays the same game from the same seed and input', async () => {
    const input = '4\n3\n2\n1\n0\n'.repeat(3000);
    const first = await runCli([...PLAY, '--ai', 'random', '--seed', '123'], { input });
    const second = await runCli([...PLAY, '--ai', 'random', '--seed', '123'], { input });
    expect(first.status).toBe(0);
    expect(second.stdout).toBe(first.stdout);
  });

  it('rejects input that is not a playable slot and asks again', async () => {
    const { status, stdout } = await runCli([...PLAY, '--seed', '42'], { input: 'x\n9\n-1\n0\n1\nq\n' });
    expect(status).toBe(0);
    expect(stdout).toContain("'x' is not a slot: type a number from 0 to 4, or q to quit.");
    expect(stdout).toContain("'9' is not a slot");
    expect(stdout).toContain("'-1' is not a slot");
    // Seed 42 deals the Nine of Clubs in slot 0 on the Ace of Clubs; the AI answers with the Jack
    // of Clubs, on which slot 1's Ten of Diamonds cannot go.
    expect(stdout).toContain('You draw the Five of Spades.');
    expect(stdout).toContain('The Ten of Diamonds cannot go on the Jack of Clubs: play a Club or a card ranked Jack or higher.');
    expect(stdout.trimEnd().endsWith('You quit. Score: you 0, Smallest Card AI 0.')).toBe(true);
  });

  it('q quits cleanly at the first prompt', async () => {
    const { status, stdout, stderr } = await runCli([...PLAY, '--seed', '1'], { input: 'q\n' });
    expect(status).toBe(0);
    expect(stderr).toBe('');
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

  it('exits 2 with a clear message on bad options', async () => {
    for (const [args, message] of [
      [['--ai', 'clever'], /unknown 'clever' \(choose from random, smallest, biggest, counter, mcts\)/],
      [['--seed', 'abc'], /seed must be a whole number/],
      [['--seed', '-5'], /seed/],
      [['--turbo'], /unknown option '--turbo'/],
    ] as const) {
      const { status, stderr, stdout } = await runCli([...PLAY, ...args], { input: 'q\n' });
      expect(status).toBe(2);
      expect(stderr).toMatch(message);
      expect(stdout).toBe('');
    }
  });
});
