/**
 * Tabletop Lab's core: seeded randomness, playing cards, statistics and the game contract.
 * Each game has its own entry point (`tabletop-lab/connect-fwar`, …).
 */
export * from './core/random.js';
export * from './core/cards.js';
export * from './core/deck.js';
export * from './core/stats.js';
export * from './core/game.js';
