/**
 * The solver's search (`Solver`'s negamax, solver.ts), in AssemblyScript, compiled to
 * WebAssembly by `npm run build:wasm` (scripts/build-solver-wasm.mjs) into ../negamax-wasm.ts.
 * This is the only copy of the search, null-window loop included (`narrow`): solver.ts drives it
 * (the weak solve's quick probes, bestMove, the books at the root) and gives it its memory.
 * `solveLine` answers a whole line of `tabletop connect-four solve` in one call.
 *
 * ## Why WebAssembly
 * `tabletop connect-four solve` on a small test set (1,000 positions, 50-450 nodes each) spends
 * most of its time before V8's optimising compiler has produced machine code for a JavaScript
 * search (TurboFan took 15-40 ms for it, longer than Pons' C++ solver takes for the whole set), so
 * the first positions ran in V8's interpreter and baseline code. WebAssembly is compiled ahead
 * of running: V8's baseline wasm compiler (Liftoff) makes this module ready in well under a
 * millisecond, then recompiles the hot functions with TurboFan in the background.
 * It also gets 64-bit integers: a board is one u64 (Pons' layout), not two int32 words.
 *
 * ## The board (as in position.ts, one word)
 * Cell (col, row) is bit 7 * col + row: six rows and one always-empty sentinel bit per column.
 * `cur`: the side to move's stones; `mask`: all stones. position.ts keeps the same board as two
 * words, `lo` (columns 0..3, bits 0..27) and `hi` (columns 4..6, bits 28..48): cur = lo | hi << 28.
 *
 * ## Memory (imported; the Solver's constructor in solver.ts lays it out)
 * - [MOVES, MOVES_END): the move lists, SLOTS per ply (see `negamax`); then [LINE_AT, LINE_END):
 *   the line `solveLine` reads.
 * - The two transposition tables (transposition-table.ts): `size` u32 keys then `size` i8 values,
 *   one table for positions with fewer than `nearStones` stones, a small one for the rest.
 *
 * ## Imports
 * - `env.now()`: `performance.now()`, read once every CHECK_EVERY nodes for the deadline.
 * - `env.book(keyLo, keyHi)`: the opening book's exact score of a position, NOT_IN_BOOK if none;
 *   called only for positions with at most `bookDepth` stones (never without a book).
 * - `env.values(keyLo, keyHi)`: the strategy book's value (-1, 0, 1), NOT_IN_BOOK if none.
 */

@external('env', 'now')
declare function now(): f64;
@external('env', 'book')
declare function bookScore(keyLo: i32, keyHi: i32): i32;
@external('env', 'values')
declare function bookValue(keyLo: i32, keyHi: i32): i32;

/** What `book` and `values` return for a position they do not hold. */
const NOT_IN_BOOK: i32 = 1000;

const WIDTH: i32 = 7;
const HEIGHT: i32 = 6;
const CELLS: i32 = WIDTH * HEIGHT;
/** One bit at the bottom of each column. */
const BOTTOM: u64 = 0x0040_8102_0408_1;
/** Rows 0..5 of every column (no sentinels). */
const BOARD: u64 = BOTTOM * 0x3f;
/** Bits of the low word in position.ts (columns 0..3). */
const LO_BITS: u64 = 28;
const LO_MASK: u64 = (<u64>1 << LO_BITS) - 1;
/** The clock is read once every CHECK_EVERY nodes (well under a millisecond of search). */
const CHECK_EVERY: f64 = 4096;
/** "Not computed" for a set of winning spots (a real one never has bit 63 set). */
const UNKNOWN: u64 = 0xffff_ffff_ffff_ffff;

/** Move-list slots per ply (7 columns, rounded up). */
const SLOTS: i32 = 8;
/** The move lists: the move's bit (u64), the winning spots it gives us (u64), its ordering score (i32). */
const MOVES: usize = 1024;
const MOVE_SPOTS: usize = MOVES + <usize>((CELLS + 1) * SLOTS * 8);
const MOVE_SCORES: usize = MOVE_SPOTS + <usize>((CELLS + 1) * SLOTS * 8);
/** The first byte after the move lists: solver.ts places the tables at or above it. */
export const MOVES_END: usize = MOVE_SCORES + <usize>((CELLS + 1) * SLOTS * 4);

