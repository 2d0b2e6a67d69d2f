import { describe, expect, it } from 'vitest';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { AlphaBetaPlayer } from './alphabeta.js';
import { playCheckedGame, randomOpening } from './perfect-check.js';
import { RandomPlayer } from './random.js';
import { SolverPlayer } from './solver-player.js';

const judge = new Solver({ tableSize: 1 << 20 });

describe('the perfect player, every move checked against the solver', () => {
  // Openings of 18 random moves: the rest of the game solves in well under the move budget.
  const games = [
    { opponent: () => new RandomPlayer(1), color: true, seed: 11 },
    { opponent: () => new RandomPlayer(2), color: false, seed: 12 },
    { opponent: () => new AlphaBetaPlayer({ level: 2 }), color: true, seed: 13 },
    { opponent: () => new AlphaBetaPlayer({ level: 3 }), color: false, seed: 14 },
  ];
  for (const { opponent, color, seed } of games) {
    it(`never worsens its value as ${color ? 'red' : 'yellow'} against ${opponent().name()} (opening seed ${String(seed)})`, async () => {
      const opening = randomOpening(18, seed);
      const start = Position.fromMoves(opening);
      // The value of the game for the perfect player at the start: it must end no worse.
      const value = judge.solve(start, true) * (start.turn === color ? 1 : -1);
      const perfect = new SolverPlayer({ budgetMs: 20_000, tableSize: 1 << 20 });
      const game = await playCheckedGame(perfect, opponent(), color, opening, judge);
      expect(game.mistakes).toEqual([]);
      expect(game.checked).toBeGreaterThan(2);
      expect(game.result).toBeGreaterThanOrEqual(value);
    }, 60_000);
  }

  it('catches a player that does worsen its value', async () => {
    let mistakes = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const game = await playCheckedGame(new RandomPlayer(seed), new SolverPlayer({ tableSize: 1 << 20 }), seed % 2 === 0, randomOpening(18, seed), judge);
      mistakes += game.mistakes.length;
    }
    expect(mistakes).toBeGreaterThan(0);
  }, 60_000);
});
