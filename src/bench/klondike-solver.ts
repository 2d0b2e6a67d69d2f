/**
 * `npm run bench:klondike`: the Klondike solver over a fixed range of seeded deals (the deals of
 * `tabletop klondike play --seed N`): the share decided within the budget, the verdicts, the median
 * and 95th-percentile wall time per deal, and positions searched per second. Every winning line is
 * replayed inside the solver before it is reported. The target: decide ≥ 99% of 1,000
 * standard deals within 10 s each, median ≤ 20 ms.
 *
 *   npm run bench:klondike -- --seeds 1..1000 --budget-ms 10000 --piles 7 --draw 3
 *
 * Defaults: seeds 1..200, 10,000 ms and 2,000,000 positions per deal, 7 piles, draw 3. Wall times
 * suffer on a shared machine; run it with `nice` and say what else was running.
 */
import { parseArgs } from 'node:util';
import { wilsonInterval } from '../core/stats.js';
import { solveSeed } from '../games/klondike/solver/deal.js';
import { DEFAULT_BUDGET, type SolveVerdict } from '../games/klondike/solver/solver.js';

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      seeds: { type: 'string', default: '1..200' },
      'budget-ms': { type: 'string', default: String(DEFAULT_BUDGET.timeMs) },
      'max-states': { type: 'string', default: String(DEFAULT_BUDGET.maxStates) },
      piles: { type: 'string', default: '7' },
      draw: { type: 'string', default: '3' },
    },
  });
  const range = /^(\d+)\.\.(\d+)$/.exec(values.seeds);
  const numbers = [values['budget-ms'], values['max-states'], values.piles, values.draw].map(Number);
  if (range === null || Number(range[1]) > Number(range[2]) || numbers.some((n) => !Number.isInteger(n) || n < 1)) {
    process.stderr.write('Usage: bench:klondike -- [--seeds a..b] [--budget-ms MS] [--max-states N] [--piles P] [--draw D]\n');
    process.exit(2);
  }
  const [timeMs, maxStates, piles, draw] = numbers as [number, number, number, number];
  const first = Number(range[1]);
  const last = Number(range[2]);
  const counts: Record<SolveVerdict, number> = { winnable: 0, unwinnable: 0, undecided: 0 };
  const times: number[] = [];
  let states = 0;
  let totalMs = 0;
  const undecided: number[] = [];
  for (let seed = first; seed <= last; seed++) {
    const result = solveSeed(seed, piles, draw, { timeMs, maxStates });
    counts[result.verdict]++;
    times.push(result.elapsedMs);
    states += result.states;
    totalMs += result.elapsedMs;
    if (result.verdict === 'undecided') undecided.push(seed);
    if (process.stderr.isTTY) process.stderr.write(`\r${String(seed - first + 1)}/${String(last - first + 1)}`);
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  const n = times.length;
  times.sort((a, b) => a - b);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  const decided = counts.winnable + counts.unwinnable;
  const share = wilsonInterval(counts.winnable, n);
  console.log(`Klondike solver: deals ${String(first)}..${String(last)} (${String(n)}), ${String(piles)} piles, draw ${String(draw)}, budget ${String(timeMs)} ms / ${String(maxStates)} positions per deal`);
  console.log(`decided ${String(decided)}/${String(n)} = ${pct(decided / n)}: winnable ${String(counts.winnable)}, unwinnable ${String(counts.unwinnable)}, undecided ${String(counts.undecided)}`);
  console.log(`winnable share ${pct(counts.winnable / n)} (95% Wilson CI ${pct(share.low)}–${pct(share.high)}; at most ${pct((counts.winnable + counts.undecided) / n)} counting undecided deals as winnable)`);
  console.log(`time per deal: median ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms, max ${times[n - 1]!.toFixed(1)} ms; total ${(totalMs / 1000).toFixed(1)} s`);
  console.log(`positions: ${String(states)} in all, ${Math.round(states / (totalMs / 1000)).toLocaleString('en-US')} per second`);
  if (undecided.length > 0) console.log(`undecided: ${undecided.join(' ')}`);
}

main();
