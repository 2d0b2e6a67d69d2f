/**
 * AlphaBetaPlayer: the assignment's automatic player. Negamax with alpha-beta pruning, iterative deepening
 * within a time budget, a transposition table in typed arrays, threat-first move ordering and a
 * heuristic evaluation at the horizon. Deterministic for a given depth: ties go to the column nearest
 * the centre, so a search cut by its budget is the only source of variation.
 *
 * Scores are from the side to move's point of view. A forced win scores `WIN - plies`, so a nearer
 * win scores higher (and a farther loss less badly); heuristic scores stay far below `WIN - 42`.
 *
 * Why a specialised search next to the generic one (src/algorithms/expectimax.ts): the generic
 * search works through the game contract — a clone per node, no undo, no evaluation of its own —
 * while this one plays and takes back moves on the bitboard, finds threats with a few shifts, prunes
 * forced moves and moves below an opponent's threat, and keeps a transposition table. Measured from
 * the position `44536` to depth 8 (warm, CPU time, machine shared with other work): the generic
 * search took 141 ms for 2,132,408 nodes, this player about 1 ms for 7,040 nodes — roughly 100 times
 * faster for the same depth, with a real evaluation at the horizon besides. The lab fields it as the
 * agents `alphabeta1` .. `alphabeta6` (definition.ts).
 */
import type { Player } from '../player.js';
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  LO_COLUMNS,
  Position,
  columnBits,
  popcount32,
  winningHi,
  winningLo,
} from '../position.js';

/**
 * The grandmaster's node budget: one second of search on one quiet core. Measured with
 * `npm run tune:alphabeta -- speed` (6.1 million positions per CPU-second, 23 November 2026), rounded
 * down. A budget of positions, not of time, keeps its games deterministic and fair on a shared or
 * slow machine: a move takes longer there, but it is the same move.
 */
export const GRANDMASTER_NODES = 6_000_000;

/**
 * The strength levels, weakest first, each with a name a person understands. Every level is bounded
 * by its search depth or its node budget, so its move depends on the game alone (deterministic,
 * whatever the machine's load); `maxTimeMs` (and the caller's `budgetMs`) only caps a machine too
 * slow or too busy to finish the budget in time. The master's 300,000 positions take about 50 ms
 * on one quiet core, the grandmaster's 6,000,000 about 1 s. The ladder's evidence (each level against the one below) is in
 * docs/what-wins.md; the numbers 1-6 (`alphabeta-3`, `alphabeta3`) remain aliases of the names.
 */
export const ALPHABETA_LEVELS = [
  { level: 1, name: 'beginner', summary: 'looks one move ahead: takes a win, blocks a loss', maxDepth: 1, maxNodes: Infinity, maxTimeMs: 1_000 },
  { level: 2, name: 'casual', summary: 'looks 3 moves ahead', maxDepth: 3, maxNodes: Infinity, maxTimeMs: 1_000 },
  { level: 3, name: 'club', summary: 'looks 5 moves ahead', maxDepth: 5, maxNodes: Infinity, maxTimeMs: 1_000 },
  { level: 4, name: 'expert', summary: 'weighs 30,000 positions a move', maxDepth: CELLS, maxNodes: 30_000, maxTimeMs: 10_000 },
  { level: 5, name: 'master', summary: 'weighs 300,000 positions a move', maxDepth: CELLS, maxNodes: 300_000, maxTimeMs: 10_000 },
  { level: 6, name: 'grandmaster', summary: 'weighs 6,000,000 positions a move (about 1 s)', maxDepth: CELLS, maxNodes: GRANDMASTER_NODES, maxTimeMs: 60_000 },
] as const;

export type AlphaBetaLevel = (typeof ALPHABETA_LEVELS)[number]['level'];
export type AlphaBetaLevelName = (typeof ALPHABETA_LEVELS)[number]['name'];

/** The level with this number (1..6) or name (`beginner` .. `grandmaster`), or undefined. */
export function alphaBetaLevel(level: number | string): (typeof ALPHABETA_LEVELS)[number] | undefined {
  return ALPHABETA_LEVELS.find((entry) => entry.level === level || entry.name === level);
}