/** Columns nearest the centre last: the last column added is tried first among equals. */
const ORDER_0: i32 = 6;
const ORDER_1: i32 = 0;
const ORDER_2: i32 = 5;
const ORDER_3: i32 = 1;
const ORDER_4: i32 = 4;
const ORDER_5: i32 = 2;
const ORDER_6: i32 = 3;

// The table encoding (solver.ts): 0 no entry; an upper bound u as u + UPPER_OFFSET; a lower bound
// l as l + LOWER_OFFSET (above LAST_UPPER). Set by `init` so that solver.ts holds the one definition.
let upperOffset: i32 = 0;
let lowerOffset: i32 = 0;
let lastUpper: i32 = 0;
/** Positions with at least this many stones use the near table. */
let nearStones: i32 = 0;
let farKeys: usize = 0;
let farValues: usize = 0;
let farSize: u64 = 1;
let nearKeys: usize = 0;
let nearValues: usize = 0;
let nearSize: u64 = 1;
/** Positions with at most this many stones are looked up in the book / the values (-1: none). */
let bookDepth: i32 = -1;
let valuesDepth: i32 = -1;

/** Nodes searched since the solver was made or reset (exact up to 2^53). */
let nodes: f64 = 0;
/** Stop when `nodes` reaches this... */
let nodeLimit: f64 = Infinity;
/** ...or when `now()` passes this (ms). */
let deadline: f64 = Infinity;
/** The next node count at which to look at the clock or the budget. */
let checkAt: f64 = Infinity;
/** Set when the budget ran out: every search unwinds at once, storing nothing more. */
let aborted: i32 = 0;

// The budget and the counters, for solver.ts: functions rather than exported globals, as a call
// from JavaScript into wasm is far cheaper than reading or writing a WebAssembly.Global.

/** The budget of the searches that follow (`nodes` to stop at, a time in ms), and the abort flag. */
export function limit(maxNodes: f64, until: f64, abort: i32): void {
  nodeLimit = maxNodes;
  deadline = until;
  checkAt = min(nodes + CHECK_EVERY, nodeLimit);
  aborted = abort;
}

export function nodeCount(): f64 {
  return nodes;
}

export function resetNodes(): void {
  nodes = 0;
}

/** 1 if a search ran out of its budget since the last `limit`. */
export function wasAborted(): i32 {
  return aborted;
}

/** Where the tables are, the table encoding, and the books' depths (see solver.ts). */
export function init(
  far: usize, farEntries: i32, near: usize, nearEntries: i32, nearFrom: i32,
  upper: i32, lower: i32, last: i32, book: i32, values: i32,
): void {
  farKeys = far;
  farValues = far + <usize>farEntries * 4;
  farSize = <u64>farEntries;
  nearKeys = near;
  nearValues = near + <usize>nearEntries * 4;
  nearSize = <u64>nearEntries;
  nearStones = nearFrom;
  upperOffset = upper;
  lowerOffset = lower;
  lastUpper = last;
  bookDepth = book;
  valuesDepth = values;
}

/**
 * The empty cells where `p` would complete a four (its "winning spots"; some may be unreachable
 * yet), Pons' `compute_winning_position`. Vertically a cell wins with three stones right below it;
 * along the other directions see `lineSpots`. The sentinel row keeps shifts from wrapping
 * between columns.
 */
@inline
function winningSpots(p: u64, mask: u64): u64 {
  const r = ((p << 1) & (p << 2) & (p << 3)) | lineSpots(p, 7) | lineSpots(p, 6) | lineSpots(p, 8);
  return r & (BOARD ^ mask);
}

