/**
 * `npm run bench`: throughput of every engine on one thread, as a table.
 * `npm run bench -- --filter uno` runs the benchmarks whose engine or name matches.
 *
 * Each benchmark runs in a fresh Node process (this script re-invoked with `--only <index>`), so no
 * benchmark measures code that the JIT has already specialised — or de-specialised — for another
 * engine, as the lab's workers, which play one game each, never do either.
 *
 * The lab rows that compare a user's module with the built-in strategy it reimplements
 * (`labComparisons`) are measured for a ratio, which must be steady: in CPU time, each process the
 * median of several chunks after a warm-up, `--repeats N` rounds (default 5) of fresh processes, the
 * built-in and its modules alternating within each round; each module's share of the built-in is
 * the median of the per-round ratios, shown with their range (steady.ts says why).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectFwarBenchmarks } from './connect-fwar.js';
import { connectFourBenchmarks } from './connect-four.js';
import { klondikeBenchmarks } from './klondike.js';
import { unoWarBenchmarks } from './uno-war.js';
import { labComparisons, userPlayerBenchmarks } from './user-players.js';
import { protocolBenchmarks } from './external-players.js';
import { formatColumns, formatTable, measure, type Benchmark, type Measurement } from './harness.js';
import { loadavg } from 'node:os';
import { CPU_CHUNKS, measureCpu, pairedRatios, spreadOf, type Spread } from './steady.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench',
  'usage: npm run bench -- [--filter TEXT] [--repeats N] [--cpu]\n' +
    'Every engine\'s throughput on one thread, as a table (see docs/benchmarks.md).',
  { valued: ['--filter', '--repeats', '--only'], flags: ['--cpu'] },
);

const all: Benchmark[] = [...connectFwarBenchmarks, ...unoWarBenchmarks, ...klondikeBenchmarks, ...connectFourBenchmarks, ...userPlayerBenchmarks];

function argument(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const only = argument('--only');
if (only !== undefined) {
  // Child: measure one benchmark and hand the figures back as JSON.
  const benchmark = all[Number(only)];
  if (benchmark === undefined) throw new RangeError(`--only ${only}: no such benchmark`);
  await benchmark.prepare?.();
  if (process.argv.includes('--cpu')) {
    process.stdout.write(JSON.stringify(measureCpu(benchmark)));
  } else {
    const { units, seconds, checksum } = measure(benchmark);
    process.stdout.write(JSON.stringify({ units, seconds, checksum }));
  }
} else {
  const filter = (argument('--filter') ?? '').toLowerCase();
  const repeats = Number(argument('--repeats') ?? 5);
  if (!Number.isInteger(repeats) || repeats < 1) {
    process.stderr.write(`bench: --repeats must be a whole number >= 1, got '${String(argument('--repeats'))}'\n`);
    process.exit(2);
  }
  const matches = (benchmark: Benchmark): boolean => `${benchmark.engine} ${benchmark.name}`.toLowerCase().includes(filter);
  const compared = new Set<Benchmark>(userPlayerBenchmarks);
  const selected = all.filter((benchmark) => !compared.has(benchmark) && matches(benchmark));
  // A comparison runs whole (the share needs its built-in) when any of its rows matches.
  const comparisons = labComparisons.filter(({ builtIn, modules }) => matches(builtIn) || modules.some(matches));
  if (selected.length === 0 && comparisons.length === 0 && !filter.includes('protocol')) {
    process.stderr.write(`bench: no benchmark matches '${filter}'\n`);
    process.exit(2);
  }
  const load = (): string => loadavg()[0]!.toFixed(2);
  console.log(`Node ${process.version}, one thread per benchmark, each in a fresh process, ${new Date().toISOString()}, load average ${load()}\n`);
  const child = (benchmark: Benchmark, cpu: boolean): string => {
    process.stderr.write(`  measuring ${benchmark.engine} ${benchmark.name}…\n`);
    const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--only', String(all.indexOf(benchmark)), ...(cpu ? ['--cpu'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (run.status !== 0) throw new Error(`benchmark ${benchmark.engine} ${benchmark.name} failed (status ${String(run.status)})`);
    return run.stdout;
  };
  if (selected.length > 0) {
    const results: Measurement[] = [];
    for (const benchmark of selected) {
      const { units, seconds, checksum } = JSON.parse(child(benchmark, false)) as { units: number; seconds: number; checksum: number };
      results.push({ benchmark, units, seconds, rate: units / seconds, checksum });
    }
    console.log(formatTable(results));
  }
  if (comparisons.length > 0) {
    console.log(
      `\nModule players against the built-in they reimplement, on the lab's path (BatchPlayer): games per CPU-second, ` +
        `the median of ${String(repeats)} fresh processes per row (each the median of ${String(CPU_CHUNKS)} chunks after a warm-up), built-in and modules alternating in each round; ` +
        `share = the median of the per-round ratios to the built-in [their range]. Load average before: ${load()}\n`,
    );
    const rows: string[][] = [];
    for (const { builtIn, modules } of comparisons) {
      const group = [builtIn, ...modules];
      const rates = group.map((): number[] => []);
      for (let round = 0; round < repeats; round++) {
        group.forEach((benchmark, k) => {
          rates[k]!.push((JSON.parse(child(benchmark, true)) as { rate: number }).rate);
        });
      }
      group.forEach((benchmark, k) => {
        const spread = spreadOf(rates[k]!);
        const share: Spread | undefined = k === 0 ? undefined : pairedRatios(rates[k]!, rates[0]!);
        rows.push([benchmark.engine, benchmark.name, games(spread.median), `${games(spread.low)}–${games(spread.high)}`, share === undefined ? '' : `${percent(share.median)} [${percent(share.low)}–${percent(share.high)}]`]);
      });
    }
    console.log(formatColumns(['engine', 'benchmark', 'games/CPU-s', 'range', 'share of built-in'], rows, [2, 3]));
    console.log(`\nLoad average after: ${load()}`);
  }
  if ('connectfwar line protocol'.includes(filter) || filter.includes('protocol')) {
    console.log(
      `\nConnectFwar players over the batched line protocol (docs/player-protocol.md), beside the built-in: one thread, the program started once. ` +
        `Decisions per second of wall time, and per CPU-second of the lab's process, of the program's processes, and of both together (what one core running both in turn would reach). Load average before: ${load()}\n`,
    );
    const rate = (decisions: number, cpu: number | undefined): string => (cpu === undefined ? '' : games(decisions / cpu));
    const protocolRows = (await protocolBenchmarks()).map((row) => [
      row.name,
      games(row.games),
      games(row.decisions / row.seconds),
      rate(row.decisions, row.labCpuSeconds),
      rate(row.decisions, row.programCpuSeconds),
      rate(row.decisions, row.cpuSeconds),
    ]);
    console.log(formatColumns(['benchmark', 'games', 'decisions/s', '/ lab CPU-s', '/ program CPU-s', '/ CPU-s, both'], protocolRows, [1, 2, 3, 4, 5]));
    console.log(`\nLoad average after: ${load()}`);
  }
}

function games(rate: number): string {
  return Math.round(rate).toLocaleString('en-US');
}

function percent(ratio: number): string {
  return `${(100 * ratio).toFixed(1)}%`;
}
