/**
 * The second side of `tabletop connect-four solve --analyze` on two threads (two-sided.ts): a
 * worker thread with a solver of its own, the same books and table size as the command's, that
 * takes columns from the other end of each analysis the command asks it to join.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { SecondSideRunner, type JoinAnalysis, type SideMessage } from '../../games/connect-four/solver/two-sided.js';
import { loadSolveBooks } from './solve-books.js';

/** What the command gives the helper once. */
export interface AnalysisHelperData {
  /** `--book`'s file, false for `--no-book`, undefined for the shipped books. */
  readonly book: string | false | undefined;
  readonly table: number;
}

const port = parentPort!;
const data = workerData as AnalysisHelperData;
// The command warns about books left out; the helper searches without them as well, silently.
const solver = new Solver({ tableSize: data.table, ...loadSolveBooks(data.book, () => undefined) });
const runner = new SecondSideRunner(
  (message) => port.postMessage(message),
  () => new Promise((resolve) => setImmediate(resolve)),
);
port.on('message', (message: JoinAnalysis | SideMessage) => void runner.handle(message, () => solver));
