/**
 * Classifying a range of seeded deals as a lab experiment: deal `first + i` is "game" i, and a
 * batch solves its deals and tallies the verdicts. It runs on the lab's runner (`BatchSource`:
 * worker threads, batches, progress, results files, resume), so a long classification can be
 * saved with `--out`, continued with `--resume` and split over threads like any lab run.
 *
 * The experiment: game `klondike`, one lineup `[solver]`, seed = the first deal number, games = the
 * number of deals, `params` = the pile count and the budget (`ClassifyParams` as canonical JSON),
 * so a resumed run uses the saved budget and records of different budgets never combine.
 *
 * The tally, per deal: a winnable deal scores 1 and counts as a win; an unwinnable (proved) one
 * scores 0 and counts as a loss; an undecided one scores 0 and counts as a draw. So `wins` is the
 * number of winnable deals, `losses` of proved unwinnable ones, `draws` of undecided ones.
 *
 * Each batch's tally also carries `deals`, one `DealResult` per deal (its number, verdict, time and
 * positions searched). The lab keeps a batch's tally as it is in the batch's record (and in
 * `LabRunOutcome.batches`, the records' included), so a saved or resumed classification can list
 * its unwinnable and undecided deals (`dealResults`); the lab's own sums ignore the field.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExperimentConfig, Tally } from '../experiment.js';
import type { BatchSource } from '../runner.js';
import { emptyTally } from '../experiment.js';
import { solveSeed } from '../../games/klondike/solver/deal.js';
import type { SolveVerdict } from '../../games/klondike/solver/solver.js';

/** The solver agent's id in the Klondike lab game: the lineup of a classification. */
export const SOLVER_AGENT = 'solver';

export interface ClassifyParams {
  /** Cascade piles of the deals (the draw size changes no verdict, so it is not a parameter). */
  readonly piles: number;
  /** Per deal: wall-clock limit in milliseconds and limit on positions searched. */
  readonly timeMs: number;
  readonly maxStates: number;
}

/** The experiment of classifying deals first .. first + count − 1. */
export function classifyConfig(first: number, params: ClassifyParams): ExperimentConfig {
  return { game: 'klondike', lineups: [[SOLVER_AGENT]], seed: first, paired: false, params: paramsText(params) };
}

/** Canonical JSON, so equal parameters give equal text. */
export function paramsText(params: ClassifyParams): string {
  return JSON.stringify({ piles: params.piles, timeMs: params.timeMs, maxStates: params.maxStates });
}

/** The parameters of a classification experiment; RangeError for any other experiment. */
export function classifyParams(config: ExperimentConfig): ClassifyParams {
  let value: unknown;
  try {
    value = JSON.parse(config.params ?? '');
  } catch {
    value = undefined;
  }
  const { piles, timeMs, maxStates } = (value ?? {}) as Partial<ClassifyParams>;
  const positive = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1;
  if (config.game !== 'klondike' || config.lineups.length !== 1 || config.lineups[0]![0] !== SOLVER_AGENT || !positive(piles) || !positive(timeMs) || !positive(maxStates)) {
    throw new RangeError(`Not a Klondike deal classification: ${JSON.stringify(config)}`);
  }
  return { piles, timeMs, maxStates };
}

/** One deal's classification. */
export interface DealResult {
  /** The deal number (`klondike play --seed N`). */
  readonly seed: number;
  readonly verdict: SolveVerdict;
  /** Wall-clock milliseconds the solver took, to 0.1 ms. */
  readonly ms: number;
  /** Positions searched. */
  readonly positions: number;
}

/** A batch's tally with its deals' results (see the file's comment). */
export interface ClassifyTally extends Tally {
  deals: DealResult[];
}

const VERDICTS: readonly string[] = ['winnable', 'unwinnable', 'undecided'];

function isDealResult(x: unknown): x is DealResult {
  if (typeof x !== 'object' || x === null) return false;
  const { seed, verdict, ms, positions } = x as Record<string, unknown>;
  const count = (n: unknown): boolean => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  return count(seed) && typeof verdict === 'string' && VERDICTS.includes(verdict) && typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && count(positions);
}

/**
 * The deals' results held by a classification's batches (a run's `LabRunOutcome.batches`: the
 * results file's and this run's), sorted by deal, and how many deals they lack: batches saved before
 * results were kept per deal, or whose list does not match their games, count as missing.
 */
export function dealResults(batches: readonly { readonly start: number; readonly end: number; readonly tally: Tally }[]): { deals: DealResult[]; missing: number } {
  const deals: DealResult[] = [];
  let missing = 0;
  for (const { start, end, tally } of batches) {
    const list = (tally as Partial<ClassifyTally>).deals;
    if (Array.isArray(list) && list.length === end - start && list.every(isDealResult)) deals.push(...list);
    else missing += end - start;
  }
  deals.sort((a, b) => a.seed - b.seed);
  return { deals, missing };
}

/** Solves deals config.seed + start .. config.seed + end − 1 and tallies the verdicts (see the file's comment). */
export function classifyDeals(config: ExperimentConfig, start: number, end: number): ClassifyTally {
  const { piles, timeMs, maxStates } = classifyParams(config);
  const tally: ClassifyTally = { ...emptyTally(config), deals: [] };
  const lineup = tally.lineups[0]!;
  const seat = lineup.seats[0]!;
  for (let i = start; i < end; i++) {
    const { verdict, elapsedMs, states } = solveSeed(config.seed + i, piles, 3, { timeMs, maxStates });
    tally.deals.push({ seed: config.seed + i, verdict, ms: Math.round(elapsedMs * 10) / 10, positions: states });
    lineup.games++;
    // The score distribution (one count per score, as the lab's records check): 1 or 0 here.
    if (seat.scores !== undefined) seat.scores[verdict === 'winnable' ? 1 : 0]!++;
    if (verdict === 'winnable') {
      seat.sum++;
      seat.sumSq++;
      seat.wins++;
    } else {
      seat.atMin++;
      if (verdict === 'unwinnable') seat.losses++;
      else seat.draws++;
    }
  }
  return tally;
}

/** dist/lab/klondike/worker.js next to this module in the build; from the sources (tests), the built copy. */
export function classifyWorkerFile(): string {
  const sibling = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(sibling))) return fileURLToPath(sibling);
  const built = new URL('../../../dist/lab/klondike/worker.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return fileURLToPath(built);
  throw new Error('The Klondike solver worker is missing: run `npm run build` first (or use one thread).');
}

/** The classification as the lab runner's batch source. */
export const classifySource = (): BatchSource => ({ workerFile: classifyWorkerFile(), play: classifyDeals });
