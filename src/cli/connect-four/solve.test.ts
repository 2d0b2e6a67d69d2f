/**
 * End-to-end tests of `tabletop connect-four solve` on the built binary (`npm test` builds first).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { parseTestSet } from '../../games/connect-four/testdata/test-sets.js';

const middleEasy = parseTestSet(readFileSync(new URL('../../games/connect-four/testdata/Test_L2_R1', import.meta.url), 'utf8')).slice(0, 20);
// End-game positions are quick to analyze column by column; one of them has column 4 full.
const endEasy = parseTestSet(readFileSync(new URL('../../games/connect-four/testdata/Test_L3_R1', import.meta.url), 'utf8'));
const fullColumn4 = endEasy.find((p) => p.moves.split('').filter((c) => c === '4').length === 6)!;

describe('tabletop connect-four solve', () => {
  it('prints "<moves> <score>" per line in the public convention', async () => {
    const result = await runCli(['connect-four', 'solve'], { input: '4455\n44455554221\n' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('4455 18\n44455554221 -15\n');
  });

  it('solves test-set positions to their published scores, strong and weak', async () => {
    const input = middleEasy.map((p) => p.moves).join('\n') + '\n';
    const strong = await runCli(['connect-four', 'solve'], { input });
    expect(strong.stdout).toBe(middleEasy.map((p) => `${p.moves} ${String(p.score)}\n`).join(''));
    const weak = await runCli(['connect-four', 'solve', '--weak'], { input });
    expect(weak.stdout).toBe(middleEasy.map((p) => `${p.moves} ${String(Math.sign(p.score))}\n`).join(''));
  });

  it('reports invalid lines with the reason and goes on (exit status 1)', async () => {
    const result = await runCli(['connect-four', 'solve'], { input: '448\n4444444\n\n1212121\n4455\r\n44 55\n' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(
      [
        "448 error: '8' at position 3 is not a column 1-7",
        '4444444 error: column 4 is full at position 7',
        '1212121 error: the game is over (red has won)',
        '4455 18',
        "44 55 error: ' ' at position 3 is not a column 1-7",
        '',
      ].join('\n'),
    );
  });

  it('reports an overlong line in a few characters, without reading it into memory, and goes on', async () => {
    const result = await runCli(['connect-four', 'solve'], { input: `4455\n${'1'.repeat(200_000)}\n44455554221\n` });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(`4455 18\n${'1'.repeat(24)}… error: a line longer than 4096 characters (200000; no position has more than 42 moves)\n44455554221 -15\n`);
  });

  it('--analyze prints the seven column scores, "-" for a full column', async () => {
    const input = [fullColumn4.moves, ...endEasy.slice(0, 5).map((p) => p.moves)].join('\n');
    const result = await runCli(['connect-four', 'solve', '--analyze'], { input });
    expect(result.status).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    const [full, ...rest] = lines.map((l) => l.split(' '));
    expect(full![0]).toBe(fullColumn4.moves);
    expect(full!.slice(1)).toHaveLength(7);
    expect(full![4]).toBe('-');
    expect(Math.max(...full!.slice(1).filter((f) => f !== '-').map(Number))).toBe(fullColumn4.score);
    rest.forEach((fields, i) => {
      expect(fields[0]).toBe(endEasy[i]!.moves);
      const scores = fields.slice(1).filter((f) => f !== '-').map(Number);
      expect(Math.max(...scores)).toBe(endEasy[i]!.score);
    });
    const weak = await runCli(['connect-four', 'solve', '--analyze', '--weak'], { input });
    // Per line: the moves, then each column's sign (or '-').
    const signs = (text: string): string[][] =>
      text
        .trimEnd()
        .split('\n')
        .map((line) => line.split(' ').map((f, i) => (i === 0 || f === '-' ? f : String(Math.sign(Number(f))))));
    expect(signs(weak.stdout)).toEqual(signs(result.stdout));
  });

  it('--analyze on one thread and on two gives the same lines, errors and full columns included', async () => {
    // Middle-Easy positions need searching (no book answers them); '-' and 44 are book look-ups.
    const input = ['-', '44', '4444444', fullColumn4.moves, ...middleEasy.slice(0, 6).map((p) => p.moves), 'x'].join('\n') + '\n';
    const one = await runCli(['connect-four', 'solve', '--analyze', '--threads', '1'], { input });
    const two = await runCli(['connect-four', 'solve', '--analyze', '--threads', '2'], { input });
    expect(two.stdout).toBe(one.stdout);
    expect(two.stdout.split('\n')).toHaveLength(12);
    expect(two.stdout).toContain('4444444 error: column 4 is full');
    expect(two.status).toBe(1);
    expect(two.stderr).toBe(one.stderr);
    const weak = await runCli(['connect-four', 'solve', '--analyze', '--weak', '--threads', '2'], { input });
    expect(weak.stdout).toBe((await runCli(['connect-four', 'solve', '--analyze', '--weak', '--threads', '1'], { input })).stdout);
    // More lines than are read ahead on two threads (stdin paused, then resumed): every one answered, in order.
    const many = Array.from({ length: 1500 }, (_, i) => (i % 2 === 0 ? '4455' : '444')).join('\n');
    const manyAnswers = await runCli(['connect-four', 'solve', '--analyze', '--threads', '2'], { input: many });
    expect(manyAnswers.stdout.trimEnd().split('\n').map((line) => line.split(' ')[0])).toEqual(many.split('\n'));
    const bad = await runCli(['connect-four', 'solve', '--analyze', '--threads', '3'], { input: '44\n' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/thread count/i);
  });

  it('answers a line of over 1 MB with an error and goes on', async () => {
    const long = '4'.repeat((1 << 20) + 5);
    const result = await runCli(['connect-four', 'solve'], { input: `4455\n${long}\n44455554221\n` });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe(`4455 18\n${'4'.repeat(24)}… error: a line longer than 4096 characters (${String(long.length)}; no position has more than 42 moves)\n44455554221 -15\n`);
  });

  it('goes through the lean program with the full program\'s errors and help (exit statuses 2 and 0)', async () => {
    const bad = await runCli(['connect-four', 'solve', '--table', 'x'], { input: '4455\n' });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toContain("The table size must be a whole number, got 'x'.");
    expect(bad.stderr).toContain('(run with --help for usage)');
    const unknown = await runCli(['connect-four', 'solve', '--bogus'], { input: '' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain("unknown option '--bogus'");
    const help = await runCli(['connect-four', 'solve', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: tabletop connect-four solve [options]');
    expect(help.stdout).toContain('--no-book');
  });
});
