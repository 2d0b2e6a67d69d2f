/**
 * Classifying a range of seeded Klondike deals (`klondike solve --seeds`) as a job of the lab's
 * runner (src/lab/jobs.ts, job-runner.ts) — the job is the command's, the lab runs any job and names
 * no game: deal `firstDeal + i` is item i, and a batch solves its deals and lists each
 * one's verdict. So a long classification is saved with `--out`, continued with `--resume` and
 * split over threads like any job, and a resumed run keeps the saved budget: a journal's records
 * name the first deal, the pile count and the budget, and records of another budget never combine.
 */
import { klondikeRuleSet } from '../../games/klondike/rule-set.js';
import { solveSeed } from '../../games/klondike/solver/deal.js';
import type { SolveVerdict } from '../../games/klondike/solver/solver.js';
import { JobJournalError, type JobIdentity } from '../../lab/jobs.js';
import { builtScript } from '../../lab/module-probe.js';

export const CLASSIFY_JOB = 'klondike deal classification';

export interface ClassifyParams {
  /** The number of the range's first deal (`klondike play --seed N` deals deal N). */
  readonly firstDeal: number;
  /** Cascade piles of the deals (the draw size changes no verdict, so it is not a parameter). */
  readonly piles: number;
  /** Per deal: wall-clock limit in milliseconds and limit on positions searched. */
  readonly timeMs: number;
  readonly maxStates: number;
  /**
   * Standard rules: the cards turned at a time and the passes through the stock (null: unlimited).
   * Absent for the assignment's rules, whose journals stay as they were.
   */
  readonly standard?: { readonly draw: number; readonly passes: number | null };
  /**
   * The deals themselves, when they are not a range (`solve --retry-undecided`: a run's undecided
   * deals again, on a larger budget): item i is deal `deals[i]`, and `firstDeal` is unused (0).
   */
  readonly deals?: readonly number[];
}

/** The number of item `i` of a classification: a deal of its list, or of its range. */
export function dealAt(params: ClassifyParams, i: number): number {
  return params.deals === undefined ? params.firstDeal + i : params.deals[i]!;
}

/** The job of classifying `deals` deals from params.firstDeal on. */
export function classifyJob(params: ClassifyParams, deals: number): JobIdentity {
  const { firstDeal, piles, timeMs, maxStates, standard, deals: list } = params;
  return {
    job: CLASSIFY_JOB,
    params: { firstDeal, piles, timeMs, maxStates, ...(standard === undefined ? {} : { standard: { draw: standard.draw, passes: standard.passes } }), ...(list === undefined ? {} : { deals: [...list] }) },
    count: deals,
  };
}

/** The parameters of a classification job; a JobJournalError for any other job. */
export function classifyParams(identity: JobIdentity): ClassifyParams {
  const { firstDeal, piles, timeMs, maxStates, standard, deals } = (identity.params ?? {}) as Partial<ClassifyParams>;
  const count = (x: unknown, least: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= least;
  const rulesOk = standard === undefined || (typeof standard === 'object' && standard !== null && count(standard.draw, 1) && (standard.passes === null || count(standard.passes, 1)));
  const dealsOk = deals === undefined || (Array.isArray(deals) && deals.length === identity.count && deals.every((deal) => count(deal, 0)));
  if (identity.job !== CLASSIFY_JOB || !count(firstDeal, 0) || !count(piles, 1) || !count(timeMs, 1) || !count(maxStates, 1) || !rulesOk || !dealsOk) {
    throw new JobJournalError(`not a classification of Klondike deals (it holds the job '${identity.job}' ${JSON.stringify(identity.params)})`);
  }
  return { firstDeal, piles, timeMs, maxStates, ...(standard === undefined ? {} : { standard }), ...(deals === undefined ? {} : { deals }) };
}

/** One deal's classification. */
export interface DealResult {
  /** The deal number (`klondike play --seed N`). */
  readonly deal: number;
  readonly verdict: SolveVerdict;
  /** Wall-clock milliseconds the solver took, to 0.1 ms. */
  readonly ms: number;
  /** Positions searched. */
  readonly positions: number;
}

const VERDICTS: readonly string[] = ['winnable', 'unwinnable', 'undecided'];

function isDealResult(x: unknown, deal: number): x is DealResult {
  if (typeof x !== 'object' || x === null) return false;
  const { deal: number, verdict, ms, positions } = x as Record<string, unknown>;
  return number === deal && typeof verdict === 'string' && VERDICTS.includes(verdict) && typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 && typeof positions === 'number' && Number.isSafeInteger(positions) && positions >= 0;
}

/**
 * The deals' results in a classification's records (a journal's and a run's), by deal; a record
 * whose list is not one result per deal of its range, in order, is a JobJournalError naming `path`.
 */
export function dealResults(records: readonly { readonly start: number; readonly end: number; readonly result: unknown }[], params: ClassifyParams, path: string): DealResult[] {
  const deals: DealResult[] = [];
  for (const { start, end, result } of records) {
    const list = result as unknown[];
    if (!Array.isArray(list) || list.length !== end - start || !list.every((d, k) => isDealResult(d, dealAt(params, start + k)))) {
      const which = params.deals === undefined ? `${String(params.firstDeal + start)}..${String(params.firstDeal + end - 1)}` : params.deals.slice(start, end).join(', ');
      throw new JobJournalError(`${path}: the record of deals ${which} does not list one result per deal`);
    }
    deals.push(...(list as DealResult[]));
  }
  return deals.sort((a, b) => a.deal - b.deal);
}

/** Solves the deals of items start .. end − 1 (`dealAt`). */
export function classifyDeals(params: ClassifyParams, start: number, end: number): DealResult[] {
  const { piles, timeMs, maxStates, standard } = params;
  const rules = standard === undefined ? {} : klondikeRuleSet({ rules: 'standard', ...standard });
  const deals: DealResult[] = [];
  for (let i = start; i < end; i++) {
    const deal = dealAt(params, i);
    const { verdict, elapsedMs, states } = solveSeed(deal, piles, 3, { timeMs, maxStates }, rules);
    deals.push({ deal, verdict, ms: Math.round(elapsedMs * 10) / 10, positions: states });
  }
  return deals;
}

/** dist/cli/klondike/classify-worker.js next to this module in the build; from the sources (tests), the built copy. */
export const classifyWorkerFile = (): string => builtScript(new URL('./classify-worker.js', import.meta.url));
