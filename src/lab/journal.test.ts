/**
 * The journals' one rule (journal.ts, journal-file.ts): a line counts only when it ends with '\n';
 * a torn tail is cut before the first append, and only then.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { splitJournal } from './journal.js';
import { JournalFile } from './journal-file.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-journal-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('splitJournal', () => {
  it('counts whole lines only: a tear that still reads as a line is not one', () => {
    expect(splitJournal(bytes('4455 18\n3344 -1'))).toEqual({ lines: ['4455 18'], wholeBytes: 8, tornBytes: 7 });
    expect(splitJournal(bytes('a\n\nb\n'))).toEqual({ lines: ['a', '', 'b'], wholeBytes: 5, tornBytes: 0 });
    expect(splitJournal(bytes('torn'))).toEqual({ lines: [], wholeBytes: 0, tornBytes: 4 });
    expect(splitJournal(bytes(''))).toEqual({ lines: [], wholeBytes: 0, tornBytes: 0 });
  });

  it('for any lines cut anywhere: the whole lines are a prefix of the lines written, never a cut one', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[1-7]{0,6} -?[0-9]{1,2}$/), { maxLength: 8 }), fc.nat(), (written, cut) => {
        const text = written.map((line) => `${line}\n`).join('');
        const kept = splitJournal(bytes(text.slice(0, cut % (text.length + 1)))).lines;
        expect(kept).toEqual(written.slice(0, kept.length));
      }),
    );
  });
});

describe('JournalFile', () => {
  it('cuts a torn tail before its first append, so no line is glued onto it', () => {
    const path = join(dir, 'cut.journal');
    writeFileSync(path, '4455 18\n3344 -1');
    const journal = JournalFile.read(path, 'the journal');
    expect([journal.lines, journal.tornBytes]).toEqual([['4455 18'], 7]);
    // Reading changes nothing.
    expect(readFileSync(path, 'utf8')).toBe('4455 18\n3344 -1');
    journal.append('3344 -15');
    journal.append('1 2');
    expect(readFileSync(path, 'utf8')).toBe('4455 18\n3344 -15\n1 2\n');
  });

  it('leaves a tail alone that another process sharing the journal has already cut and appended after', () => {
    const path = join(dir, 'shared.journal');
    writeFileSync(path, '1 0\n2 -');
    const late = JournalFile.read(path, 'the journal');
    const early = JournalFile.read(path, 'the journal');
    early.append('2 -1');
    late.append('3 1');
    expect(readFileSync(path, 'utf8')).toBe('1 0\n2 -1\n3 1\n');
  });

  it('created afresh, replaces whatever the file held, torn tail included, and appends after its first lines', () => {
    const path = join(dir, 'fresh.journal');
    writeFileSync(path, 'old 1\nold 2\nold');
    const journal = JournalFile.create(path, ['settings']);
    expect([journal.lines, journal.tornBytes]).toEqual([['settings'], 0]);
    journal.appendLines(['1 0', '2 1']);
    expect(readFileSync(path, 'utf8')).toBe('settings\n1 0\n2 1\n');
    expect(() => JournalFile.create(path, ['a\nb'])).toThrow('A journal line holds a newline');
    expect(readFileSync(path, 'utf8')).toBe('settings\n1 0\n2 1\n');
  });

  it('is empty when the file is missing, and refuses a line holding a newline', () => {
    const journal = JournalFile.read(join(dir, 'none.journal'), 'the journal');
    expect(journal.lines).toEqual([]);
    expect(() => journal.append('a\nb')).toThrow('A journal line holds a newline');
  });
});
