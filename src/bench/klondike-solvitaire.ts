/**
 * `npm run bench:klondike-solvitaire -- --solvitaire PATH [--seeds 1..200] [--draw 3] [--timeout-ms 10000]`:
 * the standard-rules solver beside Solvitaire (Blake & Gent's solver, built by the user outside the
 * repository: docs/benchmarks.md says how) on the same deals — the deals of `tabletop klondike play
 * --seed N`, written out in Solvitaire's JSON deal format — both with every card known, unlimited
 * passes, cards back from the foundations allowed (Solvitaire's `klondike` for draw 3,
 * `klondike-deal-1` for draw 1), each with the same time limit per deal, one deal at a time.
 *
 * It prints a line per deal on stderr and, at the end, the table: decided share, winnable share
 * (95% Wilson interval, counting only decided deals and all deals), median, 90th percentile and
 * largest time per deal, and every deal both decided with different verdicts (there should be none;
 * each winning line of ours has been replayed through the engine). Times are wall-clock
 * milliseconds: Solvitaire's as it reports them, ours as the solver measures them.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile, wilsonInterval } from '../core/stats.js';
import { toSolvitaire } from '../games/klondike/deal-formats.js';
import { seededDeal, solveSeed } from '../games/klondike/solver/deal.js';
import type { SolveVerdict } from '../games/klondike/solver/solver.js';
import { parseBenchArgs } from './args.js';

interface Outcome {
  readonly verdict: SolveVerdict;
  readonly ms: number;
}

const USAGE =
  'usage: npm run bench:klondike-solvitaire -- --solvitaire PATH [--seeds A..B] [--draw 1|3] [--timeout-ms MS] [--max-states N]\n' +
  'Our solver and Solvitaire (built outside the repository) on the same exported deals (see docs/benchmarks.md).';

function fail(message: string): never {
  process.stderr.write(`bench:klondike-solvitaire: ${message}\n`);
  process.exit(2);
}

/** Solvitaire's verdict on one deal file: its `--classify` line is `, <solved|unsolvable|timed-out|…>, <ms>, …`. */
function runSolvitaire(binary: string, file: string, type: string, timeoutMs: number): Outcome {
  const run = spawnSync(binary, ['--type', type, '--classify', '--timeout', String(timeoutMs), file], { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (run.error !== undefined) fail(`cannot run ${binary}: ${run.error.message}`);
  const line = run.stdout.split('\n').find((text) => text.startsWith(', '));
  if (line === undefined) fail(`no result line from ${binary} on ${file}:\n${run.stdout}${run.stderr}`);
  const [word, ms] = line.slice(2).split(', ');
  const verdict: SolveVerdict = word === 'solved' ? 'winnable' : word === 'unsolvable' ? 'unwinnable' : 'undecided';
  return { verdict, ms: Number(ms) };
}

function summary(name: string, outcomes: readonly Outcome[]): string[] {
  const n = outcomes.length;
  const won = outcomes.filter((o) => o.verdict === 'winnable').length;
  const lost = outcomes.filter((o) => o.verdict === 'unwinnable').length;
  const decided = won + lost;
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const share = (k: number, of: number): string => {
    if (of === 0) return '–';
    const { low, high } = wilsonInterval(k, of);
    return `${((100 * k) / of).toFixed(1)}% (${(100 * low).toFixed(1)}–${(100 * high).toFixed(1)})`;
  };
  return [
    name,
    `${String(decided)}/${String(n)} (${((100 * decided) / n).toFixed(1)}%)`,
    `${String(won)} / ${String(lost)} / ${String(n - decided)}`,
    share(won, decided),
    share(won, n),
    percentile(times, 0.5).toFixed(0),
    percentile(times, 0.9).toFixed(0),
    times[n - 1]!.toFixed(0),
  ];
}

function main(): void {
  const { values } = parseBenchArgs('bench:klondike-solvitaire', USAGE, {
    solvitaire: { type: 'string' },
    seeds: { type: 'string', default: '1..200' },
    draw: { type: 'string', default: '3' },
    'timeout-ms': { type: 'string', default: '10000' },
    'max-states': { type: 'string', default: '20000000' },
  });
  const range = /^(\d+)\.\.(\d+)$/.exec(values.seeds);
  const draw = Number(values.draw);
  const timeoutMs = Number(values['timeout-ms']);
  const maxStates = Number(values['max-states']);
  if (values.solvitaire === undefined || range === null || Number(range[1]) > Number(range[2]) || (draw !== 1 && draw !== 3) || !(timeoutMs >= 1) || !Number.isInteger(maxStates) || maxStates < 1) {
    fail(`the options are not right\n${USAGE}`);
  }
  const type = draw === 3 ? 'klondike' : 'klondike-deal-1';
  const folder = mkdtempSync(join(tmpdir(), 'klondike-solvitaire-'));
  const peer: Outcome[] = [];
  const ours: Outcome[] = [];
  const disagreements: string[] = [];
  try {
    for (let seed = Number(range[1]); seed <= Number(range[2]); seed++) {
      const deal = seededDeal(seed);
      const file = join(folder, `deal-${String(seed)}.json`);
      writeFileSync(file, toSolvitaire({ piles: deal.config.piles, order: Array.from(deal.dealOrder) }));
      const theirs = runSolvitaire(values.solvitaire, file, type, timeoutMs);
      const result = solveSeed(seed, 7, 3, { timeMs: timeoutMs, maxStates }, { rules: 'standard', draw });
      const mine: Outcome = { verdict: result.verdict, ms: result.elapsedMs };
      peer.push(theirs);
      ours.push(mine);
      if (theirs.verdict !== 'undecided' && mine.verdict !== 'undecided' && theirs.verdict !== mine.verdict) disagreements.push(`deal ${String(seed)}: Solvitaire ${theirs.verdict}, ours ${mine.verdict}`);
      process.stderr.write(`deal ${String(seed)}: Solvitaire ${theirs.verdict} ${theirs.ms.toFixed(0)} ms, ours ${mine.verdict} ${mine.ms.toFixed(0)} ms\n`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const header = ['solver', 'decided', 'won / lost / undecided', 'winnable of decided (95% CI)', 'winnable of all (95% CI)', 'median ms', 'p90 ms', 'max ms'];
  const rows = [header, header.map(() => '---'), summary('Solvitaire', peer), summary('ours', ours)];
  process.stdout.write(`Deals ${values.seeds}, draw ${String(draw)}, unlimited passes, every card known; at most ${String(timeoutMs)} ms per deal.\n\n`);
  for (const row of rows) process.stdout.write(`| ${row.join(' | ')} |\n`);
  process.stdout.write(disagreements.length === 0 ? '\nVerdicts agree on every deal both decided.\n' : `\nDisagreements:\n${disagreements.join('\n')}\n`);
}

main();
