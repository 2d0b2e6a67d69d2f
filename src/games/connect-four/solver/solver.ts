/**
 * A perfect Connect Four solver, following the path of Pascal Pons' tutorial "Solving Connect 4"
 * (blog.gamesolver.org), written for V8.
 *
 * ## Scores (the public convention)
 * From the side to move's point of view, both sides playing perfectly: 0 draw; positive: the side
 * to move wins, score = 22 - (its stone count when its four is completed); negative: it loses,
 * likewise from the winner's side. Range -18..18. `4455` → 18, `44455554221` → -15.
 * A weak solve reports only the sign (-1, 0, 1).
 *
 * ## API
 * ```ts
 * const solver = new Solver();                 // an 8.4M-entry table (~42 MB) and a 131K-entry one for the end of the game, reused across calls
 * solver.solve(Position.fromMoves('4455'))     // 18 (exact; weak: solver.solve(p, true) → 1)
 * solver.analyze(p)                            // score of each column 0..6 (null: full column)
 * solver.search(p, { weak, deadline, maxNodes, knownLower })
 *   // → { score | null, lower, upper, complete, nodes }: a budgeted solve that stops cleanly
 *   //   when performance.now() passes `deadline` (ms) or `maxNodes` is spent; the true score
 *   //   (or sign, when weak) lies in [lower, upper] either way. `knownLower`: a true lower bound
 *   //   of the score to start from (a book's score of the parent gives one to each child).
 * solver.bestMove(p, { deadline, maxNodes })
 *   // → { column, score | null, complete, nodes }: a perfect move when complete (the position
 *   //   is solved, then one cheap probe per column finds a move keeping the score), else the
 *   //   column with the best proven lower bound (ties: nearest the centre).
 * solver.bestMove(p, { deadline, weak: true })
 *   // → the same keeping only the game's value (win/draw/loss): faster; `score` is the sign.
 * new Solver({ book })                          // an opening book (book/book.ts): its positions cost 0 nodes
 * new Solver({ values })                        // a strategy book (values only, book/strategy.ts): bounds at 0 nodes
 * solver.nodes; solver.reset()                 // nodes searched so far; forget the table
 * ```
 * The table only ever holds true bounds of positions, so it stays valid across positions, weak
 * and strong solves and aborted searches (an aborted search stores nothing from the abort on).
 *
 * ## The optimisations, in the tutorial's order (each explained where it lives: wasm/negamax.ts, here)
 * 1. Negamax: one function for both sides (score of a position = -score of the best child).
 * 2. Alpha-beta pruning: search with a window [alpha, beta]; stop as soon as a move reaches beta.
 * 3. Move exploration order: centre columns first (they take part in more alignments).
 * 4. Bitboards (position.ts): a move, a win test, a key are a few int32 operations.
 * 5. Transposition table (transposition-table.ts): upper and lower bounds of positions already
 *    searched, keyed by the position, in typed arrays; two levels, a small one that stays in
 *    the CPU's cache for positions near the end of the game (NEAR_STONES) and a large one.
 * 6. Iterative deepening → null-window search: `solve` narrows [min, max] with windows
 *    [med, med+1], each answering only "better or worse than med?" — very fast to refute.
 * 7. Anticipation of losing moves: never play under an opponent's winning spot; if the opponent
 *    threatens to win, block (two threats: lost); so no node ever needs a "can I win now" test.
 * 8. Better move ordering: among the safe moves, try first those creating the most winning spots.
 * 9. Lower bounds in the table too (a beta cut-off stores "score >= x").
 * Weak solves first probe for a quick win or loss with strong windows (see #probeQuickResult),
 * then search Pons' window [-1, 1].
 * 10. The opening book (the tutorial's last step; `SolverOptions.book`): exact scores of positions
 *    near the start, looked up at the root and in the search.
 * 11. The strategy book (`SolverOptions.values`): win/draw/loss values of the positions a perfect
 *    player meets, each a bound on the score (win: >= 1, draw: exactly 0, loss: <= -1), used like
 *    the table's bounds; a weak solve of such a position costs no node.
 * 12. Enhanced transposition cut-off (not in the tutorial): before searching a position's children,
 *    each is looked up in the table, and a child's upper bound that already refutes the window
 *    ends the search there (wasm/negamax.ts).
 *
 * ## Where the search runs (performance)
 * The negamax (optimisations 1, 2, 5-9, 12) is WebAssembly: wasm/negamax.ts, in AssemblyScript, on
 * u64 bitboards, compiled by `npm run build:wasm` into negamax-wasm.ts; it is the only copy of the
 * search, its null-window loop included (`narrow`). This class drives it (the quick probes,
 * bestMove, the books at the root) and gives it its memory, where both tables live
 * (TranspositionTable's layout). Why wasm:
 * V8 has a wasm module ready to run in under a millisecond, while a JavaScript search ran in the
 * interpreter for the first tens of milliseconds of every process (docs/connect-four-solver.md).
 */