/**
 * The evaluation's weights, one per term (see `evaluationTerms`). Whole numbers: scores are kept
 * in an Int32Array table.
 */
export interface EvaluationWeights {
  /** Positional balance: each stone weighs the number of four-cell lines through its cell. */
  readonly material: number;
  /** Empty cells that would complete a four (threats), mine minus theirs. */
  readonly threats: number;
  /** Threats on the rows where zugzwang favours their owner: odd rows for red, even rows for yellow. */
  readonly parityThreats: number;
  /** Threats right above one's own threat: a stacked pair wins whenever the lower cell is reached. */
  readonly stackedThreats: number;
}

export const EVALUATION_TERMS = ['material', 'threats', 'parityThreats', 'stackedThreats'] as const satisfies readonly (keyof EvaluationWeights)[];

/** The weights the evaluation had before it was tuned (kept to measure the tuning against). */
export const UNTUNED_WEIGHTS: EvaluationWeights = Object.freeze({ material: 1, threats: 40, parityThreats: 25, stackedThreats: 0 });

/**
 * The tuned weights: a logistic fit of solver-labelled positions (`npm run tune:alphabeta`, see
 * tuning.ts), scaled to whole numbers.
 */
export const TUNED_WEIGHTS: EvaluationWeights = Object.freeze({ material: 7, threats: -1, parityThreats: 100, stackedThreats: 59 });

export interface AlphaBetaOptions {
  /** 1 (`beginner`) .. 6 (`grandmaster`), by number or name; default 4. */
  readonly level?: number | AlphaBetaLevelName;
  /** Most time one move may take, in ms; the level's own cap applies too. */
  readonly budgetMs?: number;
  /** Deepest search, in plies; the level's own cap applies too. */
  readonly maxDepth?: number;
  /**
   * Most positions one move may search (checked every 1,024), deterministic unlike time; replaces
   * the level's own node budget (`Infinity`: none, the search is then bounded by depth and time).
   */
  readonly maxNodes?: number;
  /** The evaluation's weights (default: `TUNED_WEIGHTS`). */
  readonly weights?: EvaluationWeights;
  /** A clock in milliseconds (default `performance.now`); injectable for tests. */
  readonly now?: () => number;
}

/** What the last search found, for logs and tests. */
export interface SearchReport {
  readonly column: number;
  readonly score: number;
  /** Deepest iteration that finished. */
  readonly depth: number;
  readonly nodes: number;
  /** The best score is a proven win or loss (not a heuristic guess). */
  readonly proven: boolean;
}

export const WIN = 1_000_000;
/** Any score at least this large (in absolute value) is a proven result. */
const PROVEN = WIN - CELLS - 1;

/** Columns from the centre outwards: the order of preference when nothing else decides. */
const CENTRE_ORDER = [3, 2, 4, 1, 5, 0, 6] as const;

/**
 * Number of four-cell lines through each cell, rows bottom to top: the classic positional weight
 * (a centre stone takes part in more possible fours than an edge stone).
 */
const LINES_THROUGH = [
  [3, 4, 5, 5, 4, 3],
  [4, 6, 8, 8, 6, 4],
  [5, 8, 11, 11, 8, 5],
  [7, 10, 13, 13, 10, 7],
  [5, 8, 11, 11, 8, 5],
  [4, 6, 8, 8, 6, 4],
  [3, 4, 5, 5, 4, 3],
] as const;

/** Rows 3 and 5 (1-based: odd rows above the first) — where the first player's threats pay off. */
const ODD_ROWS_LO = (BOTTOM_LO << 2) | (BOTTOM_LO << 4);
const ODD_ROWS_HI = (BOTTOM_HI << 2) | (BOTTOM_HI << 4);

/** Move-ordering slots per ply (7 columns, rounded up). */
const SLOTS = 8;
const TABLE_BITS = 19;
const TABLE_SIZE = 1 << TABLE_BITS;
const EXACT = 1;
const LOWER = 2;
const UPPER = 3;

