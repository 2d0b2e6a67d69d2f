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
 * with SIGKILL nothing of ours runs to kill the group. So on Linux each bot also runs in its own PID
 * namespace, which ends with the bot's process tree, and is tied to this process by a parent-death
 * signal (`containment()`): with bubblewrap (`bwrap --unshare-pid --die-with-parent`), else as root
 * with util-linux (`setpriv --pdeathsig KILL unshare --pid --fork --kill-child`). Where neither can
 * be had, a warning names what is not enforced. SIGINT, SIGTERM and SIGHUP to this process kill
 * every bot before the signal takes its usual course.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { boundedLines, describeOverlong, isOverlong, MAX_LINE_LENGTH } from '../../core/lines.js';
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
    const { prefix, warning } = containment();
    if (warning !== null && !warned) {
      warned = true;
      process.stderr.write(`${FENCE_WARNING}${warning}\n`);
    }
    const child = spawn(prefix[0] ?? '/bin/sh', [...prefix.slice(1), ...(prefix.length > 0 ? ['/bin/sh'] : []), '-c', this.#options.command], {
      cwd: this.#options.cwd,
      detached: true, // its own process group, so the kill reaches the shell's children too
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.#child = child;
    trackGroup(child);
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
      const how = signal !== null ? `was killed by ${signal}` : `exited with code ${String(code)}`;
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

/** Process groups of bots whose game is not over, so that none outlives this process (the 'exit' hook below). */
const LIVE_GROUPS = new Set<ChildProcessWithoutNullStreams>();
/** How long a bot that has exited gets for its last words on stderr to arrive. */
const PIPE_DRAIN_MS = 50;

// Bots run in their own process groups, so signals sent to ours (Ctrl-C) do not reach them: kill
// whatever is left when this process exits.
process.once('exit', () => {
  for (const child of LIVE_GROUPS) killGroup(child);
});

/**
 * The signals that end a process by default (`timeout`, `kill`, Docker and a closed terminal send
 * SIGTERM and SIGHUP; Ctrl-C, SIGINT). Ended by one of them, a process runs no 'exit' hook, so while
 * bots run they are listened for: every bot is killed, then this listener steps aside, and if
 * nothing else listens (a command that turns Ctrl-C into its own orderly exit does) the signal is
 * raised again, to end this process as it would have without us.
 */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function onStopSignal(signal: NodeJS.Signals): void {
  for (const child of LIVE_GROUPS) killGroup(child);
  for (const stop of STOP_SIGNALS) process.off(stop, onStopSignal);
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

function trackGroup(child: ChildProcessWithoutNullStreams): void {
  if (LIVE_GROUPS.size === 0) for (const signal of STOP_SIGNALS) process.on(signal, onStopSignal);
  LIVE_GROUPS.add(child);
}

function untrackGroup(child: ChildProcessWithoutNullStreams): void {
  LIVE_GROUPS.delete(child);
  if (LIVE_GROUPS.size === 0) for (const signal of STOP_SIGNALS) process.off(signal, onStopSignal);
}

interface Containment {
  /** The command line that runs `/bin/sh -c <bot>` inside the fence (empty: plain sh). */
  readonly prefix: readonly string[];
  /** What is not enforced here, for a warning; null when the bot is fully fenced. */
  readonly warning: string | null;
}

/** How the one warning about an unfenced machine begins (tests that expect a silent stderr leave it out). */
export const FENCE_WARNING = 'Warning: external bots: ';

let found: Containment | undefined;
let warned = false;

/**
 * How bots are fenced on this machine, found once per process. Each fence is tried (a binary can
 * be there and still be refused, e.g. bwrap without user namespaces in a container): the first that
 * runs `true` is used. TABLETOP_BOT_FENCE=none turns the fence off (with the warning).
 */
export function containment(): Containment {
  if (found !== undefined) return found;
  const candidates: (readonly string[])[] = [];
  if (process.platform === 'linux' && process.env.TABLETOP_BOT_FENCE !== 'none') {
    if (onPath('bwrap')) candidates.push(['bwrap', '--die-with-parent', '--unshare-pid', '--dev-bind', '/', '/', '--']);
    if (process.getuid?.() === 0 && onPath('setpriv') && onPath('unshare')) candidates.push(['setpriv', '--pdeathsig', 'KILL', '--', 'unshare', '--pid', '--fork', '--kill-child', '--']);
  }
  const works = candidates.find((prefix) => spawnSync(prefix[0]!, [...prefix.slice(1), '/bin/sh', '-c', 'exit 0'], { stdio: 'ignore', timeout: 10_000 }).status === 0);
  if (works !== undefined) {
    found = { prefix: works, warning: null };
  } else if (process.platform === 'linux' && process.env.TABLETOP_BOT_FENCE !== 'none' && onPath('setpriv')) {
    found = {
      prefix: ['setpriv', '--pdeathsig', 'KILL', '--'],
      warning: 'no PID namespace for them (install bubblewrap, or run as root with util-linux): a process a bot moves out of its process group (setsid) can outlive its game.',
    };
  } else {
    found = {
      prefix: [],
      warning: 'no PID namespace and no parent-death signal for them (install bubblewrap on Linux): a process a bot moves out of its process group (setsid) can outlive its game, and if this process is killed with SIGKILL the bots keep running.',
    };
  }
  return found;
}

function onPath(program: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((folder) => {
    if (folder === '') return false;
    try {
      accessSync(join(folder, program), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Kills the bot's whole process group — after the bot itself has exited too, since what it started
 * may still run. Safe: the group's id cannot be reused while any member of the group lives.
 */
function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // No such group (all of it has ended), or no process groups (Windows): the direct child at least.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
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
