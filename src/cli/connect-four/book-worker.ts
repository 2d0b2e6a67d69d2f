/**
 * A worker thread of `tabletop connect-four book build` (run by the lab's job runner,
 * lab/job-runner.ts): solves positions start … end − 1 of the level it is sent, with one solver
 * per thread (its table kept for the whole build: neighbouring positions of a level share most of
 * their subtrees).
 */
import { workerData } from 'piscina';
import { OpeningBook } from '../../games/connect-four/book/book.js';
import { Position } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import type { JobTask } from '../../lab/job-runner.js';
import { bookLevelOf, type BookJobParams, type BookJobResult } from './book-job.js';

/** What every thread needs once; none of it changes a score. */
export interface BookWorkerData {
  readonly tableSize: number;
  /** An encoded book of exact scores (`--from`): its positions are answered without search. */
  readonly book?: Uint8Array | undefined;
  /** An encoded strategy book (`--values`): its values bound the searches. */
  readonly values?: Uint8Array | undefined;
}

const data = workerData as BookWorkerData;
const solver = new Solver({
  tableSize: data.tableSize,
  ...(data.book === undefined ? {} : { book: OpeningBook.decode(data.book) }),
  ...(data.values === undefined ? {} : { values: OpeningBook.decode(data.values) }),
});

export default function solveBookPositions(task: JobTask): BookJobResult {
  const level = bookLevelOf(task.params as unknown as BookJobParams);
  const result: [string, number][] = [];
  for (let i = task.start; i < task.end; i++) {
    const { moves } = level[i]!;
    result.push([moves, solver.solve(Position.fromMoves(moves))]);
  }
  return result;
}
