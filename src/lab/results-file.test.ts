/**
 * The Node adapter of results files: the lock, what 'new' and 'resume' accept, and the repair of a
 * torn last line only once a run is accepted.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTally, type ExperimentConfig } from './experiment.js';
import { RECORD_FORMAT, RecordsError, RESULTS_JOB, resultsJob } from './records.js';
import { JOB_FORMAT, jobRecordsOf } from './jobs.js';
import { JobJournal, openJob } from './job-journal.js';

const NAMES = { read: 'the journal', write: 'the journal' } as const;
import { runLabOnNode } from './node-lab.js';
import { readResults, repairResults, ResultsFile } from './results-file.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-results-file-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const CONFIG: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic']], seed: 1, paired: false };

function line(start: number, end: number): string {
  const tally = emptyTally(CONFIG);
  tally.lineups[0]!.games = end - start;
  tally.lineups[0]!.seats[0]!.draws = end - start;
  // Every game scored 0: a draw at the lowest score, the distribution's first bin.
  tally.lineups[0]!.seats[0]!.atMin = end - start;
  tally.lineups[0]!.seats[0]!.scores![0] = end - start;
  return JSON.stringify({ format: RECORD_FORMAT, config: CONFIG, planned: [0, 100], total: 100, start, end, tally });
}

describe('ResultsFile', () => {
  it('holds <file>.lock while open: a second open is refused, and close releases it', () => {
    const path = join(dir, 'locked.jsonl');
    const first = ResultsFile.open(path, 'new');
    expect(existsSync(`${path}.lock`)).toBe(true);
    expect(() => ResultsFile.open(path, 'new')).toThrow(new RegExp(`is in use by process ${String(process.pid)} on `));
    first.close();
    expect(existsSync(`${path}.lock`)).toBe(false);
    ResultsFile.open(path, 'new').close();
    // The lock is written whole before it is linked into place; no draft is left behind.
    expect(readdirSync(dir).filter((name) => name.startsWith('locked.jsonl.lock'))).toEqual([]);
  });

  it('refuses a lock held on another machine, naming it and how to clear it', () => {
    const path = join(dir, 'remote.jsonl');
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: 1, host: `not-${hostname()}`, since: '2026-01-01T00:00:00.000Z' }));
    expect(() => ResultsFile.open(path, 'new')).toThrow(RecordsError);
    expect(() => ResultsFile.open(path, 'new')).toThrow(`is in use by process 1 on not-${hostname()}, since 2026-01-01T00:00:00.000Z (lock file ${path}.lock). Wait for that run to end; if no such run exists, delete ${path}.lock.`);
    expect(existsSync(`${path}.lock`)).toBe(true);
  });

  it("'new' refuses a file with results, 'resume' one without; neither changes the file", () => {
    const withResults = join(dir, 'with-results.jsonl');
    writeFileSync(withResults, `${line(0, 50)}\n`);
    expect(() => ResultsFile.open(withResults, 'new')).toThrow(`${withResults} already holds results: continue it with --resume ${withResults}`);
    const torn = join(dir, 'torn-only.jsonl');
    writeFileSync(torn, line(0, 50).slice(0, 20));
    expect(() => ResultsFile.open(torn, 'resume')).toThrow('holds only an unfinished first line (20 bytes): there is nothing to resume. Start the run afresh with --out');
    expect(readFileSync(torn, 'utf8')).toBe(line(0, 50).slice(0, 20));
    expect(existsSync(`${torn}.lock`)).toBe(false);
  });

  it('drops a torn last line only when prepared (the run was accepted), then appends whole lines', () => {
    const path = join(dir, 'torn-last.jsonl');
    writeFileSync(path, `${line(0, 50)}\n${line(50, 100).slice(0, 30)}`);
    const file = ResultsFile.open(path, 'resume');
    expect(file.records).toHaveLength(1);
    expect(file.tornBytes).toBe(30);
    expect(readFileSync(path, 'utf8').length).toBe(line(0, 50).length + 1 + 30);
    file.prepare();
    expect(readFileSync(path, 'utf8')).toBe(`${line(0, 50)}\n`);
    file.close();
  });

  it('repairs by the one rule: a torn line is cut only while the file still ends with it, never a line appended since', () => {
    const path = join(dir, 'shared.jsonl');
    writeFileSync(path, `${line(0, 50)}\n${line(50, 100).slice(0, 30)}`);
    const read = readResults(path);
    expect(read.tornBytes).toBe(30);
    // Another writer cut the fragment and appended a whole record after this file was read.
    writeFileSync(path, `${line(0, 50)}\n${line(50, 100)}\n`);
    expect(repairResults(path, read)).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(`${line(0, 50)}\n${line(50, 100)}\n`);
  });

  it('resumes a file written in the older format (tabletop-lab/batch@1): plays only what it lacks, in job records, adding up to one run', async () => {
    const run = { game: 'connect-fwar', threads: 0, batchSize: 100 } as const;
    const whole = join(dir, 'whole.jsonl');
    const one = await runLabOnNode({ ...run, lineups: [['basic'], ['random']], games: 400, seed: 3, out: whole });
    const lines = readFileSync(whole, 'utf8').trim().split('\n');
    // Written now: job records of the results job.
    expect(lines.map((l) => JSON.parse(l) as { format: string; job: string }).map(({ format, job }) => [format, job])).toEqual(Array(4).fill([JOB_FORMAT, RESULTS_JOB]));
    // The first two batches as the older format wrote them (its fields in its order), and a torn third line.
    const old = join(dir, 'old-format.jsonl');
    const legacy = lines.slice(0, 2).map((l) => {
      const r = JSON.parse(l) as { params: { config: unknown }; count: number; part: unknown; start: number; end: number; result: unknown };
      return JSON.stringify({ format: RECORD_FORMAT, config: r.params.config, planned: r.part, total: r.count, start: r.start, end: r.end, tally: r.result });
    });
    writeFileSync(old, `${legacy.join('\n')}\n${legacy[1]!.slice(0, 40)}`);
    let alreadyPlayed = -1;
    const resumed = await runLabOnNode({ ...run, resume: old, onPlan: (plan) => (alreadyPlayed = plan.alreadyPlayed) });
    expect(alreadyPlayed).toBe(200);
    expect(resumed.tally).toEqual(one.tally);
    // The old lines are kept as they were; the torn one is dropped; the new ones are job records, the same as one run's.
    expect(readFileSync(old, 'utf8')).toBe(`${[...legacy, ...lines.slice(2)].join('\n')}\n`);
    expect(readResults(old).records).toEqual(readResults(whole).records);
  });

  it("is appended by the job runner's journal (openJob): a job's own reader resumes it, and while a lab run holds it no job opens it", async () => {
    const path = join(dir, 'a-job.jsonl');
    const config: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random']], seed: 4, paired: false };
    let planned = 0;
    await runLabOnNode({
      ...config,
      games: 200,
      threads: 0,
      batchSize: 100,
      out: path,
      onPlan: (_plan, log) => {
        planned++;
        expect(log).toBeInstanceOf(JobJournal);
        expect(() => openJob(path, 'either', { names: NAMES, readLines: () => [] })).toThrow(new RegExp(`in use by process ${String(process.pid)} on `));
      },
    });
    expect(planned).toBe(1);
    const job = openJob(path, 'either', { names: NAMES, readLines: (lines, p) => jobRecordsOf(lines, p, { identity: resultsJob(config, 200, undefined), part: [0, 200] }) });
    expect(job.records.map((r) => [r.start, r.end])).toEqual([[0, 100], [100, 200]]);
    job.close();
  });
});
