/**
 * A worker thread of `tabletop connect-four book strategy` (run by the lab's job runner,
 * lab/job-runner.ts): proves the strategies of items start … end − 1 (strategy-job.ts), with one
 * solver per thread whose table is kept from item to item (a cache only: the answers recorded
 * do not depend on it).
 */
import { workerData } from 'piscina';
import { OpeningBook } from '../../games/connect-four/book/book.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import type { JobTask } from '../../lab/job-runner.js';
import { proveStrategyItem, type StrategyItemResult, type StrategyJobParams } from './strategy-job.js';

/** What every thread needs once. */
export interface StrategyWorkerData {
  readonly tableSize: number;
  /** The encoded `--from` book (its fingerprint is in the job's parameters). */
  readonly from?: Uint8Array | undefined;
}

const data = workerData as StrategyWorkerData;
const solver = new Solver({ tableSize: data.tableSize });
const from = data.from === undefined ? undefined : OpeningBook.decode(data.from);

export default function proveStrategies(task: JobTask): StrategyItemResult[] {
  const params = task.params as unknown as StrategyJobParams;
  const results: StrategyItemResult[] = [];
  for (let index = task.start; index < task.end; index++) results.push(proveStrategyItem(params, index, solver, from));
  return results;
}