import { CELLS, WIDTH, immediateWinScore, type Position } from '../position.js';
import { TranspositionTable, nextPrime } from './transposition-table.js';
import type { OpeningBook } from '../book/book.js';
import { NEGAMAX_WASM } from './negamax-wasm.js';

/** Worst score: the opponent wins with its 4th stone, 4 - 22 = -18 (Pons: -(42)/2 + 3). */
export const MIN_SCORE = -(CELLS / 2) + 3;
/** Best score: win with one's own 4th stone, 22 - 4 = 18 (Pons: (42 + 1)/2 - 3). */
export const MAX_SCORE = ((CELLS + 1) >> 1) - 3;

/** Columns nearest the centre first (optimisation 3), listed in reverse: the last added is tried first among equals. */
const EXPLORATION_ORDER_REVERSED = [6, 0, 5, 1, 4, 2, 3] as const;
const ORDER = Int32Array.from(EXPLORATION_ORDER_REVERSED);
/**
 * Node budget of each quick-result probe of a weak solve (see #probeQuickResult): about 40 ms,
 * enough for the slowest quick wins of Begin-Easy (at 30,000 it still averaged 6,921 nodes there,
 * at 200,000 2,789, the same as with no budget) while bounding the waste on positions that are
 * hard to settle (Begin-Medium).
 */
const QUICK_PROBE_NODES = 200_000;
/**
 * A weak solve skips the quick-result probes when this many cells or fewer are empty: the score
 * is then within ±8 and the stone-count bounds narrow the strong windows little more than the
 * weak ones (on End-Easy the probes only added a third more nodes).
 */
const NO_PROBE_EMPTY_CELLS = 16;
/**
 * How far above the rules' upper bound the null-window probes of a strong solve start
 * (optimisation 6). The probes only ever ask "is the score above med?", so the range they narrow
 * may start loose; where it starts decides the first window, and the ones that follow. Pons'
 * solver starts one above (as if a win at once were possible); at 3 the midpoint of the range is
 * on the winning side, so the first probe asks whether the side to move wins with about half its
 * best possible score, which settles the many fast wins of the opening sets at once. Mean nodes
 * a position over Pons' sets, one table for the whole set (as `solve`), slack 0 / 1 / 3:
 * End-Easy 51.1 / 51.3 / 52.9, Middle-Easy 452 / 450 / 433, Middle-Medium 39,956 / 39,901 /
 * 40,299, Begin-Easy 3,786 / 3,269 / 2,274, Begin-Medium (first 100) – / 1,122,110 / 1,125,028
 * (Pons' c4solver: 51.3, 449, 39,800, 3,266). Chosen on Begin-Easy: 2 gave 2,757, 4 2,277,
 * 5 3,255, 7 6,541 there, so the gain depends on which windows follow; the other sets barely move.
 */
const PROBE_SLACK = 3;
/**
 * The two-level table (optimisation 5): positions with at least this many stones keep their
 * bounds in a small table of NEAR_TABLE_ENTRIES (655 KB: it stays in the CPU's level-2 cache),
 * the others in the large one (`tableSize`, 42 MB by default, where nearly every probe is a
 * cache miss). Near the end of the game subtrees are small and most nodes are there, so their
 * entries are cheap to lose and a miss to main memory costs more than the search it saves.
 * Measured through the solver with one table per set (as `solve`), CPU time, machine shared
 * (load 13-20), against one 2^23 table: Middle-Medium (first 300) 2.55-2.68 s → 1.38-1.69 s
 * (nodes +3%), Begin-Easy 382-425 → 312-368 ms, Middle-Easy 73-88 → 45-53 ms, Begin-Medium
 * (first 20) 2.85-3.06 s → 1.64-1.88 s (nodes +9%). From 26 stones the gain was smaller, from 18
 * or 14 about the same on the small sets but with 17-26% more nodes on Begin-Medium.
 */
