/** Card names and short forms for the card pages (pure: no JSX, so Node tests import it too). */
import { suitOfIndex } from '../../../src/core/cards.js';

export { RANK_LABELS, SUIT_SYMBOLS, cardName, cardShort } from '../../../src/core/cards.js';

/** Hearts and diamonds. */
export function isRedSuit(index: number): boolean {
  const suit = suitOfIndex(index);
  return suit === 2 || suit === 4;
}
