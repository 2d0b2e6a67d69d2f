/**
 * An external Connect Four bot: any program, in any language, that speaks the line protocol of
 * docs/connect-four-bots.md on its stdin/stdout.
 *
 *   referee → bot   `init red` | `init yellow`   the bot answers `ready`
 *                   `move`                        the bot answers a column, 0..6, on one line
 *                   `inform <column>`             no answer
 *   end of game:    stdin is closed; the bot should exit (it is killed shortly after anyway)
 *
 * Lives outside games/ because it runs a child process (see worker-player.ts). Any line the protocol
 * does not expect (a line longer than MAX_LINE_LENGTH included, which is not even read into memory),
 * and the bot exiting early, end the bot's game: the adapter rejects with a PlayerFailure and the
 * referee records the forfeit.
 *
 * The bot runs in its own process group, and whenever its game ends — normally, on a fault, on a
 * time-out — the whole group is killed, so nothing its command line started (a shell, an
 * interpreter, a `sleep 25 &`) outlives the game. Closing never waits on the bot's descendants: once
 * the bot itself has exited and its group is killed, its pipes are let go of at once.
 *
 * A process group is not a fence: a child can leave it (`setsid`), and when this process is killed
 * with SIGKILL nothing of ours runs to kill the group. So each bot is started through the sandbox
 * (lab/programs.ts, lab/sandbox.ts): with bubblewrap its own PID namespace, which ends with the
 * bot's process tree, no network, a read-only filesystem but for a private /tmp, and memory and CPU
 * time limits; a weaker fence where bubblewrap cannot run, with a warning naming what is not
 * enforced. SIGINT, SIGTERM and SIGHUP to this process kill every bot before the signal takes its
 * usual course.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { boundedLines, describeOverlong, isOverlong, MAX_LINE_LENGTH } from '../../core/lines.js';
import type { ClosablePlayer } from '../../games/connect-four/player.js';
import { colorName } from '../../games/connect-four/player.js';
import { PlayerFailure } from '../../games/connect-four/referee/result.js';
import { killGroup, PIPE_DRAIN_MS, startProgram, untrackGroup } from '../../lab/programs.js';
import { limitHit, sandboxLimits, type SandboxLimits } from '../../lab/sandbox.js';

export { containment, FENCE_WARNING } from '../../lab/programs.js';

export interface ExternalBotOptions {
  /** How the bot appears in results. */
  readonly name: string;
  /** A shell command line, e.g. `node examples/connect-four/first-free-column.mjs`. */
  readonly command: string;
  readonly cwd?: string;
  /** Its memory, CPU time and /tmp limits (default: `sandboxLimits()`, the defaults changed by the environment). */
  readonly limits?: SandboxLimits;
  /** How long a bot may keep running once its stdin is closed (default 200 ms), before it is killed. */
  readonly exitGraceMs?: number;
}

/**
 * A column answer: a whole number in ASCII decimal digits, optionally negative (`-1` is a number,
 * judged out of range by the referee). Anything else on a `move` — `6.0`, `6.0000000000000001`
 * (which is 6 as a double), `6e0`, `+6`, `0x6` — is a protocol error, never read as a column.
 */
const COLUMN_LINE = /^-?[0-9]+$/;
const STDERR_TAIL_CHARS = 400;

export class ExternalBot implements ClosablePlayer {
  readonly #options: ExternalBotOptions;
  #child: ChildProcessWithoutNullStreams | null = null;
  /** The one reply the referee is waiting for, if any. Invariant: at most one request is in flight. */
  #waiting: { resolve(line: string): void; reject(error: Error): void } | null = null;
  /** Set once the bot has broken the protocol or died; every later call rejects with it. */
  #failure: PlayerFailure | null = null;
  #stderrTail = '';
  #closing = false;
  /** The last request's command (`init`, `move`), to say what an overlong line answered. */
  #asked = '';
  #exited: Promise<void> = Promise.resolve();

  constructor(options: ExternalBotOptions) {
    if (typeof options !== 'object' || options === null) throw new TypeError(`ExternalBot: expected options { name, command }, got ${String(options)}`);
    for (const key of ['name', 'command'] as const) {
      const value: unknown = options[key];
      if (typeof value !== 'string' || value.trim() === '') {
        throw new TypeError(`ExternalBot: ${key} must be a non-empty string${key === 'command' ? ' (a shell command line)' : ''}, got ${typeof value === 'string' ? `'${value}'` : String(value)}`);
      }
    }
    if (options.cwd !== undefined && typeof options.cwd !== 'string') throw new TypeError(`ExternalBot: cwd must be a directory path, got ${String(options.cwd)}`);
    const grace: unknown = options.exitGraceMs;
    if (grace !== undefined && !(typeof grace === 'number' && grace >= 0 && grace <= 2 ** 31 - 1)) {
      throw new RangeError(`ExternalBot: exitGraceMs must be a number of milliseconds from 0 to ${String(2 ** 31 - 1)}, got ${String(grace)}`);
    }
    this.#options = { ...options };
  }

  name(): string {
    return this.#options.name;
  }

