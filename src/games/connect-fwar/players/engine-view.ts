/**
 * The one place where the players in this folder read the game's state (engine.ts). The rest
 * reasons on the board alone: plain arrays, or a scratch engine state of its own loaded with the
 * board (`setBoard`, potential.ts), never the game's state with its deck order.
 *
 * What an honest player may see: the board (`cells`, `heights`, `floors`), the card in hand and
 * the cards not yet seen (`unseenCards`: the undealt cards, as a set — their order is hidden).
 * Only the clairvoyant bound reads the order of the deal (`futureDeal`).
 */
import type { Rng } from '../../../core/random.js';
import { dealAt } from '../../../core/deck.js';
import { drawIndex, type ConnectFwarState } from '../engine.js';
import type { CardSet } from './potential.js';

export type { ConnectFwarState } from '../engine.js';

/** The card in hand (a card index 0..51); the state must be at the player's node. */
export const cardInHand = (state: ConnectFwarState): number => state.drawn;

/** Cards still in the deck. */
export const cardsLeft = (state: ConnectFwarState): number => state.remaining;

/** The board as `cells[col * 4 + row]` (card index, or negative when empty): a live view, read only. */
export const boardCells = (state: ConnectFwarState): Int8Array => state.cells;

/** Cards per column (a live view, read only). */
export const columnHeights = (state: ConnectFwarState): Uint8Array => state.heights;

/**
 * The column floors (rules.ts `columnFloor`): a card fits a column when its rank is at least the
 * floor; 14 when the column is full (a live view, read only).
 */
export const columnFloors = (state: ConnectFwarState): Uint8Array => state.floors;

/**
 * Fills `out` with the cards the player has not seen: the undealt ones. Their set is known to any
 * player (all cards minus those dealt); the order the engine keeps them in is not passed on.
 */
export function unseenCards(state: ConnectFwarState, out: CardSet): void {
  out.setFromCards(state.deck, state.remaining);
}

/**
 * The clairvoyant's peek (NOT available to an honest player): the cards still to be dealt, in the
 * order they will come, written to `out`; returns how many. The engine deals on demand, one
 * Fisher–Yates step per draw from the game's random stream, so the future is read by replaying
 * those steps on a copy of the deck with a clone of `rng`. It is right only when `rng` is the
 * stream the deal is drawn from (the lab's unpaired runs, `playOut`); the caller checks the
 * cards as they come.
 */
export function futureDeal(state: ConnectFwarState, rng: Rng, out: Uint8Array): number {
  const deck = Uint8Array.from(state.deck);
  const position = Uint8Array.from(state.position);
  const stream = rng.clone();
  let count = 0;
  for (let n = state.remaining; n > 0; n--) out[count++] = dealAt(deck, position, n, n === 1 ? 0 : drawIndex(stream, n));
  return count;
}
