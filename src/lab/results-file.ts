/**
 * The Node side of results files: reading, locking and appending JSON Lines on disk. Everything
 * that decides *what* a file means (parsing, checking, combining records) is pure and lives in
 * records.ts; the planning of a run lives in session.ts. This adapter is the only part of the lab's
 * results handling that touches the file system, so the browser lab can swap in its own store.
 *
 * Invariants of an open `ResultsFile`:
 * - it holds the lock `<file>.lock` (created whole, by an exclusive hard link) from `open` to `close`,
 *   so no second run appends to the same file at the same time — two runs resuming one file would
 *   otherwise both play and append the same games;
 * - nothing is written to the file before the first `append`, so a run refused after opening (a
 *   contradicting option, say) leaves the file byte for byte as it was;
 * - a torn last line is cut off just before the first append, so every later line is whole.
 */
import { appendFileSync, existsSync, linkSync, readFileSync, rmSync, statSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseResults, RecordsError, type BatchRecord, type ParsedResults } from './records.js';
import type { ResultsLog } from './session.js';

/** Reads and checks a results file (see `parseResults`); a missing or unreadable file is a RecordsError. */
export function readResults(path: string): ParsedResults {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new RecordsError(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseResults(bytes, path);
}

/** The records of a results file (see `readResults`). */
export const readRecords = (path: string): BatchRecord[] => readResults(path).records;

/**
 * Makes a results file safe to append to: drops a torn last line and ends the last whole record
 * with its newline. Returns the number of bytes dropped.
 */
export function repairResults(path: string, file: ParsedResults): number {
  const dropped = statSync(path).size - file.validBytes;
  if (dropped > 0) truncateSync(path, file.validBytes);
  if (file.needsNewline) appendFileSync(path, '\n');
  return dropped;
}

/** What the lock file says about the run that holds it. */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** True if a process with this id runs on this machine (EPERM: it does, under another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLockOwner(lockPath: string): LockOwner | undefined {
  try {
    const value = JSON.parse(readFileSync(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof value.pid === 'number' && typeof value.host === 'string' && typeof value.since === 'string') return value as LockOwner;
  } catch {
    // Unreadable or half-written: treated below like a lock of unknown owner.
  }
  return undefined;
}

/** Locks currently held by this process, released on exit even if the run ends by process.exit. */
const heldLocks = new Set<string>();
let exitHookInstalled = false;

/**
 * Takes `<path>.lock`, created whole by an exclusive hard link. A lock left by a run that died
 * (same host, its process gone) is stale and taken over; a live one, or one from another host, is
 * refused with a message saying who holds it and how to clear it. Files that are not regular files (/dev/null,
 * /dev/full, a pipe) are not locked: nothing can be appended to them twice in a way that matters,
 * and their folder is usually not writable.
 */
function acquireLock(path: string): string | undefined {
  if (existsSync(path) && !statSync(path).isFile()) return undefined;
  const lockPath = `${path}.lock`;
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    // The lock appears with its content at once: written to a file of our own first, then linked
    // into place (link fails with EEXIST, like 'wx', when the lock exists). A lock created empty
    // and written after could be read half-written by a second run, which could then not say who
    // holds it.
    const draft = `${lockPath}.${String(process.pid)}.tmp`;
    try {
      writeFileSync(draft, JSON.stringify(owner));
    } catch (error) {
      throw new RecordsError(`Cannot write results to ${path}: ${(error as Error).message}`);
    }
    try {
      linkSync(draft, lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new RecordsError(`Cannot write results to ${path}: ${(error as Error).message}`);
      }
      const holder = readLockOwner(lockPath);
      const stale = holder !== undefined && holder.host === owner.host && !processAlive(holder.pid);
      if (stale && attempt === 0) {
        // The run that held it died without cleaning up (killed, power cut): its lock protects nothing.
        try {
          unlinkSync(lockPath);
        } catch {
          // Another run removed it first; the retry settles who gets it.
        }
        continue;
      }
      const who = holder === undefined ? 'another run' : `process ${String(holder.pid)} on ${holder.host}, since ${holder.since}`;
      throw new RecordsError(`${path} is in use by ${who} (lock file ${lockPath}). Wait for that run to end; if no such run exists, delete ${lockPath}.`);
    } finally {
      rmSync(draft, { force: true });
    }
    heldLocks.add(lockPath);
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.on('exit', () => {
        for (const held of heldLocks) releaseLock(held);
      });
    }
    return lockPath;
  }
  throw new RecordsError(`Cannot lock ${path}: ${lockPath} keeps reappearing (another run is starting on it).`);
}

function releaseLock(lockPath: string): void {
  heldLocks.delete(lockPath);
  // Only our own lock: a stale-lock takeover by another run must not be undone by us.
  if (readLockOwner(lockPath)?.pid !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
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
  readonly #parsed: ParsedResults;
  readonly #lockPath: string | undefined;
  #prepared = false;
  #closed = false;

  private constructor(path: string, parsed: ParsedResults, lockPath: string | undefined) {
    this.path = path;
    this.records = parsed.records;
    this.tornBytes = parsed.tornBytes;
    this.#parsed = parsed;
    this.#lockPath = lockPath;
  }

  /**
   * Locks and reads the file. 'new' refuses a file that already holds a whole record (pointing to
   * --resume); 'resume' refuses a missing file. A file holding only a torn fragment (a run killed
   * while writing its first record) holds no results: 'new' may overwrite it, and 'resume' says so.
   */
  static open(path: string, mode: OpenMode): ResultsFile {
    if (mode === 'resume' && !existsSync(path)) throw new RecordsError(`Cannot read ${path}: no such file`);
    const lockPath = acquireLock(path);
    try {
      let parsed: ParsedResults = { records: [], validBytes: 0, needsNewline: false, tornBytes: 0 };
      if (existsSync(path) && statSync(path).isFile()) parsed = readResults(path);
      if (mode === 'new' && parsed.records.length > 0) {
        throw new RecordsError(`${path} already holds results: continue it with --resume ${path}, or choose another file.`);
      }
      if (mode === 'resume' && parsed.records.length === 0) {
        const what = parsed.tornBytes > 0 ? `only an unfinished first line (${String(parsed.tornBytes)} bytes)` : 'no batch records';
        throw new RecordsError(`${path} holds ${what}: there is nothing to resume. Start the run afresh with --out ${path} (it replaces what is there).`);
      }
      // Fail now, not after the first batch, if the file cannot be written (this writes nothing).
      try {
        appendFileSync(path, '');
      } catch (error) {
        throw new RecordsError(`Cannot write results to ${path}: ${(error as Error).message}`);
      }
      return new ResultsFile(path, parsed, lockPath);
    } catch (error) {
      if (lockPath !== undefined) releaseLock(lockPath);
      throw error;
    }
  }

  /** Drops a torn last line (or a file's only, unfinished line) so that appended lines stay whole. */
  prepare(): void {
    if (this.#prepared || this.#closed) return;
    this.#prepared = true;
    if (!statSync(this.path).isFile()) return;
    if (this.#parsed.records.length === 0) {
      if (this.tornBytes > 0) truncateSync(this.path, 0);
    } else repairResults(this.path, this.#parsed);
  }

  /** Appends one record as a line; synchronous, so a batch reported complete is on disk even if Ctrl-C follows. */
  append(record: BatchRecord): void {
    if (this.#closed) throw new Error(`${this.path} is closed`);
    this.prepare();
    appendFileSync(this.path, `${JSON.stringify(record)}\n`);
  }

  /** Releases the lock. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#lockPath !== undefined) releaseLock(this.#lockPath);
  }
}
