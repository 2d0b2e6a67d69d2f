/**
 * Labelling sample positions for the evaluation's tuning (games/connect-four/players/tuning.ts) as
 * a job of the lab's runner (lab/jobs.ts, lab/job-runner.ts): sample i of the seed is item i, and a batch
 * lists each sample's label. So a labelling run is resumed, split over threads and sharded over
 * machines like any job, and the shards' journals add up to the one process's labels.
 *
 * A label depends only on the position, the node budget and the size of the solver's table:
 * `labelPosition` clears the table before each search, so what a thread labelled before never
 * changes a label (a warm table would settle more positions within the budget, and which ones
 * would depend on the order). The table size is therefore one of the job's parameters.
 */
import { labelPosition, samplePosition, type LabelledPosition } from '../../games/connect-four/players/tuning.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { JobJournalError, type JobIdentity } from '../../lab/jobs.js';
import { builtScript } from '../../lab/module-probe.js';

export const TUNING_LABELS_JOB = 'connect-four tuning labels';

/** Transposition-table entries of the labelling solver (a parameter of the labels, see above). */
export const LABEL_TABLE_ENTRIES = 1 << 20;

export interface TuningLabelParams {
  /** The seed of the sampling games. */
  readonly seed: number;
  /** The solver's node budget per position: positions it does not settle within it stay unlabelled. */
  readonly maxNodes: number;
  /** The solver's table entries. */
  readonly table: number;
}

/** The job of labelling samples 0 … positions − 1. */
export function tuningLabelsJob(params: TuningLabelParams, positions: number): JobIdentity {
  return { job: TUNING_LABELS_JOB, params: { seed: params.seed, maxNodes: params.maxNodes, table: params.table }, count: positions };
}

/** The parameters of a labelling job; a JobJournalError for any other job. */
export function tuningLabelParams(identity: JobIdentity): TuningLabelParams {
  const { seed, maxNodes, table } = (identity.params ?? {}) as Partial<TuningLabelParams>;
  const whole = (x: unknown, least: number): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= least;
  if (identity.job !== TUNING_LABELS_JOB || !whole(seed, 0) || !whole(maxNodes, 1) || !whole(table, 1)) {
    throw new JobJournalError(`not a labelling of tuning positions (it holds the job '${identity.job}' ${JSON.stringify(identity.params)})`);
  }
  return { seed, maxNodes, table };
}

let solver: { table: number; solver: Solver } | undefined;

/** Samples start … end − 1 of the job, labelled; a sample the sampler skips is listed without moves and unlabelled. */
export function labelSamples(params: TuningLabelParams, start: number, end: number): LabelledPosition[] {
  if (solver?.table !== params.table) solver = { table: params.table, solver: new Solver({ tableSize: params.table }) };
  const labelled: LabelledPosition[] = [];
  for (let index = start; index < end; index++) {
    const moves = samplePosition(params.seed, index);
    labelled.push(moves === null ? { index, moves: '', label: null, nodes: 0 } : labelPosition(solver.solver, index, moves, params.maxNodes));
  }
  return labelled;
}

function isLabelled(x: unknown, index: number): x is LabelledPosition {
  if (typeof x !== 'object' || x === null) return false;
  const { index: i, moves, label, nodes } = x as Record<string, unknown>;
  return i === index && typeof moves === 'string' && /^[1-7]*$/.test(moves) && (label === null || label === -1 || label === 0 || label === 1) && typeof nodes === 'number' && Number.isSafeInteger(nodes) && nodes >= 0;
}

/**
 * The labelled samples of a labelling job's records, by index; a record whose list is not one
 * sample per item of its range, in order, is a JobJournalError naming `path`.
 */
export function labelsOf(records: readonly { readonly start: number; readonly end: number; readonly result: unknown }[], path: string): LabelledPosition[] {
  const labels: LabelledPosition[] = [];
  for (const { start, end, result } of records) {
    const list = result as unknown[];
    if (!Array.isArray(list) || list.length !== end - start || !list.every((x, k) => isLabelled(x, start + k))) {
      throw new JobJournalError(`${path}: the record of samples ${String(start)}..${String(end - 1)} does not list one labelled sample per item`);
    }
    labels.push(...(list as LabelledPosition[]));
  }
  return labels.sort((a, b) => a.index - b.index);
}

/** dist/bench/tune-alphabeta/tuning-labels-worker.js next to this module in the build; from the sources (tests), the built copy. */
export const tuningLabelsWorkerFile = (): string => builtScript(new URL('./tuning-labels-worker.js', import.meta.url));