const NEAR_STONES = 22;
/** Entries of the table of positions with NEAR_STONES stones or more (the smallest the 32-bit keys allow). */
const NEAR_TABLE_ENTRIES = (1 << 17) + 1;

/**
 * Table value encoding (0 = no entry): an upper bound u is stored as u - MIN_SCORE + 1
 * (1 .. MAX-MIN+1), a lower bound l as l + MAX_SCORE - 2*MIN_SCORE + 2 (above that range).
 */
const UPPER_OFFSET = -MIN_SCORE + 1;
const LOWER_OFFSET = MAX_SCORE - 2 * MIN_SCORE + 2;
const LAST_UPPER = MAX_SCORE - MIN_SCORE + 1;

/** A WebAssembly memory page; the search's first page holds its move lists (MOVES_END bytes). */
const WASM_PAGE = 65_536;
/** `narrow`'s atLeast when there is none (as in wasm/negamax.ts). */
const NO_TARGET = 1000;
/** What the book callbacks give the search for a position the book does not hold (as in wasm/negamax.ts). */
const NOT_IN_BOOK = 1000;

/** A global of the wasm module, as JavaScript sees it. */
interface WasmGlobal {
  value: number;
}

/**
 * The part of the WebAssembly API the solver uses (Node's and the browsers' global; declared
 * here because the Node type definitions this project compiles against do not declare it).
 */
