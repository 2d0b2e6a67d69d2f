/**
 * The tuning's labelling as a job: a label does not depend on what the thread labelled before, so
 * a stopped or killed run resumed, and shards merged, give the labels of one uninterrupted process.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runJob } from '../../lab/job-runner.js';
import { jobRecordsOf, mergeJobRecords } from '../../lab/jobs.js';
import { JournalFile } from '../../lab/journal-file.js';
import type { LabelledPosition } from '../../games/connect-four/players/tuning.js';
import { LABEL_TABLE_ENTRIES, labelSamples, labelsOf, tuningLabelParams, tuningLabelsJob, tuningLabelsWorkerFile } from './tuning-labels.js';

/** A small node budget: some samples settle within it, some do not. */
const PARAMS = { seed: 7, maxNodes: 20_000, table: LABEL_TABLE_ENTRIES };
const COUNT = 8;
const identity = tuningLabelsJob(PARAMS, COUNT);
const here = (task: { start: number; end: number }): LabelledPosition[] => labelSamples(PARAMS, task.start, task.end);
const dir = mkdtempSync(join(tmpdir(), 'tuning-labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const recordsIn = (path: string): ReturnType<typeof jobRecordsOf> => jobRecordsOf(JournalFile.read(path, 'the journal').lines, path);

describe('labelSamples', () => {
  it('labels a sample alike whatever the thread labelled before (backwards, one at a time)', () => {
    const inOrder = labelSamples(PARAMS, 0, COUNT);
    const backwards = Array.from({ length: COUNT }, (_, k) => labelSamples(PARAMS, COUNT - 1 - k, COUNT - k)[0]!).reverse();
    expect(backwards).toEqual(inOrder);
    expect(inOrder.map((sample) => sample.index)).toEqual(Array.from({ length: COUNT }, (_, k) => k));
    // The budget leaves some open and settles others, so both kinds are compared.
    expect(inOrder.some((sample) => sample.label !== null)).toBe(true);
    expect(inOrder.some((sample) => sample.moves !== '' && sample.label === null)).toBe(true);
  });
});

describe('the labelling job', () => {
  const whole = labelSamples(PARAMS, 0, COUNT);

  it('stopped, then killed mid-line, and resumed: the labels of one uninterrupted run', async () => {
    const journal = join(dir, 'stopped.journal');
    const controller = new AbortController();
    const first = await runJob<LabelledPosition[]>({ identity, workerFile: tuningLabelsWorkerFile(), here, journal, threads: 1, batchSize: 2, signal: controller.signal, onRecord: () => controller.abort() });
    expect(first.aborted).toBe(true);
    expect(recordsIn(journal)).toHaveLength(1);
    // A kill during an append leaves a torn last line: not counted, its samples labelled again.
    appendFileSync(journal, readFileSync(journal, 'utf8').slice(0, 40));
    let todo = 0;
    const second = await runJob<LabelledPosition[]>({ identity, workerFile: tuningLabelsWorkerFile(), here, journal, threads: 1, batchSize: 3, onStart: (state) => (todo = state.todo.reduce((n, [s, e]) => n + e - s, 0)) });
    expect(second.aborted).toBe(false);
    expect(todo).toBe(COUNT - 2);
    expect(labelsOf(recordsIn(journal), journal)).toEqual(whole);
  });

  it('shards (one on worker threads) merged: the labels of one process; a shard given twice is refused', async () => {
    const parts = [join(dir, 'part1.journal'), join(dir, 'part2.journal')];
    await runJob<LabelledPosition[]>({ identity, workerFile: tuningLabelsWorkerFile(), journal: parts[0], shard: { index: 1, count: 2 }, threads: 2, batchSize: 1 });
    await runJob<LabelledPosition[]>({ identity, workerFile: tuningLabelsWorkerFile(), here, journal: parts[1], shard: { index: 2, count: 2 }, threads: 1, batchSize: 3 });
    const merged = mergeJobRecords(parts.map((path) => ({ path, records: recordsIn(path) })));
    expect(merged.missing).toEqual([]);
    expect(tuningLabelParams(merged.identity)).toEqual(PARAMS);
    expect(labelsOf(merged.records, 'merged')).toEqual(whole);
    expect(() => mergeJobRecords([parts[0]!, parts[0]!].map((path) => ({ path, records: recordsIn(path) })))).toThrow(/counted twice in/);
  });

  it('refuses a journal of another budget', async () => {
    const journal = join(dir, 'other.journal');
    writeFileSync(journal, '');
    await runJob<LabelledPosition[]>({ identity: tuningLabelsJob({ ...PARAMS, maxNodes: 10_000 }, COUNT), workerFile: tuningLabelsWorkerFile(), here, journal, threads: 1, batchSize: COUNT });
    await expect(runJob<LabelledPosition[]>({ identity, workerFile: tuningLabelsWorkerFile(), here, journal, threads: 1, batchSize: COUNT })).rejects.toThrow(/"maxNodes":10000.*but this run is/);
  });
});
