/**
 * Messages at the edges of their counts: one game, one pile, one card read in the singular, and
 * options say their real bounds. Runs the built CLI (`npm test` builds first).
 */
import { describe, expect, it } from 'vitest';
import { runCli } from '../test-support/cli.js';
import { runInProcess } from '../test-support/cli-in-process.js';

describe('counts of one', () => {
  it('connect-four tournament: 1 game per pair, 1 game', async () => {
    const result = await runCli(['connect-four', 'tournament', '--bots', 'random,alphabeta-1', '--games', '1', '--time', '10', '--seed', '1']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Connect Four round robin: 2 bots, 1 game per pair from 1 of the 14 balanced openings, 1 game (1 distinct), move limit 10 s, seed 1\n');
  });

  it('connect-fwar compare and uno-war tournament: 1 game per strategy, per pairing', async () => {
    const compare = await runCli(['connect-fwar', 'compare', '--games', '1', '--seed', '1', '--threads', '1', '--players', 'basic']);
    expect(compare.status).toBe(0);
    expect(compare.stdout).toContain('ConnectFwar: 1 game per strategy, seed 1\n');
    const tournament = await runCli(['uno-war', 'tournament', '--games', '1', '--seed', '1', '--threads', '1', '--ais', 'random,biggest']);
    expect(tournament.status).toBe(0);
    expect(tournament.stdout).toContain('UnoWar tournament: 1 game per pairing, seed 1\n');
  });

  it('klondike play: 1 pile, 1 draw card shown', async () => {
    const result = await runCli(['klondike', 'play', '--piles', '1', '--draw', '1', '--seed', '1'], { input: 'q\n' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Klondike, deal 1: 1 pile, 1 draw card shown. Replay it with --seed 1.\n');
  });
});

describe('klondike play bounds', () => {
  it.each([
    [['--piles', '10'], "The number of piles must be from 1 to 9, got '10'."],
    [['--piles', '9007199254740991'], "The number of piles must be from 1 to 9, got '9007199254740991'."],
    [['--piles', '0'], "The number of piles must be from 1 to 9, got '0'."],
    [['--draw', '53'], "The number of draw cards must be from 1 to 52, got '53'."],
  ])('%j is refused with the real bounds (exit status 2)', async (args, message) => {
    // In this process: klondike/play.test.ts spawns the binary for its exit 2.
    const result = await runInProcess(['klondike', 'play', '--seed', '1', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('--help states the bounds', async () => {
    const help = (await runCli(['klondike', 'play', '--help'])).stdout;
    expect(help).toMatch(/--piles <n>\s+cascade piles, 1 to 9 \(default: 7\)/);
    expect(help).toMatch(/--draw <n>\s+draw cards shown, 1 to 52 \(--rules standard: cards\s+turned from the stock at a time\) \(default: 3\)/);
  });
});
