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
import { DECK_SIZE } from '../../../core/cards.js';
import { COLUMNS, DISCARD } from '../rules.js';
import { boardCells, cardInHand, columnFloors, columnHeights, unseenCards, type ConnectFwarState } from './engine-view.js';
import { CardSet, DEFAULT_WEIGHTS, NEVER, Position, potential, type PotentialWeights } from './potential.js';

/** What every honest player reads from the state before deciding. */
abstract class HonestAgent implements ConnectFwarAgent {
  abstract readonly name: string;
  protected readonly position = new Position();
  protected readonly unseen = new CardSet();
  readonly #flags = new Uint8Array(DECK_SIZE);

  constructor(protected readonly weights: PotentialWeights = DEFAULT_WEIGHTS) {}

  act(state: ConnectFwarState, _rng: Rng): number {
    this.position.copyFrom(boardCells(state), columnHeights(state), columnFloors(state));
    unseenCards(state, this.#flags);
    this.unseen.setFrom(this.#flags);
    return this.choose(cardInHand(state));
  }

  /** The move for `card` on `this.position`, with `this.unseen` the cards not yet seen. */
  protected abstract choose(card: number): number;

  /** A column where `card` completes a four now, or -1. */
  protected winningColumn(card: number): number {
    const p = this.position;
    for (let col = 0; col < COLUMNS; col++) {
      if (!p.canPlay(card, col)) continue;
      const floor = p.floors[col]!;
      const wins = p.completesFour(p.place(card, col));
      p.undo(col, floor);
      if (wins) return col;
    }
    return -1;
  }

  /** The estimate after each move of `card`: the best one, lowest estimate (ties: discard, then the leftmost column). */
  protected bestByPotential(card: number): { move: number; value: number } {
    const p = this.position;
    let bestMove = DISCARD;
    let best = potential(p, this.unseen, this.weights);
    for (let col = 0; col < COLUMNS; col++) {
      if (!p.canPlay(card, col)) continue;
      const floor = p.floors[col]!;
      p.place(card, col);
      const value = potential(p, this.unseen, this.weights);
      p.undo(col, floor);
      if (value < best) {
        best = value;
        bestMove = col;
      }
    }
    return { move: bestMove, value: best };
  }
}

/** One ply: the move after which `potential` is lowest; a four when the card makes one. */
export class GreedyAgent extends HonestAgent {
  readonly name = 'greedy';

  protected choose(card: number): number {
    const win = this.winningColumn(card);
    return win >= 0 ? win : this.bestByPotential(card).move;
  }
}

/** One card of lookahead: the move with the lowest expected estimate once the next card is answered. */
export class LookaheadAgent extends HonestAgent {
  readonly name = 'lookahead';

  protected choose(card: number): number {
    const win = this.winningColumn(card);
    if (win >= 0) return win;
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
        total += this.winningColumn(card) >= 0 ? 0 : this.bestByPotential(card).value;
        if (half === 0) unseen.lo ^= low;
        else unseen.hi ^= low;
        unseen.size++;
      }
    }
    return 1 + total / n;
  }
}
