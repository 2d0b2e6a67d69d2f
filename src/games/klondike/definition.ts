import type { GameDefinition } from '../../core/game.js';
import { createGreedyAgent, createRandomAgent } from './agents.js';
import { STANDARD_DECK_SIZE } from './card.js';
import { KlondikeConfig, KlondikeState, type KlondikeOptions } from './engine.js';

/**
 * A Klondike variant for the lab: one player, score = cards on the foundations (0..52), face-down
 * and unseen stock cards revealed by chance. See engine.ts for the action encoding and the
 * termination rule.
 */
export function makeKlondikeGame(options: KlondikeOptions = {}): GameDefinition<KlondikeState> {
  const config = new KlondikeConfig(options);
  const standard = config.piles === 7 && config.draw === 3 && config.idleLimit === 100;
  return {
    id: standard ? 'klondike' : `klondike-p${String(config.piles)}-d${String(config.draw)}-i${String(config.idleLimit)}`,
    title: standard ? 'Klondike' : `Klondike (${String(config.piles)} piles, draw ${String(config.draw)}, idle limit ${String(config.idleLimit)})`,
    numPlayers: 1,
    outcome: 'score',
    scoreRange: [0, STANDARD_DECK_SIZE],
    maxActions: Math.max(config.numActions, STANDARD_DECK_SIZE),
    maxGameLength: config.maxGameLength,
    newInitialState: () => new KlondikeState(config),
    agents: {
      random: { description: 'a uniformly random legal move', create: createRandomAgent },
      greedy: { description: 'foundation moves, then moves turning up face-down cards, then draw to pile, then discard', create: createGreedyAgent },
    },
  };
}

/** Standard Klondike for the lab: 7 piles, 3 draw cards shown, 100 idle moves end a game. */
export const klondikeGame: GameDefinition<KlondikeState> = makeKlondikeGame();