/** Thrown inside the search when its time or node budget runs out; caught by `search`. */
class OutOfBudget extends Error {}

/** Rows 2, 4 and 6 (1-based): where the second player's threats pay off. */
const EVEN_ROWS_LO = BOARD_LO & ~ODD_ROWS_LO & ~BOTTOM_LO;
const EVEN_ROWS_HI = BOARD_HI & ~ODD_ROWS_HI & ~BOTTOM_HI;

/**
 * The evaluation's terms other than material for the side to move of `position` (mine minus
 * theirs), written to `out[1..3]` in the order of `EVALUATION_TERMS`; `out[0]` is left to the
 * caller (the player keeps material incrementally, `materialBalance` computes it from scratch).
 * One function for the search and the tuning, so the tuned weights weigh what the search sees.
 */
export function evaluationTerms(position: Position, out: Int32Array): void {
  const { curLo, curHi, maskLo, maskHi } = position;
  const oppLo = curLo ^ maskLo;
  const oppHi = curHi ^ maskHi;
  const mineLo = winningLo(curLo, curHi, maskLo);
  const mineHi = winningHi(curLo, curHi, maskHi);
  const theirsLo = winningLo(oppLo, oppHi, maskLo);
  const theirsHi = winningHi(oppLo, oppHi, maskHi);
  out[1] = popcount32(mineLo) + popcount32(mineHi) - popcount32(theirsLo) - popcount32(theirsHi);
  // Red's threats are worth most on rows 3 and 5, yellow's on rows 2, 4 and 6 (zugzwang parity).
  const red = position.turn;
  const myRowsLo = red ? ODD_ROWS_LO : EVEN_ROWS_LO;
  const myRowsHi = red ? ODD_ROWS_HI : EVEN_ROWS_HI;
  const theirRowsLo = red ? EVEN_ROWS_LO : ODD_ROWS_LO;
  const theirRowsHi = red ? EVEN_ROWS_HI : ODD_ROWS_HI;
  out[2] = popcount32(mineLo & myRowsLo) + popcount32(mineHi & myRowsHi) - popcount32(theirsLo & theirRowsLo) - popcount32(theirsHi & theirRowsHi);
  // A threat whose cell above is also a threat (shifting down one row never leaves the column:
  // the sentinel row holds no threat).
  out[3] = popcount32(mineLo & (mineLo >>> 1)) + popcount32(mineHi & (mineHi >>> 1)) - popcount32(theirsLo & (theirsLo >>> 1)) - popcount32(theirsHi & (theirsHi >>> 1));
}

/** The positional balance for the side to move: LINES_THROUGH summed over its stones minus the other side's. */
export function materialBalance(position: Position): number {
  let balance = 0;
  for (let col = 0; col < LINES_THROUGH.length; col++) {
    for (let row = 0; row < LINES_THROUGH[col]!.length; row++) {
      const stone = position.cell(col, row);
      if (stone !== null) balance += (stone === position.turn ? 1 : -1) * LINES_THROUGH[col]![row]!;
    }
  }
  return balance;
}

function checkWeights(weights: EvaluationWeights): EvaluationWeights {
  for (const term of EVALUATION_TERMS) {
    const weight = weights[term];
    // Bounded so that no evaluation comes near a proven score (|terms| < 300 for any position).
    if (!(Number.isInteger(weight) && Math.abs(weight) <= 1_000)) throw new RangeError(`Invalid evaluation weight ${term}: ${String(weight)} (expected a whole number from -1000 to 1000)`);
  }
  return weights;
}

export class AlphaBetaPlayer implements Player {
  readonly #maxDepth: number;
  readonly #maxNodes: number;
  readonly #budgetMs: number;
  readonly #level: number;
  readonly #now: () => number;
  #position = new Position();
  #color = true;
  /** Positional balance from red's point of view (sum of LINES_THROUGH over red minus yellow stones). */
  #material = 0;
  readonly #weightMaterial: number;
  readonly #weightThreats: number;
  readonly #weightParity: number;
  readonly #weightStacked: number;
  /** `evaluationTerms`' output, reused at every leaf (no allocation in the search). */
  readonly #terms = new Int32Array(EVALUATION_TERMS.length);

