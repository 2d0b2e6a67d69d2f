/**
 * UnoWar for people: the hand's slots are 1 to 5 from the left, in the terminal, in the page (its
 * address too) and in the docs. Code, the engine's actions and the assignment's `Hand.getCard` count
 * slots 0 to 4 (docs/game-contract.md). Also here, said once: why a card may not go on the pile.
 */
import { RANK_LABELS, SUIT_SYMBOLS, cardShort, rankOfIndex, suitOfIndex } from '../../core/cards.js';
import { HAND_SIZE, canPlayOn } from './rules.js';

/** The slots as a person types them: `1-5`. */
export const SLOT_CHOICES = `1-${String(HAND_SIZE)}`;

/** Slot `slot` (0-based) as a person counts it: `1` .. `5`. */
export const slotName = (slot: number): string => String(slot + 1);

/** The slot a person wrote (`1` .. `5`, spaces around), 0-based, or undefined. */
export function parseSlot(text: string): number | undefined {
  const answer = text.trim();
  return /^[1-9]$/.test(answer) && Number(answer) <= HAND_SIZE ? Number(answer) - 1 : undefined;
}

/**
 * Why `card` may not go on `top` (card indices), in words; null when it may. Cards are named by
 * `cardText`, the short name (`9♥`) unless a front end names them otherwise throughout.
 */
export function playRefusal(top: number, card: number, cardText: (card: number) => string = cardShort): string | null {
  if (canPlayOn(top, card)) return null;
  return `${cardText(card)} cannot go on ${cardText(top)}: play a ${SUIT_SYMBOLS[suitOfIndex(top) - 1]!} card or a card ranked ${RANK_LABELS[rankOfIndex(top) - 1]!} or higher (Ace is low)`;
}
