/**
 * Every file the lab and the CLI write or read goes through here, so that one set of rules holds
 * for all of them (results files, reports, opening books, journals, player modules):
 *
 * - A file is known by what it is, not by how it is named: two paths are the same file when they
 *   reach the same device and inode (or, for a file not yet there, the same real path). So a
 *   report cannot be written over a results file reached through a symbolic link, and a lock is
 *   taken on the real file.
 * - A file written whole (a report, a book) is written to a new file in the same folder and renamed
 *   into place: a reader sees the old file or the new one, never half of one. A target that rename
 *   would wrongly replace — a device, a pipe, a symbolic link, a file another run holds — is
 *   refused before anything is written.
 * - Every read has a size bound, so `/dev/zero` or a huge file given as an input is a clear error
 *   at once, not gigabytes of memory.
 * - One writer per file: `<real file>.lock`, created whole, names the run that holds it.
 */
import { closeSync, fchmodSync, fstatSync, linkSync, lstatSync, openSync, readFileSync, readlinkSync, readSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync, type Stats } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

/** A file that must not be written or read as asked (the CLI reports it as a usage error, exit 2). */
export class FileSafetyError extends Error {
  override readonly name = 'FileSafetyError';
  /** The system's error code behind it, if any ('ENOENT', …). */
  readonly code: string | undefined;

  constructor(message: string, cause?: unknown) {
    super(message);
    this.code = (cause as NodeJS.ErrnoException | undefined)?.code;
  }
}

const MiB = 1 << 20;

/** Size bounds of the inputs: far above any real file of each kind, far below "all the memory". */
export const READ_LIMITS = {
  /** A results file or journal: a record per batch (about 2 kB) or a line per solved position. */
  journal: 512 * MiB,
  /** An opening book (the shipped ones are under 1.1 MB). */
  book: 64 * MiB,
  /** A player module (a bundled one with its dependencies stays well below this). */
  module: 64 * MiB,
} as const;

const statOf = (path: string, follow: boolean): Stats | undefined => {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return undefined;
  }
};

/**
 * The real path of `path`: symbolic links followed (also a dangling one, to the file it would
 * create), the folder's real path for a file not yet there.
 */
export function realPathOf(path: string): string {
  let current = resolve(path);
  // A chain of links longer than this is a loop (the system's own limit is 40).
  for (let hops = 0; hops < 40; hops++) {
    const stat = statOf(current, false);
    if (stat === undefined) break;
    if (!stat.isSymbolicLink()) {
      try {
        return realpathSync(current);
      } catch {
        break;
      }
    }
    current = resolve(dirname(current), readlinkSync(current));
  }
  try {
    return join(realpathSync(dirname(current)), basename(current));
  } catch {
    return current;
  }
}

/** True if both paths reach one file (same device and inode; for a missing file, the same real path). */
export function sameFile(a: string, b: string): boolean {
  const sa = statOf(a, true);
  const sb = statOf(b, true);
  if (sa !== undefined && sb !== undefined) return sa.dev === sb.dev && sa.ino === sb.ino;
  return realPathOf(a) === realPathOf(b);
}

/** A path with the option (or role) that named it, for messages: `--html`, `the results file`. */
export interface NamedPath {
  readonly option: string;
  readonly path: string;
}

/**
 * Refuses a command whose outputs would replace one of its inputs or one another: `--html r.jsonl`
 * beside `--out r.jsonl`, `merge a.jsonl --csv a.jsonl`, or through a symbolic link. Call it
 * before anything is written.
 */
export function refuseSameFiles(outputs: readonly NamedPath[], inputs: readonly NamedPath[]): void {
  outputs.forEach((output, i) => {
    const clash = [...inputs, ...outputs.slice(0, i)].find((other) => sameFile(output.path, other.path));
    if (clash === undefined) return;
    const role = inputs.includes(clash) ? 'would replace it' : 'would be written twice';
    throw new FileSafetyError(`${output.option} ${output.path} is the same file as ${clash.option} ${clash.path}: writing it ${role}. Choose another file.`);
  });
}

/** What a non-regular file is, in words. */
function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isFIFO()) return 'a pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Refuses a target that writing a whole file (a new file renamed into place) would wrongly
 * replace: a device, pipe, folder or socket, a symbolic link (the link would become a file, the
 * file it points to untouched), or a file another run holds locked. A missing file is fine.
 */
export function checkWholeFileTarget(path: string, what: string): void {
  const stat = statOf(path, false);
  if (stat === undefined) return;
  if (stat.isSymbolicLink()) {
    throw new FileSafetyError(`${what} ${path} is a symbolic link (to ${readlinkSync(path)}): it is written as a new file renamed into place, which would replace the link. Give the real file's path.`);
  }
  if (!stat.isFile()) throw new FileSafetyError(`${what} ${path} is ${kindOf(stat)}: it is written as a new file renamed into place, which would replace it. Give a file's path.`);
  const holder = liveLockHolder(path);
  if (holder !== undefined) throw new FileSafetyError(`${what} ${path} is in use by ${holder}: writing it would replace that run's file. Choose another file.`);
}