  // Transposition table. Invariant: entry i is empty (key -1) or holds a search result of the
  // position with that key at that depth: a bound of kind `flag`, and the best column found.
  readonly #keys = new Float64Array(TABLE_SIZE).fill(-1);
  readonly #scores = new Int32Array(TABLE_SIZE);
  readonly #depths = new Int8Array(TABLE_SIZE);
  readonly #flags = new Uint8Array(TABLE_SIZE);
  readonly #bestMoves = new Int8Array(TABLE_SIZE);

  /** Move-ordering slots, SLOTS per ply (indexed by the number of stones). */
  readonly #orderColumns = new Int8Array((CELLS + 1) * SLOTS);
  readonly #orderPriorities = new Int32Array((CELLS + 1) * SLOTS);

  #nodes = 0;
  #deadline = Infinity;
  #lastReport: SearchReport | null = null;

  constructor(options: AlphaBetaOptions = {}) {
    const settings = alphaBetaLevel(options.level ?? 4);
    if (settings === undefined) {
      throw new RangeError(`Invalid AlphaBeta level: ${String(options.level)} (expected 1..${String(ALPHABETA_LEVELS.length)} or ${ALPHABETA_LEVELS.map((entry) => entry.name).join(', ')})`);
    }
    if (options.budgetMs !== undefined && !(options.budgetMs > 0)) throw new RangeError(`Invalid time budget: ${String(options.budgetMs)} ms`);
    if (options.maxDepth !== undefined && !(Number.isInteger(options.maxDepth) && options.maxDepth >= 1)) {
      throw new RangeError(`Invalid depth: ${String(options.maxDepth)} (expected a whole number >= 1)`);
    }
    if (options.maxNodes !== undefined && !((Number.isInteger(options.maxNodes) || options.maxNodes === Infinity) && options.maxNodes >= 1)) {
      throw new RangeError(`Invalid node budget: ${String(options.maxNodes)} (expected a whole number >= 1, or Infinity)`);
    }
    const weights = checkWeights(options.weights ?? TUNED_WEIGHTS);
    this.#level = settings.level;
    this.#maxDepth = Math.min(settings.maxDepth, options.maxDepth ?? CELLS);
    this.#maxNodes = options.maxNodes ?? settings.maxNodes;
    this.#weightMaterial = weights.material;
    this.#weightThreats = weights.threats;
    this.#weightParity = weights.parityThreats;
    this.#weightStacked = weights.stackedThreats;
    this.#budgetMs = Math.min(settings.maxTimeMs, options.budgetMs ?? Infinity);
    this.#now = options.now ?? (() => performance.now());
  }

  init(color: boolean): void {
    this.#color = color;
    this.#position = new Position();
    this.#material = 0;
    this.#keys.fill(-1);
  }

  name(): string {
    return `alphabeta-${String(this.#level)}`;
  }

  /** Starts from a position given as 1-based column digits (for analysis and tests). */
  setPosition(moves: string): void {
    this.#position = new Position();
    this.#material = 0;
    Position.fromMoves(moves); // validates, with a message naming the bad move
    for (const digit of moves) this.#apply(Number(digit) - 1);
  }

  move(): number {
    const report = this.search();
    this.#apply(report.column);
    return report.column;
  }

  inform(column: number): void {
    this.#apply(column);
  }

  /** The colour this player was told it plays. */
  get color(): boolean {
    return this.#color;
  }

  /** What the last `move`/`search` found. */
  get lastReport(): SearchReport | null {
    return this.#lastReport;
  }

