/**
 * Finding processes a test's programs left behind, by a mark in their command line (a bot in its
 * own PID namespace sees other process ids than we do, so a pid it reports would name the wrong
 * process). Linux only: it reads /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** A mark unique to this test process (other checkouts may run the same tests at the same time). */
export const MARK = `25.${String(process.pid)}`;
let marks = 0;
/** A `sleep` whose command line no other process has. */
export function markedSleep(): { command: string; mark: string } {
  const mark = `${MARK}${String(++marks)}`;
  return { command: `sleep ${mark}`, mark };
}

/** The processes (not zombies) whose command line contains `mark`. */
export function runningWith(mark: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z') continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(mark)) found.push(Number(entry));
    } catch {
      // It ended while we looked.
    }
  }
  return found;
}

/** Waits up to `ms` (generous: a busy machine is slow, not wrong) for every process marked `mark` to end; returns whether any still runs. */
export async function stillRunningAfter(mark: string, ms: number): Promise<boolean> {
  for (const until = performance.now() + ms; performance.now() < until; ) {
    if (runningWith(mark).length === 0) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return runningWith(mark).length > 0;
}

