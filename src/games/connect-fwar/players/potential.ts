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
 * Sets of cards are 52-bit masks held as two int32 halves (cards 0..31, 32..51). The position is
 * the engine's own board (`ConnectFwarState`, loaded with `setBoard`): the players try moves on it
 * with the engine's `place` and take them back with its `unplace`.
 */
import { DECK_SIZE } from '../../../core/cards.js';
import type { ConnectFwarState } from '../engine.js';
import { CELLS, CONNECTED, LINES, RANK_OF_CARD } from '../rules.js';

/** The tunable constants of the estimate. */
export interface PotentialWeights {
  /** Chance that a line cell next to an empty one will connect to it (0..1]. */
  readonly pairChance: number;
  /** The same along a column, where the card must also rank no lower than the one below. */
  readonly stackChance: number;
  /** Sharpness of the soft minimum over lines (larger: closer to the plain minimum; Infinity: the minimum). */
  readonly lambda: number;
  /** The lines estimated, as a bit mask over `LINES` (rows 0..3, columns 0..3, the two diagonals); the others count as dead. */
  readonly lines: number;
}

/** Row 0 and the four columns: the lines that win early. */
export const EARLY_LINES = 0b00_1111_0001;
export const ALL_LINES = 0b11_1111_1111;

/**
 * Tuned on 20,000-deal runs (common deals, one knob at a time): estimating only the early lines beat
 * estimating all ten (+0.018 points: the estimate overrates rows 1..3 and the diagonals, whose
 * supports it cannot see coming), and the mean is flat within ±0.01 around these values.
 */
export const DEFAULT_WEIGHTS: PotentialWeights = { pairChance: 0.25, stackChance: 0.25, lambda: 1, lines: EARLY_LINES };

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

  /** Makes the set exactly `cards[0 .. count-1]` (distinct card indices, in any order). */
  setFromCards(cards: ArrayLike<number>, count: number): void {
    let lo = 0;
    let hi = 0;
    for (let i = 0; i < count; i++) {
      const c = cards[i]!;
      if (c < 32) lo |= 1 << c;
      else hi |= 1 << (c - 32);
    }
    this.lo = lo;
    this.hi = hi;
    this.size = count;
  }

  /** Takes a card out of the set (it must be in it). */
  remove(card: number): void {
    if (card < 32) this.lo ^= 1 << card;
    else this.hi ^= 1 << (card - 32);
    this.size--;
  }

  has(card: number): boolean {
    return card < 32 ? ((this.lo >>> card) & 1) === 1 : ((this.hi >>> (card - 32)) & 1) === 1;
  }
}

/** Estimated cards still needed to complete `line` (or NEVER), given the unseen cards. */
function lineTime(p: ConnectFwarState, line: number, unseen: CardSet, weights: PotentialWeights): number {
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

/**
 * `AFFECTED[cell * 10 + line]` is 1 when placing a card at `cell` can change `line`'s time: the line
 * has a cell in that column at that row or above (the card fills it, or supports it and sets the
 * column's floor). Other lines keep their time, so a move's estimate recomputes only these.
 */
const AFFECTED = (() => {
  const table = new Uint8Array(CELLS * LINE_COUNT);
  for (let cell = 0; cell < CELLS; cell++) {
    for (let line = 0; line < LINE_COUNT; line++) {
      const hit = LINES[line]!.some((c) => c >> 2 === cell >> 2 && (c & 3) >= (cell & 3));
      table[cell * LINE_COUNT + line] = hit ? 1 : 0;
    }
  }
  return table;
})();

/** The soft minimum of the times of `lines` (NEVER if every one is dead). */
function softMinimum(times: Float64Array, lines: Uint8Array, lambda: number): number {
  let best = NEVER;
  for (let k = 0; k < lines.length; k++) {
    const t = times[lines[k]!]!;
    if (t < best) best = t;
  }
  if (best >= NEVER || lambda === Infinity) return best;
  // Shifted by the best time so exp never underflows for the lines that matter; dead lines add 0,
  // the best line exactly 1 (exp(0)), so a lone live line costs neither exp nor log.
  let sum = 0;
  let others = 0;
  for (let k = 0; k < lines.length; k++) {
    const t = times[lines[k]!]!;
    if (t === best) sum += 1;
    else if (t < NEVER) {
      sum += Math.exp(-lambda * (t - best));
      others++;
    }
  }
  return others === 0 && sum === 1 ? best : best - Math.log(sum) / lambda;
}

/** The indices of the lines in a `PotentialWeights.lines` mask. */
function linesOf(mask: number): Uint8Array {
  return Uint8Array.from(LINES.keys()).filter((line) => ((mask >>> line) & 1) === 1);
}

/**
 * The potential of positions one move apart, sharing the work: `evaluate` scores a position and
 * keeps its line times; `evaluateAfter` scores the position after one card was placed on it,
 * recomputing only the lines that card can have changed.
 */
export class Potential {
  readonly #lines: Uint8Array;
  readonly #base = new Float64Array(LINE_COUNT);
  readonly #after = new Float64Array(LINE_COUNT);
  /** Positions estimated so far (`evaluate` and `evaluateAfter` calls): the players' unit of work. */
  evaluations = 0;

  constructor(readonly weights: PotentialWeights = DEFAULT_WEIGHTS) {
    this.#lines = linesOf(weights.lines);
  }

  /** The estimated cards still needed from `p` (NEVER if no line can complete); remembered for `evaluateAfter`. */
  evaluate(p: ConnectFwarState, unseen: CardSet): number {
    this.evaluations++;
    const times = this.#base;
    const lines = this.#lines;
    for (let k = 0; k < lines.length; k++) times[lines[k]!] = lineTime(p, lines[k]!, unseen, this.weights);
    return softMinimum(times, lines, this.weights.lambda);
  }

  /** The estimate for `p`, which is the last evaluated position plus one card placed at `cell`, with the same unseen cards. */
  evaluateAfter(p: ConnectFwarState, unseen: CardSet, cell: number): number {
    this.evaluations++;
    const base = this.#base;
    const times = this.#after;
    const lines = this.#lines;
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k]!;
      times[line] = AFFECTED[cell * LINE_COUNT + line] === 1 ? lineTime(p, line, unseen, this.weights) : base[line]!;
    }
    return softMinimum(times, lines, this.weights.lambda);
  }
}
