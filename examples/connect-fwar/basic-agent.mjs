// The built-in `basic` strategy (the first column from the left that takes the card) written as a
// lab agent on the game contract, act(state, rng): it reads the engine's state directly instead of
// the assignment's Card and Board objects, so it plays at the lab's full speed.
//
//   tabletop connect-fwar compare --players basic,./examples/connect-fwar/basic-agent.mjs --paired
//
// The state is the engine's ConnectFwarState (tabletop-lab/connect-fwar): `state.drawn` is the
// drawn card's index 0..51, `state.canPlay(card, col)` the column rule, and the answer is a column
// 0..3 or DISCARD (4). An action the rules refuse is a fault (and a discard). Treat the state as
// read-only: changing it changes the game.
import { DISCARD } from 'tabletop-lab/connect-fwar';

export const name = 'basic-agent';

export default {
  act(state) {
    const card = state.drawn;
    for (let col = 0; col < 4; col++) if (state.canPlay(card, col)) return col;
    return DISCARD;
  },
};
