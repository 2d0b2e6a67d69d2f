/**
 * The one place programs that are not ours — external players of every game — are started, and
 * where they are ended with everything they started.
 *
 * Each program runs as `/bin/sh -c <command>` in its own process group, and when it is done (or has
 * failed) the whole group is killed, so nothing its command line started outlives it. A process
 * group is not a fence: a child can leave it (`setsid`), and when this process is killed with
 * SIGKILL nothing of ours runs to kill the group. So each program runs in the sandbox of
 * ./sandbox.ts: with bubblewrap its own PID namespace (ending with its process tree, tied to this
 * process), no network, a read-only filesystem but for a private /tmp, memory and CPU time limits;
 * where bubblewrap cannot run, a weaker fence and a warning naming what is not enforced. SIGINT,
 * SIGTERM and SIGHUP to this process kill every program before the signal takes its usual course.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { sandboxedSpawn, sandboxLimits, type SandboxLimits } from './sandbox.js';

export { FENCE_WARNING, fence as containment } from './sandbox.js';

/** `text` as one word of a /bin/sh command line. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/**
 * Starts the shell command line `command` (in `cwd`) as a program that is not ours, inside the
 * fence: its own process group, tracked so that this process kills it on its way out. The caller
 * kills its group (`killGroup`) and lets go of it (`untrackGroup`) once it has exited.
 */
export function startProgram(command: string, cwd?: string, limits: SandboxLimits = sandboxLimits()): ChildProcessWithoutNullStreams {
  const { file, args } = sandboxedSpawn(command, limits, cwd);
  const child = spawn(file, args, {
    cwd,
    detached: true, // its own process group, so the kill reaches the shell's children too
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  trackGroup(child);
  return child;
}

/** Process groups of bots whose game is not over, so that none outlives this process (the 'exit' hook below). */
const LIVE_GROUPS = new Set<ChildProcessWithoutNullStreams>();
/** How long a bot that has exited gets for its last words on stderr to arrive. */
export const PIPE_DRAIN_MS = 50;

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

export function untrackGroup(child: ChildProcessWithoutNullStreams): void {
  LIVE_GROUPS.delete(child);
  if (LIVE_GROUPS.size === 0) for (const signal of STOP_SIGNALS) process.off(signal, onStopSignal);
}

/**
 * Kills the bot's whole process group — after the bot itself has exited too, since what it started
 * may still run. Safe: the group's id cannot be reused while any member of the group lives.
 */
export function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // No such group (all of it has ended), or no process groups (Windows): the direct child at least.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}


/** How a program run to its end went (`runProgram`). */
export interface ProgramRun {
  /** Its exit code, or null when a signal ended it (or it was killed at the time limit). */
  readonly code: number | null;
  readonly timedOut: boolean;
  /** What it wrote on stderr (its last `maxStderrChars` characters). */
  readonly stderr: string;
}

/**
 * Runs the shell command line `command` to its end inside the fence, as `startProgram` starts it,
 * with nothing on its stdin and its stdout ignored: for a check of a submission that must not run
 * outside the sandbox either. Past `timeoutMs` it is killed; when it ends, so is everything it started.
 */
export function runProgram(command: string, timeoutMs: number, maxStderrChars = 4000): Promise<ProgramRun> {
  const child = startProgram(command, process.cwd());
  let stderr = '';
  let timedOut = false;
  child.stdin.on('error', () => undefined);
  child.stdin.end();
  child.stdout.resume();
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-maxStderrChars);
  });
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup(child);
  }, timeoutMs);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      clearTimeout(timer);
      untrackGroup(child);
      resolve({ code: null, timedOut: false, stderr: `could not be started: ${error.message}` });
    });
    // Not 'close': a child it started outside its group (setsid, without a PID namespace) may hold stderr open.
    child.once('exit', (code) => {
      clearTimeout(timer);
      setTimeout(() => {
        killGroup(child);
        untrackGroup(child);
        child.stderr.destroy();
        resolve({ code, timedOut, stderr });
      }, PIPE_DRAIN_MS);
    });
  });
}
