/**
 * Terminal I/O shared by the commands: line input that works the same on a terminal and through
 * a pipe, and a progress bar shown only when a person is watching.
 */
import { boundedLines, describeOverlong, isOverlong, MAX_LINE_LENGTH, type OverlongLine } from '../core/lines.js';
import cliProgress from 'cli-progress';

/**
 * Reads answers line by line from a stream. `ask` prints the prompt and resolves with the next line,
 * or null at end of input — so a session driven through a pipe ends cleanly when the pipe does. A
 * line longer than MAX_LINE_LENGTH is skipped unread (a note says so) and the prompt repeated, so no
 * input, however long, can exhaust memory.
 */
export class LineReader {
  readonly #lines: AsyncGenerator<string | OverlongLine>;

  constructor(input: NodeJS.ReadableStream = process.stdin, private readonly output: NodeJS.WritableStream = process.stdout) {
    this.#lines = boundedLines(input as AsyncIterable<string | Buffer>, MAX_LINE_LENGTH);
  }

  async ask(prompt: string): Promise<string | null> {
    for (;;) {
      this.output.write(prompt);
      const next = await this.#lines.next();
      if (next.done === true) return null;
      if (!isOverlong(next.value)) return next.value;
      this.output.write(`\nIgnored ${describeOverlong(next.value)}.\n`);
    }
  }

  close(): void {
    void this.#lines.return(undefined);
  }
}

export interface Progress {
  /** Sets the total amount of work (e.g. when it becomes known). */
  setTotal(total: number): void;
  update(done: number): void;
  stop(): void;
}

const doNothing = (): void => undefined;
const silent: Progress = { setTotal: doNothing, update: doNothing, stop: doNothing };

/**
 * A progress bar with rate and ETA on stderr when a person is watching: stdout and stderr both a
 * terminal, and not in CI. Nothing at all otherwise — `tabletop … | tee log` or `> results.txt`
 * shows no bar, and piped output stays clean.
 */
export function progressBar(total: number, unit = 'games', stream: NodeJS.WriteStream = process.stderr): Progress {
  if (stream.isTTY !== true || process.stdout.isTTY !== true || process.env.CI === 'true') return silent;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `{bar} {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  bar.start(total, 0, { rate: '0' });
  return {
    setTotal: (t) => {
      bar.setTotal(t);
    },
    update: (done) => {
      const seconds = (Date.now() - started) / 1000;
      bar.update(done, { rate: seconds > 0 ? Math.round(done / seconds).toLocaleString('en-US') : '0' });
    },
    stop: () => {
      bar.stop();
    },
  };
}
