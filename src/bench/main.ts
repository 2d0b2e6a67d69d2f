/**
 * `npm run bench`: throughput of every engine on one thread, as a table.
 * `npm run bench -- --filter uno` runs the benchmarks whose engine or name matches.
 */
import { connectFwarBenchmarks } from './connect-fwar.js';
import { connectFourBenchmarks } from './connect-four.js';
import { klondikeBenchmarks } from './klondike.js';
import { unoWarBenchmarks } from './uno-war.js';
import { formatTable, measure, type Benchmark, type Measurement } from './harness.js';

const all: Benchmark[] = [...connectFwarBenchmarks, ...klondikeBenchmarks, ...unoWarBenchmarks, ...connectFourBenchmarks];

const filterAt = process.argv.indexOf('--filter');
const filter = filterAt >= 0 ? (process.argv[filterAt + 1] ?? '').toLowerCase() : '';
const selected = all.filter((b) => `${b.engine} ${b.name}`.toLowerCase().includes(filter));

console.log(`Node ${process.version}, one thread, ${new Date().toISOString()}\n`);
const results: Measurement[] = [];
for (const benchmark of selected) {
  process.stderr.write(`  measuring ${benchmark.engine} ${benchmark.name}…\n`);
  results.push(measure(benchmark));
}
console.log(formatTable(results));
