/**
 * The fence around every program that is not ours (external bots, students' submissions): how a
 * shell command line is started so that it cannot outlive its game, reach the network, write
 * outside a private temporary folder, or take unbounded memory or CPU time.
 *
 * With bubblewrap (Debian's `bubblewrap`) a program gets its own PID namespace (it ends with the
 * program's process tree, `setsid` children included; `--die-with-parent` ties it to this process),
 * its own network namespace with nothing in it, the whole filesystem read-only (its own folder
 * too) with an empty, size-limited tmpfs on /tmp (TMPDIR) and /run, and rlimits set by util-linux's
 * `prlimit`: RLIMIT_AS (address space) and RLIMIT_CPU (the soft limit sends SIGXCPU, the hard one a
 * few seconds later SIGKILL). Each weaker fence found instead is used with a warning naming exactly
 * what it does not enforce.
 *
 * Every program that is not ours is started by ./programs.ts's `startProgram`, which asks
 * `sandboxedSpawn` here how: one place fences external players of every game.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, lstatSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

export interface SandboxLimits {
  /** RLIMIT_AS: the program's address space, in MiB. */
  readonly memoryMiB: number;
  /** RLIMIT_CPU: CPU seconds of each process of the program (a game starts it afresh). */
  readonly cpuSeconds: number;
  /** The size of its private /tmp, in MiB (bubblewrap only). */
  readonly tmpMiB: number;
}

/**
 * Defaults: 4 GiB of address space (a JVM reserves about 3 GiB of it before it runs a line), 900 s
 * of CPU time (a game of the assignment's 18 s moves gives one side at most 21 × 18 = 378 s of
 * thinking; the rest is room for a JIT and a collector on other threads) and 256 MiB of /tmp.
 */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = { memoryMiB: 4096, cpuSeconds: 900, tmpMiB: 256 };

/** The environment variables that change the defaults, by limit. */
export const LIMIT_VARIABLES = { memoryMiB: 'TABLETOP_BOT_MEMORY_MB', cpuSeconds: 'TABLETOP_BOT_CPU_SECONDS', tmpMiB: 'TABLETOP_BOT_TMP_MB' } as const;

/** The limits for this process: the defaults, each changed by its environment variable; a bad value is an error naming it. */
export function sandboxLimits(env: NodeJS.ProcessEnv = process.env): SandboxLimits {
  const limits: Record<keyof SandboxLimits, number> = { ...DEFAULT_SANDBOX_LIMITS };
  for (const key of Object.keys(LIMIT_VARIABLES) as (keyof SandboxLimits)[]) {
    const text = env[LIMIT_VARIABLES[key]];
    if (text === undefined || text === '') continue;
    if (!/^[1-9][0-9]{0,6}$/.test(text.trim())) throw new RangeError(`${LIMIT_VARIABLES[key]} must be a whole number from 1 to 9999999, got '${text}'`);
    limits[key] = Number(text.trim());
  }
  return limits;
}

export interface Fence {
  /** What runs before `/bin/sh -c <command>`; a function of the limits and the program's folder. */
  readonly prefix: (limits: SandboxLimits, cwd?: string) => readonly string[];
  /** What is not enforced here, for a warning; null when the program is fully fenced. */
  readonly warning: string | null;
  /** Whether the program's process tree ends with it, `setsid` children included. */
  readonly pidNamespace: boolean;
  readonly noNetwork: boolean;
  readonly readOnlyFilesystem: boolean;
  readonly limited: boolean;
}

/** How the one warning about a weak fence begins (tests that expect a silent stderr leave it out). */
export const FENCE_WARNING = 'Warning: external bots: ';

let found: Fence | undefined;
let warned = false;

/**
 * How programs are fenced on this machine, found once per process. Each fence is tried (a binary
 * can be there and still be refused, e.g. bwrap without user namespaces in a container): the first
 * that runs `exit 0` is used. TABLETOP_BOT_FENCE=none turns the fence off (with the warning).
 */
