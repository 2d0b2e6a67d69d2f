/**
 * A job's journal opened for one run: the one way every resumable job on Node opens, checks,
 * repairs and appends its journal — the job runner's jobs (job-runner.ts: book builds, Klondike
 * deal classification, tuning) and the lab's results files (results-file.ts) alike. What differs
 * between kinds of job is only what their lines mean and how their refusals are worded
 * (`JobJournalKind`); the lock, the modes, the journals' one rule for a torn last line and the
 * appending are these, once.
 *
 * Invariants of an open `JobJournal`:
 * - it holds the lock `<real file>.lock` (files.ts) from `openJob` to `close`, so no second run
 *   appends to the same journal at the same time, whatever path or link names it;
 * - nothing is written before `prepare` (or the first `append`), so a run refused after opening
 *   (a contradicting option, say) leaves the file byte for byte as it was;
 * - a torn last line is cut off then, so every later line is whole (journal.ts: a record counts
 *   only when its line ends with '\n'), and each record is appended with its newline in one write.
 */
import { existsSync } from 'node:fs';
import { FileSafetyError } from './files.js';
import { JournalFile, type JournalNames, type LockedJournal } from './journal-file.js';
import { JobJournalError, jobRecordLine, type JobLog, type JobRecord } from './jobs.js';

export type JobOpenMode =
  /** A new run: the journal must not hold records yet (a torn fragment without a whole record is none, and is replaced). */
  | 'new'
  /** Continue the run the journal holds: it must exist and hold records. */
  | 'resume'
  /** Continue what the journal holds, or start it when it holds nothing (a job whose identity the caller knows). */
  | 'either';

/** How 'new' and 'resume' refuse a journal, in the kind's words. */
export interface JobJournalRefusals {
  /** 'new', given a journal that holds records. */
  readonly holdsRecords: (path: string) => string;
  /** 'resume', given no file. */
  readonly missing: (path: string) => string;
  /** 'resume', given a journal without records (`tornBytes` of an unfinished first line, or none). */
  readonly nothingToResume: (path: string, tornBytes: number) => string;
}

/** What a kind of job's journal holds, and how its errors are worded. */
export interface JobJournalKind<T> {
  /** How errors name the journal: `Cannot read <read> <path>`, `Cannot write <write> <path>`. */
  readonly names: JournalNames;
  /** The records of the journal's whole lines (`path` names it in messages); throws naming a line that is not one of this job's. */
  readonly readLines: (lines: readonly string[], path: string) => T[];
  /** Needed for the modes 'new' and 'resume'. */
  readonly refusals?: JobJournalRefusals;
  /**
   * The error a refusal, or a file that cannot be locked, read or written, is thrown as; default:
   * a refusal as a JobJournalError, a file's trouble as the FileSafetyError it is.
   */
  readonly error?: (message: string) => Error;
}

/** A journal locked and read for one run (see the file's comment). */
export class JobJournal<T> implements JobLog<T> {
  readonly path: string;
  /** What the journal held when opened, as the kind reads it. */
  readonly records: readonly T[];
  /** Bytes of a torn last line that `prepare` drops (0 if none). */
  readonly tornBytes: number;
  readonly #open: LockedJournal<readonly T[]>;

  constructor(open: LockedJournal<readonly T[]>) {
    this.path = open.journal.path;
    this.records = open.accepted;
    this.tornBytes = open.journal.tornBytes;
    this.#open = open;
  }

  /** Drops a torn last line (or a journal's only, unfinished line) so that appended lines stay whole; once the run is accepted. */
  prepare(): void {
    if (!this.#open.closed) this.#open.journal.prepare();
  }

  /** Appends one record as a line; synchronous, so a batch reported complete is on disk even if Ctrl-C follows. */
  append(record: JobRecord<unknown>): void {
    if (this.#open.closed) throw new Error(`${this.path} is closed`);
    this.#open.journal.append(jobRecordLine(record));
  }

  /**
   * Appends one line of the kind's own: for a kind that continues a journal of its earlier,
   * pre-job format in that format (a file keeps one format from its first line to its last).
   */
  appendLine(line: string): void {
    if (this.#open.closed) throw new Error(`${this.path} is closed`);
    this.#open.journal.append(line);
  }

  /** Releases the lock. Idempotent. */
  close(): void {
    this.#open.close();
  }
}

/**
 * Locks and reads the journal at `path` for one run of a job of kind `kind`, by `mode` (see
 * `JobOpenMode`); a journal refused leaves the lock released and the file as it was. The journal
 * must be writable (checked now, writing nothing).
 */
export function openJob<T>(path: string, mode: JobOpenMode, kind: JobJournalKind<T>): JobJournal<T> {
  const refusals = (): JobJournalRefusals => kind.refusals ?? missingRefusals(mode);
  const refusal = (message: string): Error => kind.error?.(message) ?? new JobJournalError(message);
  try {
    if (mode === 'resume' && !existsSync(path)) throw refusal(refusals().missing(path));
    const accept = (journal: JournalFile): T[] => {
      const records = kind.readLines(journal.lines, path);
      if (mode === 'new' && records.length > 0) throw refusal(refusals().holdsRecords(path));
      if (mode === 'resume' && records.length === 0) throw refusal(refusals().nothingToResume(path, journal.tornBytes));
      return records;
    };
    return new JobJournal(JournalFile.openLocked(path, kind.names, accept));
  } catch (error) {
    if (error instanceof FileSafetyError && kind.error !== undefined) throw kind.error(error.message);
    throw error;
  }
}

function missingRefusals(mode: JobOpenMode): never {
  throw new Error(`openJob: the mode '${mode}' needs the kind's refusals`);
}
