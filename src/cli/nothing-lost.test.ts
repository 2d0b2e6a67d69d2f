/**
 * Nothing lost (issue 25, the files part), on the built binary: report files never replace an
 * input, one writer per real file, books written whole and never over a device, pipe or link,
 * the book build's journal by the journals' one torn-line rule, every input read with a size
 * bound, a report file that fails never silent, Ctrl-C before the first batch advising what works,
 * and the transposition table's stated maximum accepted.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli, type CliResult } from '../test-support/cli.js';
import { readBookFile } from '../arena/connect-four/book-file.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-nothing-lost-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string): string => join(dir, name);
const compare = (...args: string[]): Promise<CliResult> => runCli(['connect-fwar', 'compare', '--threads', '1', '--players', 'basic', '--seed', '1', ...args]);
/** An input that never ends must be refused long before this (the old code read on for ever). */
const ENDLESS = { timeoutMs: 30_000 };

/** Starts the CLI and resolves once `ready()` holds (polled), with a way to wait for its end. */
async function startCli(args: readonly string[], ready: () => boolean): Promise<{ child: ReturnType<typeof spawn>; ended: Promise<{ status: number | null; stderr: string }> }> {
  const child = spawn(process.execPath, [CLI_PATH, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const ended = new Promise<{ status: number | null; stderr: string }>((resolve) => child.on('close', (status) => resolve({ status, stderr })));
  let exited = false;
  void ended.then(() => (exited = true));
  while (!ready() && !exited) await new Promise((resolve) => setTimeout(resolve, 50));
  return { child, ended };
}

describe('report files never replace an input', () => {
  it('--html or --csv naming the results file (also through a link) is refused before the run; the results stay', async () => {
    const results = file('r.jsonl');
    expect((await compare('--games', '400', '--batch-size', '200', '--out', results)).status).toBe(0);
    const before = readFileSync(results, 'utf8');
    symlinkSync(results, file('r-link.jsonl'));
    for (const args of [
      ['--resume', results, '--html', results],
      ['--resume', results, '--csv', file('r-link.jsonl')],
      ['--out', file('fresh.jsonl'), '--html', file('fresh.jsonl')],
    ]) {
      const run = await compare('--games', '400', ...args);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^tabletop: --(html|csv) .* is the same file as --(resume|out) .*: writing it would replace it\. Choose another file\.\n$/);
    }
    expect(readFileSync(results, 'utf8')).toBe(before);
    expect(existsSync(file('fresh.jsonl'))).toBe(false);

    const merged = await runCli(['merge', results, '--html', results]);
    expect(merged.status).toBe(2);
    expect(merged.stderr).toContain(`--html ${results} is the same file as the merged file ${results}`);
    expect(readFileSync(results, 'utf8')).toBe(before);
  });

  it('--csv and --html naming one file is refused', async () => {
    const run = await compare('--games', '100', '--csv', file('both'), '--html', file('both'));
    expect([run.status, run.stderr]).toEqual([2, `tabletop: --html ${file('both')} is the same file as --csv ${file('both')}: writing it would be written twice. Choose another file.\n`]);
  });
});

describe('one writer per file, on the real file', () => {
  it('a resume through a symbolic link is refused while another resume of the file runs', async () => {
    const results = file('long.jsonl');
    writeFileSync(results, '');
    // A run far longer than the test, stopped once its first batch is saved.
    const first = await startCli(['connect-fwar', 'compare', '--threads', '1', '--players', 'basic', '--seed', '2', '--games', '100000000', '--batch-size', '500', '--out', results], () => readFileSync(results, 'utf8').includes('\n'));
    first.child.kill('SIGINT');
    expect((await first.ended).status).toBe(130);
    symlinkSync(results, file('long-link.jsonl'));
    const resumed = await startCli(['connect-fwar', 'compare', '--threads', '1', '--resume', results], () => existsSync(`${results}.lock`));
    try {
      const second = await runCli(['connect-fwar', 'compare', '--threads', '1', '--resume', file('long-link.jsonl')]);
      expect(second.status).toBe(2);
      expect(second.stderr).toContain(`is in use by process ${String(resumed.child.pid)}`);
      expect(second.stderr).toContain(`lock file ${results}.lock`);
    } finally {
      resumed.child.kill('SIGINT');
      await resumed.ended;
    }
    const merged = await runCli(['merge', results]);
    expect(merged.status).toBe(0);
  });
});

describe('books are written whole, never over a pipe, a link or an input', () => {
  // A 26-stone position whose subtree to 28 stones solves in well under a second.
  const ROOT = '21253774536432517717274325';
  const build = (...args: string[]): Promise<CliResult> => runCli(['connect-four', 'book', 'build', '--root', ROOT, '--depth', '28', '--workers', '1', '--table', '200000', ...args]);

  it('refuses a pipe or a symbolic link as --out, and leaves it as it was', async () => {
    const fifo = file('book-pipe');
    execFileSync('mkfifo', [fifo]);
    const piped = await build('--out', fifo);
    expect(piped.status).toBe(2);
    expect(piped.stderr).toContain(`the book ${fifo} is a pipe (FIFO)`);
    expect(statSync(fifo).isFIFO()).toBe(true);
    writeFileSync(file('elsewhere'), 'keep');
    symlinkSync(file('elsewhere'), file('book-link'));
    const linked = await build('--out', file('book-link'));
    expect(linked.status).toBe(2);
    expect(linked.stderr).toContain('is a symbolic link');
    expect(lstatSync(file('book-link')).isSymbolicLink()).toBe(true);
    expect(readFileSync(file('elsewhere'), 'utf8')).toBe('keep');
    const overJournal = await build('--out', file('j.c4book'), '--journal', file('j.c4book'));
    expect(overJournal.status).toBe(2);
    expect(overJournal.stderr).toContain('is the same file as the journal');
  });

  it('the journal by the one rule: a journal cut by 3 bytes is resumed with nothing glued, and gives the same book as an intact one', async () => {
    const clean = file('clean.c4book');
    expect((await build('--out', clean)).status).toBe(0);
    const whole = readFileSync(`${clean}.journal`, 'utf8');
    const lines = whole.trimEnd().split('\n');
    const entries = (path: string): string => JSON.stringify([...readBookFile(path).entries()]);

    // Cut by 3 bytes: the last line loses its newline and two characters. Resumed twice: the cut
    // line is solved again, nothing is glued onto it, and the book is the intact one's.
    const cut = file('cut.c4book');
    writeFileSync(`${cut}.journal`, whole);
    truncateSync(`${cut}.journal`, Buffer.byteLength(whole) - 3);
    const resumed = await build('--out', cut);
    expect(resumed.status).toBe(0);
    expect(readFileSync(`${cut}.journal`, 'utf8').split('\n').slice(0, -2)).toEqual(lines.slice(0, -1));
    const again = await build('--out', cut);
    expect(again.status).toBe(0);
    expect(again.stderr).toMatch(/level 28: (\d+), \1 already known/);
    expect(entries(cut)).toBe(entries(clean));
    // The build said so (the torn line is the last line less its newline and two characters).
    expect(resumed.stderr).toContain(`the last line of ${cut}.journal was cut short (${String(Buffer.byteLength(lines.at(-1)!) - 2)} bytes): not counted`);

  });

  it('the journal by the one rule: a last line that still reads as a record, with another score, but lacks its newline is never taken as proven', async () => {
    const clean = file('clean-2.c4book');
    expect((await build('--out', clean)).status).toBe(0);
    const lines = readFileSync(`${clean}.journal`, 'utf8').trimEnd().split('\n');
    const entries = (path: string): string => JSON.stringify([...readBookFile(path).entries()]);
    const last = JSON.parse(lines.at(-1)!) as { result: [string, number][] };
    const [moves, score] = last.result[0]!;
    const wrongLine = JSON.stringify({ ...last, result: [[moves, score === 1 ? 2 : 1], ...last.result.slice(1)] });
    const tear = file('tear.c4book');
    writeFileSync(`${tear}.journal`, `${lines.slice(0, -1).join('\n')}\n${wrongLine}`);
    const torn = await build('--out', tear);
    expect(torn.status).toBe(0);
    expect(entries(tear)).toBe(entries(clean));
    expect(readFileSync(`${tear}.journal`, 'utf8')).not.toContain(wrongLine);
  });
});

describe('the strategy-book build keeps its journal by the same rule', () => {
  it("a strategy's record torn by a kill is not taken: proven again, the book is the intact one's", async () => {
    const ROOT = '21253774536432517717274325';
    const strategy = (out: string): Promise<CliResult> => runCli(['connect-four', 'book', 'strategy', '--depth', String(ROOT.length + 4), '--roots', ROOT, '--out', out, '--table', '131101']);
    const clean = file('values.c4book');
    expect((await strategy(clean)).status).toBe(0);
    const lines = readFileSync(`${clean}.journal`, 'utf8').trimEnd().split('\n');
    // The last record cut short, as a kill during its write leaves it.
    const tail = lines.at(-1)!.slice(0, Math.floor(lines.at(-1)!.length / 2));
    const torn = file('torn-values.c4book');
    writeFileSync(`${torn}.journal`, `${lines.slice(0, -1).join('\n')}\n${tail}`);
    const resumed = await strategy(torn);
    expect(resumed.status).toBe(0);
    expect(JSON.stringify([...readBookFile(torn).entries()])).toBe(JSON.stringify([...readBookFile(clean).entries()]));
    expect(readFileSync(`${torn}.journal`, 'utf8')).toBe(readFileSync(`${clean}.journal`, 'utf8'));
    expect(resumed.stderr).toContain(`the last line of ${torn}.journal was cut short`);
  }, 120_000);
});

describe('every input is read with a size bound', () => {
  it.runIf(existsSync('/dev/zero'))('/dev/zero as a player module, a book or a merge input: a clear error, exit 2', async () => {
    const module = await runCli(['connect-fwar', 'compare', '--players', '/dev/zero', '--games', '10'], ENDLESS);
    expect([module.status, module.stderr]).toEqual([2, 'tabletop: --players: the player module /dev/zero is larger than 64 MiB, far more than such a file holds: not read.\n']);
    const book = await runCli(['connect-four', 'book', 'info', '/dev/zero'], ENDLESS);
    expect([book.status, book.stderr]).toEqual([2, 'tabletop: the book /dev/zero is larger than 64 MiB, far more than such a file holds: not read.\n']);
    const solve = await runCli(['connect-four', 'solve', '--book', '/dev/zero'], { ...ENDLESS, input: '4455\n' });
    expect([solve.status, solve.stderr]).toEqual([2, 'tabletop: the book /dev/zero is larger than 64 MiB, far more than such a file holds: not read.\n']);
    const merge = await runCli(['merge', '/dev/zero'], ENDLESS);
    expect([merge.status, merge.stderr]).toEqual([2, 'tabletop: the results file /dev/zero is larger than 512 MiB, far more than such a file holds: not read.\n']);
  });
});

describe('a report file that cannot be written is never silent', () => {
  it.runIf(existsSync('/dev/full'))('--csv /dev/full --html ok.html: refused before the run, nothing written', async () => {
    const run = await compare('--games', '100', '--csv', '/dev/full', '--html', file('ok.html'));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--csv /dev/full is a device');
    expect(existsSync(file('ok.html'))).toBe(false);
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it('a CSV file that fails at the end does not keep the HTML report from being written, and the message says so', async () => {
    const run = await compare('--games', '100', '--csv', file('missing/r.csv'), '--html', file('written.html'));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^ConnectFwar: 100 games/);
    expect(run.stderr).toMatch(/^tabletop: Cannot write the CSV file .*missing\/r\.csv: ENOENT.*\. Written: the HTML report .*written\.html\.\n$/);
    expect(readFileSync(file('written.html'), 'utf8')).toContain('<h1>ConnectFwar: 100 games per strategy, seed 1</h1>');
  });
});

describe('Ctrl-C before the first batch', () => {
  it('advises to start again with --out, which then works (not --resume, which would refuse the file)', async () => {
    const results = file('early.jsonl');
    // A player whose every move takes a minute: whenever Ctrl-C comes, no batch has completed
    // (a batch under way is cancelled when its player module's worker is stopped).
    writeFileSync(file('slow.mjs'), 'export default class Slow { nextMove() { Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000); return 0; } }\n');
    const run = await startCli(['connect-fwar', 'compare', '--threads', '2', '--players', file('slow.mjs'), '--seed', '3', '--games', '100', '--out', results], () => existsSync(`${results}.lock`));
    run.child.kill('SIGINT');
    const ended = await run.ended;
    expect(ended.status).toBe(130);
    expect(ended.stderr).toContain(`Interrupted before any batch completed. Nothing was saved to ${results}; start the run again with --out ${results}.`);
    expect(ended.stderr).not.toContain('--resume');
    expect((await compare('--games', '200', '--out', results)).status).toBe(0);
  });
});

describe('connect-four book build --table', () => {
  it('accepts its stated maximum, 268435456 entries', async () => {
    const help = await runCli(['connect-four', 'book', 'build', '--help']);
    expect(help.stdout).toMatch(/--table <entries>/);
    // One quick search (a 26-stone position), with a table of 2^28 entries (1.3 GB).
    const root = '21253774536432517717274325';
    const out = file('max-table.c4book');
    const build = await runCli(['connect-four', 'book', 'build', '--root', root, '--depth', String(root.length), '--out', out, '--workers', '1', '--table', '268435456']);
    expect(build.stderr).not.toMatch(/Transposition table size must be/);
    expect(build.status).toBe(0);
    const tooLarge = await runCli(['connect-four', 'book', 'build', '--depth', '1', '--out', out, '--table', '268435457']);
    expect([tooLarge.status, tooLarge.stderr]).toEqual([2, "error: option '--table <entries>' argument '268435457' is invalid. The table size must be from 131073 to 268435456, got '268435457'.\n(run with --help for usage)\n"]);
  });
});
