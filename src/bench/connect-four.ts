import { rngFromSeed, randomInt } from '../core/random.js';
import { Position, WIDTH } from '../games/connect-four/position.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { playoutBenchmark, unitByUnit, type Benchmark } from './harness.js';

/**
 * The Connect Four bitboard engine: positions per second along random games (legal-move scan,
 * play with its win test), and play + undo pairs as a search does them. A game is counted as the
 * positions it visits, so the unit is positions.
 */
function randomGames(): Benchmark {
  const position = new Position();
  const legal = new Int32Array(WIDTH);
  const rng = rngFromSeed(4);
  return {
    engine: 'Connect Four',
    name: 'random games (play)',
    unit: 'positions',
    run(count: number): number {
      let visited = 0;
      let checksum = 0;
      while (visited < count) {
        position.reset();
        while (!position.isGameOver()) {
          const n = position.legalActions(legal);
          position.playUnchecked(legal[randomInt(rng, n)]!);
          visited++;
        }
        checksum += position.moves;
      }
      return checksum;
    },
  };
}

function playUndo(): Benchmark {
  const position = Position.fromMoves('4453');
  return unitByUnit('Connect Four', 'play + undo', 'positions', (i) => {
    position.playUnchecked(i % WIDTH);
    const checksum = position.key() & 1;
    position.undo();
    return checksum;
  });
}

export const connectFourBenchmarks: Benchmark[] = [
  randomGames(),
  playUndo(),
  playoutBenchmark('Connect Four', 'random vs random (lab playOut)', connectFourGame, ['random', 'random']),
];
