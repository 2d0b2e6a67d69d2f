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
 * does not expect, and the bot exiting early, end the bot's game: the adapter rejects with a
 * PlayerFailure and the referee records the forfeit. The bot runs in its own process group so that
 * killing it also kills whatever its command line started (a shell, an interpreter).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ClosablePlayer } from '../../games/connect-four/player.js';
import { colorName } from '../../games/connect-four/player.js';
import { PlayerFailure } from '../../games/connect-four/referee/result.js';

export interface ExternalBotOptions {
  /** How the bot appears in results. */
  readonly name: string;
  /** A shell command line, e.g. `node examples/connect-four/first-free-column.mjs`. */
  readonly command: string;
  readonly cwd?: string;
  /** How long a bot may keep running once its stdin is closed (default 200 ms), before it is killed. */
  readonly exitGraceMs?: number;
}

/** A column answer: an optionally signed decimal number. Anything else on a `move` is garbage. */
const NUMBER_LINE = /^[+-]?\d+(\.\d+)?$/;
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
  #exited: Promise<void> = Promise.resolve();

  constructor(options: ExternalBotOptions) {
    this.#options = options;
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
    if (!NUMBER_LINE.test(reply)) throw this.#fail('protocol-error', `answered ${quote(reply)} to move (expected a column 0..6)`);
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
    const child = spawn(this.#options.command, {
      shell: true,
      cwd: this.#options.cwd,
      detached: true, // its own process group, so the kill reaches the shell's children too
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.#child = child;
    LIVE_BOTS.add(child);
    // 'close' comes once the process has exited and its pipes are shut. Something it started outside
    // its process group could hold the pipes open for ever: the wait is capped so that closing a bot
    // never hangs a game.
    this.#exited = new Promise((resolve) => {
      child.once('exit', () => {
        LIVE_BOTS.delete(child);
        setTimeout(resolve, CLOSE_WAIT_CAP_MS).unref();
      });
      child.once('close', () => {
        resolve();
      });
    });
    child.stdin.on('error', () => undefined); // EPIPE when the bot has gone: reported by 'exit'
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.#stderrTail = (this.#stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    createInterface({ input: child.stdout, crlfDelay: Infinity }).on('line', (line) => {
      const waiting = this.#waiting;
      this.#waiting = null;
      if (waiting !== null) waiting.resolve(line);
      else if (!this.#closing) this.#fail('protocol-error', `wrote ${quote(line)} when nothing was asked`);
    });
    child.on('error', (error) => {
      this.#fail('crashed', `could not be started: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      if (this.#closing) return;
      const how = signal !== null ? `was killed by ${signal}` : `exited with code ${String(code)}`;
      const report = (): void => {
        const stderr = this.#stderrTail.trim();
        this.#fail('crashed', `${how}${stderr === '' ? '' : ` (stderr: ${quote(lastLine(stderr))})`}`);
      };
      // Its last words on stderr may still be in the pipe: report once the pipes have drained, or
      // shortly anyway (something it started may hold them open).
      const drained = setTimeout(report, 50);
      child.once('close', () => {
        clearTimeout(drained);
        report();
      });
    });
  }

  #request(line: string): Promise<string> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
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

/** Bots still running, so that none outlives this process (see the 'exit' hook below). */
const LIVE_BOTS = new Set<ChildProcessWithoutNullStreams>();
const CLOSE_WAIT_CAP_MS = 1_000;

// Bots run in their own process groups, so signals sent to ours (Ctrl-C) do not reach them: kill
// whatever is left when this process exits. (A command that wants Ctrl-C to end its bots turns
// SIGINT into an exit, as the CLI does.)
process.once('exit', () => {
  for (const child of LIVE_BOTS) killGroup(child);
});

function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL'); // no process group (e.g. on Windows): kill the direct child at least
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