/**
 * The cells that complete a four of `p` along direction d (7 horizontal, 6 and 8 the
 * diagonals): with 3 stones behind them, 2 behind + 1 ahead, 1 behind + 2 ahead, or 3 ahead
 * (p << k*d holds the stones k steps behind each cell, p >> k*d those k steps ahead).
 */
@inline
function lineSpots(p: u64, d: u64): u64 {
  const behind = (p << d) & (p << (2 * d));
  const ahead = (p >> d) & (p >> (2 * d));
  return (behind & ((p << (3 * d)) | (p >> d))) | (ahead & ((p << d) | (p >> (3 * d))));
}

/** `narrow`'s `atLeast` when there is no target value. */
const NO_TARGET: i32 = 1000;

/**
 * Optimisation 6, null windows: narrows [min, max] around the score of a position where the
 * side to move cannot win at once. Each search of a window [med, med + 1] only tells whether the
 * score is above med, and is very fast to refute; probing nearer 0 first (the halves of min and
 * max) finds the many near-draw scores sooner. With a target `atLeast` (a weak solve asking only
 * "is the value at least atLeast?", else NO_TARGET) the one window [atLeast - 1, atLeast] is
 * searched until the bounds answer it. Stops early if the budget runs out (`aborted`). Returns
 * the bounds reached, packed: (min + 64) | (max + 64) << 8 (scores are within -64..191).
 */
export function narrow(curLo: i32, curHi: i32, maskLo: i32, maskHi: i32, moves: i32, min: i32, max: i32, atLeast: i32): i32 {
  const cur = <u64><u32>curLo | (<u64><u32>curHi << LO_BITS);
  const mask = <u64><u32>maskLo | (<u64><u32>maskHi << LO_BITS);
  return narrowBoard(cur, mask, moves, min, max, atLeast);
}

/** `narrow` on the position as one word per board. */
function narrowBoard(cur: u64, mask: u64, moves: i32, min: i32, max: i32, atLeast: i32): i32 {
  while (min < max && !aborted && (atLeast == NO_TARGET || (min < atLeast && max >= atLeast))) {
    let med = min + ((max - min) >> 1);
    if (atLeast != NO_TARGET) med = atLeast - 1;
    else if (med <= 0 && min / 2 < med) med = min / 2; // i32 division truncates towards 0
    else if (med >= 0 && max / 2 > med) med = max / 2;
    const r = negamax(cur, mask, moves, med, med + 1, UNKNOWN);
    if (aborted) break;
    if (r <= med) max = r;
    else min = r;
  }
  return (min + 64) | ((max + 64) << 8);
}

/** Where `solveLine` reads its line: LINE_BYTES bytes after the move lists, in the first page. */
export const LINE_AT: usize = MOVES_END;
const LINE_BYTES: i32 = CELLS;
export const LINE_END: usize = LINE_AT + <usize>LINE_BYTES;
/** `solveLine`'s answer for a line it leaves to solver.ts. */
const NOT_QUICK: i32 = 1000;

/** Whether `p` holds four in a row (the sentinel row stops the shifts wrapping between columns). */
@inline
function hasFour(p: u64): bool {
  let m = p & (p >> 7);
  if ((m & (m >> 14)) != 0) return true; // horizontal
  m = p & (p >> 6);
  if ((m & (m >> 12)) != 0) return true; // diagonal, down to the right
  m = p & (p >> 8);
  if ((m & (m >> 16)) != 0) return true; // diagonal, up to the right
  m = p & (p >> 1);
  return (m & (m >> 2)) != 0; // vertical
}

/**
 * A whole line of `tabletop connect-four solve` in one call (Solver.quickScore): the `length`
 * bytes at LINE_AT are column digits '1'-'7' from the empty board; returns the exact score of
 * the position they reach, as Solver.search gives it without a budget (an immediate win's score,
 * else `narrow` over the rules' bounds, the upper one raised by `probeSlack`), or NOT_QUICK
 * where solver.ts answers otherwise: another character, a full column, a finished game, fewer
 * than `minStones` stones, a position the books may hold. Why: on a set of easy positions the
 * JavaScript around each search (parsing the line, the checks, the search's set-up) ran cold in
 * V8's interpreter and cost more than the searches; here it is compiled before the first line.
 * Needs the budget unset (`limit(Infinity, Infinity, 0)`).
 */
