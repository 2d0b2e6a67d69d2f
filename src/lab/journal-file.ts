/**
 * A journal on disk, by the one rule of journal.ts: read with a size bound, whole lines only; a
 * torn last line cut off before the first append; each line appended with its newline in one
 * write (O_APPEND), so processes sharing a journal never interleave parts of lines.
 */
import { appendFileSync, closeSync, fstatSync, ftruncateSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { acquireLock, FileSafetyError, READ_LIMITS, readBoundedFile, releaseLock } from './files.js';
import { splitJournal } from './journal.js';

/** How errors name a journal: `Cannot read <read> <path>`, `Cannot write <write> <path>`. */
export interface JournalNames {
  readonly read: string;
  readonly write: string;
}

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
   * Reads a journal given as an input (to merge or report, not to append to): like `read`, but a
   * missing file is an error, and a device or pipe is read too, within the size bound.
   */
  static readInput(path: string, what: string, limit: number = READ_LIMITS.journal): JournalFile {
    const bytes = readBoundedFile(path, limit, what);
    let regular = false;
    try {
      regular = statSync(path).isFile();
    } catch {
      // Gone since it was read: nothing to repair.
    }
    return new JournalFile(path, bytes, regular);
  }

  /**
   * Locks the journal at `path` for one writer (files.ts: `<real file>.lock`, so no second run
   * appends to it at the same time, whatever path or link names it), reads it, and hands it to
   * `accept`, which checks what it holds and may refuse it by throwing: the lock is then released
   * and the file left as it was. Accepted, the journal must be writable (checked now, writing
   * nothing) and stays locked until `close`. `names` say the file in errors: `Cannot read
   * <read> …`, `Cannot write <write> …` (`the journal` both).
   */
  static openLocked<T>(path: string, names: JournalNames, accept: (journal: JournalFile) => T): LockedJournal<T> {
    const lockPath = acquireLock(path, names.write);
    try {
      const journal = JournalFile.read(path, names.read);
      const accepted = accept(journal);
      journal.checkWritable(names.write);
      return new LockedJournal(journal, accepted, lockPath);
    } catch (error) {
      if (lockPath !== undefined) releaseLock(lockPath);
      throw error;
    }
  }

  /** Fails now, not after the first batch, if the journal cannot be written to (this writes nothing). */
  checkWritable(what: string): void {
    try {
      appendFileSync(this.path, '');
    } catch (error) {
      throw new FileSafetyError(`Cannot write ${what} ${this.path}: ${(error as Error).message}`);
    }
  }

  /**
   * Cuts a torn last line off, so that appended lines stay whole. Done once, before the first
   * append (a run refused before it leaves the file as it was). Only if the file still ends with
   * exactly the torn bytes read: anything else there means another process sharing the journal
   * has cut the tail and appended (what it appends ends with a newline, a torn tail never does).
   * Returns the bytes cut off (0 if none, or already prepared).
   */
  prepare(): number {
    if (this.#prepared) return 0;
    this.#prepared = true;
    if (!this.#regular || this.tornBytes === 0) return 0;
    let cut = 0;
    let fd: number | undefined;
    try {
      fd = openSync(this.path, 'r+');
      const tail = Buffer.alloc(this.#torn.length + 1);
      const read = fstatSync(fd).size === this.wholeBytes + this.#torn.length ? readSync(fd, tail, 0, tail.length, this.wholeBytes) : -1;
      if (read === this.#torn.length && tail.subarray(0, read).equals(this.#torn)) {
        ftruncateSync(fd, this.wholeBytes);
        cut = read;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
    return cut;
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

/** A journal locked for one writer (`JournalFile.openLocked`), with what its reader made of it. */
export class LockedJournal<T> {
  readonly journal: JournalFile;
  /** What `accept` returned: the journal's records, as its reader reads them. */
  readonly accepted: T;
  readonly #lockPath: string | undefined;
  #closed = false;

  constructor(journal: JournalFile, accepted: T, lockPath: string | undefined) {
    this.journal = journal;
    this.accepted = accepted;
    this.#lockPath = lockPath;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Releases the lock. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#lockPath !== undefined) releaseLock(this.#lockPath);
  }
}
