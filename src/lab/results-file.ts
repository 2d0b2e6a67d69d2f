/**
 * The Node side of results files: a results file is the journal of the job `lab experiment`,
 * opened, locked, repaired and appended by the one code path of every job's journal
 * (job-journal.ts: one rule for a torn last line, one lock, one writer); this file only says what
 * its lines are (batch records of either format, records.ts) and how its refusals read. Everything
 * that decides *what* a file means (parsing, checking, combining records) is pure and lives in
 * records.ts; the planning of a run lives in session.ts. This adapter is the only part of the lab's
 * results handling that touches the file system, so the browser lab can swap in its own store.
 *
 * An open `ResultsFile` holds the lock `<real file>.lock` from `open` to `close` (two runs resuming
 * one file would otherwise both play and append the same games), writes nothing before the run is
 * accepted (a refused run leaves the file byte for byte as it was), and cuts a torn last line off
 * before its first append: job-journal.ts's invariants.
 */
import { FileSafetyError } from './files.js';
import { JournalFile } from './journal-file.js';
import { openJob, type JobJournal, type JobJournalKind, type JobOpenMode } from './job-journal.js';
import { recordsOfLines, RecordsError, type BatchRecord, type ParsedResults } from './records.js';

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

export type OpenMode = Exclude<JobOpenMode, 'either'>;

/** A results file as a kind of job journal (job-journal.ts): its lines are batch records (either format), its refusals the lab's. */
export const RESULTS_JOURNAL: JobJournalKind<BatchRecord> = {
  names: NAMES,
  readLines: recordsOfLines,
  refusals: {
    holdsRecords: (path) => `${path} already holds results: continue it with --resume ${path}, or choose another file.`,
    missing: (path) => `Cannot read ${path}: no such file`,
    nothingToResume: (path, tornBytes) => {
      const what = tornBytes > 0 ? `only an unfinished first line (${String(tornBytes)} bytes)` : 'no batch records';
      return `${path} holds ${what}: there is nothing to resume. Start the run afresh with --out ${path} (it replaces what is there).`;
    },
  },
  error: (message) => new RecordsError(message),
};

/** A results file opened (and locked) for one run: the job journal of its batch records (job-journal.ts), the log a lab run appends to. */
export type ResultsFile = JobJournal<BatchRecord>;

export const ResultsFile = {
  /**
   * Locks and reads the file. 'new' refuses a file that already holds a whole record (pointing to
   * --resume); 'resume' refuses a missing file. A file holding only a torn fragment (a run killed
   * while writing its first record) holds no results: 'new' may overwrite it, and 'resume' says so.
   */
  open: (path: string, mode: OpenMode): ResultsFile => openJob(path, mode, RESULTS_JOURNAL),
};
