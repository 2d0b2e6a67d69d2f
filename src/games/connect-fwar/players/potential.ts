/**
 * A position's *potential*: an estimate of how many more cards an honest player needs to complete
 * a connected four, from what it may see — the board and the set of cards not yet seen (never their
 * order). The honest players (honest.ts) pick moves by it.
 *
 * Per line: every cell still empty must be filled, after the cells beneath it in its column (its
 * supports). A needed card whose share among the unseen cards is f takes about 1/f draws, so the
 * line's time is the sum of 1/f over its missing cards, where
 * - a support needs a card the column accepts (rank at least the column's floor);
 * - a line cell needs a card the column accepts that connects to the line cards already placed next
 *   to it; next to an empty line cell it must later connect to an unknown card, which costs the
 *   factor `pairChance` (a random pair of cards connects about 41% of the time; in a column the card
 *   must also rank no lower, `stackChance`).
 * A line whose placed cards do not connect, or a cell no unseen card can fill, is dead.
 * The lines' times are combined by a soft minimum (several live lines are worth more than one):
 * `-ln(Σ exp(-λ·time)) / λ`.
 *
 * Sets of cards are 52-bit masks held as two int32 halves (cards 0..31, 32..51).
 */
import { DECK_SIZE } from '../../../core/cards.js';
import { CELLS, CONNECTED, LINES, RANK_OF_CARD, ROWS } from '../rules.js';

/** The tunable constants of the estimate. */
export interface PotentialWeights {
  /** Chance that a line cell next to an empty one will connect to it (0..1]. */
  readonly pairChance: number;
  /** The same along a column, where the card must also rank no lower than the one below. */
  readonly stackChance: number;
  /** Sharpness of the soft minimum over lines (larger: closer to the plain minimum). */
  readonly lambda: number;
}

export const DEFAULT_WEIGHTS: PotentialWeights = { pairChance: 0.25, stackChance: 0.3, lambda: 2 };

/** A time standing for "this line can no longer complete". */
export const NEVER = 1e9;

const LINE_COUNT = LINES.length;
/** LINE_CELL[line * 4 + i]: cell i along the line. */
const LINE_CELL = Uint8Array.from(LINES.flat());
/** Whether the line is a column (its cells stack: a card must rank at least the one below). */
const VERTICAL = Uint8Array.from(LINES, (line) => (line[0]! >> 2 === line[3]! >> 2 ? 1 : 0));

/** CONNECT_LO/HI[c]: the cards that connect to card c, as a mask. */
const CONNECT_LO = new Int32Array(DECK_SIZE);
const CONNECT_HI = new Int32Array(DECK_SIZE);
/** AT_LEAST_LO/HI[r]: the cards of rank r or more (r = 0..14). */
const AT_LEAST_LO = new Int32Array(16);
const AT_LEAST_HI = new Int32Array(16);
for (let a = 0; a < DECK_SIZE; a++) {
  for (let b = 0; b < DECK_SIZE; b++) {
    if (CONNECTED[a * DECK_SIZE + b] === 0) continue;
    if (b < 32) CONNECT_LO[a]! |= 1 << b;
    else CONNECT_HI[a]! |= 1 << (b - 32);
  }
}
for (let r = 0; r < 16; r++) {
  for (let c = 0; c < DECK_SIZE; c++) {
    if (RANK_OF_CARD[c]! < r) continue;
    if (c < 32) AT_LEAST_LO[r]! |= 1 << c;
    else AT_LEAST_HI[r]! |= 1 << (c - 32);
  }
}

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x5555_5555;
  x = (x & 0x3333_3333) + ((x >>> 2) & 0x3333_3333);
  x = (x + (x >>> 4)) & 0x0f0f_0f0f;
  return Math.imul(x, 0x0101_0101) >>> 24;
}

/** A set of unseen cards as a mask, with its size. */
export class CardSet {
  lo = 0;
  hi = 0;
  size = 0;

  /** Fills the set from a 0/1 array indexed by card. */
  setFrom(flags: Uint8Array): void {
    let lo = 0;
    let hi = 0;
    for (let c = 0; c < 32; c++) if (flags[c] === 1) lo |= 1 << c;
    for (let c = 32; c < DECK_SIZE; c++) if (flags[c] === 1) hi |= 1 << (c - 32);
    this.lo = lo;
    this.hi = hi;
    this.size = popcount(lo) + popcount(hi);
  }

  has(card: number): boolean {
    return card < 32 ? ((this.lo >>> card) & 1) === 1 : ((this.hi >>> (card - 32)) & 1) === 1;
  }
}

/**
 * The board an honest player reasons on: its own copy of cells, heights and floors, which it
 * changes and restores while it looks ahead (the game's state is never touched).
 */
export class Position {
  readonly cells = new Int8Array(CELLS);
  readonly heights = new Uint8Array(4);
  readonly floors = new Uint8Array(4);

