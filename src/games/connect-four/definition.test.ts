import { describe, expect, it } from 'vitest';
import { playOut } from '../../core/game.js';
import { rngFromSeed } from '../../core/random.js';
import { describeConformance } from '../../test-support/conformance.js';
import { connectFourGame } from './definition.js';
import { CELLS, type Position } from './position.js';

describeConformance(connectFourGame, {
  invariant(state: Position) {
    // The picture, the move list and the counters tell the same story.
    expect(state.moves).toBe(state.toMoves().length);
    expect(state.moves).toBeLessThanOrEqual(CELLS);
    expect(state.toString().match(/[XO]/g)?.length ?? 0).toBe(state.moves);
  },
});

describe('connectFourGame agents', () => {
  it('the solver agent beats the random agent as either colour', () => {
    const solver = connectFourGame.agents.solver!;
    const random = connectFourGame.agents.random!;
    for (let seed = 0; seed < 6; seed++) {
      const redSolver = seed % 2 === 0;
      const agents = redSolver ? [solver.create(), random.create()] : [random.create(), solver.create()];
      const state = connectFourGame.newInitialState();
      playOut(state, agents, rngFromSeed(seed));
      expect(state.returns(redSolver ? 0 : 1)).toBe(1);
    }
  });
});