  /** Starts the bot and waits for its `ready`. */
  async init(color: boolean): Promise<void> {
    if (this.#child !== null) throw new Error(`${this.name()} was already started`);
    this.#start();
    const reply = await this.#request(`init ${colorName(color)}`);
    if (reply.trim() !== 'ready') throw this.#fail('protocol-error', `answered ${quote(reply)} to init (expected 'ready')`);
  }

  async move(): Promise<number> {
    const reply = (await this.#request('move')).trim();
    if (!COLUMN_LINE.test(reply)) throw this.#fail('protocol-error', `answered ${quote(reply)} to move (expected a column 0..6)`);
    return Number(reply);
  }

  inform(column: number): Promise<void> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    this.#send(`inform ${String(column)}`);
    return Promise.resolve();
  }

  /**
   * Ends the bot. A bot still owing an answer (the referee gave up on it: a timeout) is killed at
   * once; otherwise its stdin is closed and it has a moment to exit before its process group is killed.
   */
  async close(): Promise<void> {
    const child = this.#child;
    if (child === null || this.#closing) return this.#exited;
    this.#closing = true;
    if (this.#waiting !== null) {
      this.#waiting = null;
      killGroup(child);
      return this.#exited;
    }
    child.stdin.end();
    const grace = setTimeout(() => {
      killGroup(child);
    }, this.#options.exitGraceMs ?? 200);
    await this.#exited;
    clearTimeout(grace);
  }

  #start(): void {
    const limits = this.#options.limits ?? sandboxLimits();
    const child = startProgram(this.#options.command, this.#options.cwd, limits);
    this.#child = child;
    // The game's end for this bot: once the bot has exited, its whole group is killed (whatever it
    // left behind, even a child ignoring SIGTERM) and its pipes are let go of, so that nothing it
    // started can hold this process open or keep writing into it. Waiting for 'close' instead would
    // wait on the bot's descendants, which may never end.
    this.#exited = new Promise((resolve) => {
      child.once('exit', () => {
        // Its last words on stderr may still be in the pipe (a crash report reads them): a moment
        // for them, unless something it left behind holds the pipes open.
        const release = (): void => {
          killGroup(child);
          untrackGroup(child);
          child.stdout.destroy();
          child.stderr.destroy();
          child.stdin.destroy();
          resolve();
        };
        const drained = setTimeout(release, PIPE_DRAIN_MS);
        child.once('close', () => {
          clearTimeout(drained);
          release();
        });
      });
      // A command that could not be started at all (e.g. a missing cwd) never exits: nothing to wait for.
      child.once('error', () => {
        if (child.pid === undefined) {
          untrackGroup(child);
          resolve();
        }
      });
    });
    child.stdin.on('error', () => undefined); // EPIPE when the bot has gone: reported by 'exit'
    child.stdout.on('error', () => undefined);
    child.stderr.on('error', () => undefined);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderrTail = (this.#stderrTail + chunk.slice(-STDERR_TAIL_CHARS)).slice(-STDERR_TAIL_CHARS);
    });
    void this.#readReplies(child);
    child.on('error', (error) => {
      this.#fail('crashed', `could not be started: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      if (this.#closing) return;
      const how = limitHit(code, signal, limits) ?? (signal !== null ? `was killed by ${signal}` : `exited with code ${String(code)}`);
      const report = (): void => {
        const stderr = this.#stderrTail.trim();
        this.#fail('crashed', `${how}${stderr === '' ? '' : ` (stderr: ${quote(lastLine(stderr))})`}`);
      };
      // Report once the pipes have drained (its last words on stderr), or shortly anyway.
      const drained = setTimeout(report, PIPE_DRAIN_MS);
      child.once('close', () => {
        clearTimeout(drained);
        report();
      });
    });
  }

  /** Hands each line the bot writes to the request waiting for it; any other line is a fault. */
  async #readReplies(child: ChildProcessWithoutNullStreams): Promise<void> {
    try {
      for await (const line of boundedLines(child.stdout, MAX_LINE_LENGTH)) {
        if (isOverlong(line)) {
          // The rest of the line is not read: the bot is killed now, whatever it was asked.
          this.#fail('protocol-error', `answered ${describeOverlong(line)}${this.#waiting === null ? ' when nothing was asked' : ` to ${this.#asked}`}`);
          return;
        }
        const waiting = this.#waiting;
        this.#waiting = null;
        if (waiting !== null) waiting.resolve(line);
        else if (!this.#closing) this.#fail('protocol-error', `wrote ${quote(line)} when nothing was asked`);
      }
    } catch {
      // The pipe was destroyed (the bot's game is over): nothing more to read.
    }
  }

  #request(line: string): Promise<string> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    this.#asked = line.split(' ')[0]!;
    return new Promise<string>((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.#send(line);
    });
  }

  #send(line: string): void {
    this.#child?.stdin.write(`${line}\n`);
  }

  /** Records the first failure, rejects the pending request and kills the bot. */
  #fail(reason: PlayerFailure['reason'], message: string): PlayerFailure {
    this.#failure ??= new PlayerFailure(reason, message);
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.reject(this.#failure);
    if (this.#child !== null && !this.#closing) {
      this.#closing = true;
      killGroup(this.#child);
    }
    return this.#failure;
  }
}

function quote(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return JSON.stringify(shown);
}

function lastLine(text: string): string {
  const lines = text.split('\n');
  return lines[lines.length - 1]!;
}
