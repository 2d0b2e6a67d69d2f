// The built-in `smallest` AI (SmallestCardAI) written as a lab agent on the game contract,
// act(state, rng): it reads the engine's state directly instead of the assignment's Hand and
// CardPile objects, so it plays at the lab's full speed.
//
//   tabletop uno-war tournament --ais smallest,./examples/uno-war/smallest-agent.mjs
//
// The state is the engine's UnoWarState (tabletop-lab/uno-war):
// - `state.toMove` is the player to move (0 or 1); its card in slot s is `state.hands[5 * toMove + s]`,
//   a card index 0..51, suit by suit: its rank is index % 13 + 1;
// - `state.playable` has bit s set when slot s may go on the pile (never 0 when you are asked);
// - the answer is a slot 0..4 holding a playable card (the first slot among equal cards), or
//   CONCEDE_ROUND to give up the round. Any other answer loses the round and is a fault.
// Treat the state as read-only: changing it changes the game.
export const name = 'smallest-agent';

export default {
  act(state) {
    const base = state.toMove * 5;
    const hands = state.hands;
    const playable = state.playable;
    let best = -1;
    let bestRank = 14;
    for (let slot = 0; slot < 5; slot++) {
      if (((playable >> slot) & 1) === 0) continue;
      const rank = (hands[base + slot] % 13) + 1;
      // Strictly lower: among equal ranks the earliest slot wins, as SmallestCardAI's does.
      if (rank < bestRank) {
        best = slot;
        bestRank = rank;
      }
    }
    return best;
  },
};
