/**
 * Tabletop Lab's core: seeded randomness, playing cards, statistics and the game contract.
 * Each game has its own entry point (`tabletop-lab/connect-fwar`, …).
 */
export * from './core/random.js';
export * from './core/cards.js';
export * from './core/deck.js';
export * from './core/stats.js';
export * from './core/game.js';
// The lab: parallel, reproducible experiments with statistics and ratings (docs/lab.md).
export * from './lab/experiment.js';
export * from './lab/runner.js';
export * from './lab/records.js';
export * from './lab/session.js';
export * from './lab/node-lab.js';
export { readResults, readRecords, repairResults, ResultsFile, type OpenMode, type ReadResults } from './lab/results-file.js';
export * from './lab/report.js';
export * from './lab/ratings.js';
export * from './lab/standings.js';
export * from './lab/round-robin.js';
export { compareStrategies, formatComparison, type CompareOptions, type PlayerAverage, type PlayerComparisonResult, type StrategySpec } from './lab/player-comparison.js';
export * from './lab/user-agents.js';
export { PlayerModuleError, resolvePlayer, registerPlayerObject, loadUserAgents } from './lab/user-players.js';
export { GAMES, gameById } from './lab/registry.js';
export { GameModuleError, resolveGame } from './lab/game-modules.js';
