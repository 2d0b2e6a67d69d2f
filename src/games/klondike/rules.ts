/** The two placement rules of Klondike, shared by the model, the move generator and the hints. */
import type { Card } from './card.js';

/** Build rule: `card` may go onto `onto` (a pile's last card, or null for an empty pile). */
export function canBuildOn(card: Card, onto: Card | null): boolean {
  if (onto === null) return card.value === 13;
  return card.value === onto.value - 1 && card.isRed !== onto.isRed;
}

/** Foundation rule: `card` may go onto a foundation whose top is `top` (null when empty). */
export function canFoundOn(card: Card, top: Card | null): boolean {
  if (top === null) return card.value === 1;
  return card.suit === top.suit && card.value === top.value + 1;
}
