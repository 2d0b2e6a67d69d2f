/**
 * `tabletop merge`: what it refuses (end-to-end on the built binary). Shard + merge equality is
 * tested with the commands that write the files (compare and tournament tests).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-merge-'));
const a = join(dir, 'a.jsonl');
const b = join(dir, 'b.jsonl');
const bad = join(dir, 'bad.jsonl');

beforeAll(async () => {
  const common = ['connect-fwar', 'compare', '--games', '400', '--threads', '1', '--players', 'basic'];
  expect((await runCli([...common, '--seed', '1', '--out', a])).status).toBe(0);
  expect((await runCli([...common, '--seed', '2', '--out', b])).status).toBe(0);
  const lines = readFileSync(a, 'utf8').split('\n');
  writeFileSync(bad, `${lines[0]!}\n{"format":"something else"}\n${lines[1]!}\n`);
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
    [() => [a, a], /Games 0\.\.\d+ appear twice \(the same shard or file given twice\?\)/],
    [() => [a, b], /Records of different experiments cannot be combined/],
    [() => [join(dir, 'missing.jsonl')], /Cannot read .*missing\.jsonl/],
    [() => [bad], /bad\.jsonl:2: not a tabletop-lab batch record \(format is "something else"/],
    [() => [], /missing required argument 'files'/],
  ])('refuses bad input with exit 2 (%#)', async (files, message) => {
    const result = await runCli(['merge', ...files()]);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
  });
});