  /** Chooses a column for the side to move by iterative deepening, without playing it. */
  search(): SearchReport {
    const position = this.#position;
    if (position.isGameOver()) throw new RangeError('The game is over: there is no move to choose');
    this.#nodes = 0;
    this.#deadline = this.#now() + this.#budgetMs;
    const candidates = this.#rootCandidates();
    let best: SearchReport = { column: candidates[0]!, score: 0, depth: 0, nodes: 0, proven: false };
    const deepest = Math.min(this.#maxDepth, CELLS - position.moves);
    const stonesAtRoot = position.moves;
    for (let depth = 1; depth <= deepest; depth++) {
      try {
        const { column, score } = this.#searchRoot(candidates, depth);
        const proven = Math.abs(score) >= PROVEN;
        best = { column, score, depth, nodes: this.#nodes, proven };
        // Search the best column first next time; a proven result cannot get better with depth.
        candidates.splice(candidates.indexOf(column), 1);
        candidates.unshift(column);
        if (proven || candidates.length === 1) break;
      } catch (error) {
        if (!(error instanceof OutOfBudget)) throw error;
        // The search stopped mid-line: take back the moves it had made.
        while (this.#position.moves > stonesAtRoot) this.#takeBack();
        break;
      }
    }
    this.#lastReport = { ...best, nodes: this.#nodes };
    return this.#lastReport;
  }

  /** The playable columns, centre first — a column that wins at once, alone. */
  #rootCandidates(): number[] {
    const position = this.#position;
    const columns = CENTRE_ORDER.filter((col) => position.canPlay(col));
    const winning = columns.find((col) => position.isWinningMove(col));
    return winning === undefined ? columns : [winning];
  }

  #searchRoot(candidates: readonly number[], depth: number): { column: number; score: number } {
    let alpha = -WIN;
    let bestColumn = candidates[0]!;
    for (const col of candidates) {
      const score = this.#rootMoveScore(col, depth, alpha);
      if (score > alpha) {
        alpha = score;
        bestColumn = col;
      }
    }
    return { column: bestColumn, score: alpha };
  }

  #rootMoveScore(col: number, depth: number, alpha: number): number {
    const position = this.#position;
    if (position.isWinningMove(col)) return WIN - position.moves - 1;
    this.#apply(col);
    const score = -this.#negamax(depth - 1, -WIN, -alpha);
    this.#takeBack();
    return score;
  }

