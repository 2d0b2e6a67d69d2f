/**
 * The one rule for every append-only journal of the project (results files, the opening-book
 * build, the strategy-book build, the tuning runs): **a line counts only when it ends with '\n'**.
 *
 * Each line is appended with its newline in one write, so the newline is the last byte of a line
 * to reach the disk. Whatever follows the last newline is a line cut short by a stop mid-write,
 * and it is never counted — even when it still reads as a line, as `3344 -15` cut to `3344 -1`
 * does. The writer cuts such a tail off before its first append (journal-file.ts), so a later line
 * is never glued onto it. A whole line that does not read is damage, not a tear: its reader
 * reports it, naming the line.
 *
 * Pure (bytes in, lines out), so the browser lab reads results with the same rule.
 */

export interface JournalLines {
  /** The whole lines, without their '\n'; index i is line i + 1 of the file. */
  readonly lines: readonly string[];
  /** Bytes up to and including the last '\n': what an appender keeps. */
  readonly wholeBytes: number;
  /** Bytes after the last '\n': a line cut short (0 if none). */
  readonly tornBytes: number;
}

/** Splits a journal's bytes by the one rule (see above). */
export function splitJournal(bytes: Uint8Array): JournalLines {
  const wholeBytes = bytes.lastIndexOf(0x0a) + 1;
  const text = new TextDecoder().decode(bytes.subarray(0, wholeBytes));
  const lines = wholeBytes === 0 ? [] : text.slice(0, -1).split('\n');
  return { lines, wholeBytes, tornBytes: bytes.length - wholeBytes };
}
