import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { parseSeedRange } from './solve.js';

describe('parseSeedRange', () => {
  it('reads a..b and refuses anything else', () => {
    expect(parseSeedRange('1..200')).toEqual({ first: 1, last: 200 });
    expect(parseSeedRange(' 7 .. 7 ')).toEqual({ first: 7, last: 7 });
    expect(() => parseSeedRange('5..2')).toThrow(/a ≤ b/);
    expect(() => parseSeedRange('1-5')).toThrow(/a\.\.b/);
  });
});

describe('tabletop klondike solve', () => {
  it('prints the verdict, the time, the positions and a line that `klondike play` wins with', async () => {
    const result = await runCli(['klondike', 'solve', '--seed', '13']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Klondike deal 13: 7 piles, 3 draw cards shown/);
    expect(result.stdout).toMatch(/Verdict: winnable: a winning line of \d+ moves\./);
    expect(result.stdout).toMatch(/Time: [\d.]+ ms; positions searched: \d+\./);
    const line = await runCli(['klondike', 'solve', '--seed', '13', '--moves-only']);
    expect(line.stdout.trim().split('\n').every((command) => /^(mpp \d+ \d+ \d+|md \d+|mpf \d+ \d+|mdf \d+|dd)$/.test(command))).toBe(true);
    const played = await runCli(['klondike', 'play', '--seed', '13'], { input: line.stdout });
    expect(played.stdout).not.toContain('Invalid move');
    expect(played.stdout).toMatch(/Game over\. Final score: 52\.\s*$/);
  });

  it('says undecided when the budget is too small', async () => {
    const result = await runCli(['klondike', 'solve', '--seed', '77', '--max-states', '5']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Verdict: undecided: the budget ran out first.');
    expect(result.stdout).not.toContain('Winning line');
  });

  it('classifies a range with the winnable share and its interval', async () => {
    const result = await runCli(['klondike', 'solve', '--seeds', '10..13', '--max-states', '20000']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/Winnable \d, unwinnable \d, undecided \d of 4\./);
    expect(result.stdout).toMatch(/Winnable share: [\d.]+% \(95% Wilson CI [\d.]+%–[\d.]+%\)/);
  });

  it('classifies the same way on worker threads', async () => {
    const args = ['klondike', 'solve', '--seeds', '10..15', '--max-states', '20000'];
    const [alone, threaded] = await Promise.all([runCli(args), runCli([...args, '--threads', '2'])]);
    expect(threaded.status).toBe(0);
    const verdicts = (text: string): string[] => text.split('\n').filter((line) => /^(Winnable|Unwinnable:|Undecided:)/.test(line));
    expect(verdicts(threaded.stdout)).toEqual(verdicts(alone.stdout));
    expect(verdicts(threaded.stdout)[0]).toMatch(/of 6\.$/);
  });

  it('refuses a missing or doubled deal choice', async () => {
    const none = await runCli(['klondike', 'solve']);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('Give either --seed N or --seeds a..b.');
    const both = await runCli(['klondike', 'solve', '--seed', '1', '--seeds', '1..2']);
    expect(both.status).toBe(2);
  });
});