export function fence(): Fence {
  if (found !== undefined) return found;
  const linux = process.platform === 'linux' && process.env.TABLETOP_BOT_FENCE !== 'none';
  const limiter = linux && onPath('prlimit') ? rlimits : null;
  const limited = (outer: readonly string[], limits: SandboxLimits): string[] => [...outer, ...(limiter === null ? [] : limiter(limits))];
  const candidates: Omit<Fence, 'warning' | 'limited'>[] = [];
  if (linux && onPath('bwrap')) candidates.push({ prefix: bubblewrap, pidNamespace: true, noNetwork: true, readOnlyFilesystem: true });
  if (linux && process.getuid?.() === 0 && onPath('setpriv') && onPath('unshare')) {
    candidates.push({ prefix: () => ['setpriv', '--pdeathsig', 'KILL', '--', 'unshare', '--pid', '--net', '--fork', '--kill-child', '--'], pidNamespace: true, noNetwork: true, readOnlyFilesystem: false });
  }
  if (linux && onPath('setpriv')) candidates.push({ prefix: () => ['setpriv', '--pdeathsig', 'KILL', '--'], pidNamespace: false, noNetwork: false, readOnlyFilesystem: false });
  candidates.push({ prefix: () => [], pidNamespace: false, noNetwork: false, readOnlyFilesystem: false });
  const works = candidates.find((candidate) => {
    const prefix = limited(candidate.prefix(DEFAULT_SANDBOX_LIMITS), DEFAULT_SANDBOX_LIMITS);
    if (prefix.length === 0) return true;
    return spawnSync(prefix[0]!, [...prefix.slice(1), '/bin/sh', '-c', 'exit 0'], { stdio: 'ignore', timeout: 10_000 }).status === 0;
  })!;
  const missing = [
    ...(works.pidNamespace ? [] : ['no PID namespace (a process a bot moves out of its process group with setsid can outlive its game)']),
    ...(works.noNetwork ? [] : ['no network fence (a bot can open connections)']),
    ...(works.readOnlyFilesystem ? [] : ['no read-only filesystem and no private /tmp (a bot can write wherever this user can)']),
    ...(limiter !== null ? [] : ['no memory or CPU time limits (no prlimit)']),
  ];
  found = {
    ...works,
    prefix: (limits, cwd) => limited(works.prefix(limits, cwd), limits),
    limited: limiter !== null,
    warning: missing.length === 0 ? null : `${missing.join('; ')}. Install bubblewrap (apt-get install bubblewrap) to fence them.`,
  };
  return found;
}

/**
 * The file and arguments that run `command` through /bin/sh inside the fence, with the limits; `cwd`
 * is the folder it will run in (spawn's cwd), kept visible, read-only, even under the private /tmp.
 */
export function sandboxedSpawn(command: string, limits: SandboxLimits = sandboxLimits(), cwd?: string): { file: string; args: string[] } {
  const current = fence();
  if (current.warning !== null && !warned) {
    warned = true;
    process.stderr.write(`${FENCE_WARNING}${current.warning}\n`);
  }
  const prefix = current.prefix(limits, cwd === undefined ? undefined : resolve(cwd));
  if (prefix.length === 0) return { file: '/bin/sh', args: ['-c', command] };
  return { file: prefix[0]!, args: [...prefix.slice(1), '/bin/sh', '-c', command] };
}

/** What a program's exit says about a limit it hit, if anything (SIGXCPU: its CPU time). */
export function limitHit(code: number | null, signal: NodeJS.Signals | null, limits: SandboxLimits = sandboxLimits()): string | null {
  // Inside the fence the program is a grandchild: its death by a signal reaches us as the exit code 128 + signal.
  if (signal === 'SIGXCPU' || code === 128 + 24) return `exceeded its CPU time limit of ${String(limits.cpuSeconds)} s`;
  return null;
}

const MIB = 1024 * 1024;
/** Seconds between the soft CPU limit's SIGXCPU and the hard limit's SIGKILL, for a program that ignores the first. */
const CPU_HARD_MARGIN_S = 5;

function rlimits(limits: SandboxLimits): string[] {
  const bytes = String(limits.memoryMiB * MIB);
  return ['prlimit', `--as=${bytes}:${bytes}`, `--cpu=${String(limits.cpuSeconds)}:${String(limits.cpuSeconds + CPU_HARD_MARGIN_S)}`, '--'];
}

function bubblewrap(limits: SandboxLimits, cwd = process.cwd()): string[] {
  const run = isRealFolder('/run') ? ['--tmpfs', '/run'] : []; // sockets of the host's services live there
  // Its folder may lie under /tmp or /run, which the tmpfs hide: bound again on top, read-only.
  const own = isRealFolder(cwd) ? ['--ro-bind', cwd, cwd] : [];
  return [
    'bwrap', '--die-with-parent', '--unshare-pid', '--unshare-net',
    '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc',
    '--size', String(limits.tmpMiB * MIB), '--tmpfs', '/tmp', ...run, ...own,
    '--setenv', 'TMPDIR', '/tmp', '--',
  ];
}

function isRealFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
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
