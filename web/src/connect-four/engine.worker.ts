/**
 * The engine worker: the computer's moves, the solver's analysis and the coach's scores, off the page's thread. It
 * runs the project's own engines (src/games/connect-four) unchanged. Searches are synchronous, so
 * the page cancels one by terminating the worker; state kept here (the solver's transposition
 * table) is only a cache that makes later requests faster.
 */
import { Position, WIDTH } from '../../../src/games/connect-four/position.js';
import { Solver } from '../../../src/games/connect-four/solver/solver.js';
import { AlphaBetaPlayer } from '../../../src/games/connect-four/players/alphabeta.js';
import { PERFECT_BUDGET_MS, SolverPlayer } from '../../../src/games/connect-four/players/solver-player.js';
import { RandomPlayer } from '../../../src/games/connect-four/players/random.js';
import { OpeningBook } from '../../../src/games/connect-four/book/book.js';
import { columnText } from '../../../src/games/connect-four/solver/answers.js';
import { scoreColumns } from '../../../src/games/connect-four/coach.js';
import { SecondSide } from '../../../src/games/connect-four/solver/two-sided.js';
import { ANALYSIS_HELPER_NAME, SOLUTION_WORKER_NAME, type EngineRequest, type EngineResponse, type HelperRequest, type HelperResponse } from './protocol.js';
import { deepPartUrl, OPENING_URL, VALUES_URL } from './book-urls.js';
import { deepPartsWaitedFor, ownDeepPart, type DeepParts } from './deep-book.js';
import { withBookFiles, type BookRole, type Books } from './books.js';
import { DEEP_LEVEL_PARTS, SHIPPED_DEEP_LEVELS, type ShippedDeepLevel } from '../../../src/games/connect-four/book/shipped.js';

/** The books every request needs: the strategy book and the opening levels. */
let books: Promise<Books> | null = null;
/** The books as they are now: those of `books`, with each deep level merged in once it has arrived. */
let current: Books = {};
/** Each part of the opening book's deep levels fetched so far, by `level/index`: its file, or undefined if it cannot be used. */
const deepParts = new Map<string, Promise<BookFile | undefined>>();
/** The deep parts merged into `current` (by `level/index`). */
const deepPartsTakenIn = new Set<string>();
/** Whether every deep part has been asked for, in turn (`loadDeepLevels`). */
let deepLevelsAsked = false;

/** A book file read, and its bytes (which the analysis helper is given). */
interface BookFile {
  readonly book: OpeningBook;
  readonly bytes: Uint8Array;
}

