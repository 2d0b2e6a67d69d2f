/**
 * The one way files are written and read (files.ts): same-file checks by device and inode, whole
 * writes that never replace a device, pipe, link or another run's file, bounded reads, and the
 * lock on the real file.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, FileSafetyError, lockPathOf, readBoundedFile, refuseSameFiles, releaseLock, sameFile, writeWholeFile } from './files.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-files-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string): string => join(dir, name);

describe('sameFile and refuseSameFiles', () => {
  it('know a file by what it is: through a link, a relative path, or before it exists', () => {
    writeFileSync(file('r.jsonl'), 'x\n');
    symlinkSync(file('r.jsonl'), file('link.jsonl'));
    expect(sameFile(file('r.jsonl'), file('link.jsonl'))).toBe(true);
    expect(sameFile(file('r.jsonl'), `${dir}/./r.jsonl`)).toBe(true);
    expect(sameFile(file('new.html'), `${dir}/../${dir.split('/').pop()!}/new.html`)).toBe(true);
    expect(sameFile(file('r.jsonl'), file('new.html'))).toBe(false);
    expect(() => refuseSameFiles([{ option: '--html', path: file('link.jsonl') }], [{ option: '--out', path: file('r.jsonl') }])).toThrow(
      `--html ${file('link.jsonl')} is the same file as --out ${file('r.jsonl')}: writing it would replace it. Choose another file.`,
    );
    expect(() => refuseSameFiles([{ option: '--csv', path: file('a') }, { option: '--html', path: file('a') }], [])).toThrow('would be written twice');
    expect(() => refuseSameFiles([{ option: '--csv', path: file('a.csv') }, { option: '--html', path: file('a.html') }], [{ option: '--out', path: file('r.jsonl') }])).not.toThrow();
  });
});

describe('writeWholeFile', () => {
  it('replaces a file whole, keeps its permissions and leaves no temporary file', () => {
    const path = file('book.c4book');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    writeWholeFile(path, new Uint8Array([1, 2, 3]), 'the book');
    expect([...readFileSync(path)]).toEqual([1, 2, 3]);
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it.runIf(existsSync('/dev/full'))('refuses a device, and leaves it a device', () => {
    expect(() => writeWholeFile('/dev/full', 'x', 'the book')).toThrow(new FileSafetyError('the book /dev/full is a device: it is written as a new file renamed into place, which would replace it. Give a file\'s path.'));
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
  });

  it('refuses a pipe, a symbolic link and a folder, and changes none of them', () => {
    const fifo = file('pipe');
    execFileSync('mkfifo', [fifo]);
    expect(() => writeWholeFile(fifo, 'x', '--csv')).toThrow(/--csv .*pipe is a pipe \(FIFO\)/);
    expect(statSync(fifo).isFIFO()).toBe(true);
    writeFileSync(file('target.txt'), 'keep');
    symlinkSync(file('target.txt'), file('to-target'));
    expect(() => writeWholeFile(file('to-target'), 'x', '--html')).toThrow(/is a symbolic link \(to .*target\.txt\).*Give the real file's path/);
    expect(readFileSync(file('target.txt'), 'utf8')).toBe('keep');
    expect(() => writeWholeFile(dir, 'x', '--html')).toThrow(/is a folder/);
  });

  it("refuses another run's file (its lock held by a live process), through any path", () => {
    const path = file('held.jsonl');
    writeFileSync(path, '');
    // The lock of a live process that is not this one: the parent of this test process.
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.ppid, host: (execFileSync('hostname').toString().trim()), since: 'then' }));
    symlinkSync(path, file('held-link.jsonl'));
    expect(() => writeWholeFile(path, 'x', '--html')).toThrow(`--html ${path} is in use by process ${String(process.ppid)}`);
    rmSync(`${path}.lock`);
    writeWholeFile(path, 'x', '--html');
    expect(readFileSync(path, 'utf8')).toBe('x');
  });

  it('reports a write that fails and leaves the old file and no temporary file', () => {
    expect(() => writeWholeFile(file('missing/r.html'), 'x', 'the HTML report')).toThrow(/^Cannot write the HTML report .*missing\/r\.html: ENOENT/);
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('readBoundedFile', () => {
  it('reads a file within its bound, and refuses a larger one without reading it', () => {
    writeFileSync(file('small'), 'hello');
    expect(readBoundedFile(file('small'), 5, 'the book').toString()).toBe('hello');
    expect(() => readBoundedFile(file('small'), 4, 'the book')).toThrow(`the book ${file('small')} is larger than 4 bytes`);
    expect(() => readBoundedFile(file('nothing'), 4, 'the book')).toThrow(expect.objectContaining({ code: 'ENOENT' }) as Error);
  });

  it.runIf(existsSync('/dev/zero'))('stops an endless input (/dev/zero) after the bound', () => {
    expect(() => readBoundedFile('/dev/zero', 8 << 20, 'the results file')).toThrow('the results file /dev/zero is larger than 8 MiB');
  });
});

describe('the lock', () => {
  it('is taken on the real file: a second writer through a symbolic link is refused', () => {
    const path = file('results.jsonl');
    writeFileSync(path, '');
    symlinkSync(path, file('results-link.jsonl'));
    const lock = acquireLock(path, 'results to')!;
    expect(lock).toBe(`${path}.lock`);
    expect(lockPathOf(file('results-link.jsonl'))).toBe(lock);
    expect(() => acquireLock(file('results-link.jsonl'), 'results to')).toThrow(`is in use by process ${String(process.pid)}`);
    releaseLock(lock);
    expect(existsSync(lock)).toBe(false);
  });
});
