/** Connect Four: the bitboard engine, the perfect solver, and (below) the spec's players and referee. */
export { Position, MoveSequenceError, WIDTH, HEIGHT, CELLS, RED, YELLOW, isColumn } from './position.js';
export { Solver, MIN_SCORE, MAX_SCORE, type SearchLimits, type SearchOptions, type SearchResult, type BestMove, type BestMoveOptions, type SolverOptions } from './solver/solver.js';
export { TranspositionTable } from './solver/transposition-table.js';
export { OpeningBook, BookFormatError, canonicalKey, type BookEntry, type BookInfo } from './book/book.js';
export { connectFourGame, SOLVER_AGENT_NODES } from './definition.js';
export { type Player, type ClosablePlayer, isClosable, colorName, Resignation } from './player.js';
export { RefereeBoard } from './referee/board.js';
export { END_REASONS, type EndReason, type ForfeitReason, type GameResult, moveString, PlayerFailure } from './referee/result.js';
export { AlphaBetaPlayer, ALPHABETA_LEVELS, type AlphaBetaLevel, type AlphaBetaOptions, type SearchReport } from './players/alphabeta.js';
export { SolverPlayer, type SolverPlayerOptions, type SolverPlayerReport } from './players/solver-player.js';
export { playCheckedGame, randomOpening, type CheckedGame } from './players/perfect-check.js';
export { HumanPlayer, type HumanPlayerOptions, type LineSource } from './players/human.js';
export { RandomPlayer } from './players/random.js';
