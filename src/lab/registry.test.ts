/**
 * The conformance suite over every game the registry holds: a game registered is a game checked,
 * with no opt-in in its own tests (the extra per-game checks are in test-support/game-checks.ts).
 */
import { describe, expect, it } from 'vitest';
import { describeConformance } from '../test-support/conformance.js';
import { GAME_CHECKS } from '../test-support/game-checks.js';
import { GAMES, gameById } from './registry.js';

for (const game of Object.values(GAMES)) describeConformance(game, GAME_CHECKS.get(game.id) ?? {});

describe('the game registry', () => {
  it('holds each game under its own id, and the extra checks name only registered games', () => {
    for (const [id, game] of Object.entries(GAMES)) expect(game.id).toBe(id);
    for (const id of GAME_CHECKS.keys()) expect(gameById(id).id).toBe(id);
    expect(() => gameById('chess')).toThrow(/Unknown game 'chess' \(known: connect-fwar, uno-war, connect-four, klondike\)/);
  });

  it("rebuilds a game's variant from its own id, as a worker thread does, and knows no variant a game does not name", () => {
    const variant = gameById('klondike-standard-d1-p3-vegas');
    expect(variant.id).toBe('klondike-standard-d1-p3-vegas');
    expect(variant.title).toBe('Klondike (standard rules, draw 1, 3 passes)');
    expect(() => gameById('klondike-standard-d0-pu-standard')).toThrow(/Unknown game 'klondike-standard-d0-pu-standard'/);
  });
});
