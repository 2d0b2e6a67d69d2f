/**
 * Rigged decks for tests, examples and puzzles: decks written as card names, and decks of runs.
 * `startGame(parseDeck('…'), false, …)` deals exactly the written order.
 */
import { Card } from './card.js';
import { IllegalArgumentError } from './errors.js';

/** `parseDeck('A♣ 2♣ 3♡')` → those cards in that order (suits may also be written c d h s). */
export function parseDeck(text: string): Card[] {
  return text.trim().split(/\s+/).filter((name) => name !== '').map((name) => Card.parse(name));
}

/** One run A..`length` per suit symbol in `suits`, in that order: `deckOfRuns('♣♡', 3)` = ♣A-3, ♡A-3. */
export function deckOfRuns(suits: string, length: number): Card[] {
  if (!Number.isInteger(length) || length < 1 || length > 13) throw new IllegalArgumentError(`A run has 1..13 cards, not ${String(length)}`);
  return [...suits].flatMap((symbol) => {
    const suit = Card.parse(`A${symbol}`).suit; // also accepts c d h s, as parseDeck does
    return Array.from({ length }, (_, v) => new Card(v + 1, suit));
  });
}
