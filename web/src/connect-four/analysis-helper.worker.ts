/**
 * Show solution's analysis helper: the second side of each analysis of Show solution's worker
 * (src/games/connect-four/solver/two-sided.ts), with a solver of its own. It fetches nothing: the
 * worker gives it each book file it takes in, in the same order, so its books are the worker's.
 * Terminated with that worker (a worker's own workers end with it).
 */
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { Solver } from '../../../src/games/connect-four/solver/solver.js';
import { SecondSideRunner } from '../../../src/games/connect-four/solver/two-sided.js';
import type { HelperRequest, HelperResponse } from './protocol.js';
import { withBookFiles, type Books } from './books.js';

let books: Books = {};
/** Made again after each book file (only its table, a cache, is lost). */
let solver: Solver | null = null;

const runner = new SecondSideRunner(
  (message) => self.postMessage(message),
  () => new Promise((resolve) => setTimeout(resolve, 0)),
);

/**
 * The helper's solver, its table faulted in as it is made (unlike the worker's, which may answer
 * from the books alone): the helper only ever searches, and it is made while the first side
 * searches its first column. Twelve 10- to 12-stone Begin-Hard positions took 7.15–7.18 s in all on
 * a first visit with it, against 7.64–7.79 s with the table faulted in during the search (medians
 * of three visits each).
 */
const currentSolver = (): Solver => (solver ??= new Solver({ ...books }));

/** Book files not taken in yet: taken in before the next analysis, or once the one under way is over. */
const pending: Extract<HelperRequest, { kind: 'book' }>[] = [];
let analysing = false;

function takeInPending(): void {
  for (const message of pending.splice(0)) {
    // The worker took this file in, so it decodes and merges here too; were it not to, the
    // helper would only search more, never answer otherwise.
    try {
      books = withBookFiles(books, message.role, [OpeningBook.decode(message.bytes)]);
      solver = null;
    } catch (error) {
      console.warn(`Connect Four: the analysis helper left a book file out: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

self.onmessage = (event: MessageEvent<HelperRequest>) => {
  const message = event.data;
  if (message.kind === 'book') {
    // A file that arrives during an analysis (a deep level, fetched after the worker was ready)
    // waits for its end: the analysis does not need it, and decoding it would stop the search.
    pending.push(message);
    if (!analysing) takeInPending();
  } else if (message.kind === 'hello') {
    const up: HelperResponse = { kind: 'up' };
    self.postMessage(up);
  } else if (message.kind === 'analyse') {
    takeInPending();
    analysing = true;
    void runner.handle(message, currentSolver).finally(() => {
      analysing = false;
      takeInPending();
    });
  } else void runner.handle(message, currentSolver);
};
