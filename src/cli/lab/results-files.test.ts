/**
 * Results files under hostile use (issue 10, "Results files"), end to end on the built binary:
 * resume trusts the file and refuses contradicting options, a file is locked against a second
 * writer, a torn first line is recoverable, merge checks every record against its experiment, and
 * a full disk loses no report.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-results-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string): string => join(dir, name);
const compare = (...args: string[]): ReturnType<typeof runCli> => runCli(['connect-fwar', 'compare', '--threads', '1', ...args]);
/** A parsed record that the cases below damage at any depth (`any` on purpose). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseJson = Record<string, any>;
const lines = (path: string): string[] => readFileSync(path, 'utf8').trimEnd().split('\n');

describe('--resume takes the experiment from the file', () => {
  it('a shard resumed without --games plays its own range of the saved size, and the shards merge to one run', async () => {
    const common = ['--games', '3000', '--seed', '5', '--players', 'basic', '--batch-size', '250'];
    const whole = await compare(...common);
    const one = file('shard-1.jsonl');
    const two = file('shard-2.jsonl');
    expect((await compare(...common, '--shard', '1/2', '--out', one)).status).toBe(0);
    expect((await compare(...common, '--shard', '2/2', '--out', two)).status).toBe(0);
    // Interrupted after two batches.
    writeFileSync(two, `${lines(two).slice(0, 2).join('\n')}\n`);
    const resumed = await compare('--resume', two, '--shard', '2/2');
    expect(resumed.stderr).toBe('');
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toMatch(/^ConnectFwar: 1,500 games per strategy, seed 5\n/);
    const merged = await runCli(['merge', one, two]);
    expect([merged.status, merged.stderr]).toEqual([0, '']);
    expect(merged.stdout).toBe(whole.stdout);
  });

  // The saved run's first line (its settings and first batch), written once by the binary; each case
  // resumes a copy of it, in this process (the binary's own refusal is the --until-ci test's below).
  let firstLine: Promise<string> | undefined;
  const savedFirstLine = (): Promise<string> =>
    (firstLine ??= (async () => {
      const saved = file('contradicted.jsonl');
      expect((await compare('--games', '3000', '--seed', '5', '--players', 'basic', '--shard', '2/2', '--batch-size', '500', '--out', saved)).status).toBe(0);
      return `${lines(saved)[0]!}\n`;
    })());

  it.each([
    [['--games', '4000'], '--games 4000 contradicts the saved run, which has 3,000 games.'],
    [['--seed', '6'], '--seed 6 contradicts the saved run, which has seed 5.'],
    [['--players', 'random'], 'The players random contradicts the saved run, which has basic.'],
    [['--shard', '1/2'], '--shard 1/2 (games 0..1499) contradicts the saved run, which has games 1500..2999.'],
    [['--until-ci', '0.5'], '--until-ci 0.5 contradicts the saved run, which has no --until-ci (a fixed number of games).'],
    [['--paired'], '--paired contradicts the saved run, which has independent deals.'],
  ])('refuses %j that contradicts the saved run, and leaves the file as it was', async (args, message) => {
    const saved = file(`contradicted-${args.join('').replace(/\W/g, '_')}.jsonl`);
    writeFileSync(saved, await savedFirstLine());
    const before = readFileSync(saved, 'utf8');
    const result = await runInProcess(['connect-fwar', 'compare', '--threads', '1', '--resume', saved, ...args]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Cannot resume: ${message}`);
    expect(readFileSync(saved, 'utf8')).toBe(before);
    expect(existsSync(`${saved}.lock`)).toBe(false);
  });

  it('keeps the saved --until-ci width and refuses another', async () => {
    const saved = file('until-ci.jsonl');
    const args = ['--games', '100000', '--seed', '3', '--players', 'basic', '--until-ci', '0.9', '--batch-size', '500'];
    const whole = await compare(...args, '--out', saved);
    expect(whole.status).toBe(0);
    writeFileSync(saved, `${lines(saved)[0]!}\n`);
    const wider = await compare('--resume', saved, '--until-ci', '5');
    expect(wider.status).toBe(2);
    expect(wider.stderr).toContain('Cannot resume: --until-ci 5 contradicts the saved run, which has --until-ci 0.9.');
    const resumed = await compare('--resume', saved);
    expect([resumed.status, resumed.stdout]).toEqual([0, whole.stdout]);
  });
});

describe('one writer per results file', () => {
  it('a second run resuming a file in use is refused; the first completes it; the file merges to one run', async () => {
    const common = ['--games', '200000', '--seed', '9', '--players', 'basic', '--batch-size', '1000'];
    const saved = file('contended.jsonl');
    expect((await compare(...common, '--out', saved)).status).toBe(0);
    const whole = await runCli(['merge', saved]);
    writeFileSync(saved, `${lines(saved).slice(0, 3).join('\n')}\n`);
    const first = spawn(process.execPath, [CLI_PATH, 'connect-fwar', 'compare', '--threads', '1', '--resume', saved], { stdio: ['ignore', 'pipe', 'pipe'] });
    let firstOut = '';
    first.stdout.setEncoding('utf8').on('data', (chunk: string) => (firstOut += chunk));
    const firstDone = new Promise<number | null>((resolve) => first.on('close', resolve));
    // Wait until the first run holds the lock (it takes it before planning).
    while (!existsSync(`${saved}.lock`)) await new Promise((resolve) => setTimeout(resolve, 10));
    // Hold the first run still while the second tries, so the test does not depend on which
    // process the machine happens to run faster (the first can otherwise finish before the second
    // has even started).
    first.kill('SIGSTOP');
    let second;
    try {
      second = await compare('--resume', saved);
    } finally {
      first.kill('SIGCONT');
    }
    expect(second.status).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`Cannot resume: .*contended\\.jsonl is in use by process ${String(first.pid)} on .*; if no such run exists, delete .*contended\\.jsonl\\.lock\\.`));
    expect(await firstDone).toBe(0);
    expect(existsSync(`${saved}.lock`)).toBe(false);
    const merged = await runCli(['merge', saved]);
    expect([merged.status, merged.stderr, merged.stdout]).toEqual([0, '', whole.stdout]);
    expect(firstOut).toBe(whole.stdout);
  });

  it('takes over a stale lock left by a run that died', async () => {
    const saved = file('stale.jsonl');
    // A process that has exited: its id names no live process.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('close', resolve));
    const { hostname } = await import('node:os');
    writeFileSync(`${saved}.lock`, JSON.stringify({ pid: dead.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const result = await compare('--games', '300', '--seed', '1', '--players', 'basic', '--out', saved);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(existsSync(`${saved}.lock`)).toBe(false);
  });
});

describe('a file holding only a torn first line', () => {
  it('is not resumable, says to start afresh with --out, and --out replaces it', async () => {
    const torn = file('torn-first.jsonl');
    writeFileSync(torn, '{"format":"tabletop-lab/batch@1","config":{"ga');
    const resumed = await compare('--resume', torn);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toBe(`tabletop: Cannot resume: ${torn} holds only an unfinished first line (46 bytes): there is nothing to resume. Start the run afresh with --out ${torn} (it replaces what is there).\n`);
    const fresh = await compare('--games', '300', '--seed', '1', '--players', 'basic', '--out', torn);
    expect(fresh.status).toBe(0);
    expect(fresh.stderr).toBe(`Note: ${torn} held only an unfinished first line (46 bytes, no results); it was replaced.\n`);
    expect(fresh.stdout).toBe((await compare('--games', '300', '--seed', '1', '--players', 'basic')).stdout);
    expect((await runCli(['merge', torn])).stdout).toBe(fresh.stdout);
  });
});

describe('merge checks every record against its experiment', () => {
  it('refuses shards of different sizes', async () => {
    const a = file('size-3000.jsonl');
    const b = file('size-4000.jsonl');
    expect((await compare('--games', '3000', '--seed', '7', '--players', 'basic', '--shard', '1/2', '--out', a)).status).toBe(0);
    expect((await compare('--games', '4000', '--seed', '7', '--players', 'basic', '--shard', '2/2', '--out', b)).status).toBe(0);
    const merged = await runCli(['merge', a, b]);
    expect(merged.status).toBe(2);
    expect(merged.stdout).toBe('');
    expect(merged.stderr).toContain('Records of different experiment sizes cannot be combined: 3,000 games vs 4,000 games');
  });

  it.each([
    ['a sum above 48 × games', (r: LooseJson) => (r.result.lineups[0].seats[0].sum = 48 * (r.end - r.start) + 1), /seat sum \d+ in lineup 0 is impossible: \d+ games of ConnectFwar score 0 to \d+/],
    ['a sum below 0', (r: LooseJson) => (r.result.lineups[0].seats[0].sum = -1), /seat sum -1 in lineup 0 is impossible/],
    ['a sum of squares below sum² / games', (r: LooseJson) => (r.result.lineups[0].seats[0].sumSq = 0), /sum of squares 0 in lineup 0 is impossible/],
    ['a batch outside the planned range', (r: LooseJson) => Object.assign(r, { start: r.part[1], end: r.part[1] + 10 }), /games \d+\.\.\d+ lie outside the run's planned games 0\.\.299/],
  ])('refuses a record with %s', async (_, edit, message) => {
    const saved = file(`edited-${String(Math.random()).slice(2)}.jsonl`);
    expect((await compare('--games', '300', '--seed', '1', '--players', 'basic', '--batch-size', '100', '--out', saved)).status).toBe(0);
    const records = lines(saved).map((l) => JSON.parse(l) as LooseJson);
    edit(records[1]!);
    writeFileSync(saved, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const merged = await runCli(['merge', saved]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toMatch(message);
    expect(merged.stderr).toContain(`${saved}:2: not a results record`);
  });
});

describe('a results file that cannot be written to the end', () => {
  it.runIf(existsSync('/dev/full'))('--out /dev/full prints the report, says the file is incomplete and exits 1', async () => {
    const full = await compare('--games', '1000', '--seed', '1', '--players', 'basic', '--batch-size', '250', '--out', '/dev/full');
    const plain = await compare('--games', '1000', '--seed', '1', '--players', 'basic');
    expect(full.status).toBe(1);
    expect(full.stdout).toBe(plain.stdout);
    expect(full.stderr).toMatch(/^Error: the results file \/dev\/full is incomplete: saving failed \(ENOSPC: no space left on device, write\); 0 batches of this run saved, 4 not\. The report above counts every game played\.\n$/);
  });
});