interface WasmApi {
  readonly Module: new (bytes: Uint8Array) => object;
  readonly Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => { readonly exports: object };
  readonly Memory: new (descriptor: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
}
const wasm = (globalThis as unknown as { readonly WebAssembly: WasmApi }).WebAssembly;

/** The exports of wasm/negamax.ts (see there). */
interface NegamaxCore {
  /** The score within [alpha, beta], fail-soft, of a position where the side to move cannot win at once. */
  search(curLo: number, curHi: number, maskLo: number, maskHi: number, moves: number, alpha: number, beta: number): number;
  init(far: number, farEntries: number, near: number, nearEntries: number, nearStones: number, upperOffset: number, lowerOffset: number, lastUpper: number, bookDepth: number, valuesDepth: number): void;
  /** Narrows [min, max] around the score with null windows (towards `atLeast` if not NO_TARGET); returns (min + 64) | (max + 64) << 8. */
  narrow(curLo: number, curHi: number, maskLo: number, maskHi: number, moves: number, min: number, max: number, atLeast: number): number;
  /** 1 if the side to move can win at once (Position.canWinNext, without the interpreter's cost of the JS one on a cold start). */
  canWinNext(curLo: number, curHi: number, maskLo: number, maskHi: number): number;
  /** Sets the budget (the node count to stop at, the deadline) and the abort flag (1: stop at once). */
  limit(nodeLimit: number, deadline: number, abort: number): void;
  nodeCount(): number;
  resetNodes(): void;
  /** 1 if a search ran out of its budget since the last `limit`. */
  wasAborted(): number;
  readonly MOVES_END: WasmGlobal;
  /** A line of column digits at LINE_AT solved in one call (Solver.quickScore), or NOT_QUICK. */
  solveLine(length: number, minStones: number, probeSlack: number): number;
  readonly LINE_AT: WasmGlobal;
  readonly LINE_END: WasmGlobal;
}

/** What the wasm module's `solveLine` returns for a line it leaves to the general path (as in wasm/negamax.ts). */
const NOT_QUICK = 1000;
/** Writes a line's characters into the search's memory for `solveLine` (ASCII: one byte each). */
const lineEncoder = new TextEncoder();

let compiledNegamax: object | undefined;

/**
 * The search's module, compiled once per thread, synchronously (about 5 KB, which V8's baseline
 * compiler handles in well under a millisecond). Browsers may refuse a synchronous compile of
 * more than 4 KB on their main thread: the browser app solves in a worker (engine.worker.ts).
 */
function negamaxModule(): object {
  if (compiledNegamax === undefined) {
    const text = atob(NEGAMAX_WASM);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    compiledNegamax = new wasm.Module(bytes);
  }
  return compiledNegamax;
}

export interface SearchLimits {
  /** Stop when `performance.now()` passes this time (ms). Checked every few thousand nodes. */
  readonly deadline?: number;
  /** Stop after this many nodes (deterministic, unlike a deadline). */
  readonly maxNodes?: number;
}

export interface SearchOptions extends SearchLimits {
  /** Only the sign of the score: win (1), draw (0), loss (-1). */
  readonly weak?: boolean;
  /**
   * With `weak`: only whether the value is at least this (0: "not lost?", 1: "won?"): one
   * null-window search instead of up to two; the result's bounds answer it (`lower >= atLeast`
   * or `upper < atLeast`) and it is complete only if they happen to meet.
   */
  readonly atLeast?: 0 | 1;
  /**
   * Not with `weak`: a lower bound of the score that the caller knows to be true, as the opening
   * book's score of a parent gives each of its children (a child's score is at least minus the
   * parent's, and exactly that for the parent's best columns). The search starts from it, and its
   * first null window asks whether the score is exactly the bound, which settles a best child in
   * one window; the others climb from it a point at a time. On the 11-stone positions of Pons'
   * Begin-Hard whose analysis searches longest, a column's search visits 13% fewer nodes in all
   * (answers.ts's columnText uses it). A bound that is not true gives wrong scores.
   */
  readonly knownLower?: number;
}

export interface SearchResult {
  /** The exact score (the sign when weak) if the search completed, else null. */
  readonly score: number | null;
  /** The true score (sign when weak) lies in [lower, upper]; equal to `score` when complete. */
  readonly lower: number;
  readonly upper: number;
  readonly complete: boolean;
  /** Nodes searched by this call. */
  readonly nodes: number;
}

export interface BestMove {
  readonly column: number;
  /** The score of the position after playing `column`, from the mover's view, if proven exactly. */
  readonly score: number | null;
  readonly complete: boolean;
  readonly nodes: number;
}

export interface BestMoveOptions extends SearchLimits {
  /**
   * Only keep the game's value (win, draw or loss): the position is weakly solved (faster) and
   * the move returned keeps its sign; `score` is then that sign. From a lost position any move
   * qualifies (the first one, centre first, that does not let the opponent win at once).
   */
  readonly weak?: boolean;
}

export interface SolverOptions {
  /** Transposition table entries (rounded up to a prime); default 2^23 (~42 MB). */
  readonly tableSize?: number;
  /**
   * Touch every page of the table at construction (default true), so that no search pays the
   * page faults (tens of milliseconds for the default table). False leaves them to the searches:
   * for a solver whose first answers may come from the books alone and should come at once (the
   * browser app's worker).
   */
  readonly prefaultTable?: boolean;
  /** Node budget of each quick-result probe of a weak solve; default 200,000, 0: no probes. */
  readonly quickProbeNodes?: number;
  /**
   * Exact scores of opening positions (see book/book.ts): a position the book holds is answered
   * without search, at the root and anywhere in the tree (so a book of depth D turns the search
   * of a shallower position into a walk over the book).
   */
  readonly book?: OpeningBook;
  /**
   * Win/draw/loss values (a book whose `weak` is true, see book/strategy.ts): each narrows the
   * window like a table bound (a draw is an exact 0), at the root and anywhere in the tree.
   */
  readonly values?: OpeningBook;
}

export class Solver {
  /** The table of positions with fewer than NEAR_STONES stones (`tableSize` entries). */
  readonly table: TranspositionTable;
  /** The table of positions with NEAR_STONES stones or more: small enough to stay in the CPU's cache. */
  readonly #nearTable: TranspositionTable;
  /** The search (wasm/negamax.ts), with its own memory holding both tables. */
  readonly #core: NegamaxCore;
  /** The current search's budget (also given to the wasm search, which reads the clock every 4096 nodes). */
  #deadline = Infinity;
  #nodeLimit = Infinity;
  /** The search's memory where `quickScore` writes its line (LINE_AT..LINE_END). */
  readonly #line: Uint8Array;
  readonly #quickProbeNodes: number;
  readonly #book: OpeningBook | null;
  /** Positions with at most this many stones are looked up in the book (-1: no book). */
  readonly #bookDepth: number;
  readonly #values: OpeningBook | null;
  /** Positions with at most this many stones are looked up among the values (-1: none). */
  readonly #valuesDepth: number;

