/**
 * The Node side of results files: reading, locking and appending JSON Lines on disk. Everything
 * that decides *what* a file means (parsing, checking, combining records) is pure and lives in
 * records.ts; the planning of a run lives in session.ts. This adapter is the only part of the lab's
 * results handling that touches the file system, so the browser lab can swap in its own store.
 *
 * Invariants of an open `ResultsFile`:
 * - it holds the lock `<real file>.lock` (files.ts) from `open` to `close`, so no second run appends
 *   to the same file at the same time, whatever path or link it names the file by — two runs
 *   resuming one file would otherwise both play and append the same games;
 * - nothing is written to the file before the first `append`, so a run refused after opening (a
 *   contradicting option, say) leaves the file byte for byte as it was;
 * - a torn last line is cut off just before the first append, so every later line is whole (the
 *   journals' one rule, journal.ts: a record counts only when its line ends with '\n').
 */
import { appendFileSync, existsSync, statSync, truncateSync } from 'node:fs';
import { acquireLock, FileSafetyError, READ_LIMITS, readBoundedFile, releaseLock } from './files.js';
import { JournalFile } from './journal-file.js';
import { parseResults, recordsOfLines, RecordsError, type BatchRecord, type ParsedResults } from './records.js';
import type { ResultsLog } from './session.js';

/** Runs `action`, reporting a file refused or unreadable as a RecordsError (a usage error in the CLI). */
function asRecordsError<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof FileSafetyError) throw new RecordsError(error.message);
    throw error;
  }
}

/** Reads and checks a results file (see `parseResults`); a missing, unreadable or oversized file is a RecordsError. */
export function readResults(path: string): ParsedResults {
  return parseResults(asRecordsError(() => readBoundedFile(path, READ_LIMITS.journal, 'the results file')), path);
}

/** The records of a results file (see `readResults`). */
export const readRecords = (path: string): BatchRecord[] => readResults(path).records;

/** Makes a results file safe to append to: drops a torn last line. Returns the number of bytes dropped. */
export function repairResults(path: string, file: ParsedResults): number {
  const dropped = statSync(path).size - file.validBytes;
  if (dropped > 0) truncateSync(path, file.validBytes);
  return dropped;
}

export type OpenMode =
  /** A new run: the file must not hold results yet (a torn fragment without a whole record is no result). */
  | 'new'
  /** Continue the run the file holds. */
  | 'resume';

/** A results file opened (and locked) for one run. */
export class ResultsFile implements ResultsLog {
  readonly path: string;
  readonly records: readonly BatchRecord[];
  /** Bytes of a torn last line that the first append will drop (0 if none). */
  readonly tornBytes: number;
  readonly #journal: JournalFile;
  readonly #lockPath: string | undefined;
  #closed = false;

  private constructor(journal: JournalFile, records: readonly BatchRecord[], lockPath: string | undefined) {
    this.path = journal.path;
    this.records = records;
    this.tornBytes = journal.tornBytes;
    this.#journal = journal;
    this.#lockPath = lockPath;
  }

  /**
   * Locks and reads the file. 'new' refuses a file that already holds a whole record (pointing to
   * --resume); 'resume' refuses a missing file. A file holding only a torn fragment (a run killed
   * while writing its first record) holds no results: 'new' may overwrite it, and 'resume' says so.
   */
  static open(path: string, mode: OpenMode): ResultsFile {
    if (mode === 'resume' && !existsSync(path)) throw new RecordsError(`Cannot read ${path}: no such file`);
    const lockPath = asRecordsError(() => acquireLock(path, 'results to'));
    try {
      const journal = asRecordsError(() => JournalFile.read(path, 'the results file'));
      const records = recordsOfLines(journal.lines, path);
      if (mode === 'new' && records.length > 0) {
        throw new RecordsError(`${path} already holds results: continue it with --resume ${path}, or choose another file.`);
      }
      if (mode === 'resume' && records.length === 0) {
        const what = journal.tornBytes > 0 ? `only an unfinished first line (${String(journal.tornBytes)} bytes)` : 'no batch records';
        throw new RecordsError(`${path} holds ${what}: there is nothing to resume. Start the run afresh with --out ${path} (it replaces what is there).`);
      }
      // Fail now, not after the first batch, if the file cannot be written (this writes nothing).
      try {
        appendFileSync(path, '');
      } catch (error) {
        throw new RecordsError(`Cannot write results to ${path}: ${(error as Error).message}`);
      }
      return new ResultsFile(journal, records, lockPath);
    } catch (error) {
      if (lockPath !== undefined) releaseLock(lockPath);
      throw error;
    }
  }

  /** Drops a torn last line (or a file's only, unfinished line) so that appended lines stay whole. */
  prepare(): void {
    if (!this.#closed) this.#journal.prepare();
  }

  /** Appends one record as a line; synchronous, so a batch reported complete is on disk even if Ctrl-C follows. */
  append(record: BatchRecord): void {
    if (this.#closed) throw new Error(`${this.path} is closed`);
    this.#journal.append(JSON.stringify(record));
  }

  /** Releases the lock. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#lockPath !== undefined) releaseLock(this.#lockPath);
  }
}
