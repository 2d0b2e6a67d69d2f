/**
 * `npm run bench:c-peer -- --unowar /path/to/unowar [--rounds R] [--games N] [--cpu]`: the UnoWar engine
 * beside a plain C program of the same rules (one thread each), the program built by the user (the
 * repository ships no C; docs/benchmarks.md says what the program must print).
 *
 * The peer is run as `unowar N` and must print one line per pairing, `<AI> vs <AI>: <share>
 * (<rate> games/s)`, with the AIs named Random (the first playable card), Smallest and Biggest.
 * Each round runs the peer once and, for each pairing the bench has a row for, the engine's row
 * (`npm run bench`'s, each in a fresh Node process); which goes first alternates by round, so
 * load from other users of the machine hits both alike. Per pairing the table shows both medians
 * and the median of the per-round ratios with their range (a ratio of rates measured side by side).
 *
 * Wall time by default. With --cpu the engine's rate is per CPU-second of its process (all its
 * threads: `measureCpu`), for a machine shared with other work; the peer must then time itself in
 * CPU time too (docs/benchmarks.md shows how to build the reference program so).
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { plural } from '../core/format.js';
import { formatColumns, measure } from './harness.js';
import { measureCpu, pairedRatios, spreadOf } from './steady.js';
import { unoWarBenchmarks } from './uno-war.js';
import { checkBenchArgs } from './args.js';

checkBenchArgs(
  'bench:c-peer',
  'usage: npm run bench:c-peer -- --unowar /path/to/unowar [--rounds R] [--games N] [--only PAIRING] [--cpu]\n' +
    'The UnoWar engine beside a plain C program of the same rules (see docs/benchmarks.md).',
  { valued: ['--unowar', '--rounds', '--games', '--only'], flags: ['--cpu'] },
);

/** The engine's rows with a peer line to match: the bench's name is the peer's pairing. */
const PAIRED = unoWarBenchmarks.filter((benchmark) => /^\w+ vs \w+$/.test(benchmark.name));

function fail(message: string): never {
  process.stderr.write(`bench:c-peer: ${message}\n`);
  process.exit(2);
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

function wholeNumber(name: string, fallback: number): number {
  const text = option(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a whole number >= 1, got '${text}'`);
  return value;
}

const only = option('--only');
if (only !== undefined) {
  // Child: one engine row, as `npm run bench` measures it; games per second on stdout.
  const benchmark = PAIRED.find((b) => b.name === only) ?? fail(`--only: no UnoWar row '${only}'`);
  const { rate } = process.argv.includes('--cpu') ? measureCpu(benchmark) : measure(benchmark);
  process.stdout.write(String(rate));
} else {
  const peer = option('--unowar') ?? fail('--unowar /path/to/unowar is required (a C program of the rules: see docs/benchmarks.md)');
  const rounds = wholeNumber('--rounds', 5);
  const games = wholeNumber('--games', 200_000);
  const cpu = process.argv.includes('--cpu');
  const peerRates = new Map<string, number[]>(PAIRED.map((b) => [b.name, []]));
  const ourRates = new Map<string, number[]>(PAIRED.map((b) => [b.name, []]));
  const runPeer = (): void => {
    const run = spawnSync(peer, [String(games)], { encoding: 'utf8' });
    if (run.error !== undefined) fail(`cannot run ${peer}: ${run.error.message}`);
    if (run.status !== 0) fail(`${peer} exited with status ${String(run.status)}`);
    for (const name of peerRates.keys()) {
      const line = run.stdout.split('\n').find((l) => l.startsWith(`${name}:`));
      const rate = line === undefined ? undefined : /\(([\d.]+) games\/s\)/.exec(line)?.[1];
      if (rate === undefined) fail(`${peer} printed no '${name}: … (<rate> games/s)' line`);
      peerRates.get(name)!.push(Number(rate));
    }
  };
  const runOurs = (): void => {
    for (const benchmark of PAIRED) {
      const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--only', benchmark.name, ...(cpu ? ['--cpu'] : [])], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      if (run.status !== 0) throw new Error(`the engine's row ${benchmark.name} failed (status ${String(run.status)})`);
      ourRates.get(benchmark.name)!.push(Number(run.stdout));
    }
  };
  console.log(`Node ${process.version}; peer ${peer} ${String(games)}; ${cpu ? 'CPU time' : 'wall time'}; ${plural(rounds, 'round')}, ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(2)}\n`);
  for (let round = 0; round < rounds; round++) {
    process.stderr.write(`  round ${String(round + 1)} of ${String(rounds)}…\n`);
    for (const step of round % 2 === 0 ? [runPeer, runOurs] : [runOurs, runPeer]) step();
  }
  const games0 = (rate: number): string => Math.round(rate).toLocaleString('en-US');
  const rows = PAIRED.map(({ name }) => {
    const theirs = peerRates.get(name)!;
    const ours = ourRates.get(name)!;
    const ratio = pairedRatios(ours, theirs);
    return [name, games0(spreadOf(theirs).median), games0(spreadOf(ours).median), ratio.median.toFixed(2), `${ratio.low.toFixed(2)}–${ratio.high.toFixed(2)}`];
  });
  console.log(formatColumns(['UnoWar, one thread', 'C peer games/s', 'engine games/s', 'engine ÷ C', 'per-round range'], rows, [1, 2, 3, 4]));
  console.log(`\nMedians of ${plural(rounds, 'round')}; the ratio is taken within each round. Load average at the end ${loadavg()[0]!.toFixed(2)}.`);
}
