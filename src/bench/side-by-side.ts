/**
 * `npm run bench:side-by-side -- --peer /path/to/c4solver [--sets ids] [--limit N] [--repeat R]
 * [--warm N] [--weak] [--book]`: `tabletop connect-four solve` against any other solver program
 * that speaks the same line format (reads `<moves>` lines, writes `<moves> <score>` lines; Pascal
 * Pons' `c4solver` does), timed on whole test sets as users meet it: one process per set and tool,
 * each keeping one table for the run. Every answer of both is checked against the file (exit
 * status 1 if any is wrong).
 *
 * The method (docs/benchmarks.md, "Through the command line"), the same for both tools:
 * - Each repeat runs, per tool, the command on empty input (its *start-up*: loading the program
 *   and its table, and for tabletop Node itself), then on the whole set, then (with --warm N) on
 *   the set's first N lines; the tools alternate run by run and which goes first alternates
 *   between sets, so load from other users of the machine hits both alike. Default R = 3.
 * - Each figure is the fastest of the R runs (the least disturbed by others).
 * - **The headline, per position**: (whole set - start-up) / positions. It includes everything a
 *   user meets after start-up: reading and parsing lines, printing answers, the search, and for
 *   tabletop V8 compiling and warming up the solver (about the first hundred positions of a set).
 * - **Warm, per position** (--warm N, default 100; 0 for none): (whole set - first N lines) /
 *   (positions - N): the cost of one more position once both programs are running, without
 *   start-up and without most of the JIT warm-up. Shown beside the headline, never instead of it.
 * - Start-up itself is printed too, so no fixed cost is hidden.
 * - **Paired, per position**: the median over the repeats of (that repeat's whole set - its
 *   empty input) / positions. Where a set takes a few milliseconds (End-Easy), the headline is
 *   a difference between two fastest runs of a process of 0.15 s and swings from run to run; the
 *   median of the paired differences swings less. Shown beside the headline, never instead of it.
 * Wall and CPU time are both reported; CPU time (user + system of the process and all its
 * threads, from bash's `time`, 1 ms resolution) suffers less from a shared machine, and for
 * tabletop it includes V8's compiler and GC threads. The load average is printed at the start
 * and the end.
 *
 * By default tabletop runs with `--no-book`, to compare the searches (the peer is expected to run
 * without a book too); `--book` lets it use its shipped books. The repository does not ship the
 * peer: build it yourself (docs/connect-four-solver.md).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatTime, option, readTestSet, testSetArgs } from './test-set-args.js';
import { median } from './steady.js';
import { TEST_SETS, type TestPosition } from '../games/connect-four/testdata/test-sets.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench:side-by-side',
  'usage: npm run bench:side-by-side -- --peer /path/to/solver [--sets ids] [--limit N] [--repeat R] [--warm N] [--weak] [--book]\n' +
    '`tabletop connect-four solve` against another solver program, whole test sets through the command line (see docs/benchmarks.md).',
  { valued: ['--peer', '--sets', '--limit', '--repeat', '--warm'], flags: ['--weak', '--book', '--no-book'] },
);

const CLI = fileURLToPath(new URL('../cli/main.js', import.meta.url));

function fail(message: string): never {
  process.stderr.write(`bench:side-by-side: ${message}\n`);
  process.exit(2);
}

interface Run {
  /** Wall time, ms. */
  readonly ms: number;
  /** CPU time of the process (user + system, all its threads), ms. */
  readonly cpuMs: number;
  readonly stdout: string;
}

/**
 * Runs a command with `input` on stdin under bash's `time` (CPU time to the millisecond; the
 * command's own stderr is dropped); resolves with its wall and CPU times and its output.
 */
