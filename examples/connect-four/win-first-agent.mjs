// A Connect Four bot written as a lab agent on the game contract, act(state, rng): the state is
// the engine's Position (tabletop-lab/connect-four), kept in step with the referee's board for you.
//
//   tabletop connect-four tournament --bots random,./examples/connect-four/win-first-agent.mjs
//
// - `state.canPlay(col)` says whether column col (0..6) takes a token;
// - `state.isWinningMove(col)` whether the player to move wins by playing it;
// - `state.legalMoves()` lists the free columns.
// The answer is a column. `rng` is the game's seeded generator: use it, never Math.random, so that a
// --seed replays the tournament. Treat the state as read-only.
import { randomInt } from 'tabletop-lab';

export const name = 'win-first';

export default {
  act(state, rng) {
    const free = state.legalMoves();
    return free.find((col) => state.isWinningMove(col)) ?? free[randomInt(rng, free.length)];
  },
};