  constructor(options: SolverOptions = {}) {
    // The table checks the size asked for, not the prime it rounds up to (the prime above 2^28,
    // the largest size one may ask for, is itself above 2^28).
    const farRequest = TranspositionTable.checkedEntries(options.tableSize);
    const farEntries = nextPrime(farRequest);
    const nearEntries = nextPrime(NEAR_TABLE_ENTRIES);
    const quickProbeNodes = options.quickProbeNodes ?? QUICK_PROBE_NODES;
    if (!Number.isInteger(quickProbeNodes) || quickProbeNodes < 0) {
      throw new RangeError(`quickProbeNodes must be a whole number >= 0, got ${String(quickProbeNodes)}`);
    }
    this.#quickProbeNodes = quickProbeNodes;
    this.#book = options.book ?? null;
    // By depth, not size: a book whose levels are read on demand holds nothing before its first look-up.
    this.#bookDepth = this.#book === null ? -1 : this.#book.depth;
    if (this.#book?.weak === true) throw new RangeError('Solver: `book` takes exact scores; give a book of values as `values`');
    if (options.values !== undefined && !options.values.weak) throw new RangeError('Solver: `values` takes a book of values (win/draw/loss); give exact scores as `book`');
    this.#values = options.values ?? null;
    this.#valuesDepth = this.#values === null || this.#values.size === 0 ? -1 : this.#values.depth;
    // The search's memory: its move lists in the first page, then the two tables.
    const farAt = WASM_PAGE;
    const nearAt = farAt + TranspositionTable.bytes(farEntries);
    const pages = Math.ceil((nearAt + TranspositionTable.bytes(nearEntries)) / WASM_PAGE);
    const memory = new wasm.Memory({ initial: pages, maximum: pages });
    const book = this.#book;
    const values = this.#values;
    this.#core = new wasm.Instance(negamaxModule(), {
      env: {
        memory,
        now: () => performance.now(),
        book: (keyLo: number, keyHi: number) => book!.scoreOfWords(keyLo, keyHi) ?? NOT_IN_BOOK,
        values: (keyLo: number, keyHi: number) => values!.scoreOfWords(keyLo, keyHi) ?? NOT_IN_BOOK,
      },
    }).exports as unknown as NegamaxCore;
    if (this.#core.LINE_END.value > WASM_PAGE) throw new Error('Solver: the search\'s move lists and line overrun the first page of its memory');
    this.#line = new Uint8Array(memory.buffer, this.#core.LINE_AT.value, this.#core.LINE_END.value - this.#core.LINE_AT.value);
    // The memory never grows, so these views stay valid.
    const prefault = options.prefaultTable ?? true;
    this.table = new TranspositionTable(farRequest, memory.buffer, farAt, prefault);
    this.#nearTable = new TranspositionTable(nearEntries, memory.buffer, nearAt, prefault);
    this.#core.init(farAt, farEntries, nearAt, nearEntries, NEAR_STONES, UPPER_OFFSET, LOWER_OFFSET, LAST_UPPER, this.#bookDepth, this.#valuesDepth);
  }

  /** Nodes searched since construction (or the last `reset`). */
  get nodes(): number {
    return this.#core.nodeCount();
  }

  /** Whether the search ran out of the budget set last (the wasm module keeps the flag). */
  get #aborted(): boolean {
    return this.#core.wasAborted() !== 0;
  }

  /** The strategy book of values this solver consults, if any. */
  get values(): OpeningBook | null {
    return this.#values;
  }

  /** The value (1 win, 0 draw, -1 loss for the side to move) of a position the strategy book holds, else undefined. */
  bookValue(position: Position): number | undefined {
    return position.moves <= this.#valuesDepth ? this.#values!.score(position) : undefined;
  }

  /** The opening book this solver consults, if any. */
  get book(): OpeningBook | null {
    return this.#book;
  }

  /** Forgets everything learnt (clears the table) and zeroes the node counter. */
  reset(): void {
    this.table.clear();
    this.#nearTable.clear();
    this.#core.resetNodes();
  }

