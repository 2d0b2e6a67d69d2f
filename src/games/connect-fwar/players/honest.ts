/**
 * Honest players: they see the board, the card in hand and which cards are still unseen (the deck's
 * contents, never its order), and pick the move whose position needs the fewest cards to complete a
 * four, as estimated by `Potential` (potential.ts).
 *
 * - `greedy` compares the positions right after each move (one ply: at most five estimates a move,
 *   about 120,000 games per CPU-second).
 * - `lookahead` also looks one card ahead on the moves greedy rates nearly as good as its best: for
 *   each it averages, over every card that may come next, greedy's best answer to that card (an
 *   immediate four counts 0 cards) — an expectimax of depth one on the chance node, with the
 *   estimate at the leaves.
 *
 * Neither uses randomness: for a given deal they always play the same game. A tie keeps the earlier
 * move in the order discard, column 0 … 3, so keeping a card never wins a tie against discarding it.
 */
import type { Rng } from '../../../core/random.js';
import type { ConnectFwarAgent } from '../agents.js';
import { COLUMNS, DISCARD } from '../rules.js';
import { boardCells, cardInHand, columnFloors, columnHeights, unseenCards } from './engine-view.js';
import { ConnectFwarState } from '../engine.js';
import { CardSet, DEFAULT_WEIGHTS, NEVER, Potential, type PotentialWeights } from './potential.js';

/**
 * The one-ply rule on a position of its own: `bestMove(card)` is the move after which `Potential`
 * estimates the fewest cards still needed — the first column from the left that completes a four
 * if any; ties keep the earlier of discard, columns 0..3. Shared by the agents and their rollouts.
 */
export class GreedyPolicy {
  /** The board the policy tries moves on: a scratch engine state (`setBoard`), never the game's. */
  readonly position = new ConnectFwarState();
  readonly unseen = new CardSet();
  readonly estimate: Potential;
  /** Whether the last `bestMove` completes a four, and otherwise the estimate after it. */
  bestWins = false;
  bestValue = 0;
  /** The estimate after each move of the last `bestMove` (by move: columns 0..3, DISCARD; NEVER if illegal), unless it won. */
  readonly values = new Float64Array(COLUMNS + 1);

  constructor(weights: PotentialWeights = DEFAULT_WEIGHTS) {
    this.estimate = new Potential(weights);
  }

  bestMove(card: number): number {
    const p = this.position;
    const estimate = this.estimate;
    const values = this.values;
    let bestMove = DISCARD;
    let best = estimate.evaluate(p, this.unseen);
    values[DISCARD] = best;
    for (let col = 0; col < COLUMNS; col++) {
      if (!p.canPlay(card, col)) {
        values[col] = NEVER;
        continue;
      }
      const floor = p.floors[col]!;
      const cell = p.place(card, col);
      const wins = p.completesFour(cell);
      const value = wins ? 0 : estimate.evaluateAfter(p, this.unseen, cell);
      values[col] = value;
      p.unplace(col, floor);
      if (wins) {
        this.bestWins = true;
        this.bestValue = 0;
        return col;
      }
      if (value < best) {
        best = value;
        bestMove = col;
      }
    }
    this.bestWins = false;
    this.bestValue = best;
    return bestMove;
  }
}

/** What every honest player reads from the state before deciding. */
abstract class HonestAgent implements ConnectFwarAgent {
  abstract readonly name: string;
  protected readonly policy: GreedyPolicy;

  constructor(weights: PotentialWeights = DEFAULT_WEIGHTS) {
    this.policy = new GreedyPolicy(weights);
  }

  act(state: ConnectFwarState, _rng: Rng): number {
    this.policy.position.setBoard(boardCells(state), columnHeights(state), columnFloors(state));
    unseenCards(state, this.policy.unseen);
    return this.choose(cardInHand(state));
  }

  /**
   * The same decision from plain arrays (for players outside the engine): the board as
   * `cells[col * 4 + row]` (-1 empty), heights and floors (rules.ts `columnFloor`), the card in hand
   * and the unseen cards `unseen[0 .. count-1]`. Returns a column 0..3 or DISCARD.
   */
  decide(cells: ArrayLike<number>, heights: ArrayLike<number>, floors: ArrayLike<number>, card: number, unseen: ArrayLike<number>, count: number): number {
    this.policy.position.setBoard(cells, heights, floors);
    this.policy.unseen.setFromCards(unseen, count);
    return this.choose(card);
  }

