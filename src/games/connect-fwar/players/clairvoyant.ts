/**
 * `clairvoyant`: NOT an honest player. It reads the order of the whole deal (engine-view.ts
 * `futureDeal`) and plays the plan that completes the earliest possible four (earliest-four.ts),
 * so its mean score bounds every strategy from above. It exists to measure that bound in the lab.
 *
 * It plans once, at its first decision on an empty board, and then replays the plan; at every
 * decision it checks that the card in hand is the one it foresaw and the board the one its plan
 * made. A card it did not foresee means the random stream it was given is not the one the deal
 * comes from (a `--paired` run deals from a separate stream): it refuses to go on rather than play
 * on a wrong future.
 */
import type { Rng } from '../../../core/random.js';
import type { ConnectFwarAgent } from '../agents.js';
import { DECK_SIZE } from '../../../core/cards.js';
import { CELLS, DISCARD } from '../rules.js';
import { EarliestFourSolver, NO_FOUR } from './earliest-four.js';
import { boardCells, cardInHand, cardsLeft, futureDeal, type ConnectFwarState } from './engine-view.js';

export class ClairvoyantAgent implements ConnectFwarAgent {
  readonly name = 'clairvoyant';
  readonly #solver = new EarliestFourSolver();
  /** The deal from the planning decision on: the card then in hand, then the cards to come. */
  readonly #deal = new Uint8Array(DECK_SIZE);
  #plan: Int8Array<ArrayBufferLike> = new Int8Array(0);
  /** `cardsLeft` at the planning decision; the plan's step is how many cards were dealt since. */
  #planLeft = -1;
  #planState: ConnectFwarState | null = null;
  /** The board the plan leads to before each of its steps, 16 cells per step. */
  #boards: Int8Array<ArrayBufferLike> = new Int8Array(0);

  act(state: ConnectFwarState, rng: Rng): number {
    const step = this.#planLeft - cardsLeft(state);
    if (state === this.#planState && step > 0 && step < this.#deal.length && this.#boardIs(state, step)) {
      if (cardInHand(state) !== this.#deal[step]) {
        throw new RangeError(
          'clairvoyant: the card dealt is not the one foreseen — it reads the deal from the game\'s random stream, which a --paired run keeps apart from the players\' (run it unpaired)',
        );
      }
      return this.#move(step);
    }
    this.#replan(state, rng);
    return this.#move(0);
  }

  #move(step: number): number {
    return step < this.#plan.length ? this.#plan[step]! : DISCARD;
  }

  #boardIs(state: ConnectFwarState, step: number): boolean {
    const cells = boardCells(state);
    const boards = this.#boards;
    if (step * CELLS >= boards.length) return false;
    for (let i = 0, at = step * CELLS; i < CELLS; i++, at++) if (cells[i] !== boards[at]) return false;
    return true;
  }

  #replan(state: ConnectFwarState, rng: Rng): void {
    const cells = boardCells(state);
    for (let i = 0; i < CELLS; i++) {
      if (cells[i]! >= 0) throw new RangeError('clairvoyant: it plans from an empty board, at the first card of a game');
    }
    const deal = this.#deal;
    deal[0] = cardInHand(state);
    const length = 1 + futureDeal(state, rng, deal.subarray(1));
    const found = this.#solver.earliestFour(deal.subarray(0, length));
    this.#plan = found === NO_FOUR ? new Int8Array(0) : this.#solver.plan();
    this.#planLeft = cardsLeft(state);
    this.#planState = state;
    this.#boards = plannedBoards(deal, this.#plan);
  }
}

/** The board before each step of `plan` (16 cells per step), from an empty board. */
function plannedBoards(deal: Uint8Array, plan: Int8Array<ArrayBufferLike>): Int8Array {
  const boards = new Int8Array((plan.length + 1) * CELLS).fill(-1);
  const heights = [0, 0, 0, 0];
  for (let step = 0; step < plan.length; step++) {
    boards.copyWithin((step + 1) * CELLS, step * CELLS, (step + 1) * CELLS);
    const col = plan[step]!;
    if (col !== DISCARD) boards[(step + 1) * CELLS + col * 4 + heights[col]!++] = deal[step]!;
  }
  return boards;
}
