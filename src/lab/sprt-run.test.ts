/**
 * The SPRT as a lab run: decisions at fixed pair counts whatever the threads, and a resumed run
 * that ends exactly as the uninterrupted one. Runs with 2 threads use the built worker (dist/lab/worker.js).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runLabOnNode } from './node-lab.js';
import { readRecords } from './results-file.js';
import { gameById } from './registry.js';
import { runLab } from './session.js';
import { runExperiment } from './runner.js';
import { inRounds, replayLooks, runSprt, type SprtOutcome, type SprtRequest } from './sprt-run.js';
import type { SprtSettings } from './sprt.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-sprt-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const ELO: SprtSettings = { kind: 'elo', h0: 0, h1: 5, alpha: 0.05, beta: 0.05, every: 20 };
/** Random Card AI against Biggest Card AI: the first wins about 84% (the spec's table), H1 within a few looks. */
const UNO: SprtRequest = { game: 'uno-war', a: 'random', b: 'biggest', settings: ELO, maxPairs: 5000, seed: 11 };

const inMemory = (request: Parameters<typeof runLab>[0]): ReturnType<typeof runLab> => runLab(request, runExperiment);
const summary = (o: SprtOutcome): unknown => ({ result: o.result, pairs: o.pairs, games: o.games, llr: o.llr, estimate: o.estimate, looks: o.looks });

describe('runSprt', () => {
  it('decides at a multiple of the look interval, with the same looks for 1 and 2 threads', async () => {
    // Random Card AI (deterministic) against itself: each pair is one game played twice with the
    // seats swapped, 1–1, so the LLR falls by the pseudo-pair's rule (sprt.test.ts) to H0 at pair
    // 169, and the test decides at the next look, 175: seven looks.
    const request: SprtRequest = { ...UNO, a: 'random', b: 'random', settings: { ...ELO, every: 25 } };
    const one = await runSprt({ ...request, threads: 1 }, inMemory);
    const two = await runSprt({ ...request, threads: 2 }, inMemory);
    expect(summary(two)).toEqual(summary(one));
    expect(one.result).toBe('H0');
    expect(one.pairs).toBe(175);
    expect(one.looks.map((l) => l.pairs)).toEqual(one.looks.map((_, k) => 25 * (k + 1)));
    // Only the last look decides.
    expect(one.looks.slice(0, -1).every((l) => l.decision === undefined)).toBe(true);
    expect(one.looks.at(-1)!.decision).toBe(one.result);
  });

  it('accepts H1 for a clearly stronger A, with a positive Elo estimate whose interval holds it', async () => {
    const outcome = await runSprt({ ...UNO, threads: 1 }, inMemory);
    expect(outcome.result).toBe('H1');
    expect(outcome.llr).toBeGreaterThanOrEqual(outcome.bounds[1]);
    expect(outcome.games).toBe(2 * outcome.pairs);
    expect(outcome.estimate.ci[0]).toBeGreaterThan(0);
    expect(outcome.estimate.ci[0]).toBeLessThan(outcome.estimate.value);
    expect(outcome.estimate.ci[1]).toBeGreaterThan(outcome.estimate.value);
  });

  it('is inconclusive at the most pairs when the LLR stays within its bounds', async () => {
    const outcome = await runSprt({ ...UNO, a: 'random', b: 'random', settings: { ...ELO, h0: -2, h1: 2, every: 10 }, maxPairs: 35, threads: 1 }, inMemory);
    expect(outcome.result).toBe('inconclusive');
    // Looks at 10, 20, 30 and at the last pair, 35.
    expect(outcome.looks.map((l) => l.pairs)).toEqual([10, 20, 30, 35]);
    expect(outcome.pairs).toBe(35);
  });

  it('tests a solitaire on paired deals: ConnectFwar basic against random', async () => {
    const [low, high] = gameById('connect-fwar').scoreRange;
    const settings: SprtSettings = { kind: 'mean', h0: 0, h1: 1, alpha: 0.05, beta: 0.05, every: 50, spread: high - low };
    const request: SprtRequest = { game: 'connect-fwar', a: 'basic', b: 'random', settings, maxPairs: 20_000, seed: 3 };
    const one = await runSprt({ ...request, threads: 1 }, inMemory);
    const two = await runSprt({ ...request, threads: 2 }, inMemory);
    expect(summary(two)).toEqual(summary(one));
    expect(one.result).toBe('H1');
    expect(one.estimate.value).toBeGreaterThan(1);
  });

  it('resumed after an interruption, ends exactly as the uninterrupted run', async () => {
    const request: SprtRequest = { ...UNO, a: 'random', b: 'random', settings: { ...ELO, every: 25 }, threads: 1 };
    const whole = await runSprt(request, inMemory);
    const path = join(dir, 'interrupted.jsonl');
    const controller = new AbortController();
    // Stopped after the first batch (one look's pairs): the file holds it alone.
    const first = await runSprt({ ...request, signal: controller.signal, onProgress: () => controller.abort() }, (lab) => runLabOnNode({ ...lab, resume: undefined, out: path }));
    expect(first.lab.aborted).toBe(true);
    expect(first.result).toBe('inconclusive');
    expect(readRecords(path)).toHaveLength(1);
    // The resumed run names nothing: players, settings, seed and size come from the file.
    const resumed = await runSprt({ game: 'uno-war', resuming: true, threads: 2 }, (lab) => runLabOnNode({ ...lab, resume: path }));
    expect(summary(resumed)).toEqual(summary(whole));
    // Resuming a finished test plays nothing more and gives the same answer.
    const again = await runSprt({ game: 'uno-war', resuming: true, threads: 1 }, (lab) => runLabOnNode({ ...lab, resume: path }));
    expect(summary(again)).toEqual(summary(whole));
    expect(readRecords(path).reduce((n, r) => n + r.end - r.start, 0)).toBe(whole.pairs);
  });

  it('refuses to resume with other settings than the saved ones', async () => {
    const path = join(dir, 'settings.jsonl');
    await runSprt({ ...UNO, threads: 1 }, (lab) => runLabOnNode({ ...lab, resume: undefined, out: path }));
    await expect(runSprt({ game: 'uno-war', resuming: true, settings: { ...ELO, h1: 10 }, threads: 1 }, (lab) => runLabOnNode({ ...lab, resume: path }))).rejects.toThrow(/contradicts the saved run/);
  });
});

