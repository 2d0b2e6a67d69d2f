/**
 * The tuning's match as a job: a game depends on its number alone (clocks stopped, fresh
 * players), so a stopped run resumed and shards merged play the games of one uninterrupted run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runJob } from '../../lab/job-runner.js';
import { jobRecordsOf, mergeJobRecords } from '../../lab/jobs.js';
import { JournalFile } from '../../lab/journal-file.js';
import { matchGamesOf, parseMatchPlayer, playMatchGames, tuningMatchJob, tuningMatchParams, tuningMatchWorkerFile, type MatchGame } from './tuning-match.js';

const PARAMS = { a: 'depth:1', b: 'depth:1/untuned' };
const identity = tuningMatchJob(PARAMS);
const here = (task: { start: number; end: number }): MatchGame[] => playMatchGames(PARAMS, task.start, task.end);
const dir = mkdtempSync(join(tmpdir(), 'tuning-match-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const recordsIn = (path: string): ReturnType<typeof jobRecordsOf> => jobRecordsOf(JournalFile.read(path, 'the journal').lines, path);

describe('the tuning match job', () => {
  const whole = playMatchGames(PARAMS, 0, identity.count);

  it('plays 98 games, game 2k from opening k with a red and 2k + 1 with a yellow, each alike alone', () => {
    expect(whole).toHaveLength(98);
    expect(whole.slice(0, 3).map((g) => [g.opening, g.aIsRed])).toEqual([['11', true], ['11', false], ['12', true]]);
    expect(playMatchGames(PARAMS, 57, 58)).toEqual([whole[57]]);
    expect(new Set(whole.map((g) => g.moves)).size).toBeGreaterThan(90);
  });

  it('stopped and resumed, or in shards (one on worker threads) merged: the games of one run', async () => {
    const journal = join(dir, 'stopped.journal');
    const controller = new AbortController();
    const first = await runJob<MatchGame[]>({ identity, workerFile: tuningMatchWorkerFile(), here, journal, threads: 1, batchSize: 10, signal: controller.signal, onRecord: () => controller.abort() });
    expect(first.aborted).toBe(true);
    await runJob<MatchGame[]>({ identity, workerFile: tuningMatchWorkerFile(), here, journal, threads: 1, batchSize: 7 });
    expect(matchGamesOf(recordsIn(journal), journal)).toEqual(whole);

    const parts = [join(dir, 'part1.journal'), join(dir, 'part2.journal')];
    await runJob<MatchGame[]>({ identity, workerFile: tuningMatchWorkerFile(), journal: parts[0], shard: { index: 1, count: 2 }, threads: 2, batchSize: 13 });
    await runJob<MatchGame[]>({ identity, workerFile: tuningMatchWorkerFile(), here, journal: parts[1], shard: { index: 2, count: 2 }, threads: 1, batchSize: 5 });
    const merged = mergeJobRecords(parts.map((path) => ({ path, records: recordsIn(path) })));
    expect(tuningMatchParams(merged.identity)).toEqual(PARAMS);
    expect(matchGamesOf(merged.records, 'merged')).toEqual(whole);
  });

  it('refuses a player that is not one', () => {
    expect(() => parseMatchPlayer('depth:0')).toThrow(/not a whole number >= 1/);
    expect(() => parseMatchPlayer('club/tuned')).toThrow(/only '\/untuned'/);
    expect(parseMatchPlayer('nodes:500/untuned')).toMatchObject({ maxNodes: 500 });
  });
});
