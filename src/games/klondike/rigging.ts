/**
 * Rigged decks for tests, examples and puzzles: decks written as card names, and decks of runs.
 * `startGame(parseDeck('…'), false, …)` deals exactly the written order.
 */
import { Card } from './card.js';

const VALUE_NAMES = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

/** `parseDeck('A♣ 2♣ 3♡')` → those cards in that order (suits may also be written c d h s). */
export function parseDeck(text: string): Card[] {
  return text.trim().split(/\s+/).filter((name) => name !== '').map((name) => Card.parse(name));
}

/** One run A..`length` per suit symbol in `suits`, in that order: `deckOfRuns('♣♡', 3)` = ♣A-3, ♡A-3. */
export function deckOfRuns(suits: string, length: number): Card[] {
  return [...suits].flatMap((suit) => VALUE_NAMES.slice(0, length).map((v) => Card.parse(`${v}${suit}`)));
}
