/**
 * UnoWar's rules as tables (see docs/uno-war.md): a card may go on the pile when it shares the top
 * card's suit or ranks at least as high (Ace = 1, lowest). Card indices are core's 0..51.
 */
import { DECK_SIZE, rankOfIndex, suitOfIndex } from '../../core/cards.js';

/** Cards in each hand; a played card is replaced in the same slot, so hands always hold this many. */
export const HAND_SIZE = 5;
/** Rounds a player must win to win the game. */
export const WINNING_SCORE = 10;
/** Players per game; seat 0 is the assignment's `ai1` and starts round 1. */
export const NUM_PLAYERS = 2;

/** Rank 1..13 by card index. */
export const RANK: Readonly<Uint8Array> = Uint8Array.from({ length: DECK_SIZE }, (_, i) => rankOfIndex(i));

/** `CAN_PLAY[top * 52 + card]` is 1 when `card` may be played on `top`: one load on the hot path. */
export const CAN_PLAY: Readonly<Uint8Array> = (() => {
  const table = new Uint8Array(DECK_SIZE * DECK_SIZE);
  for (let top = 0; top < DECK_SIZE; top++) {
    for (let card = 0; card < DECK_SIZE; card++) {
      const playable = suitOfIndex(card) === suitOfIndex(top) || rankOfIndex(card) >= rankOfIndex(top);
      table[top * DECK_SIZE + card] = playable ? 1 : 0;
    }
  }
  return table;
})();

/** Whether card index `card` may be played on card index `top`. */
export function canPlayOn(top: number, card: number): boolean {
  return CAN_PLAY[top * DECK_SIZE + card] === 1;
}
