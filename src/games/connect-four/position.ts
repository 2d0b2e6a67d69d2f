/**
 * Connect Four's bitboard engine: a 7 x 6 board in two int32 words, after Pascal Pons' layout.
 *
 * ## Layout
 * Cell (col, row) is bit `7 * col + row` of a 49-bit board: each column owns 7 bits, rows 0..5
 * bottom to top plus one always-empty *sentinel* bit on top, so a shift never carries a stone from
 * the top of one column into the bottom of the next.
 *
 *       6 13 20 27 | 34 41 48    <- sentinel row (never a stone)
 *       5 12 19 26 | 33 40 47
 *       ...
 *       0  7 14 21 | 28 35 42    <- bottom row
 *       col 0 .. 3 | col 4 .. 6
 *        low word  | high word
 *
 * ## Why two int32 words, not a Number or a BigInt
 * JavaScript's bitwise operators work on 32 bits; a 49-bit mask fits exactly in a double, but `&`,
 * `|` and shifts would truncate it, and BigInt arithmetic allocates on every operation. So a board
 * is two words: `lo` holds columns 0..3 (global bits 0..27) and `hi` holds columns 4..6 (global
 * bits 28..48, stored at bits 0..20). Every operation stays in V8's int32 fast path. A vertical
 * step never leaves its word; a sideways shift by `s` bits moves `s` bits across the boundary:
 *   (b << s).lo = lo << s                       (b << s).hi = (hi << s) | (lo >>> (28 - s))
 *   (b >> s).lo = (lo >>> s) | (hi << (28 - s))  (b >> s).hi = hi >>> s
 * Bits that land outside a word's board (bit 28+ of lo, 21+ of hi, sentinels) are garbage that
 * every consumer masks away at the end. The *key* of a position is the only place a 49-bit Number
 * appears: `(curHi + maskHi) * 2^28 + (curLo + maskLo)`, exact in a double.
 *
 * ## State (invariants)
 * - `maskLo/maskHi`: every stone on the board. In each column the stones fill rows 0..h-1.
 * - `curLo/curHi`: the stones of the side to move (a subset of the mask). Playing a move flips
 *   `cur` to the other side's stones: `cur ^= mask; mask |= move` (Pons' trick).
 * - `moves`: the number of stones; red (`true`) moves when it is even.
 * - `history[0 .. moves-1]`: the columns played, for `undo` and `toMoves`.
 * - `won`: the last move completed a four; then no move is legal.
 *
 * `Position` also implements the lab's `GameState` (player 0 = red, player 1 = yellow, actions are
 * columns 0..6), so the lab, the conformance suite and the players share one engine.
 */
import { TERMINAL, type GameState } from '../../core/game.js';
import type { Rng } from '../../core/random.js';

export const WIDTH = 7;
export const HEIGHT = 6;
export const CELLS = WIDTH * HEIGHT;

/**
 * The score (Pascal Pons' convention, the side to move's view) of a position whose side to move
 * wins at once, `stones` stones being on the board: 22 - the winner's stone count after its four.
 */
export function immediateWinScore(stones: number): number {
  return (CELLS + 1 - stones) >> 1;
}

/** Colours as in the assignment: red is `true` (moves first), yellow `false`. */
export const RED = true;
export const YELLOW = false;

/** Bits of a word holding columns 0..3 (28 bits) and columns 4..6 (21 bits). */
export const LO_COLUMNS = 4;
export const LO_BITS = 28;
export const BOTTOM_LO = 0x0204081; // bits 0, 7, 14, 21
export const BOTTOM_HI = 0x0004081; // bits 0, 7, 14 (= global 28, 35, 42)
/** Rows 0..5 of every column (no sentinels). */
export const BOARD_LO = BOTTOM_LO * 0x3f;
export const BOARD_HI = BOTTOM_HI * 0x3f;
/** 2^28: the weight of the high word in a key. */
export const HI_WEIGHT = 0x1000_0000;

