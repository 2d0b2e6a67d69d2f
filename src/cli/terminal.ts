/**
 * Terminal I/O shared by the commands: line input that works the same on a terminal and through
 * a pipe, the plumbing every `play` command needs (`PlaySession`: no crash when the reader of the
 * output goes away, typed lines echoed when input is piped; `exitingOnInterrupt`: Ctrl-C), and a
 * progress bar shown only when a person is watching.
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

/**
 * The input and output of an interactive game. Invariants: once the output has failed (its reader
 * went away: `… | head`, a closed terminal), nothing more is written and `ask` answers null, so the
 * game ends quietly instead of crashing on EPIPE; when the input is not a terminal (a pipe, a
 * file), nothing echoes what was typed, so `ask` writes each line read after its prompt and the
 * output reads as a transcript of the session.
 */
export class PlaySession {
  readonly #input: NodeJS.ReadableStream;
  readonly #output: NodeJS.WritableStream;
  /** Created at the first `ask`, so a game nobody types into never reads its input. */
  #reader: LineReader | undefined;
  readonly #echo: boolean;
  #outputClosed = false;

  constructor(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout) {
    this.#input = input;
    this.#output = output;
    // The listener stays attached: the error arrives asynchronously, possibly after the game ended.
    output.on('error', () => {
      this.#outputClosed = true;
    });
    this.#echo = (input as { isTTY?: boolean }).isTTY !== true;
  }

  get outputClosed(): boolean {
    return this.#outputClosed;
  }

  write(text: string): void {
    if (!this.#outputClosed) this.#output.write(text);
  }

  say(text: string): void {
    this.write(`${text}\n`);
  }

  /** The next line after `prompt`, or null at end of input; `atEnd`, if given, is echoed for the end of input. */
  async ask(prompt: string, atEnd?: string): Promise<string | null> {
    if (this.#outputClosed) return null;
    this.#reader ??= new LineReader(this.#input, this.#output);
    const line = await this.#reader.ask(prompt);
    const echoed = line ?? atEnd;
    if (this.#echo && echoed !== undefined) this.say(echoed);
    return line;
  }

  close(): void {
    this.#reader?.close();
  }
}

/**
 * Runs `command` with Ctrl-C ending the process at once (status 130) through `process.exit`, so
 * that exit handlers run: external bots, which run in process groups of their own and do not get
 * the terminal's signal, are killed on the way out (external-bot.ts). The handler is removed when
 * the command is done.
 */
export async function exitingOnInterrupt<T>(command: () => Promise<T>): Promise<T> {
  const exit = (): void => {
    process.exit(130);
  };
  process.once('SIGINT', exit);
  try {
    return await command();
  } finally {
    process.off('SIGINT', exit);
  }
}

export interface Progress {
  /** `note`: a short text shown after the bar (e.g. a test statistic as it goes); kept until replaced. */
  update(done: number, note?: string): void;
  stop(): void;
}

const doNothing = (): void => undefined;
const silent: Progress = { update: doNothing, stop: doNothing };

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
      format: `{bar} {percentage}% | {value}/{total} ${unit} | {rate}/s | ETA {eta_formatted}{note}`,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
      fps: 5,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let shown = '';
  bar.start(total, 0, { rate: '0', note: shown });
  return {
    update: (done, note) => {
      const seconds = (Date.now() - started) / 1000;
      if (note !== undefined) shown = ` | ${note}`;
      bar.update(done, { rate: seconds > 0 ? Math.round(done / seconds).toLocaleString('en-US') : '0', note: shown });
    },
    stop: () => {
      bar.stop();
    },
  };
}
