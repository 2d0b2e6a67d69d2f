import { cardShort, DECK_SIZE } from '../../core/cards.js';
import type { GameDefinition } from '../../core/game.js';
import { mctsAgent } from '../../algorithms/mcts.js';
import { biggestCardAgent, firstValidAgent, smallestCardAgent } from './agents.js';
import { CONCEDE_ROUND, Phase, UnoWarState } from './engine.js';
import { slotName } from './notation.js';
import { unoWarProtocol } from './protocol.js';
import { unoWarUserPlayers } from './user-players.js';
import { CARD_COUNTER_SAMPLES, CARD_COUNTER_THRESHOLD, cardCounterAgent } from './counter.js';

/**
 * UnoWar for the lab: two players, +1 / -1 for the game's winner / loser.
 *
 * `maxGameLength` is a practical bound, not a proof: a round ends only when a player cannot play,
 * and nothing in the rules caps its length (same-suit plays can go on). Every turn has a fair
 * chance of ending the round, so lengths have a thin geometric tail: over 200,000 Smallest vs
 * Smallest games (the longest pairing) the mean was 3,767 nodes and the longest 12,269, so
 * 100,000 is far beyond anything a run will meet.
 */
/** Determinisations (each one descent and one playout) the `mcts` agent searches per move. */
export const MCTS_AGENT_ITERATIONS = 100;
/** The `mcts` agent's playouts: both seats play their first playable card (short, fast games). */
const MCTS_PLAYOUT_AGENTS = [firstValidAgent, firstValidAgent] as const;

export const unoWarGame: GameDefinition<UnoWarState> = {
  id: 'uno-war',
  title: 'UnoWar',
  userPlayers: unoWarUserPlayers,
  defaultLineup: { players: ['random', 'smallest', 'biggest'], games: 1000 },
  defaultSprt: { a: 'counter', b: 'smallest', maxGames: 200_000 },
  lineProtocol: unoWarProtocol,
  moveName: (state, slot) => `plays ${cardShort(state.handCard(state.currentPlayer(), slot))} (slot ${slotName(slot)})`,
  javaPlayer: { classPattern: /\bclass\s+\w+[^{]*\bextends\s+AI\b/, expected: 'a class that extends AI (getPlay(Hand hand, CardPile cardPile))' },
  labCommand: (lineups, gamesAndSeed) => `tabletop uno-war tournament --ais ${[...new Set(lineups.flat())].join(',')} ${gamesAndSeed}`,
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
  recordedPlayOut: (state, agents, rng, actions) => {
    state.playToEndRecorded(agents, rng, actions);
  },
  playRecordedAction: (state, action) => {
    if (action !== CONCEDE_ROUND || state.phase !== Phase.Play) return false;
    state.concedeRound();
    return true;
  },
  agents: {
    random: { description: 'the first playable card, slot 0 upwards (the assignment’s base AI, "Random Card AI")', deterministic: true, create: () => firstValidAgent },
    smallest: { description: 'the lowest-rank playable card (SmallestCardAI)', deterministic: true, create: () => smallestCardAgent },
    biggest: { description: 'the highest-rank playable card (BiggestCardAI)', deterministic: true, create: () => biggestCardAgent },
    counter: {
      description: `counts cards: plays the card the other player most likely cannot answer (in ≥ ${String(CARD_COUNTER_THRESHOLD * 100)}% of ${String(CARD_COUNTER_SAMPLES)} hands it may hold), else the lowest playable card`,
      create: () => cardCounterAgent(),
    },
    mcts: {
      description: `Monte-Carlo tree search over determinisations (honest: samples the hidden cards), ${String(MCTS_AGENT_ITERATIONS)} playouts per move`,
      create: () => mctsAgent(unoWarGame, { iterations: MCTS_AGENT_ITERATIONS, playout: (state, rng) => state.playToEnd(MCTS_PLAYOUT_AGENTS, rng) }),
    },
  },
};