  copyFrom(cells: ArrayLike<number>, heights: ArrayLike<number>, floors: ArrayLike<number>): void {
    for (let i = 0; i < CELLS; i++) this.cells[i] = cells[i]!;
    for (let c = 0; c < 4; c++) {
      this.heights[c] = heights[c]!;
      this.floors[c] = floors[c]!;
    }
  }

  canPlay(card: number, col: number): boolean {
    return RANK_OF_CARD[card]! >= this.floors[col]!;
  }

  /** Places `card` on `col` (legal) and returns the cell; `undo(col, floor)` takes it back. */
  place(card: number, col: number): number {
    const height = this.heights[col]!;
    const cell = col * ROWS + height;
    this.cells[cell] = card;
    this.heights[col] = height + 1;
    this.floors[col] = height + 1 >= ROWS ? 14 : RANK_OF_CARD[card]!;
    return cell;
  }

  undo(col: number, floor: number): void {
    const height = this.heights[col]! - 1;
    this.cells[col * ROWS + height] = -1;
    this.heights[col] = height;
    this.floors[col] = floor;
  }

  /** Whether the card just placed at `cell` completed a connected four. */
  completesFour(cell: number): boolean {
    const cells = this.cells;
    for (let line = 0; line < LINE_COUNT; line++) {
      const at = line * 4;
      const a = LINE_CELL[at]!;
      const b = LINE_CELL[at + 1]!;
      const c = LINE_CELL[at + 2]!;
      const d = LINE_CELL[at + 3]!;
      if (a !== cell && b !== cell && c !== cell && d !== cell) continue;
      const ca = cells[a]!;
      const cb = cells[b]!;
      const cc = cells[c]!;
      const cd = cells[d]!;
      if (ca < 0 || cb < 0 || cc < 0 || cd < 0) continue;
      if ((CONNECTED[ca * DECK_SIZE + cb]! & CONNECTED[cb * DECK_SIZE + cc]! & CONNECTED[cc * DECK_SIZE + cd]!) === 1) return true;
    }
    return false;
  }
}

/** Estimated cards still needed to complete `line` (or NEVER), given the unseen cards. */
function lineTime(p: Position, line: number, unseen: CardSet, weights: PotentialWeights): number {
  const cells = p.cells;
  const n = unseen.size;
  if (n === 0) return NEVER;
  const vertical = VERTICAL[line] === 1;
  const pairFactor = vertical ? weights.stackChance : weights.pairChance;
  let time = 0;
  let previous = -2; // the card at the previous cell along the line: -2 none (line start), -1 empty
  for (let i = 0, at = line * 4; i < 4; i++, at++) {
    const cell = LINE_CELL[at]!;
    const card = cells[cell]!;
    if (card >= 0) {
      if (previous >= 0 && CONNECTED[previous * DECK_SIZE + card] === 0) return NEVER;
      previous = card;
      continue;
    }
    const col = cell >> 2;
    const floor = p.floors[col]!;
    let lo = unseen.lo & AT_LEAST_LO[floor]!;
    let hi = unseen.hi & AT_LEAST_HI[floor]!;
    // In a column line the cells below are line cells, counted in their own right.
    const supports = vertical ? 0 : (cell & 3) - p.heights[col]!;
    if (supports > 0) {
      const fits = popcount(lo) + popcount(hi);
      if (fits === 0) return NEVER;
      time += (supports * n) / fits;
    }
    if (previous >= 0) {
      lo &= CONNECT_LO[previous]!;
      hi &= CONNECT_HI[previous]!;
    }
    const next = i < 3 ? cells[LINE_CELL[at + 1]!]! : -1;
    if (next >= 0) {
      lo &= CONNECT_LO[next]!;
      hi &= CONNECT_HI[next]!;
    }
    const fits = popcount(lo) + popcount(hi);
    if (fits === 0) return NEVER;
    time += previous === -1 ? n / (fits * pairFactor) : n / fits;
    previous = -1;
  }
  return time;
}

/** The soft minimum over the lines of their times: the estimated cards still needed (NEVER if none can complete). */
export function potential(p: Position, unseen: CardSet, weights: PotentialWeights): number {
  const lambda = weights.lambda;
  let sum = 0;
  let best = NEVER;
  const times = scratchTimes;
  for (let line = 0; line < LINE_COUNT; line++) {
    const t = lineTime(p, line, unseen, weights);
    times[line] = t;
    if (t < best) best = t;
  }
  if (best >= NEVER) return NEVER;
  // Shifted by the best time so exp never underflows for the lines that matter.
  for (let line = 0; line < LINE_COUNT; line++) sum += Math.exp(-lambda * (times[line]! - best));
  return best - Math.log(sum) / lambda;
}

const scratchTimes = new Float64Array(LINE_COUNT);
