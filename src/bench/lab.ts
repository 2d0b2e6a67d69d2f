/**
 * `npm run bench:lab`: the lab runner's scaling — ConnectFwar BasicPlayer games per second in this
 * thread, on 1 worker and on 2 workers (the same games: the figures and checksums must agree).
 * `node dist/bench/lab.js --games 4000000` sets the games per measurement (default 4,000,000).
 * Wall time includes starting the workers, as a user's run does.
 */
import { availableParallelism } from 'node:os';
import { runExperiment } from '../lab/runner.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench:lab',
  'usage: npm run bench:lab -- [--games N]\n' +
    'The lab runner\'s ConnectFwar games a second in this thread, on 1 worker and on 2.',
  { valued: ['--games'] },
);

const gamesAt = process.argv.indexOf('--games');
const games = gamesAt >= 0 ? Number(process.argv[gamesAt + 1]) : 4_000_000;
if (!Number.isSafeInteger(games) || games < 1) throw new RangeError(`--games must be a whole number >= 1`);

const config = { game: 'connect-fwar', lineups: [['basic']], seed: 2024, paired: false };
const setups = [
  { label: 'in-process (no worker)', threads: 1, workers: false },
  { label: '1 worker', threads: 1, workers: true },
  { label: '2 workers', threads: 2, workers: true },
] as const;

console.log(`Node ${process.version}, ${String(availableParallelism())} cores available, ${new Date().toISOString()}`);
console.log(`ConnectFwar BasicPlayer, ${games.toLocaleString('en-US')} games per setup, batches of 10,000\n`);
const rates = new Map<string, number>();
const cpuRates = new Map<string, number>();
for (const setup of setups) {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const { tally } = await runExperiment({ config, ranges: [[0, games]], threads: setup.threads, workers: setup.workers, batchSize: 10_000 });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const rate = games / seconds;
  rates.set(setup.label, rate);
  cpuRates.set(setup.label, games / cpuSeconds);
  const checksum = tally.lineups[0]!.seats[0]!.sum;
  console.log(
    `${setup.label.padEnd(24)} ${Math.round(rate).toLocaleString('en-US').padStart(11)} games/s  ${seconds.toFixed(2).padStart(6)} s wall  ` +
      `${cpuSeconds.toFixed(2).padStart(6)} s CPU (${Math.round(games / cpuSeconds).toLocaleString('en-US')} games per CPU-second)  checksum ${String(checksum)}`,
  );
}
const speedup = rates.get('2 workers')! / rates.get('1 worker')!;
console.log(`\n2 workers / 1 worker: ${speedup.toFixed(2)}x wall clock (target >= 1.8x on an otherwise idle 2-core machine)`);
// On a shared machine the wall-clock ratio measures the other load as much as the runner; the CPU
// cost per game shows what the runner itself adds with a second worker.
console.log(
  `CPU time per game, 2 workers / 1 worker: ${(cpuRates.get('1 worker')! / cpuRates.get('2 workers')!).toFixed(2)}x ` +
    '(near 1 means a second worker adds no work of its own; on two idle cores the wall-clock ratio then approaches 2x)',
);
