/** Card names and short forms for the card pages (pure: no JSX, so Node tests import it too). */
import { RANK_NAMES, SUIT_NAMES, rankOfIndex, suitOfIndex } from '../../../src/core/cards.js';

export const SUIT_SYMBOLS = ['♠', '♥', '♣', '♦'] as const;
export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

/** "Seven of Hearts" for a card index 0..51. */
export function cardName(index: number): string {
  return `${RANK_NAMES[rankOfIndex(index) - 1]!} of ${SUIT_NAMES[suitOfIndex(index) - 1]!}`;
}

/** "7♥" for a card index 0..51: short text for messages. */
export function cardShort(index: number): string {
  return `${RANK_LABELS[rankOfIndex(index) - 1]!}${SUIT_SYMBOLS[suitOfIndex(index) - 1]!}`;
}

/** Hearts and diamonds. */
export function isRedSuit(index: number): boolean {
  const suit = suitOfIndex(index);
  return suit === 2 || suit === 4;
}