  /** Positions estimated since this agent was made: its work, bounded per move (see each agent). */
  get evaluations(): number {
    return this.policy.estimate.evaluations;
  }

  /** The move for `card` on `policy.position`, with `policy.unseen` the cards not yet seen. */
  protected abstract choose(card: number): number;
}

/** One ply: the move after which the estimate is lowest; a four when the card makes one. */
export class GreedyAgent extends HonestAgent {
  readonly name = 'greedy';

  protected choose(card: number): number {
    return this.policy.bestMove(card);
  }
}

/** One card of lookahead: the move with the lowest expected estimate once the next card is answered. */
/** See `LookaheadAgent`'s constructor. */
export const DEFAULT_MARGIN = 0.5;

export class LookaheadAgent extends HonestAgent {
  readonly name: string;
  readonly #margin: number;
  readonly #candidates = new Float64Array(COLUMNS + 1);

  /**
   * @param margin only the moves whose one-ply estimate is within `margin` cards of the best one
   *   are looked ahead (the others are dropped; with one left it is played at once). The default,
   *   0.5, keeps nearly all of the full lookahead's gain over greedy at a fifth of its cost (3,000
   *   common deals: +0.051 against +0.053, 0.24 ms a game against 1.05 ms); Infinity looks ahead on
   *   every move (`lookahead-full`).
   */
  constructor(margin = DEFAULT_MARGIN, weights: PotentialWeights = DEFAULT_WEIGHTS) {
    super(weights);
    if (!(margin >= 0)) throw new RangeError(`LookaheadAgent: margin must be a number >= 0, got ${String(margin)}`);
    this.#margin = margin;
    this.name = margin === DEFAULT_MARGIN ? 'lookahead' : margin === Infinity ? 'lookahead-full' : `lookahead-${String(margin)}`;
  }

  protected choose(card: number): number {
    const policy = this.policy;
    const first = policy.bestMove(card);
    if (policy.bestWins) return first;
    // The candidates, in the tie order discard, columns 0..3; a copy, as the lookahead reuses `values`.
    const candidates = this.#candidates;
    candidates.set(policy.values);
    const cutoff = policy.bestValue + this.#margin;
    let count = 0;
    for (let move = 0; move <= COLUMNS; move++) if (candidates[move]! < NEVER && candidates[move]! <= cutoff) count++;
    if (count <= 1) return first;
    const p = policy.position;
    let bestMove = first;
    let best = Infinity;
    for (let k = 0; k <= COLUMNS; k++) {
      const move = k === 0 ? DISCARD : k - 1;
      const estimate = candidates[move]!;
      if (!(estimate < NEVER && estimate <= cutoff)) continue;
      let value: number;
      if (move === DISCARD) value = this.#afterNextCard();
      else {
        const floor = p.floors[move]!;
        p.place(card, move);
        value = this.#afterNextCard();
        p.unplace(move, floor);
      }
      if (value < best) {
        best = value;
        bestMove = move;
      }
    }
    return bestMove;
  }

  /** Expected cards still needed from the position, the next card answered at its best (the draw counts 1). */
  #afterNextCard(): number {
    const policy = this.policy;
    const unseen = policy.unseen;
    const n = unseen.size;
    if (n === 0) return NEVER;
    let total = 0;
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? unseen.lo : unseen.hi;
      while (bits !== 0) {
        const low = bits & -bits;
        bits ^= low;
        const card = half * 32 + 31 - Math.clz32(low);
        // The next card is no longer unseen once drawn.
        if (half === 0) unseen.lo ^= low;
        else unseen.hi ^= low;
        unseen.size--;
        policy.bestMove(card);
        total += policy.bestValue;
        if (half === 0) unseen.lo ^= low;
        else unseen.hi ^= low;
        unseen.size++;
      }
    }
    return 1 + total / n;
  }
}
