/**
 * End-to-end tests of `tabletop <game> sprt` on the built binary (`npm test` builds first).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import type { Tally } from '../../lab/experiment.js';
import type { SprtJson } from '../../lab/sprt.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-sprt-cli-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});


async function sprtJson(args: readonly string[]): Promise<SprtJson> {
  const result = await runCli([...args, '--json']);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as SprtJson;
}

describe('tabletop uno-war sprt', () => {
  it('--json gives exactly result, games, pairs, llr, bounds and estimate', async () => {
    const json = await sprtJson(['uno-war', 'sprt', '--a', 'random', '--b', 'biggest', '--seed', '4', '--threads', '1']);
    expect(Object.keys(json)).toEqual(['result', 'games', 'pairs', 'llr', 'bounds', 'estimate']);
    expect(Object.keys(json.estimate)).toEqual(['value', 'ci']);
    expect(json.result).toBe('H1');
    expect(json.games).toBe(2 * json.pairs);
    expect(json.pairs % 100).toBe(0);
    expect(json.bounds[0]).toBeCloseTo(Math.log(0.05 / 0.95), 12);
    expect(json.bounds[1]).toBeCloseTo(Math.log(0.95 / 0.05), 12);
    expect(json.llr).toBeGreaterThanOrEqual(json.bounds[1]);
    expect(json.estimate.ci[0]).toBeLessThan(json.estimate.value);
    expect(json.estimate.ci[1]).toBeGreaterThan(json.estimate.value);
  });

  it('prints the test, the verdict, the LLR with its bounds and the Elo estimate', async () => {
    const result = await runCli(['uno-war', 'sprt', '--a', 'smallest', '--b', 'smallest', '--seed', '9', '--threads', '2', '--every', '50']);
    expect([result.status, result.stderr]).toEqual([0, '']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('UnoWar SPRT, A = smallest, B = smallest: H0: 0 Elo, H1: 5 Elo, alpha 0.05, beta 0.05, a look every 50 pairs; at most 100,000 pairs, seed 9');
    // Identical deterministic players: every pair 1–1, H0 at the first look after pair 169 (sprt.test.ts).
    expect(lines[1]).toBe('H0 accepted');
    expect(lines[2]).toBe('LLR -4.16 (bounds -2.94, +2.94) after 400 games in 200 pairs');
    // The estimate after stopping is bias-adjusted for the stop (sprt-bias.ts): near 0, its interval around 0.
    expect(lines[3]).toMatch(/^Elo of A over B: 0\.9 \(95% CI -2\.5 to 3\.0\)$/);
  });

  it('says inconclusive at max-games, and --max-games counts games (whole pairs, never more)', async () => {
    const json = await sprtJson(['uno-war', 'sprt', '--a', 'random', '--b', 'random', '--elo0', '-3', '--elo1', '3', '--max-games', '61', '--every', '20', '--seed', '1', '--threads', '1']);
    expect(json).toMatchObject({ result: 'inconclusive', games: 60, pairs: 30 });
  });

  it('--out then --resume of an interrupted test gives the uninterrupted result', async () => {
    const args = ['uno-war', 'sprt', '--a', 'random', '--b', 'random', '--every', '25', '--seed', '5', '--threads', '1'];
    const whole = await sprtJson(args);
    const path = join(dir, 'uno.jsonl');
    // The runs compared with the spawned one go in this process (the same program, no Node start each).
    expect((await runInProcess([...args, '--out', path])).status).toBe(0);
    // Cut to its first three batches and a torn fourth line, as a killed run leaves it.
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(3);
    writeFileSync(path, `${lines.slice(0, 3).join('\n')}\n${lines[3]!.slice(0, 40)}`);
    const resumed = await runInProcess(['uno-war', 'sprt', '--resume', path, '--threads', '2', '--json']);
    expect(resumed.status).toBe(0);
    expect(JSON.parse(resumed.stdout)).toEqual(whole);
  });

  it('refuses bad input with exit status 2 and a clear message', async () => {
    const noB = await runCli(['uno-war', 'sprt', '--a', 'random']);
    expect(noB.status).toBe(2);
    expect(noB.stderr).toMatch(/--a PLAYER --b PLAYER/);
    // The first through the binary (its exit status), the rest in this process.
    const order = await runInProcess(['uno-war', 'sprt', '--a', 'random', '--b', 'biggest', '--elo0', '5', '--elo1', '0']);
    expect(order.status).toBe(2);
    expect(order.stderr).toMatch(/--elo1 \(0\) must be greater than --elo0 \(5\)/);
    const alpha = await runInProcess(['uno-war', 'sprt', '--a', 'random', '--b', 'biggest', '--alpha', '0.7']);
    expect(alpha.status).toBe(2);
    expect(alpha.stderr).toMatch(/--alpha must be a number strictly between 0 and 0\.5/);
    const unknown = await runInProcess(['uno-war', 'sprt', '--a', 'random', '--b', 'nobody']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/nobody/);
  });
});

describe('tabletop klondike sprt --wins', () => {
  it('tests the share of deals won: the differences are of wins, the deltas and the estimate in win share', async () => {
    const path = join(dir, 'wins.jsonl');
    rmSync(path, { force: true });
    const result = await runCli(['klondike', 'sprt', '--a', 'greedy', '--b', 'random', '--wins', '--every', '50', '--seed', '3', '--threads', '2', '--out', path]);
    expect([result.status, result.stderr]).toEqual([0, '']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Klondike SPRT, A = greedy, B = random: H0: 0 win share, H1: 0.02 win share, alpha 0.05, beta 0.05, a look every 50 deals; at most 50,000 deals, seed 3');
    expect(lines[1]).toBe('H1 accepted');
    const deals = Number(/ in ([\d,]+) deals$/.exec(lines[2]!)![1]!.replace(/,/g, ''));
    const estimate = /^win share difference A − B: (0\.\d{3}) \(95% CI (0\.\d{3}) to (0\.\d{3})\)$/.exec(lines[3]!);
    expect(estimate).not.toBeNull();
    // Each deal's difference is won(A) − won(B): their sum is A's won deals minus B's (a won deal scores all 52).
    const tallies = readFileSync(path, 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { result: Tally }).result);
    const sum = (f: (t: Tally) => number): number => tallies.reduce((n, t) => n + f(t), 0);
    expect(sum((t) => t.differences[0]!.n)).toBeGreaterThanOrEqual(deals);
    expect(sum((t) => t.differences[0]!.sum)).toBe(sum((t) => t.lineups[0]!.seats[0]!.atMax) - sum((t) => t.lineups[1]!.seats[0]!.atMax));
    expect(sum((t) => t.differences[0]!.sumSq)).toBeLessThanOrEqual(sum((t) => t.differences[0]!.n));
    const resumed = await runInProcess(['klondike', 'sprt', '--resume', path, '--threads', '1']);
    expect(resumed.stdout).toBe(result.stdout);
  });

  it('refuses deltas that are no win shares, and --wins where a top score is no win', async () => {
    const big = await runCli(['klondike', 'sprt', '--a', 'greedy', '--b', 'random', '--wins', '--delta1', '3']);
    expect(big.status).toBe(2);
    expect(big.stderr).toMatch(/With --wins, --delta0 and --delta1 are differences of win shares, between -1 and 1/);
    // In this process: the refusal above is the binary's (the games' sprt commands are one program).
    const fwar = await runInProcess(['connect-fwar', 'sprt', '--a', 'basic', '--b', 'random', '--wins']);
    expect(fwar.status).toBe(2);
    expect(fwar.stderr).toMatch(/unknown option '--wins'/);
  });
});

describe('tabletop klondike sprt', () => {
  it('tests greedy against random on paired deals, the estimate in cards to the foundations', async () => {
    const result = await runCli(['klondike', 'sprt', '--a', 'greedy', '--b', 'random', '--delta1', '2', '--every', '20', '--seed', '3', '--threads', '2']);
    expect([result.status, result.stderr]).toEqual([0, '']);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('Klondike SPRT, A = greedy, B = random: H0: 0 points per deal, H1: 2 points per deal, alpha 0.05, beta 0.05, a look every 20 deals; at most 50,000 deals, seed 3');
    expect(lines[1]).toBe('H1 accepted');
    expect(lines[2]).toMatch(/^LLR \+\d+\.\d\d \(bounds -2\.94, \+2\.94\) after \d+ games in \d+ deals$/);
    expect(lines[3]).toMatch(/^mean score difference A − B per deal: \d+\.\d{3} \(95% CI \d+\.\d{3} to \d+\.\d{3}\)$/);
    const json = await sprtJson(['klondike', 'sprt', '--a', 'greedy', '--b', 'random', '--delta1', '2', '--every', '20', '--seed', '3', '--threads', '1']);
    expect(json.result).toBe('H1');
    expect(json.pairs % 20).toBe(0);
    expect(json.estimate.ci[0]).toBeGreaterThan(0);
  });

  it('--rules standard tests on the standard rules (the same deals on 1 and 2 threads); a resumed test keeps them; the planner needs them', async () => {
    const args = ['klondike', 'sprt', '--rules', 'standard', '--draw', '1', '--a', 'greedy', '--b', 'random', '--every', '20', '--seed', '5'];
    const two = await runCli([...args, '--threads', '2']);
    expect([two.status, two.stderr]).toEqual([0, '']);
    expect(two.stdout.split('\n')[0]).toBe(
      'Klondike (standard rules, draw 1, unlimited passes) SPRT, A = greedy, B = random: H0: 0 points per deal, H1: 1 points per deal, alpha 0.05, beta 0.05, a look every 20 deals; at most 50,000 deals, seed 5',
    );
    const one = await sprtJson([...args, '--threads', '1']);
    const assignment = await sprtJson(['klondike', 'sprt', '--a', 'greedy', '--b', 'random', '--every', '20', '--seed', '5', '--threads', '1']);
    expect(one.pairs).toBeGreaterThan(0);
    expect(two.stdout.split('\n')[2]).toBe(`LLR ${one.llr >= 0 ? '+' : ''}${one.llr.toFixed(2)} (bounds -2.94, +2.94) after ${String(one.games)} games in ${String(one.pairs)} deals`);
    // Other rules, other games: the same seed does not give the assignment rules' test.
    expect([one.pairs, one.llr]).not.toEqual([assignment.pairs, assignment.llr]);
    // A test of 20 deals in two looks, its second lost, resumed without the rules: they come from its file.
    const folder = mkdtempSync(join(tmpdir(), 'klondike-sprt-'));
    try {
      const path = join(folder, 'test.jsonl');
      const small = ['klondike', 'sprt', '--rules', 'standard', '--draw', '1', '--a', 'greedy', '--b', 'random', '--every', '10', '--seed', '5', '--max-games', '40'];
      const whole = await runInProcess([...small, '--threads', '1', '--json', '--out', path]);
      expect(whole.status).toBe(0);
      writeFileSync(path, `${readFileSync(path, 'utf8').split('\n')[0]!}\n`);
      const resumed = await runInProcess(['klondike', 'sprt', '--resume', path, '--threads', '1', '--json']);
      expect([resumed.status, resumed.stderr]).toEqual([0, '']);
      expect(JSON.parse(resumed.stdout)).toEqual(JSON.parse(whole.stdout));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    const planner = await runInProcess(['klondike', 'sprt', '--a', 'planner', '--b', 'greedy']);
    expect(planner.status).toBe(2);
    expect(planner.stderr).toContain('--a/--b: planner is not a strategy of Klondike: it plays with --rules standard');
  });
});
