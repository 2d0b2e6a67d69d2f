/**
 * `npm run bench:solver`: the Connect Four solver on Pascal Pons' test sets — for each set,
 * strong and weak, the mean time and mean nodes per position, the table cleared before every
 * position (the clearing is not timed, as in Pons' own benchmark). Every score is checked against
 * the file; a wrong one makes the run fail (exit status 1). Wall time is what the targets are
 * about; the process's CPU time is shown too, as it suffers less when the machine is shared (it
 * includes V8's helper threads, so it is coarse below ~100 µs).
 *
 *   npm run bench:solver -- --sets end-easy,middle-easy --limit 200 --mode strong
 *
 * Options: `--sets` ids (end-easy, middle-easy, middle-medium, begin-easy, begin-medium, begin-hard;
 * default all but begin-hard), `--limit N` positions per set (default all 1000), `--mode strong|weak|both` (default both),
 * `--table N` transposition-table entries (rounded up to a prime; default 2^23).
 */
import { Position } from '../games/connect-four/position.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { formatTime, option, readTestSet, testSetArgs } from './test-set-args.js';
import { TEST_SETS, type TestPosition } from '../games/connect-four/testdata/test-sets.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench:solver',
  'usage: npm run bench:solver -- [--sets ids] [--limit N] [--mode strong|weak|both] [--table N]\n' +
    'The Connect Four solver on Pascal Pons\' test sets (ids: end-easy, middle-easy, middle-medium, begin-easy, begin-medium, begin-hard).',
  { valued: ['--sets', '--limit', '--mode', '--table'] },
);


interface Row {
  readonly set: string;
  readonly mode: 'strong' | 'weak';
  readonly positions: number;
  readonly meanMicros: number;
  /** Mean CPU time of the process (user + system, V8's helper threads included). */
  readonly meanCpuMicros: number;
  readonly meanNodes: number;
  readonly wrong: number;
}


function fail(message: string): never {
  process.stderr.write(`bench:solver: ${message}\n`);
  process.exit(2);
}

function run(solver: Solver, positions: readonly TestPosition[], weak: boolean): Omit<Row, 'set' | 'mode'> {
  let micros = 0;
  let cpuMicros = 0;
  let nodes = 0;
  let wrong = 0;
  for (const { moves, score } of positions) {
    const position = Position.fromMoves(moves);
    solver.reset();
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    const found = solver.solve(position, weak);
    micros += (performance.now() - start) * 1000;
    const cpu = process.cpuUsage(cpuStart);
    cpuMicros += cpu.user + cpu.system;
    nodes += solver.nodes;
    if (found !== (weak ? Math.sign(score) : score)) {
      wrong++;
      process.stderr.write(`  WRONG ${weak ? 'weak' : 'strong'} ${moves}: expected ${String(score)}, got ${String(found)}\n`);
    }
  }
  return { positions: positions.length, meanMicros: micros / positions.length, meanCpuMicros: cpuMicros / positions.length, meanNodes: nodes / positions.length, wrong };
}

function table(rows: readonly Row[]): string {
  const header = ['test set', 'mode', 'positions', 'mean time', 'mean CPU', 'mean nodes', 'Mnodes/s', 'wrong'];
  const body = rows.map((r) => [
    r.set,
    r.mode,
    String(r.positions),
    formatTime(r.meanMicros),
    formatTime(r.meanCpuMicros),
    Math.round(r.meanNodes).toLocaleString('en-US'),
    (r.meanNodes / r.meanMicros).toFixed(2),
    String(r.wrong),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

const { wanted, limit, directory: testdata } = testSetArgs(fail);
const mode = option('--mode') ?? 'both';
if (!['strong', 'weak', 'both'].includes(mode)) fail(`--mode must be strong, weak or both, got '${mode}'`);
const modes = mode === 'both' ? (['strong', 'weak'] as const) : ([mode] as ['strong'] | ['weak']);

const tableArg = option('--table');
const tableSize = tableArg === undefined ? undefined : Number(tableArg);
if (tableSize !== undefined && !Number.isSafeInteger(tableSize)) fail(`--table must be a whole number, got '${String(tableArg)}'`);
let solver: Solver;
try {
  solver = new Solver(tableSize === undefined ? {} : { tableSize });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
console.log(`Node ${process.version}, one thread, table ${solver.table.size.toLocaleString('en-US')} entries, ${new Date().toISOString()}\n`);
// Warm up the JIT on a few positions that are not timed.
const warmup = readTestSet(testdata, 'Test_L2_R1').slice(0, 50);
run(solver, warmup, false);

const rows: Row[] = [];
for (const set of TEST_SETS) {
  if (!wanted.includes(set.id)) continue;
  const positions = readTestSet(testdata, set.file).slice(0, limit);
  for (const m of modes) {
    process.stderr.write(`  ${set.title} ${m}…\n`);
    rows.push({ set: set.title, mode: m, ...run(solver, positions, m === 'weak') });
  }
}
console.log(table(rows));
if (rows.some((r) => r.wrong > 0)) process.exitCode = 1;
