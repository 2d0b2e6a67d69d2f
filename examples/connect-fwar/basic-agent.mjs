// The built-in `basic` strategy (the first column from the left that takes the card) written as a
// lab agent on the game contract, act(state, rng): it reads the engine's state directly instead of
// the assignment's Card and Board objects, so it plays at the lab's full speed.
//
//   tabletop connect-fwar compare --players basic,./examples/connect-fwar/basic-agent.mjs --paired
//
// The state is the engine's ConnectFwarState (tabletop-lab/connect-fwar):
// - `state.drawn` is the drawn card's index 0..51, suit by suit: its rank is index % 13 + 1;
// - `state.floors[col]` is the lowest rank column `col` takes: 1 when empty, the top card's rank
//   otherwise, 14 when full — so the card fits exactly when its rank >= the floor
//   (`state.canPlay(card, col)` says the same, a little slower);
// - the answer is a column 0..3, or DISCARD (4). An action the rules refuse is a fault (and a discard).
// Treat the state as read-only: changing it changes the game.
import { DISCARD } from 'tabletop-lab/connect-fwar';

export const name = 'basic-agent';

export default {
  act(state) {
    const rank = (state.drawn % 13) + 1;
    const floors = state.floors;
    // Unrolled over the four columns, as the built-in is: this is the hot path of every game.
    if (rank >= floors[0]) return 0;
    if (rank >= floors[1]) return 1;
    if (rank >= floors[2]) return 2;
    if (rank >= floors[3]) return 3;
    return DISCARD;
  },
};