  /**
   * The exact score of the position after `line` (1-based column digits from the empty board),
   * exactly as `solve(Position.fromMoves(line))` gives it, in one call of the search's module;
   * undefined where that call does not answer: another character, a full column, a finished game,
   * fewer than `minStones` stones, a position the books may hold. `tabletop connect-four solve`
   * answers each line this way first: on a set of easy positions, the JavaScript around each
   * search (parsing the line, the checks, the set-up) ran before V8 had compiled it and cost more
   * than the searches (docs/benchmarks.md, "Through the command line").
   */
  quickScore(line: string, minStones = 0): number | undefined {
    const { read, written } = lineEncoder.encodeInto(line, this.#line);
    if (read !== line.length || written !== line.length) return undefined;
    this.#deadline = Infinity;
    this.#nodeLimit = Infinity;
    this.#core.limit(Infinity, Infinity, 0);
    const score = this.#core.solveLine(line.length, minStones, PROBE_SLACK);
    return score === NOT_QUICK ? undefined : score;
  }

  /** The exact score of the position (its sign if `weak`). Throws a RangeError if the game is over. */
  solve(position: Position, weak = false): number {
    return this.search(position, { weak }).score!;
  }

  /** The score of each column 0..6 for the side to move (null for a column that cannot be played). */
  analyze(position: Position, weak = false): (number | null)[] {
    assertPlayable(position);
    const scores: (number | null)[] = [];
    for (let col = 0; col < WIDTH; col++) {
      if (!position.canPlay(col)) scores.push(null);
      else if (position.isWinningMove(col)) scores.push(weak ? 1 : immediateWinScore(position.moves));
      else {
        const child = position.clone();
        child.playUnchecked(col);
        scores.push(child.isGameOver() ? 0 : 0 - this.solve(child, weak)); // 0 - x: never -0
      }
    }
    return scores;
  }

  /**
   * A budgeted solve. Null-window searches narrow [min, max] around the score; when the budget
   * runs out the current search unwinds at once (storing nothing more) and the bounds proven so
   * far are reported.
   */
  search(position: Position, options: SearchOptions = {}): SearchResult {
    assertPlayable(position);
    const weak = options.weak === true;
    const moves = position.moves;
    const startNodes = this.nodes;
    // The limits are set before any early answer: bestMove goes on probing children under them
    // (with a previous call's limits, or none on a fresh solver, a book answer at the root let
    // those probes run unbounded: 80 s moves were seen).
    const deadline = options.deadline ?? Infinity;
    this.#deadline = deadline;
    this.#nodeLimit = options.maxNodes === undefined ? Infinity : this.nodes + options.maxNodes;
    this.#core.limit(this.#nodeLimit, deadline, options.maxNodes === 0 || (deadline !== Infinity && performance.now() > deadline) ? 1 : 0);
    const { curLo, curHi, maskLo, maskHi } = position;
    if (this.#core.canWinNext(curLo, curHi, maskLo, maskHi) !== 0) {
      const score = weak ? 1 : immediateWinScore(moves);
      return { score, lower: score, upper: score, complete: true, nodes: 0 };
    }
    if (moves <= this.#bookDepth) {
      const booked = this.#book!.score(position);
      if (booked !== undefined) {
        const score = weak ? Math.sign(booked) : booked;
        return { score, lower: score, upper: score, complete: true, nodes: 0 };
      }
    }
    // Bounds from the rules: we cannot lose before the opponent's next stone, nor (having no
    // immediate win) win before our next-but-one stone. The probes narrow [min, rulesMax +
    // PROBE_SLACK] (see PROBE_SLACK: the first window then asks whether the side to move wins
    // fast); the bounds reported are the rules' (`rulesMax`).
    const rulesMax = (CELLS - 1 - moves) >> 1;
    let min = weak ? -1 : -((CELLS - moves) >> 1);
    let max = weak ? 1 : rulesMax + PROBE_SLACK;
    const value = this.bookValue(position);
    if (value !== undefined) {
      if (weak || value === 0) return { score: value, lower: value, upper: value, complete: true, nodes: 0 };
      if (value > 0) min = 1;
      else max = -1;
    }
    if (weak && !this.#aborted && this.#quickProbeNodes > 0 && value === undefined && CELLS - moves > NO_PROBE_EMPTY_CELLS) {
      const probed = this.#probeQuickResult(curLo, curHi, maskLo, maskHi, moves);
      min = probed.min;
      max = probed.max;
    }
    // Optimisation 6: null windows [med, med + 1] narrow [min, max] (in wasm/negamax.ts, `narrow`:
    // one call per position, not one per window).
    if (!weak && options.knownLower !== undefined && options.knownLower > min && min < max && !this.#aborted) {
      // From a known lower bound the score is climbed to, a window [min, min + 1] at a time
      // (narrow's target), instead of halving [min, max]. A window below the score fails high,
      // which one good move at each of the side to move's turns proves, and the fail-soft result
      // may climb several points at once; a window above it fails low, which needs every move
      // refuted. Climbing asks exactly one window above the score, its last; halving asks several.
      // On the 85 positions of 11 to 13 stones of Pons' Begin-Hard (whose columns lie past the
      // book), analysed column by column (bench:analysis), 4.1% fewer nodes than one window at
      // the bound and halving after it.
      min = options.knownLower;
      while (min < max && !this.#aborted) {
        const packed = this.#core.narrow(curLo, curHi, maskLo, maskHi, moves, min, max, min + 1);
        min = (packed & 0xff) - 64;
        max = (packed >> 8) - 64;
      }
    }
    if (min < max && !this.#aborted) {
      const atLeast = weak ? options.atLeast : undefined;
      const packed = this.#core.narrow(curLo, curHi, maskLo, maskHi, moves, min, max, atLeast ?? NO_TARGET);
      min = (packed & 0xff) - 64;
      max = (packed >> 8) - 64;
    }
    const nodes = this.nodes - startNodes;
    min |= 0; // -0 (from negating a 0) reads as 0
    max = (weak ? max : Math.min(max, rulesMax)) | 0;
    // The loop ends with min >= max exactly when the last probe settled the score.
    const complete = min >= max;
    if (weak) {
      // Fail-soft probes may overshoot [-1, 1]; only the sign matters.
      const lower = Math.max(-1, Math.min(1, min));
      const upper = complete ? lower : Math.max(-1, Math.min(1, max));
      return { score: complete ? lower : null, lower, upper, complete, nodes };
    }
    return { score: complete ? min : null, lower: min, upper: complete ? min : max, complete, nodes };
  }

  /**
   * Weak solves, step 1: look for a quick result before the [-1, 1] search. The weak windows
   * [-1, 0] and [0, 1] cannot use the stone-count bounds (optimisation 2), which refute the
   * strong search's far-from-0 windows almost at once; so on positions that end in a fast win
   * or loss (most of Begin-Easy) the weak search used to cost six times the strong one. Here two
   * strong null windows ask first "does the side to move win within about half its remaining
   * stones?" (score > max/2), then "does it lose that fast?" (score <= min/2); either answer
   * settles the sign. Each probe has a node budget (QUICK_PROBE_NODES by default): a probe
   * that is neither refuted nor proven within it is abandoned (an aborted search stores nothing
   * more, and the true bounds it stored before still help the search that follows). Measured on
   * Pons' sets: Begin-Easy 22,232 → 2,789 mean nodes, Middle-Easy 533 → 305, for about 10% more
   * on Middle-Medium and 5% more on Begin-Medium. Near the end of the game the probes are
   * skipped (NO_PROBE_EMPTY_CELLS). Returns the bounds proven, clamped to [-1, 1] (the whole
   * range when nothing was), with the caller's budget restored.
   */
  #probeQuickResult(curLo: number, curHi: number, maskLo: number, maskHi: number, moves: number): { min: number; max: number } {
    const nodeLimit = this.#nodeLimit;
    let outOfBudget = false;
    let min = -((CELLS - moves) >> 1);
    let max = (CELLS - 1 - moves) >> 1;
    for (let probe = 0; probe < 2 && min < max && min <= 0 && max >= 0; probe++) {
      const med = probe === 0 ? Math.trunc(max / 2) : Math.trunc(min / 2);
      if (med < min || med >= max) continue;
      this.#core.limit(Math.min(nodeLimit, this.nodes + this.#quickProbeNodes), this.#deadline, 0);
      const r = this.#core.search(curLo, curHi, maskLo, maskHi, moves, med, med + 1);
      if (this.#aborted) {
        // Out of the probe's budget: forget the probe (it stored nothing from the abort on),
        // unless the caller's own budget ran out too.
        outOfBudget = this.nodes >= nodeLimit || performance.now() > this.#deadline;
        if (outOfBudget) break;
        continue;
      }
      if (r <= med) max = r;
      else min = r;
    }
    this.#core.limit(nodeLimit, this.#deadline, outOfBudget ? 1 : 0);
    return { min: Math.max(-1, Math.min(1, min)), max: Math.max(-1, Math.min(1, max)) };
  }

