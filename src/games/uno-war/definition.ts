import { DECK_SIZE } from '../../core/cards.js';
import type { GameDefinition } from '../../core/game.js';
import { biggestCardAgent, firstValidAgent, smallestCardAgent } from './agents.js';
import { UnoWarState } from './engine.js';

/**
 * UnoWar for the lab: two players, +1 / -1 for the game's winner / loser.
 *
 * `maxGameLength` is a practical bound, not a proof: a round ends only when a player cannot play,
 * and nothing in the rules caps its length (same-suit plays can go on). Each node has a fixed,
 * positive chance of ending the round soon, so lengths have a geometric tail; the longest of
 * 10^6 Smallest-vs-Smallest games measured about 1,000 nodes (see the engine's tests), far below this.
 */
export const unoWarGame: GameDefinition<UnoWarState> = {
  id: 'uno-war',
  title: 'UnoWar',
  numPlayers: 2,
  outcome: 'win-loss',
  scoreRange: [-1, 1],
  maxActions: DECK_SIZE,
  maxGameLength: 100_000,
  newInitialState: () => new UnoWarState(),
  playOut: (state, agents, rng) => {
    state.playToEnd(agents, rng);
  },
  agents: {
    random: { description: 'the first playable card, slot 0 upwards (the seed\'s base AI, "Random Card AI")', create: () => firstValidAgent },
    smallest: { description: 'the lowest-rank playable card (SmallestCardAI)', create: () => smallestCardAgent },
    biggest: { description: 'the highest-rank playable card (BiggestCardAI)', create: () => biggestCardAgent },
  },
};
