/** Connect Four: the bitboard engine, the perfect solver, and (below) the seed's players and referee. */
export { Position, MoveSequenceError, WIDTH, HEIGHT, CELLS, RED, YELLOW, isColumn } from './position.js';
