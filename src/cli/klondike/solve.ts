/**
 * `tabletop klondike solve`: is a seeded deal winnable with every card known, and how? Prints the
 * verdict, the time, the positions searched and the winning line in `klondike play`'s commands
 * (0-based indices), so a person can type it — or pipe it: with `--moves-only` the output is the
 * line alone, one command per line, which `tabletop klondike play --seed N` reads as input.
 * `--seeds a..b` classifies a range of deals, on this thread or on `--threads N` worker threads.
 */
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { Piscina } from 'piscina';
import { wilsonInterval } from '../../core/stats.js';
import { IllegalArgumentError } from '../../games/klondike/errors.js';
import { solveSeed } from '../../games/klondike/solver/deal.js';
import solveSeedTask, { type SeedTask, type SeedVerdict } from '../../games/klondike/solver/worker.js';
import { DEFAULT_BUDGET, type SolveResult, type SolveVerdict } from '../../games/klondike/solver/solver.js';
import { parsePositiveInt, parseSeed, UsageError } from '../options.js';
import { moveCommand } from './play.js';

interface SolveOptions {
  readonly seed?: number;
  readonly seeds?: SeedRange;
  readonly piles: number;
  readonly draw: number;
  readonly budgetMs: number;
  readonly maxStates: number;
  readonly movesOnly?: boolean;
  readonly threads: number;
}

export interface SeedRange {
  readonly first: number;
  readonly last: number;
}

/** `a..b` with 0 ≤ a ≤ b. */
export function parseSeedRange(value: string): SeedRange {
  const match = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(value);
  if (match === null) throw new InvalidArgumentError(`A seed range is written a..b (e.g. 1..200), got '${value}'.`);
  const first = Number(match[1]);
  const last = Number(match[2]);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last) || first > last) {
    throw new InvalidArgumentError(`A seed range a..b needs whole numbers with a ≤ b, got '${value}'.`);
  }
  return { first, last };
}

const RULES = 'the draw pile turns one card at a time and recycles without limit; every card known';

function solveOrUsage(seed: number, options: SolveOptions): SolveResult {
  try {
    return solveSeed(seed, options.piles, options.draw, { timeMs: options.budgetMs, maxStates: options.maxStates });
  } catch (error) {
    if (error instanceof IllegalArgumentError) throw new UsageError(error.message);
    throw error;
  }
}

const describeVerdict = (result: SolveResult): string => {
  switch (result.verdict) {
    case 'winnable':
      return `winnable: a winning line of ${String(result.moves!.length)} moves`;
    case 'unwinnable':
      return 'unwinnable: proved, every reachable position was searched';
    case 'undecided':
      return 'undecided: the budget ran out first';
  }
};

/** The report for one deal. */
export function solveOne(seed: number, options: SolveOptions, out: (line: string) => void): void {
  const result = solveOrUsage(seed, options);
  if (options.movesOnly === true) {
    for (const move of result.moves ?? []) out(moveCommand(move));
    return;
  }
  const deal = `--seed ${String(seed)} --piles ${String(options.piles)} --draw ${String(options.draw)}`;
  out(`Klondike deal ${String(seed)}: ${String(options.piles)} piles, ${String(options.draw)} draw cards shown (${RULES}).`);
  out(`Verdict: ${describeVerdict(result)}.`);
  out(`Time: ${result.elapsedMs.toFixed(1)} ms; positions searched: ${String(result.states)}.`);
  if (result.moves !== null) {
    out(`Winning line (type it in \`tabletop klondike play ${deal}\`, or pipe \`tabletop klondike solve ${deal} --moves-only\` into it):`);
    out(result.moves.map(moveCommand).join(', '));
  }
}

/**
 * The classification of a range of deals, with progress on `progress`: one after another on this
 * thread, or on `threads` worker threads (each deal's budget is its own either way).
 */
