/**
 * An experiment as a job on the job core (experiment-job.ts), the way the browser's pool runs it:
 * batches played by a plain function on lanes that finish out of order give the runner's result,
 * `untilCi` included.
 */
import { describe, expect, it } from 'vitest';
import { BatchPlayer, type ExperimentConfig, type Tally } from './experiment.js';
import { runExperimentBatches } from './experiment-job.js';
import { runExperiment } from './runner.js';
import type { CompletedBatch, RunOptions } from './batching.js';

const config: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random']], seed: 7, paired: false };

/** An executor in this thread whose lanes answer out of order (lane k waits k turns), as Web Workers may. */
function outOfOrder(options: RunOptions, batchSize: number) {
  const player = new BatchPlayer(options.config);
  return runExperimentBatches(options, {
    batchSize,
    lanes: 3,
    stopped: () => options.signal?.aborted === true,
    playBatch: async ([start, end], lane) => {
      for (let k = 0; k < 3 - lane; k++) await Promise.resolve();
      return { tally: player.play(start, end) };
    },
  });
}

describe('an experiment on the job core (the browser’s way)', () => {
  it('gives the runner’s tally and batches, with earlier batches counted and progress up to the games planned', async () => {
    const reference = await runExperiment({ config, ranges: [[0, 300]], threads: 1, batchSize: 300 });
    const earlier = await runExperiment({ config, ranges: [[0, 100]], threads: 1, batchSize: 50 });
    const progress: number[] = [];
    const seen: CompletedBatch[] = [];
    const rest = await outOfOrder({ config, ranges: [[100, 300]], earlier: earlier.batches, onProgress: (played) => progress.push(played), onBatch: (b) => seen.push(b) }, 30);
    expect(rest.tally).toEqual(reference.tally);
    expect(rest.batches.map((b) => b.start)).toEqual([100, 120, 150, 180, 210, 240, 270]);
    expect(seen).toHaveLength(7);
    expect(progress.at(-1)).toBe(200 * 2);
    expect(rest.aborted).toBe(false);
  });

  it('stops by untilCi at the boundary where the runner stops', async () => {
    const untilCi = { satisfied: (t: Readonly<Tally>): boolean => t.lineups[0]!.games >= 120, roundGames: 50 };
    const runner = await runExperiment({ config, ranges: [[0, 1000]], threads: 1, batchSize: 20, untilCi });
    const here = await outOfOrder({ config, ranges: [[0, 1000]], untilCi }, 20);
    expect(runner.stoppedByCi).toBe(true);
    expect(here.stoppedByCi).toBe(true);
    expect(here.tally).toEqual(runner.tally);
    expect(here.tally.lineups[0]!.games).toBe(150);
  });
});
