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

// Slot `slot`'s key: rank * 8 + slot, so the smallest key is the lowest rank and, among equal
// ranks, the earliest slot (as SmallestCardAI's strict comparison picks); 255 for an unplayable slot.
function key(hands, base, playable, slot) {
  return ((playable >> slot) & 1) === 0 ? 255 : (hands[base + slot] % 13) * 8 + slot;
}

export default {
  act(state) {
    const base = state.toMove * 5;
    const hands = state.hands;
    const playable = state.playable;
    // Five slots written out rather than a loop: this runs on every move of every game.
    const best = Math.min(key(hands, base, playable, 0), key(hands, base, playable, 1), key(hands, base, playable, 2), key(hands, base, playable, 3), key(hands, base, playable, 4));
    return best % 8;
  },
};