export function solveLine(length: i32, minStones: i32, probeSlack: i32): i32 {
  if (length > LINE_BYTES || length < minStones || length <= bookDepth || length <= valuesDepth || length == CELLS) return NOT_QUICK;
  let cur: u64 = 0;
  let mask: u64 = 0;
  let last: u64 = 0;
  for (let i = 0; i < length; i++) {
    const col = <i32>load<u8>(LINE_AT + <usize>i) - 49; // '1' -> 0
    if (col < 0 || col >= WIDTH) return NOT_QUICK;
    const shift = <u64>(7 * col);
    // The side that moves next owns the stones the mover did not: cur becomes the mover's opponent's.
    cur ^= mask;
    last = (mask + (<u64>1 << shift)) & (<u64>0x3f << shift);
    if (last == 0) return NOT_QUICK; // the column is full
    mask |= last;
  }
  // A four before the last stone makes the line invalid; one made by it ends the game: both are
  // answered by solver.ts (with an error).
  if (hasFour(cur) || hasFour(mask ^ cur)) return NOT_QUICK;
  if (canWin(cur, mask)) return (CELLS + 1 - length) >> 1;
  const packed = narrowBoard(cur, mask, length, -((CELLS - length) >> 1), ((CELLS - 1 - length) >> 1) + probeSlack, NO_TARGET);
  return (packed & 0xff) - 64;
}

/** Whether the side to move can win with its next stone (solver.ts asks before every search). */
export function canWinNext(curLo: i32, curHi: i32, maskLo: i32, maskHi: i32): i32 {
  const cur = <u64><u32>curLo | (<u64><u32>curHi << LO_BITS);
  const mask = <u64><u32>maskLo | (<u64><u32>maskHi << LO_BITS);
  return i32(canWin(cur, mask));
}

/** Whether the side to move (`cur`) can win with its next stone: a winning spot it can play into. */
@inline
function canWin(cur: u64, mask: u64): bool {
  return (winningSpots(cur, mask) & (mask + BOTTOM) & BOARD) != 0;
}

/** The entry point from solver.ts: the position as position.ts's two words per board. */
export function search(curLo: i32, curHi: i32, maskLo: i32, maskHi: i32, moves: i32, alpha: i32, beta: i32): i32 {
  const cur = <u64><u32>curLo | (<u64><u32>curHi << LO_BITS);
  const mask = <u64><u32>maskLo | (<u64><u32>maskHi << LO_BITS);
  return negamax(cur, mask, moves, alpha, beta, UNKNOWN);
}

/**
 * The score of a position where the side to move cannot win at once, within [alpha, beta]:
 * fail-soft (a result <= alpha is an upper bound, >= beta a lower bound, else exact).
 * `cur`: the side to move's stones, `mask`: all stones, `moves`: the stone count; `knownThreat`:
 * the opponent's winning spots if the parent computed them while ordering its moves, else UNKNOWN.
 * The optimisations are numbered as in solver.ts's header (Pons' tutorial, then ours).
 */
