// A ConnectFwar player that needs randomness: a random column among those that take the card.
//
// nextMove gets a third argument, the game's own seeded generator. Draw from it (here with
// randomInt from tabletop-lab), never from Math.random: the lab derives every game's randomness
// from the experiment seed, so that a run can be replayed, resumed, sharded or spread over threads
// with the same result. Math.random is seeded differently in every thread and every run, so a
// player using it plays different games each time, and `--seed` would no longer replay the run.
import { randomInt } from 'tabletop-lab';

export const name = 'coin-flip';

export default class CoinFlip {
  nextMove(card, board, rng) {
    const open = [0, 1, 2, 3].filter((col) => board.canPlay(card, col));
    return open.length === 0 ? -1 : open[randomInt(rng, open.length)];
  }
}
