/**
 * Show solution's analysis helper: the second side of each analysis of Show solution's worker
 * (src/games/connect-four/solver/two-sided.ts), with a solver of its own. It fetches nothing: the
 * worker gives it each book file it takes in, in the same order, so its books are the worker's.
 * Terminated with that worker (a worker's own workers end with it).
 */
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { Solver } from '../../../src/games/connect-four/solver/solver.js';
import { SecondSideRunner } from '../../../src/games/connect-four/solver/two-sided.js';
import type { HelperRequest } from './protocol.js';

let values: OpeningBook | undefined;
let opening: OpeningBook | undefined;
/** Made again after each book file (only its table, a cache, is lost). */
let solver: Solver | null = null;

const runner = new SecondSideRunner(
  (message) => self.postMessage(message),
  () => new Promise((resolve) => setTimeout(resolve, 0)),
);

self.onmessage = (event: MessageEvent<HelperRequest>) => {
  const message = event.data;
  if (message.kind !== 'book') {
    void runner.handle(message, () => (solver ??= new Solver({ ...(values === undefined ? {} : { values }), ...(opening === undefined ? {} : { book: opening }), prefaultTable: false })));
    return;
  }
  // The worker took this file in, so it decodes and merges here too; were it not to, the helper
  // would only search more, never answer otherwise.
  try {
    const book = OpeningBook.decode(message.bytes);
    if (message.role === 'values') values = book;
    else opening = opening === undefined ? book : OpeningBook.merge(opening, book);
    solver = null;
  } catch (error) {
    console.warn(`Connect Four: the analysis helper left a book file out: ${error instanceof Error ? error.message : String(error)}`);
  }
};
