/**
 * How a run's game indices are cut into batches: shared by the Node runner (piscina workers or
 * this thread) and the browser lab (a pool of Web Workers), so both hand out the same batches.
 * Batching never changes results (tallies are integer sums); it only sets how often progress is
 * reported and how quickly a run can stop. No Node APIs here.
 */
import type { GameRange } from './runner.js';

/** Splits ranges into batches at multiples of `batchSize`, in ascending order. */
export function planBatches(ranges: readonly GameRange[], batchSize: number): GameRange[] {
  return [...batchesOf(ranges, batchSize)];
}

/** planBatches one batch at a time: a run of any length plans only the batches under way. */
export function* batchesOf(ranges: readonly GameRange[], batchSize: number): Generator<GameRange> {
  for (const [start, end] of [...ranges].sort((x, y) => x[0] - y[0])) {
    let s = start;
    while (s < end) {
      const e = Math.min(end, (Math.floor(s / batchSize) + 1) * batchSize);
      yield [s, e];
      s = e;
    }
  }
}

/**
 * The default game indices per batch: about 50 batches per thread of 100 to 10,000 games (all
 * lineups together), so progress and cancelling stay responsive while messaging costs stay negligible.
 */
export function defaultBatchSize(indices: number, lineups: number, threads: number): number {
  const gamesPerBatch = Math.min(10_000, Math.max(100, Math.ceil((indices * lineups) / (threads * 50))));
  return Math.max(1, Math.ceil(gamesPerBatch / lineups));
}
