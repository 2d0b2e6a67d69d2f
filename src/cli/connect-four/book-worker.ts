/**
 * A worker thread of `tabletop connect-four book build`: solves the positions it is sent, one at a
 * time, with its own solver (its table kept for the whole build: neighbouring positions of a
 * level share most of their subtrees).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { OpeningBook } from '../../games/connect-four/book/book.js';
import { Position } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';

export interface BookTask {
  readonly moves: string;
}

export interface BookWorkerData {
  readonly tableSize: number;
  /** An encoded book of exact scores (`--from`): its positions are answered without search. */
  readonly book?: Uint8Array | undefined;
  /** An encoded strategy book (`--values`): its values bound the searches. */
  readonly values?: Uint8Array | undefined;
}

export interface BookResult {
  readonly moves: string;
  readonly score: number;
  readonly nodes: number;
  readonly ms: number;
}

const port = parentPort;
if (port === null) throw new Error('book-worker.js runs as a worker thread');
const data = workerData as BookWorkerData;
const solver = new Solver({
  tableSize: data.tableSize,
  ...(data.book === undefined ? {} : { book: OpeningBook.decode(data.book) }),
  ...(data.values === undefined ? {} : { values: OpeningBook.decode(data.values) }),
});
port.on('message', (task: BookTask) => {
  const position = Position.fromMoves(task.moves);
  const nodes = solver.nodes;
  const start = performance.now();
  const score = solver.solve(position);
  const result: BookResult = { moves: task.moves, score, nodes: solver.nodes - nodes, ms: performance.now() - start };
  port.postMessage(result);
});
