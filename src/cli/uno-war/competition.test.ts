/**
 * `tabletop uno-war competition DIR` end to end on a copy of the shipped example folder with one
 * more submission, an AI module (extending the lab's `AI`) that throws at every move: a Java AI, a JavaScript program, an AI
 * module and Python programs play, the Java AI that does not compile is reported with javac's
 * message and left out, eve's faults and the throwing module's are recorded as lost rounds (theirs
 * only), eve's setsid child and her write outside her folder leave nothing behind; --out/--resume
 * give the same output and the same file as one run; every game is recorded. Needs the build
 * (dist/) and javac.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, withoutFenceWarning } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';
import { runningWith } from '../../test-support/processes.js';

const EXAMPLE = fileURLToPath(new URL('../../../examples/uno-war/competition', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tabletop-uno-war-competition-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
// Three batches of two deals, so that a crash can fall between them.
const SETTINGS = ['--games', '6', '--batch-size', '2', '--seed', '7', '--threads', '1'];
// The copy lies under /tmp, which the sandbox gives its programs a private one of: started from the
// folder above it, the copy stays visible to them (read-only).
const LONG = { timeoutMs: 300_000, cwd: dir };
const SUBMISSIONS = join(dir, 'competition');
cpSync(EXAMPLE, SUBMISSIONS, { recursive: true });
// An AI as the examples write it, from a folder where no tabletop-lab is installed: the import finds the lab's own.
writeFileSync(
  join(SUBMISSIONS, 'thrower.mjs'),
  "import { AI } from 'tabletop-lab/uno-war';\n\nexport default class Thrower extends AI {\n  getPlay() {\n    throw new Error('no cards today');\n  }\n}\n",
);
const PLAYERS = ['alice', 'bob', 'carol', 'dave', 'eve', 'thrower'];

describe('uno-war competition', () => {
  it("builds every submission, leaves out the one that does not compile with javac's message, plays the rest (an AI module among them) with faults recorded; --resume ends as one run did", { timeout: 600_000 }, async () => {
    const out = join(dir, 'full.jsonl');
    const html = join(dir, 'report.html');
    const records = join(dir, 'records.jsonl');
    const result = await runCli(['uno-war', 'competition', SUBMISSIONS, ...SETTINGS, '--out', out, '--html', html, '--records', records], LONG);
    expect(result.status).toBe(0);
    const stderr = withoutFenceWarning(result.stderr);
    expect(stderr).toContain('  alice: Java, compiled\n');
    expect(stderr).toContain('  bob.mjs: JavaScript program, checked\n');
    expect(stderr).toMatch(/ {2}broken: LEFT OUT: The Java player \S*broken does not compile:\n {4}\S*broken\/BrokenAI\.java:5: error: incompatible types: Card cannot be converted to int\n/);
    expect(stderr).toContain('  carol: program (python3 carol.py)\n');
    expect(stderr).toContain('  dave.mjs: AI module, checked\n');
    expect(stderr).toContain('  thrower.mjs: AI module, checked\n');
    expect(stderr).toContain('6 play, 1 left out (broken)\n');
    expect(result.stdout).toMatch(/^UnoWar tournament: 6 games per pairing, seed 7\n/);
    // The crosstable (every ordered pair, both seats) and the standings with their intervals.
    // The folder's entries in order (alice, bob.mjs, dave.mjs, thrower.mjs), then the manifest's programs.
    expect(result.stdout).toMatch(/^ +alice +bob +dave +thrower +carol +eve\n/m);
    for (const name of PLAYERS) expect(result.stdout).toMatch(new RegExp(`^${name} +[-+]\\d+ +[[(]`, 'm'));
    // eve answers a card she does not hold on every pile of three: each a fault, the round lost.
    expect(result.stdout).toMatch(/^eve faulted in \d+ games .*the round is lost\); the first:\n {2}alice vs eve, game 0 \(seed \d+\): answered "ZZ", not a card\n/m);
    // The module that throws: each move a fault of its own game, the round lost, the module played on.
    expect(result.stdout).toMatch(/^thrower faulted in 72 games .*the round is lost\); the first:\n {2}alice vs thrower, game 0 \(seed \d+\): answered "threw Error: no cards today", not a card\n/m);
    expect(result.stdout).not.toMatch(/^(alice|bob|carol|dave) faulted/m);
    // dave, the shipped AI module, wins every game against the module that throws, in both seats.
    expect(result.stdout).toContain('\ndave vs. thrower winRate: 1.000 ');
    expect(result.stdout).toContain('\nthrower vs. dave winRate: 0.000 ');
    expect(readFileSync(html, 'utf8')).toContain('<html');
    // Every game of the 36 ordered pairs, 6 deals each, in its record.
    const recorded = readFileSync(records, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { players: string[] });
    expect(recorded).toHaveLength(36 * 6);
    expect(recorded[0]!.players).toEqual(['alice', 'alice']);
    // eve's `setsid sleep 3601` ended with her program; her write outside her folder was refused.
    expect(runningWith('3601')).toEqual([]);
    expect(existsSync(join(SUBMISSIONS, '..', 'eve-was-here.txt'))).toBe(false);

    // A crash after the first batch, the second half-written: --resume (in batches of the same size) plays the rest and ends as one run did.
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines).toHaveLength(4);
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines[0]!}\n${lines[1]!.slice(0, 40)}`);
    const resumed = await runCli(['uno-war', 'competition', '--resume', cut, '--batch-size', '2'], LONG);
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).toBe(result.stdout);
    expect(readFileSync(cut, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });

  it('refuses a folder it cannot read, no DIR, and DIR beside --resume (exit 2)', async () => {
    // In this process: each is refused before any program runs.
    const refused = (args: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> => runInProcess(['uno-war', 'competition', ...args]);
    const missing = await refused([join(dir, 'nothing-here')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/Cannot read the submissions folder .*nothing-here/);
    const none = await refused([]);
    expect(none).toEqual({ status: 2, stdout: '', stderr: 'tabletop: uno-war competition needs the folder of submissions (DIR)\n' });
    const both = await refused([EXAMPLE, '--resume', join(dir, 'x.jsonl')]);
    expect(both).toEqual({ status: 2, stdout: '', stderr: 'tabletop: --resume continues the competition its file holds: leave out DIR\n' });
  });
});
