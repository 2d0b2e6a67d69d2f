/**
 * The one place programs that are not ours — external players of every game — are started, and
 * where they are ended with everything they started.
 *
 * Each program runs as `/bin/sh -c <command>` in its own process group, and when it is done (or has
 * failed) the whole group is killed, so nothing its command line started outlives it. A process
 * group is not a fence: a child can leave it (`setsid`), and when this process is killed with
 * SIGKILL nothing of ours runs to kill the group. So on Linux each program also runs in its own PID
 * namespace, which ends with its process tree, and is tied to this process by a parent-death
 * signal (`containment()`): with bubblewrap (`bwrap --unshare-pid --die-with-parent`), else as root
 * with util-linux (`setpriv --pdeathsig KILL unshare --pid --fork --kill-child`). Where neither can
 * be had, a warning names what is not enforced. SIGINT, SIGTERM and SIGHUP to this process kill
 * every program before the signal takes its usual course.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Starts the shell command line `command` (in `cwd`) as a program that is not ours, inside the
 * fence: its own process group, tracked so that this process kills it on its way out. The caller
 * kills its group (`killGroup`) and lets go of it (`untrackGroup`) once it has exited.
 */
export function startProgram(command: string, cwd?: string): ChildProcessWithoutNullStreams {
  const { prefix, warning } = containment();
  if (warning !== null && !warned) {
    warned = true;
    process.stderr.write(`${FENCE_WARNING}${warning}\n`);
  }
  const child = spawn(prefix[0] ?? '/bin/sh', [...prefix.slice(1), ...(prefix.length > 0 ? ['/bin/sh'] : []), '-c', command], {
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
export function killGroup(child: ChildProcessWithoutNullStreams): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // No such group (all of it has ended), or no process groups (Windows): the direct child at least.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