function timed(command: string, args: readonly string[], input: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('bash', ['-c', 'TIMEFORMAT="%3U %3S"; time "$@" 2>/dev/null', 'side-by-side', command, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', () => {
      const ms = performance.now() - start;
      const times = /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(stderr);
      if (times === null) {
        reject(new Error(`no timing from bash for ${command}: ${stderr.trim()}`));
        return;
      }
      resolve({ ms, cpuMs: (Number(times[1]) + Number(times[2])) * 1000, stdout: Buffer.concat(chunks).toString('utf8') });
    });
    child.stdin.on('error', () => undefined); // a peer that exits early: its answers tell
    child.stdin.end(input);
  });
}

/** Answers that do not match the file (missing, malformed, wrong score). */
function wrongAnswers(stdout: string, positions: readonly TestPosition[], weak: boolean): number {
  const lines = stdout.split('\n');
  let wrong = 0;
  positions.forEach((p, i) => {
    const expected = `${p.moves} ${String(weak ? Math.sign(p.score) : p.score)}`;
    if (lines[i]?.trim() !== expected) wrong++;
  });
  return wrong;
}

interface Tool {
  readonly command: string;
  readonly args: readonly string[];
  readonly empty: Run[];
  readonly full: Run[];
  readonly first: Run[];
}

/** The fastest wall and CPU times among runs (taken separately). */
function fastest(runs: readonly Run[]): { ms: number; cpuMs: number } {
  return { ms: Math.min(...runs.map((r) => r.ms)), cpuMs: Math.min(...runs.map((r) => r.cpuMs)) };
}

/** Per-position figures of one tool on one set, in µs. */
function figures(tool: Tool, positions: number, warm: number): { wall: number; cpu: number; pairedWall: number; warmWall: number; warmCpu: number; startWall: number; startCpu: number } {
  const start = fastest(tool.empty);
  const full = fastest(tool.full);
  const first = warm > 0 ? fastest(tool.first) : full;
  return {
    pairedWall: (median(tool.full.map((run, i) => run.ms - tool.empty[i]!.ms)) * 1000) / positions,
    wall: (Math.max(0, full.ms - start.ms) * 1000) / positions,
    cpu: (Math.max(0, full.cpuMs - start.cpuMs) * 1000) / positions,
    warmWall: warm > 0 ? (Math.max(0, full.ms - first.ms) * 1000) / (positions - warm) : NaN,
    warmCpu: warm > 0 ? (Math.max(0, full.cpuMs - first.cpuMs) * 1000) / (positions - warm) : NaN,
    startWall: start.ms,
    startCpu: start.cpuMs,
  };
}

const ratio = (ours: number, theirs: number): string => (theirs > 0 && Number.isFinite(ours / theirs) ? (ours / theirs).toFixed(2) : '–');
const ms = (value: number): string => `${value.toFixed(0)} ms`;

const peer = option('--peer') ?? fail('--peer /path/to/solver is required (a program reading "<moves>" lines and writing "<moves> <score>")');
const { wanted, limit, directory: testdata } = testSetArgs(fail);
const weak = process.argv.includes('--weak');
const repeatArg = option('--repeat') ?? '3';
const repeat = Number(repeatArg);
if (!Number.isInteger(repeat) || repeat < 1) fail(`--repeat must be a whole number >= 1, got '${repeatArg}'`);
const warmArg = option('--warm') ?? '100';
const warmWanted = Number(warmArg);
if (!Number.isInteger(warmWanted) || warmWanted < 0) fail(`--warm must be a whole number >= 0, got '${warmArg}'`);
const peerArgs = weak ? ['-w'] : [];
const ourArgs = [CLI, 'connect-four', 'solve', ...(weak ? ['--weak'] : []), ...(process.argv.includes('--book') ? [] : ['--no-book'])];

