/**
 * The CLI's conformance checks (game-conformance.ts) find every built-in game sound — they report
 * no false breakage on the games the test suite checks with fast-check — and each rule fails on a
 * game that breaks it.
 */
import { describe, expect, it } from 'vitest';
import type { GameDefinition, GameState } from '../core/game.js';
import { checkConformance } from './game-conformance.js';
import { GAMES } from './registry.js';

/** Built-in agents fast enough for whole games in a test (the searching ones take seconds a game). */
const CHEAP_AGENTS: Readonly<Record<string, readonly string[]>> = {
  'connect-fwar': ['random', 'basic'],
  'uno-war': ['random', 'smallest', 'counter'],
  'connect-four': ['random', 'alphabeta1'],
  klondike: ['random'],
};

function withAgents(game: GameDefinition<GameState>, ids: readonly string[]): GameDefinition<GameState> {
  for (const id of ids) expect(Object.hasOwn(game.agents, id), `${game.id} has an agent ${id}`).toBe(true);
  return { ...game, agents: Object.fromEntries(ids.map((id) => [id, game.agents[id]!])), newInitialState: () => game.newInitialState() };
}

describe('checkConformance on the built-in games', () => {
  it.each(Object.keys(GAMES))('%s holds every rule', (id) => {
    const result = checkConformance(withAgents(GAMES[id]!, CHEAP_AGENTS[id] ?? Object.keys(GAMES[id]!.agents)), { runs: 12 });
    expect(result.failures).toEqual([]);
    expect(result.rules.length).toBeGreaterThanOrEqual(13);
  });
});
