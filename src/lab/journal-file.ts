/**
 * A journal on disk, by the one rule of journal.ts: read with a size bound, whole lines only; a
 * torn last line cut off before the first append; each line appended with its newline in one
 * write (O_APPEND), so processes sharing a journal never interleave parts of lines.
 */
import { appendFileSync, closeSync, fstatSync, ftruncateSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { FileSafetyError, READ_LIMITS, readBoundedFile } from './files.js';
import { splitJournal } from './journal.js';

export class JournalFile {
  readonly path: string;
  /** The whole lines when the journal was read (index i: line i + 1). */
  readonly lines: readonly string[];
  /** Bytes of a torn last line that the first append cuts off (0 if none). */
  readonly tornBytes: number;
  /** Bytes of the whole lines when it was read (where a reader of later lines starts). */
  readonly wholeBytes: number;
  /** The torn tail as read. */
  readonly #torn: Uint8Array;
  readonly #regular: boolean;
  #prepared = false;

  private constructor(path: string, bytes: Uint8Array | undefined, regular: boolean) {
    const split = splitJournal(bytes ?? new Uint8Array());
    this.path = path;
    this.lines = split.lines;
    this.tornBytes = split.tornBytes;
    this.wholeBytes = split.wholeBytes;
    this.#torn = (bytes ?? new Uint8Array()).slice(split.wholeBytes);
    this.#regular = regular;
  }

  /**
   * Reads the journal at `path` (`what` names it in errors). A missing file is an empty journal;
   * a device or pipe is written to but not read (nothing can be resumed from it).
   */
  static read(path: string, what: string, limit: number = READ_LIMITS.journal): JournalFile {
    let regular: boolean;
    try {
      regular = statSync(path).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new JournalFile(path, undefined, true);
      throw new FileSafetyError(`Cannot read ${what} ${path}: ${(error as Error).message}`);
    }
    return new JournalFile(path, regular ? readBoundedFile(path, limit, what) : undefined, regular);
  }

  /**
   * A new journal at `path` holding `lines` (none holding a newline), each with its newline, in one
   * write: an existing file is replaced, for a run that starts afresh rather than resuming.
   */
  static create(path: string, lines: readonly string[]): JournalFile {
    const text = journalText(lines);
    writeFileSync(path, text);
    const journal = new JournalFile(path, new TextEncoder().encode(text), statSync(path).isFile());
    journal.#prepared = true;
    return journal;
  }

  /**
   * Cuts a torn last line off, so that appended lines stay whole. Done once, before the first
   * append (a run refused before it leaves the file as it was). Only if the file still ends with
   * exactly the torn bytes read: anything else there means another process sharing the journal
   * has cut the tail and appended (what it appends ends with a newline, a torn tail never does).
   */
  prepare(): void {
    if (this.#prepared) return;
    this.#prepared = true;
    if (!this.#regular || this.tornBytes === 0) return;
    let fd: number | undefined;
    try {
      fd = openSync(this.path, 'r+');
      const tail = Buffer.alloc(this.#torn.length + 1);
      const read = fstatSync(fd).size === this.wholeBytes + this.#torn.length ? readSync(fd, tail, 0, tail.length, this.wholeBytes) : -1;
      if (read === this.#torn.length && tail.subarray(0, read).equals(this.#torn)) ftruncateSync(fd, this.wholeBytes);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /** Appends one line (it must not hold a newline) with its newline, in one write; synchronous, so it is on disk when this returns. */
  append(line: string): void {
    this.appendLines([line]);
  }

  /** Appends whole lines (none holding a newline), each with its newline, all in one write; synchronous. */
  appendLines(lines: readonly string[]): void {
    const text = journalText(lines);
    if (text === '') return;
    this.prepare();
    appendFileSync(this.path, text);
  }
}

/** Whole lines as one write: each with its newline; a line holding a newline of its own is refused (it would read as two). */
function journalText(lines: readonly string[]): string {
  const bad = lines.find((line) => line.includes('\n'));
  if (bad !== undefined) throw new Error(`A journal line holds a newline: ${JSON.stringify(bad.slice(0, 80))}`);
  return lines.map((line) => `${line}\n`).join('');
}
