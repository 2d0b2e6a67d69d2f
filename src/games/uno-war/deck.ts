/**
 * UnoWar's `Deck`: core's `ReshufflingDeck` under the assignment's name. `draw()` never returns null:
 * on an empty deck it first reshuffles a fresh 52 (so `cardsRemaining()` is 51 afterwards), and
 * `isEmpty()` true means the next draw reshuffles. Dealing follows the engine's lazy
 * Fisher–Yates, so a game dealt through `Deck` replays the engine's game for the same stream.
 */
export { ReshufflingDeck as Deck } from '../../core/deck.js';
