/** Klondike: the seed's model and view, moves and hints, and the lab's engine, agents and definition. */
export { Card, SUITS, standardDeck, type Suit } from './card.js';
export { IllegalArgumentError, IllegalStateError } from './errors.js';
export type { KlondikeModel, UndoableKlondikeModel } from './model.js';
export { BasicKlondike } from './basic-klondike.js';
export { KlondikeTextualView } from './view.js';
export { applyMove, hint, legalMoves, type KlondikeMove } from './moves.js';
export { deckOfRuns, parseDeck } from './rigging.js';
export { decodeAction, encodeMove, KlondikeConfig, KlondikeState, type KlondikeOptions } from './engine.js';
export { createGreedyAgent, createRandomAgent } from './agents.js';
export { klondikeGame, makeKlondikeGame } from './definition.js';
