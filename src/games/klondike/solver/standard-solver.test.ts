/**
 * The standard rules' solver against a plain exhaustive search without prunings on small decks
 * (draw 1 and 3, one pass and unlimited passes): the same verdict on every deal, and every winning
 * line wins when replayed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomInt, rngFromSeed, shuffleInPlace } from '../../../core/random.js';
import { encodeMove, KlondikeState } from '../engine.js';
import { deckOfRuns } from '../rigging.js';
import { searchByUndo } from '../search-by-undo.js';
import { dealState } from './deal.js';
import { solveStandard } from './standard-solver.js';

/** Whether the position can be won: every legal move tried, every position once (passes made count only when limited). */
function exhaustive(state: KlondikeState): boolean {
  const seen = new Set<string>();
  const buffer = new Int32Array(state.config.numActions);
  const fresh = (): number[] | null => {
    const { piles, rows } = state.config;
    const pileCards = Array.from({ length: piles }, (_, p) => `${String(state.hidden[p])}:${Array.from(state.cells.subarray(p * rows, p * rows + state.heights[p]!)).join(',')}`);
    const key = `${pileCards.join('|')}#${Array.from(state.queue.subarray(0, state.queueLength)).join(',')}#${String(state.waste)}#${state.config.passes === Infinity ? '' : String(state.recycles)}#${Array.from(state.foundation).join(',')}`;
    if (seen.has(key)) return null;
    seen.add(key);
    return Array.from(buffer.subarray(0, state.legalActions(buffer)));
  };
  if (state.score === state.config.deckSize) return true;
  return searchByUndo(state, fresh()!, () => (state.score === state.config.deckSize ? 'found' : (fresh() ?? 'seen')));
}

describe('solveStandard', () => {
  for (const { suits, length, piles } of [
    { suits: 'cd', length: 5, piles: 2 },
    { suits: 'chs', length: 4, piles: 3 },
  ]) {
    it(`agrees with an exhaustive search on ${suits} A..${String(length)}, ${String(piles)} piles (draw 1 and 3, 1 pass and unlimited)`, () => {
      const rng = rngFromSeed(length * 100 + piles);
      const verdicts = { winnable: 0, unwinnable: 0 };
      for (let deal = 0; deal < 10; deal++) {
        const order = deckOfRuns(suits, length).map((card) => card.index);
        shuffleInPlace(order, rng);
        for (const draw of [1, 3]) {
          for (const passes of [1, Infinity]) {
            const state = dealState(order, piles, { rules: 'standard', draw, passes });
            const result = solveStandard(state, { timeMs: 60_000, maxStates: 1_000_000 });
            const truth = exhaustive(state.clone());
            expect(result.verdict).toBe(truth ? 'winnable' : 'unwinnable');
            verdicts[truth ? 'winnable' : 'unwinnable']++;
          }
        }
      }
      // Both verdicts occur, so the comparison tests each.
      expect(verdicts.winnable).toBeGreaterThan(0);
      expect(verdicts.unwinnable).toBeGreaterThan(0);
    });
  }

  it('agrees with an exhaustive search from positions in mid-game (cards up, waste turned, passes used), and its lines win', () => {
    const verdicts = { winnable: 0, unwinnable: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom('cd', 'chs', 'dh', 'cdhs'),
        fc.integer({ min: 2, max: 3 }),
        fc.constantFrom(1, 2, 3),
        fc.constantFrom(1, 2, Infinity),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 12 }),
        (suits, piles, draw, passes, seed, moves) => {
          const rng = rngFromSeed(seed);
          const order = deckOfRuns(suits, suits.length === 4 ? 3 : 4).map((card) => card.index);
          shuffleInPlace(order, rng);
          const state = dealState(order, piles, { rules: 'standard', draw, passes });
          // A random walk of legal moves to a position of the game's middle.
          const buffer = new Int32Array(state.config.numActions);
          for (let i = 0; i < moves && state.score < state.config.deckSize; i++) {
            const count = state.legalActions(buffer);
            if (count === 0) break;
            state.applyAction(buffer[randomInt(rng, count)]!);
          }
          const result = solveStandard(state, { timeMs: 60_000, maxStates: 1_000_000 });
          const truth = exhaustive(state.clone());
          expect(result.verdict).toBe(truth ? 'winnable' : 'unwinnable');
          verdicts[truth ? 'winnable' : 'unwinnable']++;
          if (result.moves !== null) {
            const replay = state.clone();
            for (const move of result.moves) replay.applyAction(encodeMove(replay.config, move));
            expect(replay.score).toBe(replay.config.deckSize);
          }
        },
      ),
      { numRuns: 30, seed: 28 },
    );
    expect(verdicts.winnable).toBeGreaterThan(0);
    expect(verdicts.unwinnable).toBeGreaterThan(0);
  });
});