  /**
   * The best column within a budget. An immediate win is played at once. Otherwise the position
   * is solved first (score s); then, centre first, each column's child gets one null-window probe
   * "is its score <= -s?" (cheap: the table is warm) and the first that passes is a perfect move.
   * If the budget runs out before that, every column is searched in turn with what is left (often
   * nothing), and the column with the highest proven lower bound wins (a move into an immediate
   * loss is proven at once, so it is never chosen over a column still open); ties go to the
   * column nearest the centre.
   */
  bestMove(position: Position, limits: BestMoveOptions = {}): BestMove {
    assertPlayable(position);
    const startNodes = this.nodes;
    const moves = position.moves;
    for (let i = ORDER.length - 1; i >= 0; i--) {
      const col = ORDER[i]!;
      if (position.isWinningMove(col)) return { column: col, score: immediateWinScore(moves), complete: true, nodes: 0 };
    }
    const stopAtNodes = limits.maxNodes === undefined ? Infinity : this.nodes + limits.maxNodes;
    const weak = limits.weak === true;
    const root = this.search(position, limits);
    if (root.complete) {
      const s = root.score!;
      // The strategy book first: a child it values at exactly -s keeps the value at no cost (a
      // probe of another child could be a long search in the opening).
      if (weak && s >= 0 && moves + 1 <= this.#valuesDepth) {
        for (let i = ORDER.length - 1; i >= 0; i--) {
          const col = ORDER[i]!;
          if (!position.canPlay(col)) continue;
          const child = position.clone();
          child.playUnchecked(col);
          if (!child.isGameOver() && !child.canWinNext() && this.bookValue(child) === 0 - s) return { column: col, score: s, complete: true, nodes: 0 };
        }
      }
      for (let i = ORDER.length - 1; i >= 0 && !this.#aborted; i--) {
        const col = ORDER[i]!;
        if (!position.canPlay(col)) continue;
        const child = position.clone();
        child.playUnchecked(col);
        let optimal: boolean;
        if (child.isGameOver()) optimal = s === 0; // the board is full: a draw
        else if (child.canWinNext()) optimal = !weak && s === 0 - ((CELLS - moves) >> 1); // they win at once
        else if (weak && s < 0) optimal = true; // lost anyway: any move keeps the value
        else {
          // The search limits set by `search` above still hold.
          const r = this.#core.search(child.curLo, child.curHi, child.maskLo, child.maskHi, moves + 1, -s, -s + 1);
          optimal = !this.#aborted && r <= -s;
        }
        if (optimal) return { column: col, score: s, complete: true, nodes: this.nodes - startNodes };
      }
    }
    return this.#bestProvenColumn(position, limits, stopAtNodes, startNodes);
  }