function negamax(cur: u64, mask: u64, moves: i32, alpha: i32, beta: i32, knownThreat: u64): i32 {
  // One compare per node: `checkAt` is the next node at which to look at the clock (every
  // CHECK_EVERY nodes) or the node budget, whichever comes first.
  nodes += 1;
  if (nodes >= checkAt) {
    if (nodes >= nodeLimit || now() > deadline) {
      aborted = 1;
      return 0;
    }
    checkAt = min(nodes + CHECK_EVERY, nodeLimit);
  }
  // Optimisation 7: anticipate losing moves. The opponent's winning spots decide which of our
  // moves are playable at all.
  const possible = (mask + BOTTOM) & BOARD; // the lowest empty cell of each column
  const theirs = cur ^ mask;
  const threat = knownThreat == UNKNOWN ? winningSpots(theirs, mask) : knownThreat;
  let next = possible;
  const forced = possible & threat;
  if (forced != 0) {
    // They threaten to win next move: we must block; two such threats cannot both be blocked.
    if ((forced & (forced - 1)) != 0) return -((CELLS - moves) >> 1);
    next = forced;
  }
  // Never play right under one of their winning spots: it would let them play there.
  next &= ~(threat >> 1);
  // No safe move: they win with their next stone.
  if (next == 0) return -((CELLS - moves) >> 1);
  // Two plies from the end nobody can win any more (we cannot win at once by precondition).
  if (moves >= CELLS - 2) return 0;

  // Alpha-beta (optimisation 2) with bounds from the rules: we cannot win before our
  // next-but-one stone, and we lose at best after our next stone.
  const least = -((CELLS - 2 - moves) >> 1);
  if (alpha < least) {
    alpha = least;
    if (alpha >= beta) return alpha;
  }
  let most = (CELLS - 1 - moves) >> 1;
  if (beta > most) {
    beta = most;
    if (alpha >= beta) return beta;
  }

  // Optimisations 5 and 9: the table's bound for this position narrows the window. The key
  // cur + mask is unique per position (per column: 2^height - 1 + our stones); an entry stores
  // its low 32 bits, which with key mod size identify the key (transposition-table.ts).
  const near = moves >= nearStones;
  const key = cur + mask;
  const index = <usize>(key % (near ? nearSize : farSize));
  const keyAt = (near ? nearKeys : farKeys) + (index << 2);
  const valueAt = (near ? nearValues : farValues) + index;
  const key32 = <u32>key;
  const stored = storedValue(keyAt, valueAt, key32);
  if (stored != 0) {
    if (stored > lastUpper) {
      const lower = stored - lowerOffset;
      if (alpha < lower) {
        alpha = lower;
        if (alpha >= beta) return alpha;
      }
    } else {
      most = stored - upperOffset;
      if (beta > most) {
        beta = most;
        if (alpha >= beta) return beta;
      }
    }
  }

  // The opening book: an exact score ends the search here (one compare when deeper than the book).
  if (moves <= bookDepth) {
    const booked = bookScore(<i32>(key & LO_MASK), <i32>(key >> LO_BITS));
    if (booked != NOT_IN_BOOK) return booked;
  }
  // The strategy book: a value is a bound (one compare when deeper than the book).
  if (moves <= valuesDepth) {
    const value = bookValue(<i32>(key & LO_MASK), <i32>(key >> LO_BITS));
    if (value != NOT_IN_BOOK) {
      if (value == 0) return 0;
      if (value > 0) {
        if (alpha < 1) {
          alpha = 1;
          if (alpha >= beta) return alpha;
        }
      } else if (beta > -1) {
        beta = -1;
        if (alpha >= beta) return beta;
      }
    }
  }

  // Optimisation 8: order the safe moves by how many winning spots they give us (insertion
  // sort, ascending; columns are added edge-first so that among equals the centre comes out first).
  const base = <usize>(moves * SLOTS);
  let count: usize = 0;
  if ((next & (next - 1)) == 0) {
    // A single safe move (often a forced block): nothing to order.
    store<u64>(MOVES + (base << 3), next);
    store<u64>(MOVE_SPOTS + (base << 3), UNKNOWN);
    count = 1;
  } else {
    count = addMove(next, cur, mask, base, count, ORDER_0);
    count = addMove(next, cur, mask, base, count, ORDER_1);
    count = addMove(next, cur, mask, base, count, ORDER_2);
    count = addMove(next, cur, mask, base, count, ORDER_3);
    count = addMove(next, cur, mask, base, count, ORDER_4);
    count = addMove(next, cur, mask, base, count, ORDER_5);
    count = addMove(next, cur, mask, base, count, ORDER_6);
  }

  // Optimisation 12, enhanced transposition cut-off: before searching any child, look each one up.
  // A child's stored upper bound u (its score, from the opponent's side, is at most u) proves that
  // the move gives us at least -u: enough for a cut-off, without searching, when -u reaches beta,
  // and otherwise a higher alpha for the search that follows. The children are looked up anyway
  // when they are searched, so this costs a second look-up each, repaid where a cut-off saves a
  // subtree: in the slowest analyses of Pons' Begin-Hard a third fewer nodes and about a quarter
  // less time (docs/connect-four-solver.md).
  const childNear = moves + 1 >= nearStones;
  const childKeys = childNear ? nearKeys : farKeys;
  const childValues = childNear ? nearValues : farValues;
  const childSize = childNear ? nearSize : farSize;
  for (let at = base + count; at > base; ) {
    at--;
    const child = theirs + (mask | load<u64>(MOVES + (at << 3)));
    const childIndex = <usize>(child % childSize);
    const childStored = storedValue(childKeys + (childIndex << 2), childValues + childIndex, <u32>child);
    if (childStored == 0 || childStored > lastUpper) continue;
    const atLeast = upperOffset - childStored; // -(the child's upper bound)
    if (atLeast >= beta) {
      storeValue(keyAt, valueAt, key32, atLeast + lowerOffset);
      return atLeast;
    }
    if (atLeast > alpha) alpha = atLeast;
  }

  // Negamax (optimisation 1): after our move the opponent is to move, with our stones as theirs.
  for (let at = base + count; at > base; ) {
    at--;
    const move = load<u64>(MOVES + (at << 3));
    const spots = load<u64>(MOVE_SPOTS + (at << 3));
    const score = -negamax(theirs, mask | move, moves + 1, -beta, -alpha, spots);
    if (aborted) return 0;
    if (score >= beta) {
      storeValue(keyAt, valueAt, key32, score + lowerOffset);
      return score;
    }
    if (score > alpha) alpha = score;
  }
  storeValue(keyAt, valueAt, key32, alpha + upperOffset);
  return alpha;
}

