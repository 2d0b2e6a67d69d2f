import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../core/random.js';
import { connectFourGame } from './definition.js';
import { Position } from './position.js';
import { expectWinsFromEitherSeat } from '../../test-support/duels.js';


describe('connectFourGame agents', () => {
  it('fields the AlphaBetaPlayer at levels 1-4, deterministic whatever the clock, and it beats random play', () => {
    expect(Object.keys(connectFourGame.agents)).toEqual(expect.arrayContaining(['alphabeta1', 'alphabeta2', 'alphabeta3', 'alphabeta4', 'alphabeta5', 'alphabeta6', 'mcts']));
    const position = Position.fromMoves('51617');
    for (const level of [1, 2, 3, 4]) {
      const agent = connectFourGame.agents[`alphabeta${String(level)}`]!.create();
      // Blocking the three on the bottom row (column 4, 0-based 3) is forced at every level.
      expect(agent.act(position, rngFromSeed(0))).toBe(3);
      expect(position.toMoves()).toBe('51617');
    }
    const alphabeta = connectFourGame.agents.alphabeta2!.create();
    const random = connectFourGame.agents.random!.create();
    expectWinsFromEitherSeat(connectFourGame, () => alphabeta, () => random, 4);
  });

  it('the solver agent beats the random agent as either colour', () => {
    const solver = connectFourGame.agents.solver!;
    const random = connectFourGame.agents.random!;
    expectWinsFromEitherSeat(connectFourGame, () => solver.create(), () => random.create(), 6);
  });
});