  /** bestMove's fallback: each column searched in turn with the budget left. */
  #bestProvenColumn(position: Position, limits: SearchLimits, stopAtNodes: number, startNodes: number): BestMove {
    let best = -1;
    let bestLower = -Infinity;
    let bestExact: number | null = null;
    let complete = true;
    for (let i = ORDER.length - 1; i >= 0; i--) {
      const col = ORDER[i]!;
      if (!position.canPlay(col)) continue;
      let lower: number;
      let exact: number | null;
      const child = position.clone();
      child.playUnchecked(col);
      if (child.isGameOver()) {
        lower = 0;
        exact = 0;
      } else {
        const budget = stopAtNodes === Infinity ? {} : { maxNodes: Math.max(0, stopAtNodes - this.nodes) };
        const r = this.search(child, { ...budget, ...(limits.deadline === undefined ? {} : { deadline: limits.deadline }) });
        lower = 0 - r.upper;
        exact = r.complete ? 0 - r.score! : null;
        if (!r.complete) complete = false;
      }
      if (lower > bestLower || (lower === bestLower && exact !== null && bestExact === null)) {
        best = col;
        bestLower = lower;
        bestExact = exact;
      }
    }
    return { column: best, score: bestExact, complete, nodes: this.nodes - startNodes };
  }
}

function assertPlayable(position: Position): void {
  if (position.isGameOver()) throw new RangeError('The game is over: there is nothing to solve');
}
