/**
 * CPU time of a process tree, from Linux's /proc: what a player program (the shell, the sandbox's
 * processes and the JVM or interpreter under them, every thread) has used. On a machine shared with
 * other work, wall time grows while a process waits for a core; CPU time does not.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    const said = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout);
    ticksPerSecond = Number.isFinite(said) && said > 0 ? said : 100;
  }
  return ticksPerSecond;
}

/**
 * The CPU seconds (user and system) used by process `root` and every process below it, including
 * those that have ended and been waited for by one of them; undefined where /proc cannot tell
 * (not Linux, or `root` has gone).
 */
export function processTreeCpuSeconds(root: number): number | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const parentOf = new Map<number, number>();
  const ticksOf = new Map<number, number>();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After the command's name (in parentheses, which may hold spaces): state, ppid, … utime (the
    // 14th field), stime, cutime, cstime (the 17th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    parentOf.set(Number(name), Number(fields[1]));
    ticksOf.set(Number(name), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
  }
  if (!ticksOf.has(root)) return undefined;
  let ticks = 0;
  for (const [pid, used] of ticksOf) {
    let at: number | undefined = pid;
    while (at !== undefined && at !== root && at > 1) at = parentOf.get(at);
    if (at === root) ticks += used;
  }
  return ticks / clockTicks();
}
