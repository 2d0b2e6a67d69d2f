/**
 * `tabletop merge`: what it refuses (end-to-end on the built binary). Shard + merge equality is
 * tested with the commands that write the files (compare and tournament tests).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-merge-'));
const a = join(dir, 'a.jsonl');
const b = join(dir, 'b.jsonl');
const bad = join(dir, 'bad.jsonl');
/** Files whose line 2 is damaged the way a hand edit or another tool might damage it. */
const damaged = (name: string): string => join(dir, `damaged-${name}.jsonl`);
const damages: Record<string, (record: string) => string> = {
  null: () => 'null',
  'config-null': (r) => r.replace(/"config":\{[^}]*\}/, '"config":null'),
  'tally-null': (r) => r.replace(/"result":.*\}$/, '"result":null}'),
  'seats-null': (r) => {
    const record = JSON.parse(r) as { result: { lineups: { seats: unknown }[] } };
    record.result.lineups[0]!.seats = null;
    return JSON.stringify(record);
  },
  'sum-null': (r) => r.replace(/"sum":-?[\d.e+-]+/, '"sum":null'),
  'wins-string': (r) => r.replace(/"wins":(\d+)/, '"wins":"$1"'),
};

beforeAll(async () => {
  const common = ['connect-fwar', 'compare', '--games', '400', '--threads', '1', '--players', 'basic'];
  expect((await runCli([...common, '--seed', '1', '--out', a])).status).toBe(0);
  expect((await runCli([...common, '--seed', '2', '--out', b])).status).toBe(0);
  const lines = readFileSync(a, 'utf8').split('\n');
  writeFileSync(bad, `${lines[0]!}\n{"format":"something else"}\n${lines[1]!}\n`);
  for (const [name, damage] of Object.entries(damages)) {
    const broken = damage(lines[1]!);
    expect(broken, name).not.toBe(lines[1]);
    writeFileSync(damaged(name), `${lines[0]!}\n${broken}\n`);
  }
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('tabletop merge', () => {
  it('prints the report of one file as the run printed it', async () => {
    const run = await runCli(['connect-fwar', 'compare', '--games', '400', '--threads', '1', '--players', 'basic', '--seed', '1']);
    const merged = await runCli(['merge', a]);
    expect(merged.status).toBe(0);
    expect(merged.stdout).toBe(run.stdout);
  });

  it.each([
    [() => [a, b], /Records of different experiments cannot be combined/],
    [() => [join(dir, 'missing.jsonl')], /Cannot read .*missing\.jsonl/],
    [() => [bad], /bad\.jsonl:2: not a results record \(format is "something else"/],
    [() => [], /missing required argument 'files'/],
    [() => [damaged('null')], /damaged-null\.jsonl:2: not a results record \(not an object\)/],
    [() => [damaged('config-null')], /damaged-config-null\.jsonl:2: not a results record \(bad config\)/],
    [() => [damaged('tally-null')], /damaged-tally-null\.jsonl:2: not a results record \(bad tally\)/],
    [() => [damaged('seats-null')], /damaged-seats-null\.jsonl:2: not a results record \(lineup 0's tally/],
    [() => [damaged('sum-null')], /damaged-sum-null\.jsonl:2: not a results record \(bad seat tally in lineup 0\)/],
    [() => [damaged('wins-string')], /damaged-wins-string\.jsonl:2: not a results record \(bad seat tally in lineup 0\)/],
  ])('refuses bad input with exit 2 (%#)', async (files, message) => {
    // In this process: the binary's exit 2 is the --resume test's below.
    const result = await runInProcess(['merge', ...files()]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });

  it('counts a batch record given twice, identical, once, and says so', async () => {
    const once = await runCli(['merge', a]);
    const twice = await runCli(['merge', a, a]);
    expect(twice.status).toBe(0);
    expect(twice.stdout).toBe(once.stdout);
    expect(twice.stderr).toMatch(/^Note: \d+ batch records appeared twice, identical, and were counted once\.\n$/);
  });

  it('--resume of a damaged file exits 2 naming the file and line, and leaves the file as it was', async () => {
    const path = damaged('config-null');
    const before = readFileSync(path, 'utf8');
    const result = await runCli(['connect-fwar', 'compare', '--threads', '1', '--players', 'basic', '--resume', path]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Cannot resume: ${path}:2: not a results record (bad config)`);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });
});