/** The bottom cell of a column, within its own word. */
export function bottomBit(col: number): number {
  return 1 << (7 * (col < LO_COLUMNS ? col : col - LO_COLUMNS));
}

/** Rows 0..5 of a column, within its own word. */
export function columnBits(col: number): number {
  return 0x3f << (7 * (col < LO_COLUMNS ? col : col - LO_COLUMNS));
}

/**
 * The empty cells where `stones` would complete a four: the "winning spots" of those stones, as
 * the low word (`winningLo`) and the high word (`winningHi`) — two functions so that neither
 * allocates; each computes only the shifts its own word needs. Spots may be unreachable yet.
 */
export function winningLo(pLo: number, pHi: number, mLo: number): number {
  // Vertical: three stones right below (never crosses words or columns, thanks to the sentinel).
  let r = (pLo << 1) & (pLo << 2) & (pLo << 3);
  // Then for each line direction d (6: falling diagonal, 7: horizontal, 8: rising diagonal), with
  // l_k = stones k steps back along d (p << k*d) and r_k = stones k steps ahead (p >> k*d):
  // a spot wins if it has 3 behind, 2 behind + 1 ahead, 1 behind + 2 ahead, or 3 ahead.
  // Unrolled with constant shifts: this function and winningHi are the solver's hot spot.
  let l1 = pLo << 7;
  let l2 = pLo << 14;
  let r1 = (pLo >>> 7) | (pHi << 21);
  let r2 = (pLo >>> 14) | (pHi << 14);
  r |= (l1 & l2 & ((pLo << 21) | r1)) | (r1 & r2 & (l1 | (pLo >>> 21) | (pHi << 7)));
  l1 = pLo << 6;
  l2 = pLo << 12;
  r1 = (pLo >>> 6) | (pHi << 22);
  r2 = (pLo >>> 12) | (pHi << 16);
  r |= (l1 & l2 & ((pLo << 18) | r1)) | (r1 & r2 & (l1 | (pLo >>> 18) | (pHi << 10)));
  l1 = pLo << 8;
  l2 = pLo << 16;
  r1 = (pLo >>> 8) | (pHi << 20);
  r2 = (pLo >>> 16) | (pHi << 12);
  r |= (l1 & l2 & ((pLo << 24) | r1)) | (r1 & r2 & (l1 | (pLo >>> 24) | (pHi << 4)));
  return r & (BOARD_LO ^ mLo);
}

export function winningHi(pLo: number, pHi: number, mHi: number): number {
  let r = (pHi << 1) & (pHi << 2) & (pHi << 3);
  // As in winningLo; three steps ahead from the high word (p >> 3d) is off the board for d = 7, 8.
  let l1 = (pHi << 7) | (pLo >>> 21);
  let l2 = (pHi << 14) | (pLo >>> 14);
  let r1 = pHi >>> 7;
  let r2 = pHi >>> 14;
  r |= (l1 & l2 & ((pHi << 21) | (pLo >>> 7) | r1)) | (r1 & r2 & l1);
  l1 = (pHi << 6) | (pLo >>> 22);
  l2 = (pHi << 12) | (pLo >>> 16);
  r1 = pHi >>> 6;
  r2 = pHi >>> 12;
  r |= (l1 & l2 & ((pHi << 18) | (pLo >>> 10) | r1)) | (r1 & r2 & (l1 | (pHi >>> 18)));
  l1 = (pHi << 8) | (pLo >>> 20);
  l2 = (pHi << 16) | (pLo >>> 12);
  r1 = pHi >>> 8;
  r2 = pHi >>> 16;
  r |= (l1 & l2 & ((pHi << 24) | (pLo >>> 4) | r1)) | (r1 & r2 & l1);
  return r & (BOARD_HI ^ mHi);
}

