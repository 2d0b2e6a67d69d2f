/**
 * The clairvoyant bound: given the whole deal order, the earliest card at which any sequence of
 * plays can complete a connected four. No strategy, honest or not, can score more on that deal, so
 * the mean of `52 - earliestFour(deal)` over many deals bounds every strategy from above.
 *
 * Why the search can be split by line. A four completes on line L exactly when L's last empty cell
 * is filled. In each column the cells from row 0 up to L's cell in that column (its *support*) must
 * be filled first, and any card placed anywhere else — above L's cell, or in a column L does not
 * use — could have been discarded instead without changing where L's cards land. So an optimal play
 * is, for one line, a set of disjoint subsequences of the deal, one per column, each obeying the
 * column rule (ranks never decrease), of the line's *shape* heights, whose line cards connect along
 * the line. The earliest four is the minimum over lines of the earliest such completion.
 *
 * Only two shapes are needed. Mirroring the columns maps rows to rows and columns to columns, and
 * the connection rule is symmetric, so one column stands for all four. And every row and diagonal is
 * dominated by row 0: the line cards of row r (or of a diagonal) connect along the line in column
 * order, so the same cards placed straight onto the empty row 0, each in its own column, complete
 * row 0 no later — without any support. Left are one column (four cards of non-decreasing rank,
 * each connected to the one below) and row 0 (four cards connected as a path in column order).
 * (The brute-force test, which tries every play on every line, checks this.)
 *
 * The search: iterative deepening on the completion card T = 4, 5, …; for each T each shape is a
 * depth-first search over the first T cards (discard, or extend a column of the shape) pruned by
 * (a) the cards still needed must fit in the cards left before T, (b) a line card must connect to
 * the line cards already placed next to it, (c) a column whose floor is above every card left in
 * the window cannot be finished, and (d) row 0 is mirror-symmetric, so its first card goes to
 * column 0 or 1 only.
 */
import { DECK_SIZE } from '../../../core/cards.js';
import { CONNECTED, DISCARD, RANK_OF_CARD } from '../rules.js';

/** What `earliestFour` returns when no play completes a four before the cards run out. */
export const NO_FOUR = 0;

interface Shape {
  /** Cards each column must hold when the line completes. */
  readonly heights: readonly number[];
  /** Total cards of the shape. */
  readonly size: number;
  /** True when the line is the column itself (every card is a line card, connected to the one below). */
  readonly vertical: boolean;
}

const shape = (heights: number[], vertical = false): Shape => ({ heights, size: heights.reduce((a, b) => a + b, 0), vertical });

/** A column (played on column 0), and row 0. */
const SHAPES: readonly Shape[] = [shape([4, 0, 0, 0], true), shape([1, 1, 1, 1])];

/**
 * A reusable search: holds the scratch arrays so that a million deals allocate nothing.
 * Not reentrant (one search at a time per instance).
 */
export class EarliestFourSolver {
  readonly #deal = new Uint8Array(DECK_SIZE);
  /** Current column heights, top ranks (0 = empty, any card fits) and line cards of the shape. */
  readonly #height = new Uint8Array(4);
  readonly #floor = new Uint8Array(4);
  readonly #lineCard = new Int8Array(4 * 4);
  /** `#maxRankFrom[t]`: the highest rank among deal[t .. limit-1] for the current limit. */
  readonly #maxRankFrom = new Uint8Array(DECK_SIZE + 1);
  /** The column (or DISCARD) of each card along the path being searched: the plan once found. */
  readonly #moves = new Int8Array(DECK_SIZE);
  #shape: Shape = SHAPES[0]!;
  #limit = 0;
  #found = NO_FOUR;
  /** Search nodes visited since construction (for benchmarks and curiosity). */
  nodes = 0;

