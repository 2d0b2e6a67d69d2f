/**
 * The Node side of results files: a results file is a journal of the lab's batch records, read,
 * locked and appended by journal-file.ts as every journal is (one rule for a torn last line, one
 * lock, one writer). Everything
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
import { existsSync } from 'node:fs';
import { FileSafetyError } from './files.js';
import { JournalFile, type LockedJournal } from './journal-file.js';
import { recordsOfLines, RecordsError, resultsLine, type BatchRecord, type ParsedResults } from './records.js';
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

const NAMES = { read: 'the results file', write: 'results to' } as const;

/** What `readResults` read: the records, and the journal they came from (to repair it by the one rule). */
export interface ReadResults extends ParsedResults {
  readonly journal: JournalFile;
}

/** Reads and checks a results file by the journals' one rule (journal-file.ts); a missing, unreadable or oversized file is a RecordsError. */
export function readResults(path: string): ReadResults {
  const journal = asRecordsError(() => JournalFile.readInput(path, NAMES.read));
  return { records: recordsOfLines(journal.lines, path), validBytes: journal.wholeBytes, tornBytes: journal.tornBytes, journal };
}

/** The records of a results file (see `readResults`). */
export const readRecords = (path: string): BatchRecord[] => readResults(path).records;

/**
 * Makes a results file read by `readResults` safe to append to: cuts a torn last line off — only
 * if the file still ends with exactly the bytes read, so a line another process appended since is
 * never cut (journal-file.ts). Returns the number of bytes cut.
 */
export function repairResults(path: string, file: ReadResults): number {
  if (file.journal.path !== path) throw new Error(`repairResults: ${path} is not the file read (${file.journal.path})`);
  return file.journal.prepare();
}

export type OpenMode =
  /** A new run: the file must not hold results yet (a torn fragment without a whole record is no result). */
  | 'new'
  /** Continue the run the file holds. */
  | 'resume';

/** A results file opened (and locked) for one run: a journal (journal-file.ts) whose lines are batch records. */
export class ResultsFile implements ResultsLog {
  readonly path: string;
  readonly records: readonly BatchRecord[];
  /** Bytes of a torn last line that the first append will drop (0 if none). */
  readonly tornBytes: number;
  readonly #open: LockedJournal<readonly BatchRecord[]>;

  private constructor(open: LockedJournal<readonly BatchRecord[]>) {
    this.path = open.journal.path;
    this.records = open.accepted;
    this.tornBytes = open.journal.tornBytes;
    this.#open = open;
  }

  /**
   * Locks and reads the file. 'new' refuses a file that already holds a whole record (pointing to
   * --resume); 'resume' refuses a missing file. A file holding only a torn fragment (a run killed
   * while writing its first record) holds no results: 'new' may overwrite it, and 'resume' says so.
   */
  static open(path: string, mode: OpenMode): ResultsFile {
    if (mode === 'resume' && !existsSync(path)) throw new RecordsError(`Cannot read ${path}: no such file`);
    const accept = (journal: JournalFile): BatchRecord[] => {
      const records = recordsOfLines(journal.lines, path);
      if (mode === 'new' && records.length > 0) {
        throw new RecordsError(`${path} already holds results: continue it with --resume ${path}, or choose another file.`);
      }
      if (mode === 'resume' && records.length === 0) {
        const what = journal.tornBytes > 0 ? `only an unfinished first line (${String(journal.tornBytes)} bytes)` : 'no batch records';
        throw new RecordsError(`${path} holds ${what}: there is nothing to resume. Start the run afresh with --out ${path} (it replaces what is there).`);
      }
      return records;
    };
    return new ResultsFile(asRecordsError(() => JournalFile.openLocked(path, NAMES, accept)));
  }

  /** Drops a torn last line (or a file's only, unfinished line) so that appended lines stay whole. */
  prepare(): void {
    if (!this.#open.closed) this.#open.journal.prepare();
  }

  /** Appends one record as a line; synchronous, so a batch reported complete is on disk even if Ctrl-C follows. */
  append(record: BatchRecord): void {
    if (this.#open.closed) throw new Error(`${this.path} is closed`);
    this.#open.journal.append(resultsLine(record));
  }

  /** Releases the lock. Idempotent. */
  close(): void {
    this.#open.close();
  }
}
