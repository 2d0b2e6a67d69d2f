/**
 * The engine's games pinned: 1,000 seeded games of every pairing of the built-in AIs, summed up
 * (winner, scores, rounds, the last pile and the deck count) in one digest. The digest was taken
 * from the engine before its hot path was made branch-free; any change to what a seed plays —
 * a different draw, a different choice, a different round end — changes it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveSeed, rngFromSeed } from '../../core/random.js';
import { unoWarGame } from './definition.js';

const PINNED = '35941a004f9282d6e5201dd7ec968d412ec6d1a21820a4a8cf3927437cb4de5f';

describe('the UnoWar engine', () => {
  it('plays the same games from the same seeds as it always has', () => {
    const ids = ['random', 'smallest', 'biggest'];
    const digest = createHash('sha256');
    const state = unoWarGame.newInitialState();
    for (const a of ids) {
      for (const b of ids) {
        const agents = [unoWarGame.agents[a]!.create(), unoWarGame.agents[b]!.create()];
        for (let k = 0; k < 1000; k++) {
          state.reset();
          unoWarGame.playOut!(state, agents, rngFromSeed(deriveSeed(2024, k)));
          digest.update(`${String(state.winner())} ${state.scores.join(',')} ${String(state.rounds)} ${String(state.top)} ${String(state.pileSize)} ${String(state.remaining)};`);
        }
      }
    }
    expect(digest.digest('hex')).toBe(PINNED);
  });
});
