import { DECK_SIZE } from '../../core/cards.js';
import type { GameDefinition } from '../../core/game.js';
import { biggestCardAgent, firstValidAgent, smallestCardAgent } from './agents.js';
import { UnoWarState } from './engine.js';

/**
 * UnoWar for the lab: two players, +1 / -1 for the game's winner / loser.
 *
 * `maxGameLength` is a practical bound, not a proof: a round ends only when a player cannot play,
 * and nothing in the rules caps its length (same-suit plays can go on). Every turn has a fair
 * chance of ending the round, so lengths have a thin geometric tail: over 200,000 Smallest vs
 * Smallest games (the longest pairing) the mean was 3,767 nodes and the longest 12,269, so
 * 100,000 is far beyond anything a run will meet.
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
  deserialize: (text) => UnoWarState.deserialize(text),
  playOut: (state, agents, rng) => {
    state.playToEnd(agents, rng);
  },
  agents: {
    random: { description: 'the first playable card, slot 0 upwards (the seed\'s base AI, "Random Card AI")', create: () => firstValidAgent },
    smallest: { description: 'the lowest-rank playable card (SmallestCardAI)', create: () => smallestCardAgent },
    biggest: { description: 'the highest-rank playable card (BiggestCardAI)', create: () => biggestCardAgent },
  },
};