/** Temporary files of this process get distinct names without any randomness. */
let temporaryCount = 0;

/**
 * Writes `data` to `path` whole: into a new file beside it (same folder, so the rename cannot
 * cross file systems), flushed to disk, then renamed over `path`. A reader never sees a partial
 * file, and a failure (full disk) leaves the old file as it was. The target is checked first
 * (`checkWholeFileTarget`); an existing file's permissions are kept.
 */
export function writeWholeFile(path: string, data: string | Uint8Array, what: string): void {
  checkWholeFileTarget(path, what);
  const previous = statOf(path, false);
  const folder = dirname(resolve(path));
  let temporary = '';
  let fd: number | undefined;
  try {
    for (let attempt = 0; fd === undefined; attempt++) {
      temporary = join(folder, `.${basename(path)}.${String(process.pid)}-${String(temporaryCount++)}.tmp`);
      try {
        fd = openSync(temporary, 'wx');
      } catch (error) {
        // A leftover of a process that had our pid: try the next name.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
      }
    }
    if (previous !== undefined) fchmodSync(fd, previous.mode & 0o7777);
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    if (temporary !== '') rmSync(temporary, { force: true });
    throw new FileSafetyError(`Cannot write ${what} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Bytes in words: "512 MiB". */
const sizeText = (bytes: number): string => (bytes >= MiB ? `${String(bytes / MiB)} MiB` : `${String(bytes)} bytes`);

/**
 * Reads a whole file of at most `limit` bytes; a larger one (or an endless one: `/dev/zero`) is a
 * FileSafetyError after reading at most `limit` + 1 bytes, as is a file that cannot be read.
 */
export function readBoundedFile(path: string, limit: number, what: string): Buffer {
  const tooLarge = (): never => {
    throw new FileSafetyError(`${what} ${path} is larger than ${sizeText(limit)}, far more than such a file holds: not read.`);
  };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw new FileSafetyError(`Cannot read ${what} ${path}: ${(error as Error).message}`, error);
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) throw new FileSafetyError(`Cannot read ${what} ${path}: it is a folder`);
    if (stat.isFile() && stat.size > limit) return tooLarge();
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(MiB, limit + 1 - total));
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunk.length, null);
      } catch (error) {
        throw new FileSafetyError(`Cannot read ${what} ${path}: ${(error as Error).message}`);
      }
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > limit) return tooLarge();
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
// One writer per file.

/** What a lock file says about the run that holds it. */
interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** The lock of the file `path` reaches: beside the real file, whatever link led to it. */
export const lockPathOf = (path: string): string => `${realPathOf(path)}.lock`;

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
    // Unreadable or half-written: treated like a lock of unknown owner.
  }
  return undefined;
}

const describeOwner = (holder: LockOwner | undefined): string =>
  holder === undefined ? 'another run' : `process ${String(holder.pid)} on ${holder.host}, since ${holder.since}`;

/** Who holds the lock of `path`, in words, if a run other than this process holds it (a stale lock counts as none). */
function liveLockHolder(path: string): string | undefined {
  const lockPath = lockPathOf(path);
  if (statOf(lockPath, false) === undefined) return undefined;
  const holder = readLockOwner(lockPath);
  if (holder !== undefined && holder.host === hostname() && (holder.pid === process.pid || !processAlive(holder.pid))) return undefined;
  return `${describeOwner(holder)} (lock file ${lockPath})`;
}

/** Locks currently held by this process, released on exit even if the run ends by process.exit. */
const heldLocks = new Set<string>();
let exitHookInstalled = false;

/**
 * Takes the lock of the file `path` reaches (`<real file>.lock`, created whole by an exclusive
 * hard link) and returns its path, to give to `releaseLock`. A lock left by a run that died (same
 * host, its process gone) is stale and taken over; a live one, or one from another host, is
 * refused with a message saying who holds it and how to clear it. Files that are not regular files
 * (/dev/null, /dev/full, a pipe) are not locked: nothing can be appended to them twice in a way
 * that matters, and their folder is usually not writable.
 */
export function acquireLock(path: string, what: string): string | undefined {
  const stat = statOf(path, true);
  if (stat !== undefined && !stat.isFile()) return undefined;
  const lockPath = lockPathOf(path);
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
      throw new FileSafetyError(`Cannot write ${what} ${path}: ${(error as Error).message}`);
    }
    try {
      linkSync(draft, lockPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new FileSafetyError(`Cannot write ${what} ${path}: ${(error as Error).message}`);
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
      throw new FileSafetyError(`${path} is in use by ${describeOwner(holder)} (lock file ${lockPath}). Wait for that run to end; if no such run exists, delete ${lockPath}.`);
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
  throw new FileSafetyError(`Cannot lock ${path}: ${lockPath} keeps reappearing (another run is starting on it).`);
}

/** Releases a lock taken by `acquireLock` (only if it is still ours). */
export function releaseLock(lockPath: string): void {
  heldLocks.delete(lockPath);
  // Only our own lock: a stale-lock takeover by another run must not be undone by us.
  if (readLockOwner(lockPath)?.pid !== process.pid) return;
  try {
    unlinkSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}
