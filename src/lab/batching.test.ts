/**
 * runLanes, the one dispatch loop of the lab runner, the job runner and the browser lab: batches
 * in order, a lane at a time each; a stop hands out nothing more; a failure stops the dispatch and
 * is thrown once the lanes have finished their batches under way.
 */
import { describe, expect, it } from 'vitest';
import { batchesOf, runLanes, type GameRange } from './batching.js';

/** A promise with its resolve, to let a test decide when a batch ends. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

describe('runLanes', () => {
  it('hands out every batch once, in order, each lane one at a time', async () => {
    const started: string[] = [];
    const done: GameRange[] = [];
    let running = 0;
    let most = 0;
    await runLanes<number>({
      batches: batchesOf([[0, 10], [20, 25]], 3),
      lanes: 2,
      stopped: () => false,
      run: async ([start, end], lane) => {
        started.push(`${String(lane)}:${String(start)}`);
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, (end - start) % 2));
        running--;
        return end - start;
      },
      onDone: (batch, games) => {
        expect(games).toBe(batch[1] - batch[0]);
        done.push(batch);
      },
    });
    expect(started.map((s) => Number(s.split(':')[1]))).toEqual([0, 3, 6, 9, 20, 21, 24]);
    expect(most).toBe(2);
    expect([...done].sort((a, b) => a[0] - b[0])).toEqual([[0, 3], [3, 6], [6, 9], [9, 10], [20, 21], [21, 24], [24, 25]]);
  });

  it('a stop hands out nothing more; a batch stopped under way (undefined) or failing once stopped does not count and is no error', async () => {
    let stop = false;
    const done: number[] = [];
    await runLanes<number>({
      batches: batchesOf([[0, 100]], 10),
      lanes: 2,
      stopped: () => stop,
      run: async ([start]) => {
        await Promise.resolve();
        if (start === 20) stop = true;
        if (start === 30) throw new Error('cut off by the stop');
        return start === 20 ? undefined : start;
      },
      onDone: (_, start) => done.push(start),
    });
    expect(done.sort((a, b) => a - b)).toEqual([0, 10]);
  });

  it('a failure stops the dispatch; the other lanes finish their batches under way, then the first error is thrown', async () => {
    const slow = gate();
    const done: number[] = [];
    const handed: number[] = [];
    const dispatch = runLanes<number>({
      batches: batchesOf([[0, 50]], 10),
      lanes: 2,
      stopped: () => false,
      run: async ([start]) => {
        handed.push(start);
        if (start === 0) {
          await slow.promise;
          return start;
        }
        await Promise.resolve();
        throw new Error(`batch ${String(start)} failed`);
      },
      onDone: (_, start) => done.push(start),
    });
    let settled = false;
    void dispatch.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    slow.open();
    await expect(dispatch).rejects.toThrow('batch 10 failed');
    expect(handed).toEqual([0, 10]);
    expect(done).toEqual([0]);
  });
});
