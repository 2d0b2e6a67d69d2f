/**
 * `tabletop connect-four competition DIR` end to end on the shipped example folder: Java, JavaScript
 * and Python submissions play, one that does not compile is reported and left out, the misbehaving
 * ones (a setsid child, a network connection, a write outside their folder) leave nothing behind;
 * --out/--resume give the same output and file as one run. Needs the build (dist/) and javac.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, withoutFenceWarning } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { runningWith } from '../../test-support/processes.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/connect-four/competition', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tabletop-competition-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
// Fair players answer at once; the limit only has to outlast a loaded machine.
const SETTINGS = ['--time', '5', '--seed', '7', '--jobs', '1'];
const LONG = { timeoutMs: 400_000 };

describe('connect-four competition', () => {
  it('builds every submission, leaves out the one that does not compile with javac\'s message, plays the rest, writes records and the report', { timeout: 900_000 }, async () => {
    const out = join(dir, 'full.jsonl');
    const result = await runCli(['connect-four', 'competition', EXAMPLE, ...SETTINGS, '--out', out, '--records', join(dir, 'records.jsonl'), '--html', join(dir, 'report.html')], LONG);
    expect(result.status).toBe(0);
    const stderr = withoutFenceWarning(result.stderr);
    expect(stderr).toContain('  alice: Java, compiled\n');
    expect(stderr).toContain('  bob.mjs: JavaScript module, loaded\n');
    expect(stderr).toContain('  broken: LEFT OUT: does not compile:\n    broken/broken.java:10: error: incompatible types: String cannot be converted to int\n');
    expect(stderr).toContain('5 play, 1 left out (broken)\n');
    expect(result.stdout).toMatch(/^Connect Four round robin: 5 bots, 2 games per pair from 1 of the 14 balanced openings, 20 games/);
    for (const name of ['alice', 'bob', 'carol', 'dave', 'eve']) expect(result.stdout).toMatch(new RegExp(`^${name} +[-0-9 ]`, 'm'));
    expect(result.stdout).toContain('Forfeits: none');
    expect(readFileSync(join(dir, 'records.jsonl'), 'utf8').trim().split('\n')).toHaveLength(20);
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<html');
    // dave's `setsid sleep 3600` ended with its games; eve's write outside its folder was refused.
    expect(runningWith('3600')).toEqual([]);
    expect(existsSync(join(EXAMPLE, '..', 'eve-was-here.txt'))).toBe(false);

    // A crash after 7 games, the 8th half-written: --resume plays the rest and ends as one run did.
    const lines = readFileSync(out, 'utf8').split('\n');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, 8).join('\n')}\n${lines[8]!.slice(0, 20)}`);
    const resumed = await runCli(['connect-four', 'competition', '--resume', cut], LONG);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe(result.stdout);
    expect(readFileSync(cut, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('--no-openings starts every game from the empty board', { timeout: 900_000 }, async () => {
    const result = await runCli(['connect-four', 'competition', EXAMPLE, ...SETTINGS, '--games', '1', '--no-openings', '--json'], LONG);
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout) as { games: { opening?: string | null }[] };
    expect(json.games).toHaveLength(10);
    for (const game of json.games) expect(game.opening ?? '').toBe('');
  });

  it('refuses a folder it cannot read (exit 2), and DIR beside --resume', async () => {
    // In this process: each is refused before any program runs.
    const made = await runInProcess(['connect-four', 'competition', join(dir, 'nothing-here')]);
    expect(made.status).toBe(2);
    expect(made.stderr).toMatch(/Cannot read the submissions folder .*nothing-here/);
    const both = await runInProcess(['connect-four', 'competition', EXAMPLE, '--resume', join(dir, 'x.jsonl')]);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--resume continues the competition its file holds: leave out DIR');
  });
});
