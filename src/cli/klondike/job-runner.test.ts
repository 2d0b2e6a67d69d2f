/**
 * The lab's job runner (src/lab/job-runner.ts) on Node's worker pool, with `klondike solve
 * --seeds`' job for its work (the lab itself has no job to run): a stop keeps the finished batches
 * in the journal, a second run does only what is missing, and the lock keeps a second writer out.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runJob } from '../../lab/job-runner.js';
import { jobRecordsOf } from '../../lab/jobs.js';
import { classifyDeals, classifyJob, classifyWorkerFile, dealResults, type ClassifyParams, type DealResult } from './classify.js';

/** A position budget alone, so the results do not depend on the machine. */
const PARAMS: ClassifyParams = { firstDeal: 200, piles: 7, timeMs: 600_000, maxStates: 2_000 };
const identity = classifyJob(PARAMS, 10);
const dir = mkdtempSync(join(tmpdir(), 'job-runner-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stable = (list: readonly DealResult[]): unknown[] => list.map(({ deal, verdict, positions }) => [deal, verdict, positions]);

describe('runJob', () => {
  it('stopped, keeps the finished batches in the journal; run again, does only the rest; the result is the uninterrupted one', async () => {
    const journal = join(dir, 'stopped.journal');
    const controller = new AbortController();
    const first = await runJob<DealResult[]>({
      identity,
      workerFile: classifyWorkerFile(),
      journal,
      threads: 2,
      batchSize: 1,
      signal: controller.signal,
      onRecord: () => {
        controller.abort();
      },
    });
    expect(first.aborted).toBe(true);
    const saved = jobRecordsOf(readFileSync(journal, 'utf8').trim().split('\n'), journal);
    expect(saved.length).toBeGreaterThanOrEqual(1);
    expect(saved.length).toBeLessThan(10);

    let todo = 0;
    const second = await runJob<DealResult[]>({
      identity,
      workerFile: classifyWorkerFile(),
      journal,
      threads: 2,
      batchSize: 3,
      onStart: (state) => {
        todo = state.todo.reduce((n, [s, e]) => n + e - s, 0);
      },
    });
    expect(second.aborted).toBe(false);
    expect(todo).toBe(10 - saved.length);
    expect(stable(dealResults(second.records, PARAMS, journal))).toEqual(stable(classifyDeals(PARAMS, 0, 10)));
  });

  it('refuses a second writer of one journal while the first holds it', async () => {
    const journal = join(dir, 'locked.journal');
    let inner: Promise<unknown> | undefined;
    await runJob<DealResult[]>({
      identity,
      workerFile: classifyWorkerFile(),
      journal,
      threads: 1,
      batchSize: 5,
      here: (task) => classifyDeals(PARAMS, task.start, task.end),
      onStart: () => {
        // Settled at once (the lock is taken first): its error is looked at below.
        inner = runJob<DealResult[]>({ identity, workerFile: classifyWorkerFile(), journal, threads: 1, batchSize: 5 }).then(
          () => 'it ran',
          (error: unknown) => error,
        );
      },
    });
    const refused = await inner;
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/locked\.journal is in use by/);
    // The first run finished the job alone.
    expect(jobRecordsOf(readFileSync(journal, 'utf8').trim().split('\n'), journal).map((r) => [r.start, r.end])).toEqual([
      [0, 5],
      [5, 10],
    ]);
  });
});
