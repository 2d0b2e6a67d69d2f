import { describe, expect, it } from 'vitest';
import { rngFromSeed } from '../../../core/random.js';
import { Position } from '../position.js';
import { RandomPlayer, randomAgent } from './random.js';

describe('Connect Four RandomPlayer', () => {
  it('is a face of the random agent: the same columns from the same seed, told the opponent moves', () => {
    for (const seed of [1, 2, 3]) {
      const player = new RandomPlayer(seed);
      const rng = rngFromSeed(seed);
      const referee = new Position();
      player.init(true);
      // The player moves for red; the opponent's (yellow) moves are always the leftmost legal column.
      while (!referee.isGameOver()) {
        if (referee.turn) {
          const expected = randomAgent.act(referee.clone(), rng);
          const column = player.move();
          expect(column).toBe(expected);
          referee.play(column);
        } else {
          const column = referee.legalMoves()[0]!;
          player.inform(column);
          referee.play(column);
        }
      }
    }
  });

  it('refuses to move once the game on its board is over', () => {
    const player = new RandomPlayer(1);
    player.init(true);
    for (const column of [0, 1, 0, 1, 0, 1, 0]) player.inform(column);
    expect(() => player.move()).toThrow(/game is over/);
  });
});
