/** Klondike: the assignment's model and view, moves and hints, and the lab's engine, agents and definition — one rule book. */
export { Card, SUITS, standardDeck, type Suit } from './card.js';
export { IllegalArgumentError, IllegalStateError } from './errors.js';
export type { KlondikeModel, ReadonlyKlondikeModel, UndoableKlondikeModel } from './model.js';
export { BasicKlondike } from './basic-klondike.js';
export { KlondikeTextualView } from './view.js';
export { applyMove, hint, legalMoves, type KlondikeMove } from './moves.js';
export { deckOfRuns, parseDeck } from './rigging.js';
export { decodeAction, encodeMove, KlondikeConfig, KlondikeState, type KlondikeObservation, type KlondikeOptions, type KlondikeRules, type KlondikeScoring } from './engine.js';
export { klondikeRuleSet, passesInJson, passesWords, type KlondikeRuleParams, type KlondikeRuleSet } from './rule-set.js';
export { createGreedyAgent, createRandomAgent } from './agents.js';
export { klondikeGame, klondikeGameById, makeKlondikeGame } from './definition.js';
