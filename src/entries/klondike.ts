/** `tabletop-lab/klondike`: the assignment's classes under the assignment's names, and the lab's Klondike. */
export * from '../games/klondike/index.js';
export { compareKlondike, type PlayerAverage, type PlayerComparisonResult } from '../lab/player-comparison.js';