  /**
   * Negamax value of the current position searched `depth` plies deep, within (alpha, beta).
   * Precondition: the last move did not end the game.
   */
  #negamax(depth: number, alpha: number, beta: number): number {
    const position = this.#position;
    if ((++this.#nodes & 1023) === 0 && (this.#nodes > this.#maxNodes || this.#now() > this.#deadline)) throw new OutOfBudget();
    const moves = position.moves;
    if (moves === CELLS) return 0;
    if (position.canWinNext()) return WIN - moves - 1;
    if (depth <= 0) return this.#evaluate();

    // The opponent's immediate wins must be blocked; two of them cannot be.
    const { curLo, curHi, maskLo, maskHi } = position;
    const oppLo = curLo ^ maskLo;
    const oppHi = curHi ^ maskHi;
    const possibleLo = (maskLo + BOTTOM_LO) & BOARD_LO;
    const possibleHi = (maskHi + BOTTOM_HI) & BOARD_HI;
    const oppWinLo = winningLo(oppLo, oppHi, maskLo);
    const oppWinHi = winningHi(oppLo, oppHi, maskHi);
    let allowedLo = possibleLo;
    let allowedHi = possibleHi;
    const forcedLo = possibleLo & oppWinLo;
    const forcedHi = possibleHi & oppWinHi;
    if ((forcedLo | forcedHi) !== 0) {
      if (popcount32(forcedLo) + popcount32(forcedHi) > 1) return -(WIN - moves - 2);
      allowedLo = forcedLo;
      allowedHi = forcedHi;
    }
    // Never play right below a cell where the opponent would complete a four.
    allowedLo &= ~(oppWinLo >>> 1);
    allowedHi &= ~(oppWinHi >>> 1);
    if ((allowedLo | allowedHi) === 0) return -(WIN - moves - 2);

    // A win can be no better than winning with our next stone but one.
    const ceiling = WIN - moves - 3;
    if (beta > ceiling) {
      beta = ceiling;
      if (alpha >= beta) return beta;
    }

    const key = position.key();
    const slot = key % TABLE_SIZE;
    let ttMove = -1;
    if (this.#keys[slot] === key) {
      ttMove = this.#bestMoves[slot]!;
      if (this.#depths[slot]! >= depth) {
        const score = this.#scores[slot]!;
        const flag = this.#flags[slot]!;
        if (flag === EXACT) return score;
        if (flag === LOWER && score >= beta) return score;
        if (flag === UPPER && score <= alpha) return score;
      }
    }

    // Order: the table's move, then by the number of threats the move creates, centre first on ties.
    const base = moves * SLOTS;
    const count = this.#orderMoves(allowedLo, allowedHi, ttMove, base);
    const alphaIn = alpha;
    let best = -WIN;
    let bestMove = this.#orderColumns[base]!;
    for (let i = 0; i < count; i++) {
      const col = this.#orderColumns[base + i]!;
      this.#apply(col);
      const score = -this.#negamax(depth - 1, -beta, -alpha);
      this.#takeBack();
      if (score > best) {
        best = score;
        bestMove = col;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    this.#keys[slot] = key;
    this.#scores[slot] = best;
    this.#depths[slot] = depth;
    this.#bestMoves[slot] = bestMove;
    this.#flags[slot] = best <= alphaIn ? UPPER : best >= beta ? LOWER : EXACT;
    return best;
  }

  /**
   * Writes the allowed columns, best first, into the ply's slots from `base` and returns how many:
   * the table's move, then by the number of threats the move creates, centre first on ties.
   * Per-ply slots (indexed by stone count) mean no allocation per node.
   */
  #orderMoves(allowedLo: number, allowedHi: number, ttMove: number, base: number): number {
    const position = this.#position;
    const columns = this.#orderColumns;
    const priorities = this.#orderPriorities;
    let count = 0;
    for (let k = 0; k < CENTRE_ORDER.length; k++) {
      const col = CENTRE_ORDER[k]!;
      const lo = col < LO_COLUMNS;
      const bit = (lo ? allowedLo : allowedHi) & columnBits(col);
      if (bit === 0) continue;
      let priority: number;
      if (col === ttMove) priority = 1000;
      // Threats of the mover's stones with this one added (cells already filled do not count).
      else if (lo) priority = popcount32(winningLo(position.curLo | bit, position.curHi, position.maskLo | bit));
      else priority = popcount32(winningHi(position.curLo, position.curHi | bit, position.maskHi | bit));
      // Insertion sort, stable: equal priorities keep the centre-first order.
      let i = count++;
      while (i > 0 && priorities[base + i - 1]! < priority) {
        columns[base + i] = columns[base + i - 1]!;
        priorities[base + i] = priorities[base + i - 1]!;
        i--;
      }
      columns[base + i] = col;
      priorities[base + i] = priority;
    }
    return count;
  }

  /** Heuristic value for the side to move: the weighted sum of `evaluationTerms` and the material. */
  #evaluate(): number {
    const terms = this.#terms;
    evaluationTerms(this.#position, terms);
    const material = this.#position.turn ? this.#material : -this.#material;
    return this.#weightMaterial * material + this.#weightThreats * terms[1]! + this.#weightParity * terms[2]! + this.#weightStacked * terms[3]!;
  }

  /** Plays a legal column on the player's board, keeping the positional balance. */
  #apply(col: number): void {
    const position = this.#position;
    if (!position.canPlay(col)) throw new RangeError(`Column ${String(col)} cannot be played here`);
    const row = position.height(col);
    this.#material += (position.turn ? 1 : -1) * LINES_THROUGH[col]![row]!;
    position.play(col);
  }

  #takeBack(): void {
    const position = this.#position;
    const col = position.undo();
    this.#material -= (position.turn ? 1 : -1) * LINES_THROUGH[col]![position.height(col)]!;
  }
}
