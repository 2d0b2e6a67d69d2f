/**
 * The lab's planning (session.ts) without any file: what a fresh run, a shard and a resumed log
 * play, what a resumed log refuses, and how a log that fails mid-run is reported.
 */
import { describe, expect, it } from 'vitest';
import { emptyTally, type ExperimentConfig } from './experiment.js';
import type { BatchRecord } from './records.js';
import { runExperiment } from './runner.js';
import { PlanError, planLabRun, runLab, stopRuleFor } from './session.js';
import { memoryResultsLog } from '../test-support/memory-results-log.js';

const CONFIG: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic']], seed: 5, paired: false };

/** A record of games [start, end) of a run planned over `planned` of `total` games (tally left empty-shaped). */
function record(start: number, end: number, planned: readonly [number, number], total: number, untilCi?: number): BatchRecord {
  const tally = emptyTally(CONFIG);
  tally.lineups[0]!.games = end - start;
  tally.lineups[0]!.seats[0]!.draws = end - start;
  return { config: CONFIG, planned, total, untilCi, start, end, tally };
}


describe('planLabRun', () => {
  it('plans a fresh run or a shard from the request, with a fresh seed when none is given', () => {
    const whole = planLabRun({ game: 'connect-fwar', lineups: [['basic']], games: 3000, seed: 5 });
    expect(whole).toMatchObject({ total: 3000, span: [0, 3000], ranges: [[0, 3000]], freshSeed: false, alreadyPlayed: 0 });
    const shard = planLabRun({ game: 'connect-fwar', lineups: [['basic']], games: 3000, seed: 5, shard: { index: 2, count: 2 } });
    expect(shard.ranges).toEqual([[1500, 3000]]);
    const fresh = planLabRun({ game: 'connect-fwar', lineups: [['basic']], defaultGames: 10 });
    expect(fresh.freshSeed).toBe(true);
    expect(Number.isSafeInteger(fresh.config.seed)).toBe(true);
  });

  it('resumes from the log alone: size, seed, players and shard come from its records', () => {
    const saved = [record(1500, 1750, [1500, 3000], 3000)];
    const plan = planLabRun({ game: 'connect-fwar' }, saved);
    expect(plan).toMatchObject({ config: CONFIG, total: 3000, span: [1500, 3000], ranges: [[1750, 3000]], alreadyPlayed: 250 });
    // The same values given explicitly agree, so they are accepted.
    expect(planLabRun({ game: 'connect-fwar', lineups: [['basic']], games: 3000, seed: 5, shard: { index: 2, count: 2 } }, saved).ranges).toEqual([[1750, 3000]]);
  });

  it.each([
    [{ games: 4000 }, /--games 4000 contradicts the saved run, which has 3,000 games/],
    [{ seed: 6 }, /--seed 6 contradicts/],
    [{ lineups: [['ranks']] }, /The players ranks contradicts/],
    [{ paired: true }, /--paired contradicts/],
    [{ shard: { index: 1, count: 2 } }, /--shard 1\/2 \(games 0\.\.1499\) contradicts the saved run, which has games 1500\.\.2999/],
    [{ untilCi: 0.5 }, /--until-ci 0\.5 contradicts the saved run, which has no --until-ci/],
  ])('refuses %j that contradicts the log', (given, message) => {
    expect(() => planLabRun({ game: 'connect-fwar', ...given }, [record(1500, 1750, [1500, 3000], 3000)])).toThrow(PlanError);
    expect(() => planLabRun({ game: 'connect-fwar', ...given }, [record(1500, 1750, [1500, 3000], 3000)])).toThrow(message);
  });

  it('keeps the saved --until-ci width, refuses another, and refuses a log of another game', () => {
    const saved = [record(0, 1000, [0, 100_000], 100_000, 0.9)];
    expect(planLabRun({ game: 'connect-fwar' }, saved).untilCi).toBe(0.9);
    expect(() => planLabRun({ game: 'connect-fwar', untilCi: 5 }, saved)).toThrow(/--until-ci 5 contradicts the saved run, which has --until-ci 0\.9/);
    expect(() => planLabRun({ game: 'uno-war' }, saved)).toThrow(/The saved run is a connect-fwar experiment, not uno-war/);
  });
});

describe('stopRuleFor', () => {
  it('names the intervals the stopping rule covers and those it does not', () => {
    expect(stopRuleFor({ ...CONFIG, lineups: [['basic'], ['ranks']] })).toMatchObject({ covers: "each strategy's mean", excludes: expect.stringContaining('the differences between strategies') as unknown });
    expect(stopRuleFor({ ...CONFIG, lineups: [['basic'], ['ranks']], paired: true })).toMatchObject({ covers: "each strategy's mean and each paired difference", excludes: '' });
    expect(stopRuleFor({ game: 'uno-war', lineups: [['random', 'biggest']], seed: 1, paired: false })).toMatchObject({ covers: "each pairing's win rate (Wilson)", excludes: 'the Elo ratings' });
  });
});

describe('runLab', () => {
  it('appends one record per batch, and a resumed run completes the log to one run', async () => {
    const log = memoryResultsLog();
    const whole = await runLab({ game: 'connect-fwar', lineups: [['basic']], games: 600, seed: 5, threads: 1, batchSize: 100, log }, runExperiment);
    expect(log.appended.map((r) => [r.start, r.end])).toEqual([[0, 100], [100, 200], [200, 300], [300, 400], [400, 500], [500, 600]]);
    const partial = memoryResultsLog(log.appended.slice(0, 2));
    const resumed = await runLab({ game: 'connect-fwar', resume: true, threads: 1, batchSize: 100, log: partial }, runExperiment);
    expect(resumed.tally).toEqual(whole.tally);
    expect(partial.appended.map((r) => r.start)).toEqual([200, 300, 400, 500]);
  });

  it('resumed without a batch size, keeps the batches the run was started with', async () => {
    // Started with batches of 20 games; the runner's own default for the 580 left would be 100 or more.
    const log = memoryResultsLog();
    await runLab({ game: 'connect-fwar', lineups: [['basic']], games: 600, seed: 5, threads: 1, batchSize: 20, log }, runExperiment);
    const partial = memoryResultsLog(log.appended.slice(0, 3));
    await runLab({ game: 'connect-fwar', resume: true, threads: 1, log: partial }, runExperiment);
    expect(partial.appended.map((r) => [r.start, r.end])).toEqual(log.appended.slice(3).map((r) => [r.start, r.end]));
    expect(partial.appended).toHaveLength(27);
    // Given, the batch size is the one given.
    const other = memoryResultsLog(log.appended.slice(0, 3));
    await runLab({ game: 'connect-fwar', resume: true, threads: 1, batchSize: 290, log: other }, runExperiment);
    expect(other.appended.map((r) => [r.start, r.end])).toEqual([[60, 290], [290, 580], [580, 600]]);
  });

  it('keeps playing and counting when the log fails, and reports how much it lacks', async () => {
    const log = memoryResultsLog([], 2);
    const outcome = await runLab({ game: 'connect-fwar', lineups: [['basic']], games: 600, seed: 5, threads: 1, batchSize: 100, log }, runExperiment);
    expect(outcome.played).toBe(600);
    expect(outcome.saveFailure).toMatchObject({ saved: 2, unsaved: 4 });
    expect(outcome.saveFailure!.error.message).toContain('ENOSPC');
    expect(log.appended).toHaveLength(2);
  });
});