/** Whether `stones` (two words) contain four in a line. */
export function hasFour(pLo: number, pHi: number): boolean {
  // Vertical, within each word.
  let m = pLo & (pLo >>> 1);
  if ((m & (m >>> 2)) !== 0) return true;
  m = pHi & (pHi >>> 1);
  if ((m & (m >>> 2)) !== 0) return true;
  for (let d = 6; d <= 8; d++) {
    // m = p & (p >> d), then m & (m >> 2d), in two words.
    const mLo = pLo & ((pLo >>> d) | (pHi << (LO_BITS - d)));
    const mHi = pHi & (pHi >>> d);
    if ((mLo & ((mLo >>> (2 * d)) | (mHi << (LO_BITS - 2 * d))) & BOARD_LO) !== 0) return true;
    if ((mHi & (mHi >>> (2 * d))) !== 0) return true;
  }
  return false;
}

/** Number of set bits of an int32 (SWAR). */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** A move string that cannot be played: which character, and why. */
export class MoveSequenceError extends RangeError {
  override readonly name = 'MoveSequenceError';
  constructor(
    readonly sequence: string,
    /** 0-based index of the offending character. */
    readonly index: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/** What a Connect Four player sees: everything. */
export interface ConnectFourObservation {
  /** The columns played, 0-based, oldest first. */
  readonly history: readonly number[];
  /** 0 (red) or 1 (yellow) to move, or TERMINAL. */
  readonly currentPlayer: number;
}

export class Position implements GameState {
  #curLo = 0;
  #curHi = 0;
  #maskLo = 0;
  #maskHi = 0;
  #moves = 0;
  #won = false;
  readonly #history = new Uint8Array(CELLS);

  /** A position from 1-based column digits, e.g. `Position.fromMoves('4453')`. Throws MoveSequenceError. */
  static fromMoves(sequence: string): Position {
    assertMoveString(sequence, 'Position.fromMoves');
    const position = new Position();
    position.playSequence(sequence);
    return position;
  }

  /** The side to move's stones, columns 0..3 (see the layout above; for searches). */
  get curLo(): number {
    return this.#curLo;
  }

  /** The side to move's stones, columns 4..6. */
  get curHi(): number {
    return this.#curHi;
  }

  /** All stones, columns 0..3. */
  get maskLo(): number {
    return this.#maskLo;
  }

  /** All stones, columns 4..6. */
  get maskHi(): number {
    return this.#maskHi;
  }

  /** Number of stones on the board (plies played). */
  get moves(): number {
    return this.#moves;
  }

  /** The colour to move: red (`true`) when an even number of stones is on the board. */
  get turn(): boolean {
    return (this.#moves & 1) === 0;
  }

  /** The last move completed a four. */
  isWin(): boolean {
    return this.#won;
  }

  /** The winner's colour, or null (no winner yet, or a tie). */
  winner(): boolean | null {
    return this.#won ? !this.turn : null;
  }

  /** The board is full and nobody has four. */
  isTie(): boolean {
    return !this.#won && this.#moves === CELLS;
  }

  isGameOver(): boolean {
    return this.#won || this.#moves === CELLS;
  }

  /** Stones in a column (0..6). */
  height(col: number): number {
    const word = col < LO_COLUMNS ? this.#maskLo : this.#maskHi;
    return popcount32(word & columnBits(col));
  }

  /** The colour of the stone at (col, row) (row 0 = bottom), or null if empty. */
  cell(col: number, row: number): boolean | null {
    if (!isColumn(col) || !Number.isInteger(row) || row < 0 || row >= HEIGHT) throw new RangeError(`No cell (${String(col)}, ${String(row)})`);
    const bit = bottomBit(col) << row;
    const lo = col < LO_COLUMNS;
    if (((lo ? this.#maskLo : this.#maskHi) & bit) === 0) return null;
    const mine = ((lo ? this.#curLo : this.#curHi) & bit) !== 0;
    return mine === this.turn;
  }

  /** The column is 0..6, not full, and the game is not over. */
  canPlay(col: number): boolean {
    if (!isColumn(col) || this.#won) return false;
    return col < LO_COLUMNS ? (this.#maskLo & (bottomBit(col) << (HEIGHT - 1))) === 0 : (this.#maskHi & (bottomBit(col) << (HEIGHT - 1))) === 0;
  }

  /** Plays a column (0..6). Throws a RangeError, changing nothing, if the move is not legal. */
  play(col: number): void {
    if (!this.canPlay(col)) throw new RangeError(this.#whyIllegal(col));
    this.playUnchecked(col);
  }

  /** `play` without the legality check: for searches that only play columns `canPlay` accepted. */
  playUnchecked(col: number): void {
    // The side to move becomes the other one: its stones are all the stones minus ours.
    this.#curLo ^= this.#maskLo;
    this.#curHi ^= this.#maskHi;
    // Adding the column's bottom bit to the mask carries up to the first empty cell of the column
    // (never beyond: the sentinel row absorbs the carry of a full column, which canPlay excludes).
    if (col < LO_COLUMNS) this.#maskLo |= this.#maskLo + bottomBit(col);
    else this.#maskHi |= this.#maskHi + bottomBit(col);
    // The mover's stones are now mask ^ cur.
    this.#won = hasFour(this.#maskLo ^ this.#curLo, this.#maskHi ^ this.#curHi);
    this.#history[this.#moves++] = col;
  }

  /** Takes back the last move and returns its column. Throws a RangeError on the empty board. */
  undo(): number {
    if (this.#moves === 0) throw new RangeError('No move to undo: the board is empty');
    const col = this.#history[--this.#moves]!;
    // The top stone of the column is just below the first free cell.
    if (col < LO_COLUMNS) this.#maskLo ^= ((this.#maskLo + bottomBit(col)) & (columnBits(col) << 1)) >>> 1;
    else this.#maskHi ^= ((this.#maskHi + bottomBit(col)) & (columnBits(col) << 1)) >>> 1;
    this.#curLo ^= this.#maskLo;
    this.#curHi ^= this.#maskHi;
    this.#won = false; // a won position has no successors, so the one before was not won
    return col;
  }

  /** Playing `col` now would complete a four for the side to move. */
  isWinningMove(col: number): boolean {
    if (!this.canPlay(col)) return false;
    if (col < LO_COLUMNS) {
      const move = (this.#maskLo + bottomBit(col)) & columnBits(col);
      return (winningLo(this.#curLo, this.#curHi, this.#maskLo) & move) !== 0;
    }
    const move = (this.#maskHi + bottomBit(col)) & columnBits(col);
    return (winningHi(this.#curLo, this.#curHi, this.#maskHi) & move) !== 0;
  }

  /** The side to move has a winning move. */
  canWinNext(): boolean {
    if (this.#won) return false;
    const possibleLo = (this.#maskLo + BOTTOM_LO) & BOARD_LO;
    const possibleHi = (this.#maskHi + BOTTOM_HI) & BOARD_HI;
    return (
      (winningLo(this.#curLo, this.#curHi, this.#maskLo) & possibleLo) !== 0 ||
      (winningHi(this.#curLo, this.#curHi, this.#maskHi) & possibleHi) !== 0
    );
  }

  /** The playable columns, ascending (empty once the game is over). */
  legalMoves(): number[] {
    const out: number[] = [];
    for (let col = 0; col < WIDTH; col++) if (this.canPlay(col)) out.push(col);
    return out;
  }

  /**
   * A number that identifies the position (stones and colours; not the move order): equal keys
   * ⇔ equal positions. Per column, `cur + mask` is `2^h - 1 + cur`, which encodes both the height
   * h and the stones; the side to move follows from the stone count. Below 2^49, so exact.
   */
  key(): number {
    return (this.#curHi + this.#maskHi) * HI_WEIGHT + (this.#curLo + this.#maskLo);
  }

  /**
   * Plays 1-based column digits (`'4453'`). Throws a MoveSequenceError naming the bad character
   * (not a digit 1-7, a full column, a move after a win) and changes nothing.
   */
  playSequence(sequence: string): void {
    assertMoveString(sequence, 'Position.playSequence');
    if (this.#playValidSequence(sequence)) return;
    // Something is wrong with the sequence: play it move by move to find what, and where.
    const start = this.#moves;
    for (let i = 0; i < sequence.length; i++) {
      const ch = sequence[i]!;
      const col = ch.charCodeAt(0) - 49; // '1' -> 0
      let reason: string | null = null;
      if (col < 0 || col >= WIDTH || ch.length !== 1) reason = `'${ch}' at position ${String(i + 1)} is not a column 1-7`;
      else if (this.#won) reason = `move ${ch} at position ${String(i + 1)} comes after the game was won`;
      else if (!this.canPlay(col)) reason = `column ${ch} is full at position ${String(i + 1)}`;
      if (reason !== null) {
        while (this.#moves > start) this.undo();
        throw new MoveSequenceError(sequence, i, reason);
      }
      this.playUnchecked(col);
    }
  }

  /**
   * playSequence's fast path (what `tabletop connect-four solve` parses a line with): plays the
   * sequence with no win test per move and returns true if it was valid, else changes nothing and
   * returns false. The test once at the end is enough because a four never leaves the board: the
   * sequence is valid if no four stands before its last move (the last move may complete one).
   */
  #playValidSequence(sequence: string): boolean {
    if (this.#won || sequence.length > CELLS - this.#moves) return false;
    let curLo = this.#curLo;
    let curHi = this.#curHi;
    let maskLo = this.#maskLo;
    let maskHi = this.#maskHi;
    let lastLo = 0; // the last move's cell
    let lastHi = 0;
    const history = this.#history;
    const from = this.#moves;
    // No function calls in this loop: it runs once per line of `solve`, mostly before V8 has
    // compiled it, and a call costs far more than the arithmetic in V8's interpreter.
    for (let i = 0; i < sequence.length; i++) {
      const col = sequence.charCodeAt(i) - 49; // '1' -> 0
      if (col < 0 || col >= WIDTH) return false;
      curLo ^= maskLo;
      curHi ^= maskHi;
      if (col < LO_COLUMNS) {
        const shift = 7 * col;
        lastLo = (maskLo + (1 << shift)) & (0x3f << shift);
        lastHi = 0;
        maskLo |= lastLo;
      } else {
        const shift = 7 * (col - LO_COLUMNS);
        lastHi = (maskHi + (1 << shift)) & (0x3f << shift);
        lastLo = 0;
        maskHi |= lastHi;
      }
      if ((lastLo | lastHi) === 0) return false; // the column is full
      history[from + i] = col; // beyond `moves` until the sequence proves valid
    }
    if (sequence.length > 0) {
      // Before the last move neither side had a four: the side to move has none, and if the
      // last mover has one, it needs the last stone (the mover's stones are mask ^ cur).
      const moverLo = maskLo ^ curLo;
      const moverHi = maskHi ^ curHi;
      if (hasFour(curLo, curHi)) return false;
      const won = hasFour(moverLo, moverHi);
      if (won && hasFour(moverLo ^ lastLo, moverHi ^ lastHi)) return false;
      this.#won = won;
    }
    this.#curLo = curLo;
    this.#curHi = curHi;
    this.#maskLo = maskLo;
    this.#maskHi = maskHi;
    this.#moves += sequence.length;
    return true;
  }


  /** The moves so far as 1-based column digits (`fromMoves(p.toMoves())` equals p). */
  toMoves(): string {
    let s = '';
    for (let i = 0; i < this.#moves; i++) s += String(this.#history[i]! + 1);
    return s;
  }

  /** The columns played so far (0-based), oldest first. */
  history(): number[] {
    return Array.from(this.#history.subarray(0, this.#moves));
  }

  /** The board, top row first: `X` red, `O` yellow, `.` empty, then the column numbers 1..7. */
  toString(): string {
    const lines: string[] = [];
    for (let row = HEIGHT - 1; row >= 0; row--) {
      let line = '';
      for (let col = 0; col < WIDTH; col++) {
        const c = this.cell(col, row);
        line += (col === 0 ? '' : ' ') + (c === null ? '.' : c ? 'X' : 'O');
      }
      lines.push(line);
    }
    lines.push('1 2 3 4 5 6 7');
    return lines.join('\n');
  }

  clone(): this {
    const copy = new Position();
    copy.#curLo = this.#curLo;
    copy.#curHi = this.#curHi;
    copy.#maskLo = this.#maskLo;
    copy.#maskHi = this.#maskHi;
    copy.#moves = this.#moves;
    copy.#won = this.#won;
    copy.#history.set(this.#history);
    return copy as this;
  }

  // ---- The lab's GameState contract (player 0 = red, 1 = yellow; actions = columns 0..6) ----

  currentPlayer(): number {
    return this.isGameOver() ? TERMINAL : this.#moves & 1;
  }

  isTerminal(): boolean {
    return this.isGameOver();
  }

  legalActions(out: Int32Array): number {
    let n = 0;
    for (let col = 0; col < WIDTH; col++) if (this.canPlay(col)) out[n++] = col;
    return n;
  }

  applyAction(action: number): void {
    this.play(action);
  }

  sampleChance(_rng: Rng): number {
    throw new RangeError('Connect Four has no chance nodes');
  }

  /** +1 / -1 / 0 for player 0 (red) or 1 (yellow): win / loss / draw or not over. */
  returns(player: number): number {
    if (!this.#won) return 0;
    const winner = (this.#moves - 1) & 1; // the player who made the last move
    return winner === player ? 1 : -1;
  }

  reset(): void {
    this.#curLo = this.#curHi = this.#maskLo = this.#maskHi = 0;
    this.#moves = 0;
    this.#won = false;
  }

  actionToString(action: number): string {
    return `col ${String(action + 1)}`;
  }

  // ---- What each player may see: everything (perfect information, no chance) ----

  /** No chance nodes: always 0. */
  chanceOutcomes(_outcomes: Int32Array, _probabilities: Float64Array): number {
    return 0;
  }

  /** Both players see the whole game: its moves as 1-based column digits (`toMoves`). */
  informationStateString(_player: number): string {
    return this.toMoves();
  }

  /** The columns played so far (0-based, oldest first) and the player to move: the whole game. */
  observe(_player: number): ConnectFourObservation {
    return Object.freeze({ history: Object.freeze(this.history()), currentPlayer: this.currentPlayer() });
  }

  /** Nothing is hidden: a copy. */
  resample(_player: number, _rng: Rng): this {
    return this.clone();
  }

  /** The moves as 1-based column digits: the position and its history (for `undo`). See `fromMoves`. */
  serialize(): string {
    return this.toMoves();
  }

  #whyIllegal(col: number): string {
    if (!isColumn(col)) return `Not a column: ${String(col)} (columns are 0..6)`;
    if (this.#won) return `No move after the game was won (column ${String(col)})`;
    return `Column ${String(col)} is full`;
  }
}

export function isColumn(col: number): boolean {
  return Number.isInteger(col) && col >= 0 && col < WIDTH;
}

/** JavaScript callers can pass anything: a number such as 4455 would otherwise read as no moves. */
function assertMoveString(sequence: unknown, what: string): asserts sequence is string {
  if (typeof sequence === 'string') return;
  const got = sequence === null ? 'null' : Array.isArray(sequence) ? 'an array' : typeof sequence === 'number' ? `the number ${String(sequence)}` : `a ${typeof sequence}`;
  throw new TypeError(`${what}: expected a string of column digits 1-7 (e.g. "4455"), got ${got}`);
}
