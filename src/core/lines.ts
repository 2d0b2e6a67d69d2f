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
 * Splits text pushed in pieces into lines of at most `maxLength` characters, handing each to
 * `onLine` as soon as its end arrives (an `OverlongLine` as soon as one passes the bound). Synchronous,
 * for readers whose per-line cost matters: a program answering thousands of lines per message.
 */
export class LineSplitter {
  readonly #maxLength: number;
  readonly #onLine: (line: string | OverlongLine) => void;
  // Invariant: `#current` holds the current line so far and is at most maxLength (+1 for a pending
  // '\r') long; while `#dropping`, the current line has been reported overlong and is being skipped.
  #current = '';
  #dropping = false;

  constructor(maxLength: number, onLine: (line: string | OverlongLine) => void) {
    if (!(Number.isSafeInteger(maxLength) && maxLength >= 1)) throw new RangeError(`Invalid line length bound: ${String(maxLength)}`);
    this.#maxLength = maxLength;
    this.#onLine = onLine;
  }

  /** Reads `text` on from where the last piece ended. */
  push(text: string): void {
    const maxLength = this.#maxLength;
    let from = 0;
    for (;;) {
      const newline = text.indexOf('\n', from);
      const end = newline === -1 ? text.length : newline;
      if (!this.#dropping) {
        // The whole line in this piece (the usual case): one slice, no concatenation.
        const line = this.#current === '' ? text.slice(from, end) : this.#current + text.slice(from, end);
        // A line of exactly maxLength followed by '\r\n' is within the bound: allow for the '\r'.
        if (line.length > maxLength && !(line.length === maxLength + 1 && line.endsWith('\r'))) {
          this.#current = '';
          this.#dropping = true;
          this.#onLine({ overlong: true, start: line.slice(0, 24), limit: maxLength });
        } else if (newline === -1) this.#current = line;
        else {
          this.#current = '';
          this.#onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
        }
      }
      if (newline === -1) return;
      this.#dropping = false;
      from = newline + 1;
    }
  }

  /** The input has ended: a last line without `\n` is still a line. */
  end(): void {
    const line = this.#current;
    this.#current = '';
    if (!this.#dropping && line !== '') this.#onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
    this.#dropping = false;
  }
}

/**
 * The lines of `input` (bytes decoded as UTF-8, or strings), each a string of at most `maxLength`
 * characters, or an `OverlongLine` for one that is longer.
 */
export async function* boundedLines(input: AsyncIterable<string | Buffer>, maxLength: number = MAX_LINE_LENGTH): AsyncGenerator<string | OverlongLine> {
  const decoder = new StringDecoder('utf8');
  const lines: (string | OverlongLine)[] = [];
  const splitter = new LineSplitter(maxLength, (line) => lines.push(line));
  for await (const chunk of input) {
    splitter.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    yield* lines;
    lines.length = 0;
  }
  splitter.push(decoder.end());
  splitter.end();
  yield* lines;
}
