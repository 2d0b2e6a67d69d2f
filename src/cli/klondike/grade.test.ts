import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runJob } from '../../lab/job-runner.js';
import { JobJournalError, jobRecordsOf, mergeJobRecords } from '../../lab/jobs.js';
import { seededDeal } from '../../games/klondike/solver/deal.js';
import { honestPlayerWins, runSeed } from '../../games/klondike/difficulty-measure.js';
import { gradedDeals, gradeDeals, gradeJob, gradeJobParams, gradeWorkerFile, type GradedDeal, type GradeJobParams } from './grade-job.js';
import { gradeReport, summarizeGrading } from './grade.js';
import { parseDifficultyTable } from '../../games/klondike/difficulty.js';
import { runInProcess } from '../../test-support/cli-in-process.js';

/**
 * The assignment's rules, where the honest player takes a tenth of a second a game: deals 19 and 20
 * (the player wins the first and loses the second) with one grading run and one check run each, the
 * solver's proof within 3,000 positions.
 */
const PARAMS: GradeJobParams = { firstDeal: 19, rules: 'assignment', draw: 1, passes: null, runs: 1, checkRuns: 1, maxStates: 3_000, seed: 1 };
const dir = mkdtempSync(join(tmpdir(), 'grade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A deal's measurements without its time (the one thing that differs from run to run). */
const stable = (list: readonly GradedDeal[]): unknown[] => list.map(({ ms: _ms, ...measure }) => measure);

describe('grading seeded deals as a job', () => {
  const here = gradeDeals(PARAMS, 0, 2);

  it("measures each deal: the solver's verdict, and for a winnable deal the honest player's grading and check runs, each with its own generator", () => {
    expect(here.map((d) => [d.deal, d.verdict, d.wins, d.checkWins])).toEqual([
      [19, 'winnable', 1, 1],
      [20, 'winnable', 0, 0],
    ]);
    for (const d of here) {
      if (d.verdict !== 'winnable') {
        expect(d.wins + d.checkWins).toBe(0);
        continue;
      }
      const order = Array.from(seededDeal(d.deal, 7, 1).dealOrder);
      const rules = { rules: 'assignment' as const, draw: 1 };
      expect(d.wins).toBe(honestPlayerWins(order, rules, runSeed(1, d.deal, 0)) ? 1 : 0);
      expect(d.checkWins).toBe(honestPlayerWins(order, rules, runSeed(1, d.deal, 1)) ? 1 : 0);
    }
    expect(new Set([0, 1].map((run) => runSeed(1, 19, run))).size).toBe(2);
  });

  it("runs on the lab's job runner: the same measurements on a worker thread, and two shards' journals merge into the whole", async () => {
    const identity = gradeJob(PARAMS, 2);
    const threaded = await runJob<GradedDeal[]>({ identity, workerFile: gradeWorkerFile(), threads: 1, batchSize: 1 });
    expect(stable(gradedDeals(threaded.records, PARAMS, 'threads'))).toEqual(stable(here));
    const files = [1, 2].map((index) => join(dir, `part-${String(index)}.jsonl`));
    for (const [k, journal] of files.entries()) {
      await runJob<GradedDeal[]>({ identity, workerFile: gradeWorkerFile(), here: (t) => gradeDeals(PARAMS, t.start, t.end), journal, shard: { index: k + 1, count: 2 }, threads: 1, batchSize: 2 });
    }
    const read = files.map((path) => ({ path, records: jobRecordsOf(readFileSync(path, 'utf8').trim().split('\n'), path) }));
    const merged = mergeJobRecords(read);
    expect(merged.missing).toEqual([]);
    expect(gradeJobParams(merged.identity)).toEqual(PARAMS);
    expect(stable(read.flatMap(({ path, records }) => gradedDeals(records, PARAMS, path)))).toEqual(stable(here));
  });

  it('refuses journals of other parameters, other jobs, and records that are not one deal each', () => {
    const record = (params: GradeJobParams) => ({ format: 'tabletop-job/1' as const, ...gradeJob(params, 2), part: [0, 2] as const, start: 0, end: 1, result: [here[0]] });
    expect(() => mergeJobRecords([{ path: 'a', records: [record(PARAMS)] }, { path: 'b', records: [{ ...record({ ...PARAMS, seed: 2 }), start: 1, end: 2 }] }])).toThrow(/journals of different jobs do not merge/);
    expect(() => gradeJobParams({ job: 'klondike deal classification', params: { firstDeal: 1 }, count: 3 })).toThrow(JobJournalError);
    expect(() => gradedDeals([{ start: 0, end: 2, result: [here[0]] }], PARAMS, 'x.jsonl')).toThrow(/x\.jsonl: the record of deals 19\.\.20 does not list one graded deal per deal/);
    expect(() => gradedDeals([{ start: 0, end: 1, result: [{ ...here[0], wins: 2 }] }], PARAMS, 'x.jsonl')).toThrow(JobJournalError);
  });

  it('reports per grade the deals and the check runs won, with their interval', () => {
    const lines = gradeReport(summarizeGrading(PARAMS, 2, here));
    expect(lines[0]).toBe("Klondike deals 19..20 graded (assignment rules; the honest player 1 run a deal to grade it and 1 check run, generators from seed 1; the solver's proof within 3,000 positions).");
    const winnable = here.filter((d) => d.verdict === 'winnable').length;
    expect(lines[1]).toMatch(new RegExp(`^Proved winnable ${String(winnable)} of 2 `));
    expect(lines.slice(3).map((line) => line.split(/\s+/)[0])).toEqual(['easy', 'medium', 'hard', 'expert']);
    expect(lines.slice(3).reduce((n, line) => n + Number(line.split(/\s+/)[1]), 0)).toBe(winnable);
  });
});

describe('klondike grade on the command line', () => {
  it('writes the grading table of the deals it graded (--table), which the game module reads back', async () => {
    const file = join(dir, 'grades.txt');
    const result = await runInProcess(['klondike', 'grade', '--seeds', '19..20', '--draw', '1', '--runs', '1', '--check-runs', '1', '--max-states', '3000', '--table', file]);
    expect(result.status).toBe(0);
    const table = parseDifficultyTable(readFileSync(file, 'utf8'), file);
    expect(table.params).toEqual({ rules: 'assignment', draw: 1, passes: null, runs: 1, checkRuns: 1, maxStates: 3_000, seed: 1 });
    expect([...table.deals.values()].map((d) => [d.deal, d.verdict, d.wins, d.checkWins])).toEqual([
      [19, 'winnable', 1, 1],
      [20, 'winnable', 0, 0],
    ]);
  });

  it.each([
    [[], /Give the deals to grade with --seeds a\.\.b/],
    [['--seeds', '1..2', '--shard', '1/2'], /--shard writes its part to a journal: give --out FILE/],
    [['--seeds', '1..2', '--rules', 'standard', '--scoring', 'vegas'], /--scoring changes no move/],
    [['--seeds', '2..1'], /A seed range a\.\.b needs/],
    [['--seeds', '1..2', '--runs', '0'], /The number of runs/],
    [['--merge', 'a.jsonl', '--seeds', '1..2'], /--merge reads everything from the journals: it takes no --seeds/],
    [['--merge', join(dir, 'missing.jsonl')], /Cannot read the journal .*missing\.jsonl: no such file/],
  ])('is a usage error (exit 2), grading nothing: %j', async (args, message) => {
    const result = await runInProcess(['klondike', 'grade', ...args]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});

