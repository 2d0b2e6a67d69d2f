/**
 * Klondike's rule book over card indices (0..51, `getDeck()` order: ♣A..K, ♢A..K, ♡A..K, ♠A..K):
 * the placement rules and what makes a deck valid. The engine (`KlondikeState`) and through it the
 * spec's model (`BasicKlondike`), the move generator and the hints all apply these, so there is
 * one copy of each rule.
 */
import { Card, isRedSuitIndex, NUM_VALUES, STANDARD_DECK_SIZE } from './card.js';

/** Value 1..13 of each card index. */
export const VALUE = Uint8Array.from({ length: STANDARD_DECK_SIZE }, (_, c) => (c % NUM_VALUES) + 1);
/** Suit 0..3 (position in SUITS) of each card index. */
export const SUIT = Uint8Array.from({ length: STANDARD_DECK_SIZE }, (_, c) => Math.floor(c / NUM_VALUES));
/** 1 for the red cards (♢ ♡), 0 for the black ones. */
export const RED = Uint8Array.from({ length: STANDARD_DECK_SIZE }, (_, c) => (isRedSuitIndex(SUIT[c]!) ? 1 : 0));

/** A pile's last card or a foundation's top when there is none. */
export const NONE = -1;

/** Build rule: card `c` may go onto a pile whose last card is `onto` (NONE for an empty pile: Kings only). */
export function canBuildOn(c: number, onto: number): boolean {
  if (onto === NONE) return VALUE[c] === NUM_VALUES;
  return VALUE[c]! + 1 === VALUE[onto] && RED[c] !== RED[onto];
}

/** Foundation rule: card `c` may go onto a foundation whose top is `top` (NONE when empty: Aces only). */
export function canFoundOn(c: number, top: number): boolean {
  if (top === NONE) return VALUE[c] === 1;
  // Same suit and one higher is the next index — unless top is a King, whose next index is the
  // following suit's Ace.
  return c === top + 1 && VALUE[c] !== 1;
}

/**
 * Why `deck` is not a valid deck, or null when it is: non-empty, no missing entries, and splittable
 * into single-suit runs A..L, all of the same length L. That holds exactly when, for every suit, each
 * value 1..L appears as often as that suit's Ace and no value above L appears (L = length / Aces).
 */
export function deckProblem(deck: readonly unknown[]): string | null {
  if (deck.length === 0) return 'it is empty';
  const counts = new Map<string, number[]>();
  let aces = 0;
  for (let i = 0; i < deck.length; i++) {
    const card = deck[i];
    if (!(card instanceof Card)) return `entry ${String(i)} is not a card`;
    let bySuit = counts.get(card.suit);
    if (bySuit === undefined) counts.set(card.suit, (bySuit = new Array<number>(14).fill(0)));
    bySuit[card.value]!++;
    if (card.value === 1) aces++;
  }
  if (aces === 0 || deck.length % aces !== 0) return 'it cannot be split into equal runs from Ace';
  const runLength = deck.length / aces;
  for (const [suit, bySuit] of counts) {
    for (let value = 2; value <= 13; value++) {
      const expected = value <= runLength ? bySuit[1]! : 0;
      if (bySuit[value] !== expected) return `the ${suit} cards do not form runs A..${String(runLength)}`;
    }
  }
  return null;
}
