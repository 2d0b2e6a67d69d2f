/** Connect Four: the bitboard engine, the perfect solver, and (below) the seed's players and referee. */
export { Position, MoveSequenceError, WIDTH, HEIGHT, CELLS, RED, YELLOW, isColumn } from './position.js';
export { Solver, MIN_SCORE, MAX_SCORE, type SearchLimits, type SearchOptions, type SearchResult, type BestMove, type SolverOptions } from './solver/solver.js';
export { TranspositionTable } from './solver/transposition-table.js';
