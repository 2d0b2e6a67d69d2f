import { BasicKlondike } from '../games/klondike/basic-klondike.js';
import { klondikeGame } from '../games/klondike/definition.js';
import { applyMove, hint } from '../games/klondike/moves.js';
import { playoutBenchmark, unitByUnit, type Benchmark } from './harness.js';

/** Moves after which a hinted game stops (hints may cycle the stock forever). */
const HINTED_MOVES = 200;

/**
 * The assignment's class, as a person or a test drives it: deal a shuffled standard deck with
 * `BasicKlondike`, then play the hint (`hint` + `applyMove`) until the game is over, no hint is
 * left, or HINTED_MOVES moves. Checksum: the sum of the scores.
 */
const basicKlondikeHinted: Benchmark = unitByUnit('Klondike', 'BasicKlondike hinted games', 'games', (i) => {
  const model = new BasicKlondike(i);
  model.startGame(model.getDeck(), true, 7, 3);
  for (let moves = 0; moves < HINTED_MOVES && !model.isGameOver(); moves++) {
    const move = hint(model);
    if (move === null) break;
    applyMove(model, move);
  }
  return model.getScore();
});

/**
 * Whole Klondike games per second (7 piles, draw 3, idle limit 100), one thread, through the
 * generic playOut the lab uses — the deal by chance included; and the assignment's class.
 */
export const klondikeBenchmarks: Benchmark[] = [
  ...(['random', 'greedy'] as const).map((id) => playoutBenchmark('Klondike', `${id} playouts`, klondikeGame, [id])),
  basicKlondikeHinted,
];
