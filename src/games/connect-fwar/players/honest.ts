/**
 * Honest players: they see the board, the card in hand and which cards are still unseen (the deck's
 * contents, never its order), and pick the move whose position needs the fewest cards to complete a
 * four, as estimated by `potential` (potential.ts).
 *
 * - `greedy` compares the positions right after each move (one ply, about a microsecond a move).
 * - `lookahead` also looks one card ahead: for each move it averages, over every card that may come
 *   next, the best answer to that card (an immediate four counts 0 cards) — an expectimax of depth
 *   one on the chance node, with `potential` at the leaves.
 *
 * Neither uses randomness: for a given deal they always play the same game. A tie keeps the earlier
 * move in the order discard, column 0 … 3, so keeping a card never wins a tie against discarding it.
 */
import type { Rng } from '../../../core/random.js';
import type { ConnectFwarAgent } from '../agents.js';
import { COLUMNS, DISCARD } from '../rules.js';
import { boardCells, cardInHand, columnFloors, columnHeights, unseenCards, type ConnectFwarState } from './engine-view.js';
import { CardSet, DEFAULT_WEIGHTS, NEVER, Position, Potential, type PotentialWeights } from './potential.js';

/** What every honest player reads from the state before deciding. */
abstract class HonestAgent implements ConnectFwarAgent {
  abstract readonly name: string;
  protected readonly position = new Position();
  protected readonly unseen = new CardSet();
  protected readonly estimate: Potential;

  constructor(weights: PotentialWeights = DEFAULT_WEIGHTS) {
    this.estimate = new Potential(weights);
  }

  act(state: ConnectFwarState, _rng: Rng): number {
    this.position.copyFrom(boardCells(state), columnHeights(state), columnFloors(state));
    unseenCards(state, this.unseen);
    return this.choose(cardInHand(state));
  }

  /**
   * The same decision from plain arrays (for players outside the engine): the board as
   * `cells[col * 4 + row]` (-1 empty), heights and floors (rules.ts `columnFloor`), the card in hand
   * and the unseen cards `unseen[0 .. count-1]`. Returns a column 0..3 or DISCARD.
   */
  decide(cells: ArrayLike<number>, heights: ArrayLike<number>, floors: ArrayLike<number>, card: number, unseen: ArrayLike<number>, count: number): number {
    this.position.copyFrom(cells, heights, floors);
    this.unseen.setFromCards(unseen, count);
    return this.choose(card);
  }

  /** The move for `card` on `this.position`, with `this.unseen` the cards not yet seen. */
  protected abstract choose(card: number): number;

  /** Whether the last `bestMove` completes a four, and otherwise the estimate after it. */
  protected bestWins = false;
  protected bestValue = 0;

  /**
   * The move for `card` after which `Potential` estimates the fewest cards still needed: the first
   * column from the left that completes a four if any; ties keep the earlier of discard, columns 0..3.
   */
  protected bestMove(card: number): number {
    const p = this.position;
    const estimate = this.estimate;
    let bestMove = DISCARD;
    let best = estimate.evaluate(p, this.unseen);
    for (let col = 0; col < COLUMNS; col++) {
      if (!p.canPlay(card, col)) continue;
      const floor = p.floors[col]!;
      const cell = p.place(card, col);
      const wins = p.completesFour(cell);
      const value = wins ? 0 : estimate.evaluateAfter(p, this.unseen, cell);
      p.undo(col, floor);
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

/** One ply: the move after which the estimate is lowest; a four when the card makes one. */
export class GreedyAgent extends HonestAgent {
  readonly name = 'greedy';

  protected choose(card: number): number {
    return this.bestMove(card);
  }
}

/** One card of lookahead: the move with the lowest expected estimate once the next card is answered. */
export class LookaheadAgent extends HonestAgent {
  readonly name = 'lookahead';

  protected choose(card: number): number {
    const first = this.bestMove(card);
    if (this.bestWins) return first;
    const p = this.position;
    let bestMove = DISCARD;
    let best = this.#afterNextCard();
    for (let col = 0; col < COLUMNS; col++) {
      if (!p.canPlay(card, col)) continue;
      const floor = p.floors[col]!;
      p.place(card, col);
      const value = this.#afterNextCard();
      p.undo(col, floor);
      if (value < best) {
        best = value;
        bestMove = col;
      }
    }
    return bestMove;
  }

  /** Expected cards still needed from the position, the next card answered at its best (the draw counts 1). */
  #afterNextCard(): number {
    const unseen = this.unseen;
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
        this.bestMove(card);
        total += this.bestValue;
        if (half === 0) unseen.lo ^= low;
        else unseen.hi ^= low;
        unseen.size++;
      }
    }
    return 1 + total / n;
  }
}