describe('inRounds', () => {
  it('gives an executor of fixed ranges (the lab page\'s pool) the runner\'s looks and stopping point', async () => {
    const request: SprtRequest = { ...UNO, a: 'random', b: 'random', settings: { ...ELO, every: 25 }, threads: 1 };
    const runner = await runSprt(request, inMemory);
    // An executor that ignores stopping rules, as the page's pool does: inRounds must supply them.
    const fixedOnly = (options: Parameters<typeof runExperiment>[0]): ReturnType<typeof runExperiment> => runExperiment({ ...options, untilCi: undefined });
    const rounds = await runSprt(request, (lab) => runLab(lab, inRounds(fixedOnly)));
    expect(summary(rounds)).toEqual(summary(runner));
    expect(rounds.lab.stoppedByCi).toBe(true);
    expect(rounds.lab.played).toBe(175);
  });
});

describe('replayLooks', () => {
  it('stops at a gap: the looks need every pair before them', () => {
    const config = { game: 'uno-war', lineups: [['random', 'biggest'], ['biggest', 'random']], seed: 1, paired: true };
    const tally = (n: number, sum: number, sumSq: number) => ({ lineups: [{ games: n, seats: [] }, { games: n, seats: [] }], differences: [{ a: 0, b: 1, n, sum, sumSq }] });
    // Pairs 0..9 and 20..29 (10..19 missing: an interrupted run's batches finish out of order).
    const batches = [
      { start: 0, end: 10, tally: tally(10, 4, 10) },
      { start: 20, end: 30, tally: tally(10, 20, 40) },
    ];
    const { looks, differences } = replayLooks(config, { ...ELO, every: 10 }, batches, 100);
    expect(looks.map((l) => l.pairs)).toEqual([10]);
    expect(differences).toEqual({ n: 10, sum: 4, sumSq: 10 });
  });
});
