/**
 * Line reading with a bound on the line length, for input nobody controls: a bot's stdout, a pipe
 * into `solve` or `play`. Node's readline keeps an unterminated line in memory however long it grows,
 * so a program answering with `cat /dev/zero` (or a 600 MB line on stdin) ends in V8's "Invalid
 * string length" crash. Here a line that passes the bound is reported once, as an `OverlongLine`, as
 * soon as it passes it — the reader need not wait for its end, which may never come — and the rest of
 * it, up to its newline, is dropped unread into memory. The lines after it are read as usual.
 *
 * A line ends at `\n`; a `\r` before it is dropped (Windows line ends). A last line without `\n` is
 * still a line.
 */
import { StringDecoder } from 'node:string_decoder';

/** The longest line (in UTF-16 code units) readers of untrusted input accept, unless they say otherwise. */
export const MAX_LINE_LENGTH = 4096;

/** A line longer than the bound: its first characters, to show in a message. */
export interface OverlongLine {
  readonly overlong: true;
  /** The line's first 24 characters (enough to recognise it; control characters grow when quoted). */
  readonly start: string;
  /** The bound it passed. */
  readonly limit: number;
}

export function isOverlong(line: string | OverlongLine): line is OverlongLine {
  return typeof line !== 'string';
}

/** What to say about an overlong line: `a line longer than 4096 characters ("000…")`. */
export function describeOverlong(line: OverlongLine): string {
  return `a line longer than ${String(line.limit)} characters (${JSON.stringify(`${line.start}…`)})`;
}

/**
 * The lines of `input` (bytes decoded as UTF-8, or strings), each a string of at most `maxLength`
 * characters, or an `OverlongLine` for one that is longer.
 */
export async function* boundedLines(input: AsyncIterable<string | Buffer>, maxLength: number = MAX_LINE_LENGTH): AsyncGenerator<string | OverlongLine> {
  if (!(Number.isSafeInteger(maxLength) && maxLength >= 1)) throw new RangeError(`Invalid line length bound: ${String(maxLength)}`);
  const decoder = new StringDecoder('utf8');
  // Invariant: `current` holds the current line so far and is at most maxLength (+1 for a pending
  // '\r') long; while `dropping`, the current line has been reported overlong and is being skipped.
  let current = '';
  let dropping = false;
  function* take(text: string): Generator<string | OverlongLine> {
    let from = 0;
    while (from <= text.length) {
      const newline = text.indexOf('\n', from);
      const piece = text.slice(from, newline === -1 ? text.length : newline);
      if (!dropping) {
        current += piece;
        // A line of exactly maxLength followed by '\r\n' is within the bound: allow for the '\r'.
        if (current.length > maxLength && !(current.length === maxLength + 1 && current.endsWith('\r'))) {
          yield { overlong: true, start: current.slice(0, 24), limit: maxLength };
          current = '';
          dropping = true;
        }
      }
      if (newline === -1) break;
      if (!dropping) yield current.endsWith('\r') ? current.slice(0, -1) : current;
      current = '';
      dropping = false;
      from = newline + 1;
    }
  }
  for await (const chunk of input) yield* take(typeof chunk === 'string' ? chunk : decoder.write(chunk));
  yield* take(decoder.end());
  if (!dropping && current !== '') yield current.endsWith('\r') ? current.slice(0, -1) : current;
}
