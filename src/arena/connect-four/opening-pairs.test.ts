/**
 * Connect Four SPRT pairs from the opening suites: the two games of a pair start from the same
 * opening with the colours swapped, pairs from different openings, and the test decides the same
 * on 1 and 2 threads (2 threads run the built worker, dist/arena/connect-four/opening-worker.js).
 */
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../lab/runner.js';
import { runLab } from '../../lab/session.js';
import { runSprt, type SprtRequest } from '../../lab/sprt-run.js';
import { sprtParams, type SprtSettings } from '../../lab/sprt.js';
import { ALL_TWO_MOVE_OPENINGS } from '../../games/connect-four/openings.js';
import { openingPairs, openingPlayer, startFromOpening } from './opening-pairs.js';
import { Position } from '../../games/connect-four/position.js';

const SETTINGS: SprtSettings = { kind: 'elo', h0: 0, h1: 5, alpha: 0.05, beta: 0.05, every: 7, openings: 'all' };
const config = (a: string, b: string) => ({ game: 'connect-four', lineups: [[a, b], [b, a]], seed: 1, paired: true, params: sprtParams(SETTINGS) });

describe('Connect Four opening pairs', () => {
  it('a player against itself: each pair is one game played with the colours swapped, 1–1', () => {
    // The random bot draws from the pair's stream, the same in both games: the second game replays the first.
    const tally = openingPlayer(config('random', 'random')).play(0, ALL_TWO_MOVE_OPENINGS.length);
    const d = tally.differences[0]!;
    expect([d.n, d.sum, d.sumSq]).toEqual([49, 0, 0]);
  });

  it('pair i starts from opening i of the suite, cycling', () => {
    const start = startFromOpening(ALL_TWO_MOVE_OPENINGS);
    for (const i of [0, 1, 7, 48, 49, 50, 100]) {
      const position = new Position();
      start(position, i);
      expect(position.toMoves(), `pair ${String(i)}`).toBe(ALL_TWO_MOVE_OPENINGS[i % 49]!.map((c) => String(c + 1)).join(''));
    }
    // Pair 49 starts from opening 0 again: with deterministic bots, the same games.
    const player = openingPlayer(config('alphabeta1', 'random'));
    expect(player.play(49, 50)).toEqual(player.play(0, 1));
  });

  it('decides the same on 1 and 2 threads', async () => {
    const request: SprtRequest = { game: 'connect-four', a: 'alphabeta1', b: 'random', settings: SETTINGS, maxPairs: 49, seed: 3, source: openingPairs };
    const inMemory = (lab: Parameters<typeof runLab>[0]): ReturnType<typeof runLab> => runLab(lab, runExperiment);
    const one = await runSprt({ ...request, threads: 1 }, inMemory);
    const two = await runSprt({ ...request, threads: 2 }, inMemory);
    expect(two.looks).toEqual(one.looks);
    expect([two.result, two.pairs, two.llr]).toEqual([one.result, one.pairs, one.llr]);
    expect(one.result).toBe('H1');
    expect(one.pairs % 7).toBe(0);
  });
});