/**
 * The value a table entry holds for the position whose key's low 32 bits are `key32`, given the
 * entry's addresses (`keyAt` in a table's keys, `valueAt` in its values: the same index): 0 (no
 * bound) when the entry holds another position or none.
 */
@inline
function storedValue(keyAt: usize, valueAt: usize, key32: u32): i32 {
  return load<u32>(keyAt) == key32 ? <i32>load<i8>(valueAt) : 0;
}

/** Stores `value` (a bound, encoded with an offset) for the position `key32` in the entry at `keyAt` and `valueAt`, over whatever it held. */
@inline
function storeValue(keyAt: usize, valueAt: usize, key32: u32, value: i32): void {
  store<u32>(keyAt, key32);
  store<i8>(valueAt, <i8>value);
}

/**
 * Adds column `col` to the move list of the ply at `base` if it is among the safe moves `next`,
 * in order of its score (the number of winning spots it gives us); returns the new count.
 */
@inline
function addMove(next: u64, cur: u64, mask: u64, base: usize, count: usize, col: i32): usize {
  const move = next & (<u64>0x3f << <u64>(col * 7));
  if (move == 0) return count;
  const spots = winningSpots(cur | move, mask | move);
  const score = <i32>popcnt(spots);
  let at = base + count;
  while (at > base && load<i32>(MOVE_SCORES + ((at - 1) << 2)) > score) {
    store<u64>(MOVES + (at << 3), load<u64>(MOVES + ((at - 1) << 3)));
    store<u64>(MOVE_SPOTS + (at << 3), load<u64>(MOVE_SPOTS + ((at - 1) << 3)));
    store<i32>(MOVE_SCORES + (at << 2), load<i32>(MOVE_SCORES + ((at - 1) << 2)));
    at--;
  }
  store<u64>(MOVES + (at << 3), move);
  store<u64>(MOVE_SPOTS + (at << 3), spots);
  store<i32>(MOVE_SCORES + (at << 2), score);
  return count + 1;
}
