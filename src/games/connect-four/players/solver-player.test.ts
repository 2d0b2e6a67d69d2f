import { describe, expect, it } from 'vitest';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { SolverPlayer } from './solver-player.js';

/** Positions from Pascal Pons' public test sets (End-Easy, Middle-Easy) with their exact scores. */
const KNOWN = [
  ['2252576253462244111563365343671351441', -1],
  ['7422341735647741166133573473242566', 1],
  ['23163416124767223154467471272416755633', 0],
  ['52753311433677442422121', 8],
  ['271713432331713132', -11],
] as const;

describe('SolverPlayer', () => {
  const solver = new Solver({ tableSize: 1 << 20 });

  it.each(KNOWN)('plays a perfect move in %s (score %i)', (moves, score) => {
    const player = new SolverPlayer({ budgetMs: 5_000, tableSize: 1 << 20 });
    player.init(moves.length % 2 === 0);
    player.setPosition(moves);
    const column = player.move();
    const columnScores = solver.analyze(Position.fromMoves(moves));
    const best = Math.max(...columnScores.filter((s): s is number => s !== null));
    expect(best).toBe(score);
    expect(columnScores[column]).toBe(best);
    expect(player.lastReport).toEqual({ column, perfect: true, score: best });
  });

  it('falls back to a searched move when the solver cannot finish in time', () => {
    const player = new SolverPlayer({ budgetMs: 30, tableSize: 1 << 18 });
    player.init(true);
    const column = player.move(); // the empty board takes the solver far longer than 24 ms (its share of 30)
    expect(player.lastReport).toEqual({ column, perfect: false, score: null });
    expect(new Position().canPlay(column)).toBe(true);
  });

  it('keeps its board through a game and rejects bad options', () => {
    const player = new SolverPlayer({ budgetMs: 200, tableSize: 1 << 18 });
    player.init(false);
    player.inform(3);
    const column = player.move();
    expect(Position.fromMoves(`4${String(column + 1)}`).moves).toBe(2);
    expect(() => new SolverPlayer({ budgetMs: 0 })).toThrow(RangeError);
    expect(() => new SolverPlayer({ solverShare: 1.5 })).toThrow(RangeError);
  });
});
