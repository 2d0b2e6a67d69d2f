/**
 * End-to-end tests of `tabletop uno-war tournament` on the built binary (`npm test` builds first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import type { TournamentReport } from '../../lab/report.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-tournament-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The spec's reference table (ai1 in the first seat vs ai2 → ai1's win rate). */
const REFERENCE: Record<string, Record<string, number>> = {
  random: { random: 0.499, smallest: 0.002, biggest: 0.842 },
  smallest: { random: 0.998, smallest: 0.499, biggest: 0.999 },
  biggest: { random: 0.156, smallest: 0.0, biggest: 0.491 },
};

async function tournamentJson(args: readonly string[]): Promise<TournamentReport> {
  const result = await runCli(['uno-war', 'tournament', '--json', ...args]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as TournamentReport;
}

describe('tabletop uno-war tournament', () => {
  it('reproduces the spec\'s reference table within ±0.03 at 4,000 games per pairing', async () => {
    const report = await tournamentJson(['--games', '4000', '--seed', '2026', '--threads', '2']);
    expect(report.players.map((p) => p.id)).toEqual(['random', 'smallest', 'biggest']);
    report.players.forEach((row, i) =>
      report.players.forEach((column, j) => {
        const cell = report.matrix[i]![j]!;
        expect(cell.games).toBe(4000);
        expect(cell.wins + cell.draws + cell.losses).toBe(4000);
        expect(Math.abs(cell.winRate - REFERENCE[row.id]![column.id]!), `${row.id} vs ${column.id}`).toBeLessThanOrEqual(0.03);
        expect(cell.ciLow).toBeLessThanOrEqual(cell.winRate);
        expect(cell.ciHigh).toBeGreaterThanOrEqual(cell.winRate);
      }),
    );
    // Smallest beats everyone, Random beats Biggest: the ratings order follows.
    const elo = Object.fromEntries(report.elo.map((r) => [r.id, r]));
    expect(elo.smallest!.rating).toBeGreaterThan(elo.random!.rating);
    expect(elo.random!.rating).toBeGreaterThan(elo.biggest!.rating);
    expect(elo.random!.low).toBeLessThan(elo.random!.rating);
    expect(elo.random!.high).toBeGreaterThan(elo.random!.rating);
  });

  it('prints every ordered pair as in the spec plus the Wilson interval, then the matrix and the ratings', async () => {
    const result = await runCli(['uno-war', 'tournament', '--games', '300', '--seed', '8', '--ais', 'biggest,random', '--threads', '1']);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('UnoWar tournament: 300 games per pairing, seed 8');
    const pair = /^(Biggest|Random) Card AI vs\. (Biggest|Random) Card AI winRate: (\d\.\d{3}) {2}\(95% CI (\d\.\d{3})–(\d\.\d{3})\)$/;
    const pairs = lines.slice(2, 6).map((l) => pair.exec(l));
    expect(pairs.every((m) => m !== null)).toBe(true);
    expect(pairs.map((m) => `${m![1]!}-${m![2]!}`)).toEqual(['Biggest-Biggest', 'Biggest-Random', 'Random-Biggest', 'Random-Random']);
    expect(lines[7]).toBe('Win rate of the row player (first seat) against the column player (second seat):');
    expect(lines[8]).toMatch(/^\s+biggest\s+random$/);
    expect(lines[9]).toMatch(/^biggest\s+\d\.\d{3}\s+\d\.\d{3}$/);
    expect(result.stdout).toContain('Elo ratings (Bradley–Terry fit to the whole matrix, both seats, draws count half; 95% score-test CI, ∞ where the games set no bound):');
    expect(result.stdout).toMatch(/\nrandom\s+\+\d+\s+\[[+-]\d+, [+-]\d+\]/);
    // The same run on more threads prints the same.
    expect((await runCli(['uno-war', 'tournament', '--games', '300', '--seed', '8', '--ais', 'biggest,random', '--threads', '2'])).stdout).toBe(result.stdout);
  });

  it('never prints a zero-width Elo interval: with 1 or 2 games a pairing the ratings are barely bounded', async () => {
    for (const games of ['1', '2']) {
      const result = await runCli(['uno-war', 'tournament', '--games', games, '--seed', '3', '--threads', '1']);
      expect(result.status).toBe(0);
      const rows = result.stdout.split('\n').filter((line) => /^(random|smallest|biggest)\s+(0|[+-]\d+)\s+[[(]/.test(line));
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        const [, low, high] = /[[(](\S+), (\S+)[\])]$/.exec(row)!;
        expect(low, row).not.toBe(high);
      }
    }
  });

  it('shards merge to the full tournament, and --until-ci stops on the widest Wilson interval', async () => {
    const common = ['--games', '600', '--seed', '4', '--ais', 'random,biggest', '--threads', '2'];
    const outs = ['1/2', '2/2'].map((shard, k) => ({ shard, out: join(dir, `t${String(k)}.jsonl`) }));
    for (const { shard, out } of outs) expect((await runCli(['uno-war', 'tournament', ...common, '--shard', shard, '--out', out])).status).toBe(0);
    const merged = await runCli(['merge', '--json', ...outs.map((o) => o.out)]);
    expect(merged.status).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual(await tournamentJson(common));

    const untilCi = await tournamentJson(['--games', '50000', '--seed', '4', '--ais', 'random,biggest', '--threads', '2', '--until-ci', '0.03']);
    // A win rate near 0.5 needs ~1,070 games for ±0.03: the run stops at the 2,000-game boundary.
    for (const cell of untilCi.matrix.flat()) {
      expect(cell!.games).toBe(2000);
      expect((cell!.ciHigh - cell!.ciLow) / 2).toBeLessThan(0.03);
    }
  });

  it.each([
    [['--ais', 'random,genius'], /--ais: Unknown UnoWar strategy 'genius' \(built-in: random, smallest, biggest, counter, mcts\)/],
    [['--ais', ''], /--ais: give at least one of random, smallest, biggest, counter, mcts/],
    [['--games', '-1'], /games/],
    [['--threads', '2000'], /The thread count must be from 0 to 1024/],
  ])('rejects %j with exit 2 and a clear message', async (args, message) => {
    // In this process: user-ais.test.ts spawns the binary for tournament's exit 2.
    const result = await runInProcess(['uno-war', 'tournament', '--games', '10', '--threads', '1', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});
