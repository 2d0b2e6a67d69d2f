/**
 * The runner at the edges of its inputs: a game count at the end of the safe integers, and more
 * threads than the machine has cores. Nothing in it may grow with the games before they are played.
 */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ExperimentConfig } from './experiment.js';
import { runExperiment, workerThreads } from './runner.js';

const SOLO: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic']], seed: 1, paired: false };

describe('runExperiment at the limits', () => {
  it('starts a run of 2^53 - 1 games at once (the batches are planned as they are played) and stops when told', async () => {
    const controller = new AbortController();
    const result = await runExperiment({
      config: SOLO,
      ranges: [[0, Number.MAX_SAFE_INTEGER]],
      threads: 1,
      batchSize: 100,
      signal: controller.signal,
      onProgress: (played) => {
        if (played >= 300) controller.abort();
      },
    });
    expect(result.aborted).toBe(true);
    expect(result.tally.lineups[0]!.games).toBe(300);
    expect(result.batches.map((b) => [b.start, b.end])).toEqual([
      [0, 100],
      [100, 200],
      [200, 300],
    ]);
  });

  it('runs at most one worker thread per core, and no more than there are batches', () => {
    const cores = availableParallelism();
    expect(workerThreads(1000, 1_000_000)).toBe(cores);
    expect(workerThreads(cores, 1_000_000)).toBe(cores);
    expect(workerThreads(1000, 1)).toBe(1);
    expect(workerThreads(0, 10)).toBe(1);
  });

  it('gives the same tally with 1000 threads asked for as with 1', async () => {
    const ranges = [[0, 600]] as const;
    const one = await runExperiment({ config: SOLO, ranges, threads: 1, batchSize: 100 });
    const many = await runExperiment({ config: SOLO, ranges, threads: 1000, batchSize: 100 });
    expect(many.tally).toEqual(one.tally);
  });
});