const headline: string[][] = [];
const fixed: string[][] = [];
const paired: string[][] = [];
const allRuns: string[] = [];
let anyWrong = false;
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`Node ${process.version}; peer ${peer}${peerArgs.length > 0 ? ` ${peerArgs.join(' ')}` : ''}; tabletop ${ourArgs.slice(1).join(' ')}; ${weak ? 'weak' : 'strong'}`);
console.log(`${new Date().toISOString()}, load average at start: ${load}\n`);
let index = 0;
for (const set of TEST_SETS) {
  if (!wanted.includes(set.id)) continue;
  const positions = readTestSet(testdata, set.file).slice(0, limit);
  // The warm figure needs some positions after the first N.
  const warm = warmWanted > 0 && warmWanted < positions.length ? warmWanted : 0;
  const input = positions.map((p) => p.moves).join('\n') + '\n';
  const firstInput = positions.slice(0, warm).map((p) => p.moves).join('\n') + '\n';
  process.stderr.write(`  ${set.title}: ${String(positions.length)} positions…\n`);
  const theirs: Tool = { command: peer, args: peerArgs, empty: [], full: [], first: [] };
  const ours: Tool = { command: process.execPath, args: ourArgs, empty: [], full: [], first: [] };
  const order = index++ % 2 === 0 ? [theirs, ours] : [ours, theirs];
  for (let r = 0; r < repeat; r++) {
    for (const tool of order) tool.empty.push(await timed(tool.command, tool.args, ''));
    for (const tool of order) tool.full.push(await timed(tool.command, tool.args, input));
    if (warm > 0) for (const tool of order) tool.first.push(await timed(tool.command, tool.args, firstInput));
  }
  const wrong = [theirs, ours].map((tool) => Math.max(...tool.full.map((run) => wrongAnswers(run.stdout, positions, weak))));
  if (wrong.some((w) => w > 0)) anyWrong = true;
  const [t, o] = [figures(theirs, positions.length, warm), figures(ours, positions.length, warm)];
  const title = `${set.title}${positions.length < 1000 ? ` (first ${String(positions.length)})` : ''}`;
  headline.push([title, formatTime(t.wall), formatTime(o.wall), ratio(o.wall, t.wall), formatTime(t.cpu), formatTime(o.cpu), ratio(o.cpu, t.cpu), `${String(wrong[0])} / ${String(wrong[1])}`]);
  paired.push([title, formatTime(t.pairedWall), formatTime(o.pairedWall), ratio(o.pairedWall, t.pairedWall)]);
  fixed.push([
    title,
    `${ms(t.startWall)} / ${ms(t.startCpu)}`,
    `${ms(o.startWall)} / ${ms(o.startCpu)}`,
    warm > 0 ? String(warm) : '–',
    warm > 0 ? formatTime(t.warmCpu) : '–',
    warm > 0 ? formatTime(o.warmCpu) : '–',
    warm > 0 ? ratio(o.warmCpu, t.warmCpu) : '–',
  ]);
  const cpuList = (tool: Tool): string => tool.full.map((run, i) => formatTime(((run.cpuMs - tool.empty[i]!.cpuMs) * 1000) / positions.length)).join(', ');
  allRuns.push(`${title}: peer ${cpuList(theirs)}; tabletop ${cpuList(ours)}`);
}

function printTable(header: readonly string[], rows: readonly string[][]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

console.log(`Per position, start-up subtracted (whole set - empty input), fastest of ${String(repeat)} runs per tool and set:\n`);
printTable(['set', 'peer wall', 'tabletop wall', 'ratio', 'peer CPU', 'tabletop CPU', 'CPU ratio', 'wrong (peer / tabletop)'], headline);
console.log(`\nPaired, per position: the median over the ${String(repeat)} repeats of (whole set - that repeat's empty input):\n`);
printTable(['set', 'peer wall', 'tabletop wall', 'ratio'], paired);
console.log(`\nStart-up (empty input: wall / CPU) and warm CPU per position (after the first N lines: (whole set - first N) / (positions - N)):\n`);
printTable(['set', 'peer start-up', 'tabletop start-up', 'N', 'peer warm CPU', 'tabletop warm CPU', 'warm CPU ratio'], fixed);
console.log(`\nEvery run, CPU per position (run - its repeat's empty-input run):`);
for (const line of allRuns) console.log(`  ${line}`);
console.log(`\nload average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (CPU: user + system of the process, all threads)`);
if (anyWrong) process.exitCode = 1;
