/**
 * Grading a range of seeded Klondike deals (`klondike grade`) as a job of the lab's runner
 * (src/lab/jobs.ts, job-runner.ts): deal `firstDeal + i` is item i, and a batch measures its deals
 * (difficulty-measure.ts: the solver's proof, then the honest player's runs). So a long grading
 * is saved to its journal, continued by running the same command again, split over threads and
 * over machines (`--shard i/n`, then `--merge`) like any job; journals of other parameters never
 * combine.
 */
import type { DealMeasure, GradingParams } from '../../games/klondike/difficulty.js';
import { measureDeal } from '../../games/klondike/difficulty-measure.js';
import { JobJournalError, type JobIdentity } from '../../lab/jobs.js';
import { builtScript } from '../../lab/module-probe.js';

export const GRADE_JOB = 'klondike deal grading';

export interface GradeJobParams extends GradingParams {
  /** The number of the range's first deal. */
  readonly firstDeal: number;
}

/** One deal's measurements, with the wall-clock milliseconds they took (to 1 ms; not in the table). */
export interface GradedDeal extends DealMeasure {
  readonly ms: number;
}

export function gradeJob(params: GradeJobParams, deals: number): JobIdentity {
  const { firstDeal, rules, draw, passes, runs, checkRuns, maxStates, seed } = params;
  return { job: GRADE_JOB, params: { firstDeal, rules, draw, passes, runs, checkRuns, maxStates, seed }, count: deals };
}

/** The parameters of a grading job; a JobJournalError for any other job. */
export function gradeJobParams(identity: JobIdentity): GradeJobParams {
  const p = (identity.params ?? {}) as Partial<Record<keyof GradeJobParams, unknown>>;
  const count = (x: unknown, least: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= least;
  const ok = identity.job === GRADE_JOB && count(p.firstDeal, 0) && (p.rules === 'standard' || p.rules === 'assignment') && count(p.draw, 1) && (p.passes === null || count(p.passes, 1)) && count(p.runs, 1) && count(p.checkRuns, 0) && count(p.maxStates, 1) && count(p.seed, 0);
  if (!ok) throw new JobJournalError(`not a grading of Klondike deals (it holds the job '${identity.job}' ${JSON.stringify(identity.params)})`);
  return p as GradeJobParams;
}

/** Measures deals firstDeal + start .. firstDeal + end − 1. */
export function gradeDeals(params: GradeJobParams, start: number, end: number): GradedDeal[] {
  const deals: GradedDeal[] = [];
  for (let i = start; i < end; i++) {
    const started = performance.now();
    const measure = measureDeal(params.firstDeal + i, params);
    deals.push({ ...measure, ms: Math.round(performance.now() - started) });
  }
  return deals;
}

function isGradedDeal(x: unknown, deal: number, params: GradeJobParams): x is GradedDeal {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Record<string, unknown>;
  const whole = (v: unknown, most = Number.MAX_SAFE_INTEGER): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= most;
  return d['deal'] === deal && (d['verdict'] === 'winnable' || d['verdict'] === 'unwinnable' || d['verdict'] === 'undecided') && whole(d['positions']) && whole(d['wins'], params.runs) && whole(d['checkWins'], params.checkRuns) && whole(d['ms']);
}

/** The deals of a grading's records, by deal; a record that is not one result per deal of its range is a JobJournalError naming `path`. */
export function gradedDeals(records: readonly { readonly start: number; readonly end: number; readonly result: unknown }[], params: GradeJobParams, path: string): GradedDeal[] {
  const deals: GradedDeal[] = [];
  for (const { start, end, result } of records) {
    const list = result as unknown[];
    if (!Array.isArray(list) || list.length !== end - start || !list.every((d, k) => isGradedDeal(d, params.firstDeal + start + k, params))) {
      throw new JobJournalError(`${path}: the record of deals ${String(params.firstDeal + start)}..${String(params.firstDeal + end - 1)} does not list one graded deal per deal`);
    }
    deals.push(...(list as GradedDeal[]));
  }
  return deals.sort((a, b) => a.deal - b.deal);
}

/** dist/cli/klondike/grade-worker.js next to this module in the build; from the sources (tests), the built copy. */
export const gradeWorkerFile = (): string => builtScript(new URL('./grade-worker.js', import.meta.url));