/** A book file, or undefined if it cannot be fetched or is damaged (then everything is searched, as without it). */
function fetchBook(url: URL, name: string): Promise<BookFile | undefined> {
  return fetch(url)
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`HTTP ${String(response.status)}`))))
    .then((buffer) => {
      const bytes = new Uint8Array(buffer);
      return { book: OpeningBook.decode(bytes), bytes };
    })
    .catch((error: unknown) => {
      console.warn(`Connect Four: the ${name} is not used: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    });
}

/**
 * The book files taken in so far, in order, until Show solution's analysis helper is started (it is
 * then given them all, and each later one as it comes): with them in the same order its books are
 * this worker's. Emptied once given (their bytes, 22 MB with every deep level, are not kept twice).
 */
const booksTakenIn: Extract<HelperRequest, { kind: 'book' }>[] = [];

function takeIn(role: BookRole, file: BookFile): void {
  const message = { kind: 'book', role, bytes: file.bytes } as const;
  if (helperAsked) helperWorker?.postMessage(message);
  else booksTakenIn.push(message);
}

function loadBooks(): Promise<Books> {
  books ??= Promise.all([fetchBook(VALUES_URL, 'strategy book'), fetchBook(OPENING_URL, 'opening book')]).then(([values, book]) => {
    current = withBookFiles(withBookFiles({}, 'values', values === undefined ? [] : [values.book]), 'opening', book === undefined ? [] : [book.book]);
    if (values !== undefined) takeIn('values', values);
    if (book !== undefined) takeIn('opening', book);
    return current;
  });
  return books;
}

const partName = (level: ShippedDeepLevel, index: number): string => `${String(level)}/${String(index)}`;

/** A part of a deep level, fetched once (the fetch shared by every request that needs it). */
function fetchDeepPart(level: ShippedDeepLevel, index: number): Promise<BookFile | undefined> {
  const name = partName(level, index);
  let fetching = deepParts.get(name);
  if (fetching === undefined) {
    fetching = fetchBook(deepPartUrl(level, index), `opening book's level of ${String(level)} stones (part ${String(index)} of ${String(DEEP_LEVEL_PARTS[level])})`);
    deepParts.set(name, fetching);
  }
  return fetching;
}

/**
 * Fetches parts of a deep level (each once, beside the first books if they are still coming) and
 * merges those not merged yet into the opening book, in one merge. The solver and the perfect
 * player are made again with the merged book at their next request: only their tables, caches,
 * are lost. A part that is missing, damaged or at odds with the book is left out (its positions
 * are searched).
 */
async function loadDeepParts(level: ShippedDeepLevel, indices: readonly number[]): Promise<void> {
  const [, ...files] = await Promise.all([loadBooks(), ...indices.map((index) => fetchDeepPart(level, index))]);
  // Not in the middle of a two-sided analysis (which lets messages in between its columns): it
  // does not need these parts, or it would have waited for them, and both its threads would stop
  // searching to merge them.
  while (analysisRunning !== null) await analysisRunning;
  // From here to the merge nothing waits: no other call takes the same parts in meanwhile.
  const fresh = indices.flatMap((index, i) => (files[i] === undefined || deepPartsTakenIn.has(partName(level, index)) ? [] : [{ index, file: files[i] }]));
  if (fresh.length === 0) return;
  try {
    current = withBookFiles(
      current,
      'opening',
      fresh.map(({ file }) => file.book),
    );
    solver = null;
    perfect = null;
    for (const { index, file } of fresh) {
      deepPartsTakenIn.add(partName(level, index));
      takeIn('opening', file);
    }
  } catch (error) {
    const parts = fresh.map(({ index }) => String(index)).join(', ');
    console.warn(`Connect Four: parts ${parts} of the opening book's level of ${String(level)} stones are not used: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Every deep level, one after the other (shallowest first), a few parts at a time, each level
 * merged in one go once all its parts are in: fetched only when a request needs them, the parts a
 * later request needs would make it wait for their download on a slow connection.
 */
function loadDeepLevels(): void {
  if (deepLevelsAsked) return;
  deepLevelsAsked = true;
  void (async () => {
    for (const level of SHIPPED_DEEP_LEVELS) {
      const indices = Array.from({ length: DEEP_LEVEL_PARTS[level] }, (_, index) => index);
      for (let from = 0; from < indices.length; from += BACKGROUND_FETCHES) await Promise.all(indices.slice(from, from + BACKGROUND_FETCHES).map((index) => fetchDeepPart(level, index)));
      await loadDeepParts(level, indices);
    }
    // The solver, made again with every level, ahead of the next request and with its table
    // faulted in: the worker is idle, and a search would otherwise fault the pages in as it goes.
    if (solverUsed && requestsRunning === 0) solver ??= new Solver({ ...current, prefaultTable: true });
  })();
}

/** Parts fetched at once when no request waits for them. */
const BACKGROUND_FETCHES = 4;
/**
 * How long the worker stays idle before it fetches the deep levels no request asked for. Fetched
 * at once, their dozens of downloads and checks competed with the page's first answer on a
 * machine of two cores (a first visit to a position of 7 to 9 stones: 0.33 to 0.44 s instead of
 * 0.22 to 0.29 s).
 */
const IDLE_BEFORE_BACKGROUND_MS = 1000;
/** Requests in progress. */
let requestsRunning = 0;
let backgroundTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * Once the worker has been idle for IDLE_BEFORE_BACKGROUND_MS: fetches the deep levels
 * (`loadDeepLevels`) and, in Show solution's worker, starts the analysis helper, so that the next
 * searched analysis has both cores from its start instead of waiting for the helper's start (the
 * helper takes the books in meanwhile and makes its solver only when it joins an analysis).
 */
function loadDeepLevelsWhenIdle(): void {
  if (deepLevelsAsked) return;
  clearTimeout(backgroundTimer);
  backgroundTimer = setTimeout(() => {
    if (requestsRunning > 0) return;
    loadDeepLevels();
    if (self.name === SOLUTION_WORKER_NAME) startHelper();
  }, IDLE_BEFORE_BACKGROUND_MS);
}

/** Whether the deep parts a request waited for (`deepPartsWaitedFor`) are all merged: then its analysis is a look-up. */
function allTakenIn(waited: DeepParts | undefined): boolean {
  return waited !== undefined && waited.parts.every((index) => deepPartsTakenIn.has(partName(waited.level, index)));
}

/**
 * The books for a request: with the parts of a deep level it waits for (`deepPartsWaitedFor`: those
 * holding its position's children), if any, else with whatever has arrived.
 */
async function booksFor(waited: DeepParts | undefined): Promise<Books> {
  if (waited !== undefined) await loadDeepParts(waited.level, waited.parts);
  return loadBooks().then(() => current);
}

let solver: Solver | null = null;
/** Whether this worker analyses or coaches (the computer's moves use players of their own). */
let solverUsed = false;

/**
 * The solver of the analysis and the coach, made once. Its table is left to fault in page by page
 * during searches: a position the books answer (the first moves) then needs no table at all, and
 * so answers without the tens of milliseconds of writing it through. (Made again when idle once
 * every deep level has arrived, with its table faulted in: `loadDeepLevels`.)
 */
function solverWith(loaded: Books): Solver {
  solverUsed = true;
  solver ??= new Solver({ ...loaded, prefaultTable: false });
  return solver;
}

/**
 * Show solution's analysis helper (analysis-helper.worker.ts), the second side of its analyses
 * (two-sided.ts): a worker of its own, so a second core searches columns too, on a machine of two
 * cores or more. Started by the first analysis whose columns lie past the opening book's complete
 * levels, which does not wait for it (it joins when it is up). The books answer the others in a
 * few milliseconds, alone: starting the helper with the page made a first visit to such a
 * position 20-60 ms slower on two cores (the helper's start competing with the page's).
 */
let helperWorker: Worker | null = null;
let helper: SecondSide | null = null;
let helperAsked = false;
/**
 * Resolves once the helper has answered the worker's `hello` with `up` (it is running and has
 * been given the book files sent before), or it failed, or after HELPER_START_WAIT_MS: resolved
 * at once while there is no helper starting.
 */
let helperStarted: Promise<void> = Promise.resolve();
/**
 * The longest a searched analysis waits for its helper to start. A worker's own worker is fetched
 * and started through its parent's event loop, so a helper asked for just before a search started
 * only once the first column was searched (up to 0.2 s later, on the slowest Begin-Hard positions)
 * and then made its solver: its start took about 40 ms with the worker waiting.
 */
const HELPER_START_WAIT_MS = 250;
/** The two-sided analysis under way, if any (settles, never fails, when it is over). */
let analysisRunning: Promise<void> | null = null;

function startHelper(): void {
  if (helperAsked) return;
  helperAsked = true;
  const filesSoFar = booksTakenIn.splice(0);
  if ((navigator.hardwareConcurrency || 1) < 2) return;
  const side = new SecondSide(
    (message) => helperWorker?.postMessage(message),
    () => new Promise((resolve) => setTimeout(resolve, 0)),
  );
  try {
    helperWorker = new Worker(new URL('./analysis-helper.worker.ts', import.meta.url), { type: 'module', name: ANALYSIS_HELPER_NAME });
  } catch (error) {
    console.warn(`Connect Four: Show solution searches on one core: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  let started = (): void => undefined;
  helperStarted = new Promise((resolve) => {
    started = resolve;
    setTimeout(resolve, HELPER_START_WAIT_MS);
  });
  helperWorker.onmessage = (event: MessageEvent<HelperResponse>) => {
    if (event.data.kind === 'up') started();
    else side.deliver(event.data);
  };
  // A helper that fails (its script, an error thrown) leaves its columns to this worker; the error
  // goes no further (it would otherwise reach the page as this worker's).
  helperWorker.onerror = (event) => {
    event.preventDefault();
    console.warn('Connect Four: the analysis helper stopped; Show solution searches on one core');
    side.stop();
    started();
  };
  for (const message of filesSoFar) helperWorker.postMessage(message);
  const hello: HelperRequest = { kind: 'hello' };
  helperWorker.postMessage(hello);
  helper = side;
}

// Show solution's worker makes its books and solver as soon as it starts, not at its first request:
// the page's messages reach a worker only once the page's thread is free to pass them on, which
// on opening the page is after its first render. The other workers (the computer's moves, the
// coach) make them when first asked.
// The deep levels of the opening book (7 MB in parts; the other books 1.1 MB) are fetched after
// `ready`: neither `ready` nor an analysis that does not need them waits for them.
if (self.name === SOLUTION_WORKER_NAME) {
  void loadBooks().then((loaded) => {
    solverWith(loaded);
    reply({ kind: 'ready', id: 0 });
    loadDeepLevelsWhenIdle();
  });
}
let perfect: { player: SolverPlayer; budgetMs: number } | null = null;

function reply(message: EngineResponse): void {
  self.postMessage(message);
}

function chooseMove(request: Extract<EngineRequest, { kind: 'move' }>, books: Books, receivedAt: number): { column: number; perfect: boolean } {
  const { moves, player, budgetMs } = request;
  if (player === 'random') {
    const random = new RandomPlayer(request.seed);
    random.init(moves.length % 2 === 0);
    for (const digit of moves) random.inform(Number(digit) - 1);
    return { column: random.move(), perfect: false };
  }
  if (player === 'perfect') {
    // One SolverPlayer per budget: its transposition table carries over from move to move. Its
    // moves take at most PERFECT_MOVE_LIMIT_MS whatever the page's limit (as the command line's).
    const perfectBudgetMs = Math.min(budgetMs, PERFECT_BUDGET_MS);
    if (perfect?.budgetMs !== perfectBudgetMs) perfect = { player: new SolverPlayer({ budgetMs: perfectBudgetMs, ...books }), budgetMs: perfectBudgetMs };
    perfect.player.setPosition(moves);
    // Its time counts from the request's arrival: the wait for the books and the table is part of the move.
    const column = perfect.player.move(receivedAt);
    return { column, perfect: perfect.player.lastReport?.perfect ?? false };
  }
  const alphabeta = new AlphaBetaPlayer({ level: Number(player.slice('alphabeta'.length)), budgetMs });
  alphabeta.setPosition(moves);
  return { column: alphabeta.move(), perfect: false };
}

/** The deepest level the shipped opening book is complete to once every file has arrived. */
const DEEPEST_SHIPPED_LEVEL = Math.max(...SHIPPED_DEEP_LEVELS);

self.onmessage = async (event: MessageEvent<EngineRequest>) => {
  const receivedAt = performance.now();
  const request = event.data;
  // An analysis whose columns lie past every shipped level is searched: its helper starts now,
  // while the books are still coming, so that it joins as early as it can.
  if (request.kind === 'analyze' && self.name === SOLUTION_WORKER_NAME && request.moves.length + 1 > DEEPEST_SHIPPED_LEVEL) startHelper();
  requestsRunning++;
  try {
    await answer(request, receivedAt);
  } finally {
    requestsRunning--;
    // The workers that get no `ready` (the computer's moves, the coach) start here too.
    loadDeepLevelsWhenIdle();
  }
};

/** The longest a searched analysis waits for its position's own part of the book (`ownDeepPart`); it goes on without it after that. */
const OWN_PART_WAIT_MS = 250;

/**
 * The exact score of the position after `moves` from its own part of a deep level (`ownDeepPart`;
 * fetched once, as every part), if that part arrives within OWN_PART_WAIT_MS and can be used.
 */
async function ownScore(moves: string): Promise<number | undefined> {
  const own = ownDeepPart(moves);
  if (own === undefined) return undefined;
  const file = await Promise.race([fetchDeepPart(own.level, own.part), new Promise<undefined>((resolve) => setTimeout(resolve, OWN_PART_WAIT_MS))]);
  return file?.book.scoreOfKey(own.key);
}

async function answer(request: EngineRequest, receivedAt: number): Promise<void> {
  const waited = deepPartsWaitedFor(request.moves);
  // An analysis of a position of the deepest level fetches the part holding it beside the books.
  const positionScore = request.kind === 'analyze' ? ownScore(request.moves) : undefined;
  const loaded = await booksFor(waited);
  try {
    if (request.kind === 'move') {
      // A quick shallow choice first: if the real search is cut off, the page still has a sensible move.
      const quick = new AlphaBetaPlayer({ level: 1, budgetMs: 50 });
      quick.setPosition(request.moves);
      reply({ kind: 'provisional', id: request.id, column: quick.search().column });
      reply({ kind: 'move', id: request.id, ...chooseMove(request, loaded, receivedAt) });
    } else if (request.kind === 'coach') {
      // The coach's scores, as `play --coach` computes them: the same budget, solver and books.
      reply({ kind: 'coach', id: request.id, columns: scoreColumns(solverWith(loaded), Position.fromMoves(request.moves)) });
    } else {
      // The command line's own answers (answers.ts), with the same solver, table size and books,
      // so that the page shows exactly what `solve --analyze` prints; each column as it is settled.
      const analyser = solverWith(loaded);
      const position = Position.fromMoves(request.moves);
      const onColumn = (column: number, text: string): void => reply({ kind: 'column', id: request.id, column, text });
      const searched = request.moves.length + 1 > (loaded.book?.completeDepth ?? -1) && !allTakenIn(waited);
      if (searched && self.name === SOLUTION_WORKER_NAME) startHelper();
      // A search first waits (each for a bounded time) for its helper's start and its position's own score.
      const [known] = searched ? await Promise.all([positionScore, helperStarted]) : [undefined];
      if (searched && helper !== null && !helper.gone) {
        const analysing = helper.analyse(analyser, position, request.moves, false, onColumn, known);
        analysisRunning = analysing.then(
          () => undefined,
          () => undefined,
        );
        try {
          reply({ kind: 'analysis', id: request.id, texts: await analysing });
        } finally {
          analysisRunning = null;
        }
      } else {
        const texts: string[] = [];
        for (let column = 0; column < WIDTH; column++) {
          texts.push(columnText(analyser, position, column, false, known));
          onColumn(column, texts[column]!);
        }
        reply({ kind: 'analysis', id: request.id, texts });
      }
    }
  } catch (error) {
    reply({ kind: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) });
  }
}