  /**
   * The number of cards dealt when the earliest possible four completes (4..length), or NO_FOUR.
   * `deal` lists the cards (indices 0..51, distinct) in the order they will be drawn.
   */
  earliestFour(deal: ArrayLike<number>): number {
    const length = deal.length;
    if (length > DECK_SIZE) throw new RangeError(`earliestFour: a deal has at most ${String(DECK_SIZE)} cards, got ${String(length)}`);
    for (let i = 0; i < length; i++) this.#deal[i] = deal[i]!;
    for (let limit = 4; limit <= length; limit++) {
      this.#limit = limit;
      let max = 0;
      for (let t = limit - 1; t >= 0; t--) {
        const rank = RANK_OF_CARD[this.#deal[t]!]!;
        if (rank > max) max = rank;
        this.#maxRankFrom[t] = max;
      }
      this.#maxRankFrom[limit] = 0;
      for (const candidate of SHAPES) {
        if (candidate.size > limit) break;
        this.#shape = candidate;
        this.#height.fill(0);
        this.#floor.fill(0);
        this.#lineCard.fill(-1);
        if (this.#search(0, candidate.size)) return (this.#found = limit);
      }
    }
    return (this.#found = NO_FOUR);
  }

  /**
   * The plays that reach the four found by the last `earliestFour` call: a column or DISCARD for
   * each of its first T cards (T its result; empty when it found none). The column shape is
   * played on column 0. Every other card of the deal may be discarded.
   */
  plan(): Int8Array {
    return this.#found === NO_FOUR ? new Int8Array(0) : this.#moves.slice(0, this.#found);
  }

  /** Score of the deal for a clairvoyant player: cards left in a full deck when its four completes. */
  bestScore(deal: ArrayLike<number>): number {
    const t = this.earliestFour(deal);
    return t === NO_FOUR ? 0 : DECK_SIZE - t;
  }

  /** Whether cards t .. limit-1 can complete the shape, `needed` cards still missing. */
  #search(t: number, needed: number): boolean {
    this.nodes++;
    const limit = this.#limit;
    if (needed > limit - t) return false;
    const card = this.#deal[t]!;
    const rank = RANK_OF_CARD[card]!;
    const heights = this.#shape.heights;
    const vertical = this.#shape.vertical;
    for (let col = 0; col < 4; col++) {
      const target = heights[col]!;
      const height = this.#height[col]!;
      if (height === target) continue;
      const floor = this.#floor[col]!;
      if (rank < floor) continue;
      if (height + 1 === target || vertical) {
        // A line card: it must connect to the line cards next to it.
        if (vertical) {
          if (height > 0 && CONNECTED[this.#lineCard[height - 1]! * DECK_SIZE + card] === 0) continue;
        } else {
          const left = col > 0 ? this.#lineCard[col - 1]! : -1;
          const right = col < 3 ? this.#lineCard[col + 1]! : -1;
          if (left >= 0 && CONNECTED[left * DECK_SIZE + card] === 0) continue;
          if (right >= 0 && CONNECTED[right * DECK_SIZE + card] === 0) continue;
        }
      }
      this.#moves[t] = col;
      if (needed === 1) return true;
      this.#height[col] = height + 1;
      this.#floor[col] = rank;
      const lineAt = vertical ? height : col;
      const isLine = vertical || height + 1 === target;
      if (isLine) this.#lineCard[lineAt] = card;
      const found = this.#feasibleFloors(t + 1) && this.#search(t + 1, needed - 1);
      this.#height[col] = height;
      this.#floor[col] = floor;
      if (isLine) this.#lineCard[lineAt] = -1;
      if (found) return true;
      // Row shapes are mirror-symmetric: at the very first placement, column 3 mirrors 0 and 2 mirrors 1.
      if (needed === this.#shape.size && !vertical && heights[0] === heights[3] && col === 1) break;
    }
    // Discard: only if the rest of the window still holds enough cards.
    if (needed > limit - t - 1 || !this.#feasibleFloors(t + 1)) return false;
    this.#moves[t] = DISCARD;
    return this.#search(t + 1, needed);
  }

  /** Prune (c): every unfinished column needs a card at least as high as its floor in the window. */
  #feasibleFloors(t: number): boolean {
    const maxLeft = this.#maxRankFrom[t]!;
    const heights = this.#shape.heights;
    for (let col = 0; col < 4; col++) {
      if (this.#height[col]! < heights[col]! && this.#floor[col]! > maxLeft) return false;
    }
    return true;
  }
}
