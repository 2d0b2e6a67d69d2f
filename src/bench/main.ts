/**
 * `npm run bench`: throughput of every engine on one thread, as a table.
 * `npm run bench -- --filter uno` runs the benchmarks whose engine or name matches.
 *
 * Each benchmark runs in a fresh Node process (this script re-invoked with `--only <index>`), so no
 * benchmark measures code that the JIT has already specialised — or de-specialised — for another
 * engine, as the lab's workers, which play one game each, never do either.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { connectFwarBenchmarks } from './connect-fwar.js';
import { connectFourBenchmarks } from './connect-four.js';
import { klondikeBenchmarks } from './klondike.js';
import { unoWarBenchmarks } from './uno-war.js';
import { userPlayerBenchmarks } from './user-players.js';
import { formatTable, measure, type Benchmark, type Measurement } from './harness.js';

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
  const { units, seconds, checksum } = measure(benchmark);
  process.stdout.write(JSON.stringify({ units, seconds, checksum }));
} else {
  const filter = (argument('--filter') ?? '').toLowerCase();
  const selected = all.map((benchmark, index) => ({ benchmark, index })).filter(({ benchmark }) => `${benchmark.engine} ${benchmark.name}`.toLowerCase().includes(filter));
  if (selected.length === 0) {
    process.stderr.write(`bench: no benchmark matches '${filter}'\n`);
    process.exit(2);
  }
  console.log(`Node ${process.version}, one thread per benchmark, each in a fresh process, ${new Date().toISOString()}\n`);
  const results: Measurement[] = [];
  for (const { benchmark, index } of selected) {
    process.stderr.write(`  measuring ${benchmark.engine} ${benchmark.name}…\n`);
    const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--only', String(index)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (child.status !== 0) throw new Error(`benchmark ${benchmark.engine} ${benchmark.name} failed (status ${String(child.status)})`);
    const { units, seconds, checksum } = JSON.parse(child.stdout) as { units: number; seconds: number; checksum: number };
    results.push({ benchmark, units, seconds, rate: units / seconds, checksum });
  }
  console.log(formatTable(results));
  // A user's module against the built-in it reimplements, measured in this same run.
  const rateOf = (engine: string, name: string): number | undefined => results.find((m) => m.benchmark.engine === engine && m.benchmark.name.startsWith(name))?.rate;
  for (const [engine, builtInName, modules] of [
    ['lab ConnectFwar', 'basic (built-in)', ['basic-agent.mjs', 'first-fit']],
    ['lab UnoWar', 'smallest vs biggest (built-in)', ['smallest-agent.mjs', 'smallest-as-built-in', 'smallest-ai']],
  ] as const) {
    const builtIn = rateOf(engine, builtInName);
    for (const name of modules) {
      const rate = rateOf(engine, name);
      if (builtIn !== undefined && rate !== undefined) console.log(`${engine} ${name} / built-in ${builtInName.replace(' (built-in)', '')}: ${(100 * rate / builtIn).toFixed(0)}% of its games/s`);
    }
  }
}
