/** The opening suites live with the game (src/games/connect-four/openings.ts); the arena's tournaments use them from there. */
export { ALL_TWO_MOVE_OPENINGS, BALANCED_OPENINGS, openingName } from '../../games/connect-four/openings.js';
