/**
 * The rule-set options and deals that travel on the command line: `solve` and `play` under the
 * standard rules (in process), `--deal FILE`, `klondike deal`, `compare --rules standard`, and the
 * usage errors of combinations that make no sense (exit 2).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPysol, toSolvitaire } from '../../games/klondike/deal-formats.js';
import { seededDeal } from '../../games/klondike/solver/deal.js';
import { runCli } from '../../test-support/cli.js';
import { playThrough } from '../../test-support/play-streams.js';
import { UsageError } from '../options.js';
import { playKlondike } from './play.js';
import { rulesOf } from './rules-options.js';
import { solveOne } from './solve.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-klondike-rules-'));
const base = { piles: 7, draw: 3, budgetMs: 60_000, maxStates: 300_000, threads: 1 };

function solveLines(options: Parameters<typeof solveOne>[0]): string[] {
  const lines: string[] = [];
  solveOne(options, (line) => lines.push(line));
  return lines;
}

describe('klondike rule sets on the command line', () => {
  it('solves a deal under the standard rules, from its seed and from Solvitaire and PySol files alike', () => {
    const bySeed = solveLines({ ...base, seed: 5, rules: 'standard' });
    expect(bySeed[0]).toBe('Klondike deal 5: 7 piles (standard rules, draw 3, unlimited passes; every card known).');
    expect(bySeed[2]).toMatch(/^Verdict: winnable: a winning line of \d+ moves\.$/);
    const order = Array.from(seededDeal(5).dealOrder);
    for (const [name, text] of [['deal.json', toSolvitaire({ piles: 7, order })], ['deal.txt', toPysol({ piles: 7, order })]] as const) {
      const path = join(dir, name);
      writeFileSync(path, text);
      const fromFile = solveLines({ ...base, deal: path, rules: 'standard' });
      expect(fromFile[1]).toBe(bySeed[1]); // the same deal, in dealing order
      expect(fromFile.slice(2, 3)).toEqual(bySeed.slice(2, 3));
    }
  });

  it('refuses passes or scoring without --rules standard', () => {
    expect(() => rulesOf({ draw: 3, passes: 3 })).toThrow(UsageError);
    expect(() => rulesOf({ rules: 'assignment', draw: 3, scoring: 'vegas' })).toThrow(/--scoring goes with --rules standard/);
    expect(rulesOf({ rules: 'standard', draw: 1, passes: 3 })).toEqual({ rules: 'standard', draw: 1, passes: 3, scoring: 'standard' });
  });

  it('plays the standard rules in the terminal: the stock turns onto the waste, points are shown, a bad move changes nothing', async () => {
    const out = await playThrough((stdin, stdout) => playKlondike({ seed: 5, piles: 7, draw: 3, solverTime: 1, rules: 'standard', passes: 3, scoring: 'vegas' }, stdin, stdout), 'dd\nmfp 1 1\nu\nq\n');
    expect(out).toContain('Klondike, deal 5: 7 piles, standard rules, draw 3, 3 passes, vegas scoring.');
    expect(out).toContain('Stock: 24 cards   Waste: 0 cards (pass 1 of 3)   Points: -52 (vegas)');
    expect(out).toContain('Stock: 21 cards   Waste: 3 cards (pass 1 of 3)');
    expect(out).toMatch(/Invalid move\. .*not legal here/);
  });

  it('compares strategies under the standard rules through the CLI, and exits 2 on a bad combination', async () => {
    const bad = await runCli(['klondike', 'solve', '--seed', '1', '--passes', '3']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--passes goes with --rules standard');
    const compared = await runCli(['klondike', 'compare', '--rules', 'standard', '--draw', '1', '--games', '20', '--seed', '3', '--json']);
    expect(compared.stderr).toBe('');
    expect(compared.status).toBe(0);
    const result = JSON.parse(compared.stdout) as Record<string, { games: number }>;
    expect(Object.values(result).map((s) => s.games)).toEqual([20, 20]);
  });
});