export async function solveRange(range: SeedRange, options: SolveOptions, out: (line: string) => void, progress: (text: string) => void): Promise<void> {
  const counts: Record<SolveVerdict, number> = { winnable: 0, unwinnable: 0, undecided: 0 };
  const undecided: number[] = [];
  const unwinnable: number[] = [];
  const times: number[] = [];
  const total = range.last - range.first + 1;
  const record = (result: SeedVerdict): void => {
    counts[result.verdict]++;
    times.push(result.elapsedMs);
    if (result.verdict === 'undecided') undecided.push(result.seed);
    if (result.verdict === 'unwinnable') unwinnable.push(result.seed);
    progress(`${String(times.length)}/${String(total)} deals: ${String(counts.winnable)} winnable, ${String(counts.unwinnable)} unwinnable, ${String(counts.undecided)} undecided`);
  };
  const task = (seed: number): SeedTask => ({ seed, piles: options.piles, draw: options.draw, timeMs: options.budgetMs, maxStates: options.maxStates });
  // Bad piles or draw are found on this thread, before any worker starts.
  solveOrUsage(range.first, { ...options, maxStates: 1 });
  if (options.threads <= 1) {
    for (let seed = range.first; seed <= range.last; seed++) record(solveSeedTask(task(seed)));
  } else {
    const pool = new Piscina<SeedTask, SeedVerdict>({ filename: fileURLToPath(new URL('../../games/klondike/solver/worker.js', import.meta.url)), minThreads: options.threads, maxThreads: options.threads });
    try {
      const runs: Promise<void>[] = [];
      for (let seed = range.first; seed <= range.last; seed++) runs.push(pool.run(task(seed)).then(record));
      await Promise.all(runs);
    } finally {
      await pool.destroy();
    }
  }
  undecided.sort((a, b) => a - b);
  unwinnable.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const { low, high } = wilsonInterval(counts.winnable, total);
  const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
  out(`Klondike deals ${String(range.first)}..${String(range.last)}: ${String(options.piles)} piles, ${String(options.draw)} draw cards shown (${RULES}); budget ${String(options.budgetMs)} ms and ${String(options.maxStates)} positions per deal.`);
  out(`Winnable ${String(counts.winnable)}, unwinnable ${String(counts.unwinnable)}, undecided ${String(counts.undecided)} of ${String(total)}.`);
  out(`Winnable share: ${pct(counts.winnable / total)} (95% Wilson CI ${pct(low)}–${pct(high)}); undecided deals count as not winnable here, so the true share is at most ${pct((counts.winnable + counts.undecided) / total)}.`);
  out(`Time per deal: median ${times[Math.floor((times.length - 1) / 2)]!.toFixed(1)} ms, slowest ${times[times.length - 1]!.toFixed(1)} ms.`);
  if (unwinnable.length > 0) out(`Unwinnable: ${unwinnable.join(' ')}`);
  if (undecided.length > 0) out(`Undecided: ${undecided.join(' ')}`);
}

export function registerSolve(command: Command): Command {
  command
    .command('solve')
    .description('decide whether a seeded deal can be won with every card known, and show a winning line in the commands of `klondike play`')
    .option('--seed <n>', 'deal number (the deal `klondike play --seed N` shows)', parseSeed)
    .option('--seeds <a..b>', 'classify the deals a..b, one after another', parseSeedRange)
    .option('--piles <n>', 'cascade piles', parsePositiveInt('The number of piles'), 7)
    .option('--draw <n>', 'draw cards shown (it changes what is shown, not which moves are legal)', parsePositiveInt('The number of draw cards'), 3)
    .option('--budget-ms <ms>', 'time limit per deal in milliseconds', parsePositiveInt('The time budget'), DEFAULT_BUDGET.timeMs)
    .option('--max-states <n>', 'limit on positions searched per deal', parsePositiveInt('The position budget'), DEFAULT_BUDGET.maxStates)
    .option('--threads <n>', 'worker threads for --seeds (1: this thread)', parsePositiveInt('The number of threads'), 1)
    .option('--moves-only', 'print only the winning line, one command per line (nothing when there is none)')
    .action(async (options: SolveOptions) => {
      const out = (line: string): void => {
        process.stdout.write(`${line}\n`);
      };
      if ((options.seed === undefined) === (options.seeds === undefined)) throw new UsageError('Give either --seed N or --seeds a..b.');
      if (options.seeds !== undefined) {
        if (options.movesOnly === true) throw new UsageError('--moves-only goes with --seed, not --seeds.');
        const tty = process.stderr.isTTY;
        await solveRange(options.seeds, options, out, (text) => {
          if (tty) process.stderr.write(`\r${text}`);
        });
        if (tty) process.stderr.write('\n');
        return;
      }
      solveOne(options.seed!, options, out);
    });
  return command;
}
