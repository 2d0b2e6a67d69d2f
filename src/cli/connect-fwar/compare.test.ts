/**
 * End-to-end tests of `tabletop connect-fwar compare` on the built binary (`npm test` builds first).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-compare-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string): string => join(dir, name);

interface StrategyJson {
  games: number;
  mean: number;
  ciLow: number;
  ciHigh: number;
  sd: number;
  zeroShare: number;
  seed: number;
  vs?: Record<string, { difference: number; ciLow: number; ciHigh: number; pValue: number; paired: boolean }>;
}

/**
 * `compare --json`, through the binary or in this process (runInProcess). The tests below run their
 * first command through the binary and most of the commands they compare with it (other thread
 * counts, shards, resumes, merges) in this process: the same program, without a Node start and the
 * program's loading per command.
 */
async function compareJson(args: readonly string[], run: (args: readonly string[]) => Promise<{ stdout: string; stderr: string; status: number | null }> = runCli): Promise<Record<string, StrategyJson>> {
  const result = await run(['connect-fwar', 'compare', '--json', ...args]);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Record<string, StrategyJson>;
}

describe('tabletop connect-fwar compare', () => {
  it('prints a table per strategy with mean, 95% CI, sd and 0-score share, and the differences', async () => {
    const result = await runCli(['connect-fwar', 'compare', '--games', '2000', '--seed', '1', '--threads', '2']);
    expect(result.status).toBe(0);
    // Piped: no progress bar, no seed note (the seed was given).
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('ConnectFwar: 2,000 games per strategy, seed 1');
    expect(lines[2]).toMatch(/^strategy\s+games\s+mean\s+95% CI\s+sd\s+0-score$/);
    for (const [k, name] of ['random', 'basic', 'suits', 'ranks'].entries()) {
      expect(lines[3 + k]).toMatch(new RegExp(`^${name}\\s+2,000\\s+\\d+\\.\\d{4}\\s+\\[\\d+\\.\\d{4}, \\d+\\.\\d{4}\\]\\s+\\d+\\.\\d{2}\\s+\\d+\\.\\d%$`));
    }
    expect(result.stdout).toContain('Differences of means (independent games, Welch), 95% CI and two-sided p:');
    expect(result.stdout).toMatch(/\nbasic - ranks\s+\+\d+\.\d{4}\s+\[/);
  });

  it("tabletop compare --game connect-fwar starts with the game's default lineup, as connect-fwar compare and the lab page do", async () => {
    const args = ['--games', '200', '--seed', '3', '--threads', '1', '--json'];
    const generic = await runInProcess(['compare', '--game', 'connect-fwar', ...args]);
    expect([generic.status, generic.stderr]).toEqual([0, '']);
    const own = await compareJson(args, runInProcess);
    expect(Object.keys(own)).toEqual(['random', 'basic', 'suits', 'ranks']);
    expect(JSON.parse(generic.stdout)).toEqual(own);
  });

  it('--json gives strategy → {games, mean, ciLow, ciHigh, sd, …}, the same for any thread count or batch size', async () => {
    const one = await compareJson(['--games', '1500', '--seed', '77', '--threads', '1', '--players', 'basic,suits']);
    expect(Object.keys(one)).toEqual(['basic', 'suits']);
    const basic = one.basic!;
    expect(basic.games).toBe(1500);
    expect(basic.seed).toBe(77);
    expect(basic.ciLow).toBeLessThan(basic.mean);
    expect(basic.ciHigh).toBeGreaterThan(basic.mean);
    // The normal interval with a pseudo-game at each end of the score range 0..48 (summarizeMoments):
    // n' = 1502 games whose sum and sum of squares gain 48 and 48².
    const sum = basic.mean * 1500 + 48;
    const sumSq = basic.sd ** 2 * 1499 + 1500 * basic.mean ** 2 + 48 ** 2;
    const padded = Math.sqrt((sumSq - sum ** 2 / 1502) / 1501);
    expect(basic.ciHigh).toBeCloseTo(sum / 1502 + (1.959964 * padded) / Math.sqrt(1502), 4);
    // Within a few hundredths of the plain normal interval's half-width at 1,500 games.
    expect(Math.abs(basic.ciHigh - basic.mean - (1.959964 * basic.sd) / Math.sqrt(1500))).toBeLessThan(0.05);
    expect(basic.zeroShare).toBeGreaterThan(0);
    expect(basic.vs!.suits!.difference).toBeCloseTo(basic.mean - one.suits!.mean, 10);
    expect(await compareJson(['--games', '1500', '--seed', '77', '--threads', '2', '--batch-size', '7', '--players', 'basic,suits'], runInProcess)).toEqual(one);
    expect(await compareJson(['--games', '1500', '--seed', '77', '--threads', '2', '--batch-size', '333', '--players', 'basic,suits'], runInProcess)).toEqual(one);
  });

  it('--games 10000: every seed strategy lands within ±0.6 of the spec\'s long-run means', async () => {
    const longRun: Record<string, number> = { random: 12.87, basic: 29.78, suits: 23.96, ranks: 26.7 };
    const json = await compareJson(['--games', '10000', '--seed', '424242', '--threads', '2']);
    expect(Object.keys(json)).toEqual(['random', 'basic', 'suits', 'ranks']);
    for (const [name, s] of Object.entries(json)) {
      expect(s.games).toBe(10_000);
      expect(Math.abs(s.mean - longRun[name]!), name).toBeLessThan(0.6);
    }
  });

  it('without --seed picks a fresh seed and prints it so the run can be replayed', async () => {
    const first = await runCli(['connect-fwar', 'compare', '--games', '300', '--threads', '1', '--players', 'random']);
    expect(first.status).toBe(0);
    const seed = /^Seed (\d+) \(replay this run with --seed \1\)$/m.exec(first.stderr)?.[1];
    expect(seed).toBeDefined();
    const replay = await runInProcess(['connect-fwar', 'compare', '--games', '300', '--threads', '1', '--players', 'random', '--seed', seed!]);
    expect(replay.stdout).toBe(first.stdout);
  });

  it('--paired measures differences on the same deals: a tighter CI than independent games', async () => {
    // In ConnectFwar the strategies' scores on one deal correlate only weakly (basic vs ranks: the
    // variance of the difference is ~89% of the independent one), so the gain is a few percent;
    // 20,000 games make it far larger than the noise of the estimate.
    const args = ['--games', '20000', '--seed', '5', '--threads', '2', '--players', 'basic,ranks'];
    const independent = await compareJson(args);
    const paired = await compareJson([...args, '--paired'], runInProcess);
    const width = (s: StrategyJson): number => s.vs!.ranks!.ciHigh - s.vs!.ranks!.ciLow;
    expect(paired.basic!.vs!.ranks!.paired).toBe(true);
    expect(independent.basic!.vs!.ranks!.paired).toBe(false);
    expect(width(paired.basic!)).toBeLessThan(0.97 * width(independent.basic!));
    const text = await runInProcess(['connect-fwar', 'compare', ...args, '--paired']);
    expect(text.stdout).toContain('paired (the same deals for every strategy)');
    expect(text.stdout).toContain('Differences of means (paired on the same deals), 95% CI and two-sided p:');
  });

  it('--until-ci stops once every CI half-width is below the width, at the same point for any thread count', async () => {
    const args = ['connect-fwar', 'compare', '--games', '100000', '--seed', '3', '--until-ci', '0.9', '--players', 'basic,random'];
    const one = await runCli([...args, '--threads', '1']);
    const two = await runInProcess([...args, '--threads', '2']);
    expect(one.status).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    // sd ≈ 16: ±0.9 needs about 1,200 games; rounds end at 1,000, 2,000, …
    // It says exactly which intervals the rule covers: the means, not the unpaired differences.
    expect(one.stdout).toContain(
      "Stopped after 2,000 games per lineup: the 95% CI half-width of each strategy's mean is below 0.9; the rule does not cover the differences between strategies (independent games: their intervals are about √2 times wider).",
    );
    // Saved and resumed, the run keeps its stopping rule and prints the same.
    const out = file('until-ci.jsonl');
    expect((await runInProcess([...args, '--threads', '2', '--out', out])).stdout).toBe(one.stdout);
    const resumed = await runInProcess(['connect-fwar', 'compare', '--players', 'basic,random', '--resume', out]);
    expect(resumed.stdout).toBe(one.stdout);
    const merged = await runInProcess(['merge', out]);
    expect(merged.stderr).toBe("Note: the run was set to stop once the 95% CI half-width of each strategy's mean is below 0.9; these files hold 2,000 of at most 100,000 games.\n");
    // Interrupted in round 2 with its batches finished out of order: round 1 and scattered batches
    // of round 2 (1,400 games, enough for ±0.9). The resumed run must still decide at 1,000 on
    // games 0..999 alone, go on, and stop at 2,000 as the uninterrupted run did.
    const small = file('until-ci-small-batches.jsonl');
    expect((await runInProcess([...args, '--threads', '1', '--batch-size', '100', '--out', small])).stdout).toBe(one.stdout);
    const records = readFileSync(small, 'utf8').trimEnd().split('\n');
    const scattered = file('until-ci-scattered.jsonl');
    writeFileSync(scattered, `${[...records.slice(0, 10), records[17]!, records[13]!, records[11]!, records[15]!].join('\n')}\n`);
    const resumedScattered = await runInProcess(['connect-fwar', 'compare', '--players', 'basic,random', '--threads', '2', '--resume', scattered]);
    expect(resumedScattered.status).toBe(0);
    expect(resumedScattered.stdout).toBe(one.stdout);
    expect((await runInProcess(['merge', scattered])).stdout).toBe((await runInProcess(['merge', out])).stdout);
    const json = await compareJson(['--games', '100000', '--seed', '3', '--until-ci', '0.9', '--players', 'basic,random', '--threads', '2'], runInProcess);
    for (const s of Object.values(json)) {
      expect(s.games).toBe(2000);
      expect((s.ciHigh - s.ciLow) / 2).toBeLessThan(0.9);
    }
  });

  it('--shard i/n runs disjoint parts; `tabletop merge` of all shards equals one run', async () => {
    const common = ['--games', '2500', '--seed', '11', '--threads', '2', '--players', 'basic,random,suits', '--paired'];
    const whole = await runCli(['connect-fwar', 'compare', ...common]);
    const parts = ['1/3', '2/3', '3/3'].map((shard, k) => ({ shard, out: file(`shard-${String(k)}.jsonl`) }));
    for (const { shard, out } of parts) {
      const r = await runInProcess(['connect-fwar', 'compare', ...common, '--shard', shard, '--out', out]);
      expect(r.status).toBe(0);
    }
    const shardOne = await compareJson([...common, '--shard', '1/3'], runInProcess);
    expect(shardOne.basic!.games).toBe(833);
    const merged = await runCli(['merge', ...parts.map((p) => p.out)]);
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(whole.stdout);
    const mergedJson = await runInProcess(['merge', '--json', ...parts.map((p) => p.out)]);
    expect(JSON.parse(mergedJson.stdout)).toEqual(await compareJson(common, runInProcess));
    // A missing shard is reported, not silently ignored.
    const partial = await runInProcess(['merge', parts[0]!.out, parts[2]!.out]);
    expect(partial.status).toBe(0);
    expect(partial.stderr).toMatch(/Note: 833 planned games are not in these files \(games 833\.\.1665\)/);
  });

  it('--out then --resume of an interrupted file (a prefix, torn last line) equals one run', async () => {
    const common = ['--games', '3000', '--seed', '21', '--threads', '1', '--batch-size', '250', '--players', 'ranks,basic'];
    const out = file('full.jsonl');
    const whole = await runCli(['connect-fwar', 'compare', ...common, '--out', out]);
    expect(whole.status).toBe(0);
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(12);
    // A results file is a job journal: the experiment is the job's params, the run's games its part.
    const record = JSON.parse(lines[0]!) as { params: unknown; part: unknown; count: number; start: number; end: number };
    expect(record).toMatchObject({ format: 'tabletop-job/1', job: 'lab experiment', params: { config: { game: 'connect-fwar', lineups: [['ranks'], ['basic']], seed: 21, paired: false } }, part: [0, 3000], count: 3000, start: 0, end: 250 });
    // What a run killed mid-write leaves: some whole batches and half a line.
    const cut = file('cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, 5).join('\n')}\n${lines[5]!.slice(0, 40)}`);
    // --resume takes the seed and the games from the file, and drops the fragment before appending.
    const resumed = await runInProcess(['connect-fwar', 'compare', '--threads', '2', '--players', 'ranks,basic', '--resume', cut]);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe(whole.stdout);
    expect(resumed.stderr).toBe(`Note: dropped the half-written last line of ${cut} (40 bytes) before resuming.\n`);
    // The repaired file is whole again: every line a record, resumable and mergeable.
    expect(readFileSync(cut, 'utf8').endsWith('\n')).toBe(true);
    for (const line of readFileSync(cut, 'utf8').trimEnd().split('\n')) expect(() => JSON.parse(line) as unknown).not.toThrow();
    const again = await runInProcess(['connect-fwar', 'compare', '--players', 'ranks,basic', '--resume', cut]);
    expect([again.status, again.stderr, again.stdout]).toEqual([0, '', whole.stdout]);
    expect((await runInProcess(['merge', cut])).stdout).toBe(whole.stdout);
    // Cut just before a record's newline: that record counts, and the next one starts a new line.
    const noNewline = file('no-newline.jsonl');
    writeFileSync(noNewline, lines.slice(0, 7).join('\n'));
    expect((await runInProcess(['connect-fwar', 'compare', '--players', 'ranks,basic', '--resume', noNewline])).stdout).toBe(whole.stdout);
    expect((await runInProcess(['merge', noNewline])).stdout).toBe(whole.stdout);
    // Resuming a complete file plays nothing more and prints the same.
    expect((await runInProcess(['connect-fwar', 'compare', ...common, '--resume', out])).stdout).toBe(whole.stdout);
  });

  it('Ctrl-C stops the workers, prints and saves the results so far, exits 130; --resume completes it exactly', async () => {
    const out = file('interrupted.jsonl');
    const run = ['connect-fwar', 'compare', '--games', '400000', '--seed', '4', '--threads', '2', '--players', 'basic'];
    // Batches of 500 games: the first few land within milliseconds, the whole run takes far longer.
    const child = spawn(process.execPath, [CLI_PATH, ...run, '--batch-size', '500', '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => {
      const poll = setInterval(() => {
        if (existsSync(out) && readFileSync(out, 'utf8').split('\n').length > 3) {
          clearInterval(poll);
          child.kill('SIGINT');
        }
      }, 20);
      child.on('close', (code) => {
        clearInterval(poll);
        resolve(code);
      });
    });
    expect(status).toBe(130);
    const saved = readFileSync(out, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { start: number; end: number });
    const savedGames = saved.reduce((n, r) => n + r.end - r.start, 0);
    expect(savedGames).toBeGreaterThan(0);
    expect(savedGames).toBeLessThan(400_000);
    expect(stdout).toMatch(new RegExp(`\\nbasic\\s+${savedGames.toLocaleString('en-US')}\\s`));
    expect(stderr).toContain(`Interrupted after ${savedGames.toLocaleString('en-US')} games per lineup: the results above are partial. Saved to ${out}; continue with --resume ${out}.`);
    const resumed = await runCli(['connect-fwar', 'compare', '--threads', '2', '--players', 'basic', '--resume', out]);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe((await runCli(run)).stdout);
  });

  it.each([
    [['--games', '0'], /The number of games must be from 1/],
    [['--games', 'many'], /The number of games must be a whole number, got 'many'/],
    [['--seed', '-5'], /error: option '-s, --seed <n>' argument '-5' is invalid|The seed must be/],
    [['--threads', 'x'], /The thread count must be a whole number/],
    [['--players', 'basic,psychic'], /--players: Unknown ConnectFwar strategy 'psychic' \(built-in: random, basic, suits, ranks[,)].*no package of that name can be found/],
    [['--players', 'basic,basic'], /'basic' is listed twice/],
    [['--until-ci', '0'], /The --until-ci width must be a positive number, got '0'/],
    [['--shard', '4/3'], /The shard must be i\/n with 1 <= i <= n/],
    [['--shard', 'half'], /The shard must be i\/n/],
    [['--batch-size', '0'], /The batch size must be from 1/],
    [['--until-ci', '1', '--shard', '1/2'], /--until-ci cannot be combined with --shard/],
    [['--resume', '/nonexistent/results.jsonl'], /Cannot resume: Cannot read \/nonexistent\/results.jsonl/],
    [['--bogus'], /unknown option '--bogus'/],
    [['--out', '/nonexistent/dir/results.jsonl'], /Cannot write results to \/nonexistent\/dir\/results.jsonl: ENOENT/],
  ])('rejects %j with exit 2 and a clear message', async (args, message) => {
    // In this process: the binary's exit 2 is the spawned refusals' below.
    const result = await runInProcess(['connect-fwar', 'compare', '--games', '10', '--threads', '1', ...args]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('refuses to overwrite results with --out, and to resume another experiment', async () => {
    const out = file('taken.jsonl');
    expect((await runCli(['connect-fwar', 'compare', '--games', '100', '--seed', '1', '--threads', '1', '--players', 'basic', '--out', out])).status).toBe(0);
    const again = await runCli(['connect-fwar', 'compare', '--games', '100', '--seed', '1', '--threads', '1', '--players', 'basic', '--out', out]);
    expect(again.status).toBe(2);
    expect(again.stderr).toContain(`${out} already holds results: continue it with --resume ${out}, or choose another file.`);
    const other = await runCli(['connect-fwar', 'compare', '--games', '100', '--threads', '1', '--players', 'random', '--resume', out]);
    expect(other.status).toBe(2);
    expect(other.stderr).toBe('tabletop: Cannot resume: The players random contradicts the saved run, which has basic. Leave it out to continue the saved run as it was.\n');
  });
});
