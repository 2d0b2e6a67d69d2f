/**
 * `tabletop-lab/connect-fwar`: the assignment's classes under the assignment's names, plus the engine and the
 * lab's definition for programs that simulate at speed.
 */
export * from '../games/connect-fwar/index.js';
export { PlayerComparison, SEED_STRATEGIES, type PlayerComparisonOptions, type PlayerComparisonResult, type PlayerAverage, type ComparedPlayer } from './connect-fwar-comparison.js';
