/**
 * Terminal I/O shared by the commands: line input that works the same on a terminal and through
 * a pipe, and a progress bar shown only when a person is watching.
 */
import { createInterface } from 'node:readline';
import cliProgress from 'cli-progress';

/**
 * Reads answers line by line from a stream. `ask` prints the prompt and resolves with the next line,
 * or null at end of input — so a session driven through a pipe ends cleanly when the pipe does.
 */
export class LineReader {
  readonly #lines: AsyncIterator<string>;
  readonly #close: () => void;

  constructor(input: NodeJS.ReadableStream = process.stdin, private readonly output: NodeJS.WritableStream = process.stdout) {
    const rl = createInterface({ input, terminal: false, crlfDelay: Infinity });
    this.#lines = rl[Symbol.asyncIterator]();
    this.#close = () => {
      rl.close();
    };
  }

  async ask(prompt: string): Promise<string | null> {
    this.output.write(prompt);
    const next = await this.#lines.next();
    return next.done === true ? null : next.value;
  }

  close(): void {
    this.#close();
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
