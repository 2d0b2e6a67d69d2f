/**
 * `npm run bench:side-by-side -- --peer /path/to/c4solver [--sets ids] [--limit N] [--repeat R] [--weak] [--book]`:
 * `tabletop connect-four solve` against any other solver program that speaks the same line
 * format (reads `<moves>` lines, writes `<moves> <score>` lines; Pascal Pons' `c4solver` does),
 * timed on whole test sets as users meet it: one process per set and tool, each keeping one table
 * for the run, process start-up subtracted. Every answer of both is checked against the file.
 *
 * For each set the two tools run interleaved (start-up of each, then R runs of each on the set,
 * alternating, default R = 3, the fastest counting), so load from other users of the machine hits
 * both alike; the load average is printed at the start and the end. Wall and CPU time are both
 * reported (CPU time, from bash's `time`, suffers less from a shared machine). Start-up is the
 * same command on empty input (the median of three runs): loading the program, its table, and
 * (for tabletop) Node itself. By default tabletop runs with `--no-book`, to compare the searches (the peer
 * is expected to run without a book too); `--book` lets it use its shipped book.
 *
 * The repository does not ship the peer: build it yourself (docs/connect-four-solver.md).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { formatTime, option, readTestSet, testSetArgs } from './test-set-args.js';
import { TEST_SETS, type TestPosition } from '../games/connect-four/testdata/test-sets.js';

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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Start-up: the median wall and CPU times of three runs on empty input. */
async function startup(command: string, args: readonly string[]): Promise<{ ms: number; cpuMs: number }> {
  const runs: Run[] = [];
  for (let i = 0; i < 3; i++) runs.push(await timed(command, args, ''));
  return { ms: median(runs.map((r) => r.ms)), cpuMs: median(runs.map((r) => r.cpuMs)) };
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

const peer = option('--peer') ?? fail('--peer /path/to/solver is required (a program reading "<moves>" lines and writing "<moves> <score>")');
const { wanted, limit, directory: testdata } = testSetArgs(fail);
const weak = process.argv.includes('--weak');
const repeatArg = option('--repeat') ?? '3';
const repeat = Number(repeatArg);
if (!Number.isInteger(repeat) || repeat < 1) fail(`--repeat must be a whole number >= 1, got '${repeatArg}'`);
const peerArgs = weak ? ['-w'] : [];
const ourArgs = [CLI, 'connect-four', 'solve', ...(weak ? ['--weak'] : []), ...(process.argv.includes('--book') ? [] : ['--no-book'])];

const rows: string[][] = [];
let anyWrong = false;
const load = loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(`Node ${process.version}; peer ${peer}${peerArgs.length > 0 ? ` ${peerArgs.join(' ')}` : ''}; tabletop ${ourArgs.slice(1).join(' ')}; ${weak ? 'weak' : 'strong'}`);
console.log(`${new Date().toISOString()}, load average at start: ${load}\n`);
let index = 0;
for (const set of TEST_SETS) {
  if (!wanted.includes(set.id)) continue;
  const positions = readTestSet(testdata, set.file).slice(0, limit);
  const input = positions.map((p) => p.moves).join('\n') + '\n';
  process.stderr.write(`  ${set.title}: ${String(positions.length)} positions…\n`);
  // Per tool: the start-up, then `repeat` runs of the whole set, the tools alternating run by run
  // (which goes first alternates between sets), so neither always meets the same moment of the load.
  // The fastest run counts (the least disturbed by others), less the start-up.
  const tools = index++ % 2 === 0 ? ([peer, peerArgs, process.execPath, ourArgs] as const) : ([process.execPath, ourArgs, peer, peerArgs] as const);
  const bases = [await startup(tools[0], tools[1]), await startup(tools[2], tools[3])];
  const runs: Run[][] = [[], []];
  for (let r = 0; r < repeat; r++) {
    runs[0]!.push(await timed(tools[0], tools[1], input));
    runs[1]!.push(await timed(tools[2], tools[3], input));
  }
  const result = runs.map((list, t) => ({
    micros: (Math.max(0, Math.min(...list.map((r) => r.ms)) - bases[t]!.ms) * 1000) / positions.length,
    cpuMicros: (Math.max(0, Math.min(...list.map((r) => r.cpuMs)) - bases[t]!.cpuMs) * 1000) / positions.length,
    wrong: Math.max(...list.map((r) => wrongAnswers(r.stdout, positions, weak))),
  }));
  const [theirs, ours] = tools[0] === peer ? [result[0]!, result[1]!] : [result[1]!, result[0]!];
  if (theirs.wrong > 0 || ours.wrong > 0) anyWrong = true;
  rows.push([
    `${set.title}${positions.length < 1000 ? ` (first ${String(positions.length)})` : ''}`,
    formatTime(theirs.micros),
    formatTime(ours.micros),
    (ours.micros / theirs.micros).toFixed(2),
    formatTime(theirs.cpuMicros),
    formatTime(ours.cpuMicros),
    (ours.cpuMicros / theirs.cpuMicros).toFixed(2),
    `${String(theirs.wrong)} / ${String(ours.wrong)}`,
  ]);
}
const header = ['set', 'peer wall', 'tabletop wall', 'ratio', 'peer CPU', 'tabletop CPU', 'CPU ratio', 'wrong (peer / tabletop)'];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
  `\nload average at end: ${loadavg().map((l) => l.toFixed(2)).join(' ')}; mean time per position, process start-up subtracted, ` +
    `fastest of ${String(repeat)} runs per tool and set (CPU: user + system of the process, all threads)`,
)
if (anyWrong) process.exitCode = 1;
