/**
 * The runner's determinism guarantees. Multi-thread runs use the built worker (dist/lab/worker.js):
 * `npm test` builds first.
 */
import { describe, expect, it } from 'vitest';
import { playOut } from '../core/game.js';
import { rngFromSeed } from '../core/random.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { BatchPlayer, emptyTally, gameSeed, mergeTally, type ExperimentConfig, type Tally } from './experiment.js';
import { coalesce, missingRanges } from './game-ranges.js';
import { planBatches, runExperiment, type GameRange } from './runner.js';
import { summarizeMoments } from '../core/stats.js';

const SOLO: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random'], ['suits']], seed: 42, paired: false };
const PAIRED: ExperimentConfig = { ...SOLO, paired: true };
const DUEL: ExperimentConfig = { game: 'uno-war', lineups: [['random', 'biggest'], ['biggest', 'random'], ['smallest', 'smallest']], seed: 9, paired: false };
const GAMES = 2_000;
const all: GameRange[] = [[0, GAMES]];

describe('runExperiment', () => {
  it('gives identical tallies for 1, 2 and 3 threads and any batch size', async () => {
    for (const config of [SOLO, PAIRED, DUEL]) {
      // threads 1 plays in this thread (the sources); 2 and 3 run the built worker (dist/): the
      // build must be current, as `npm test` makes it.
      const reference = (await runExperiment({ config, ranges: all, threads: 1, batchSize: GAMES })).tally;
      expect(reference.lineups.every((l) => l.games === GAMES)).toBe(true);
      for (const [threads, batchSize] of [[1, 7], [2, 100], [3, 333], [2, 3]] as const) {
        const { tally } = await runExperiment({ config, ranges: [[0, GAMES]], threads, batchSize });
        expect(tally, `${config.game} threads ${String(threads)} batch ${String(batchSize)}`).toEqual(reference);
      }
    }
  });

  it('reports progress after every batch, up to all games of all lineups', async () => {
    const seen: [number, number][] = [];
    await runExperiment({ config: SOLO, ranges: [[0, 1000]], threads: 2, batchSize: 100, onProgress: (played, total) => seen.push([played, total]) });
    expect(seen).toHaveLength(10);
    expect(seen.map(([played]) => played)).toEqual(Array.from({ length: 10 }, (_, k) => (k + 1) * 300));
    expect(seen.every(([, total]) => total === 3000)).toBe(true);
  });

  it('plays game i of a lineup from rngFromSeed(gameSeed(config, lineup, i)) alone', () => {
    const player = new BatchPlayer(SOLO);
    const state = connectFwarGame.newInitialState();
    for (const i of [0, 1, 17, 999]) {
      const tally = player.play(i, i + 1);
      SOLO.lineups.forEach((lineup, l) => {
        state.reset();
        playOut(state, [connectFwarGame.agents[lineup[0]!]!.create()], rngFromSeed(gameSeed(SOLO, l, i)));
        expect(tally.lineups[l]!.seats[0]!.sum, `game ${String(i)} of ${lineup[0]!}`).toBe(state.returns(0));
      });
    }
  });

  it('differs for another seed (the seed is used) and keeps each lineup independent of the others', async () => {
    const a = (await runExperiment({ config: SOLO, ranges: all, threads: 1 })).tally;
    const b = (await runExperiment({ config: { ...SOLO, seed: 43 }, ranges: all, threads: 1 })).tally;
    expect(a.lineups[0]).not.toEqual(b.lineups[0]);
    const basicAlone = (await runExperiment({ config: { ...SOLO, lineups: [['basic']] }, ranges: all, threads: 1 })).tally;
    expect(basicAlone.lineups[0]).toEqual(a.lineups[0]);
  });

  it('split ranges (shards) merge to exactly one run', async () => {
    const whole = (await runExperiment({ config: PAIRED, ranges: all, threads: 1 })).tally;
    const merged = emptyTally(PAIRED);
    for (const range of [[0, 613], [613, 1500], [1500, GAMES]] as GameRange[]) {
      mergeTally(merged, (await runExperiment({ config: PAIRED, ranges: [range], threads: 2, batchSize: 50 })).tally);
    }
    expect(merged).toEqual(whole);
  });

  it('a run stopped only as its last batch completed played every game: it is complete, not aborted (on workers as in this thread)', async () => {
    const controller = new AbortController();
    const result = await runExperiment({
      config: SOLO,
      ranges: [[0, 40]],
      threads: 2,
      batchSize: 10,
      signal: controller.signal,
      onProgress: (played, total) => {
        if (played === total) controller.abort();
      },
    });
    expect(result.tally.lineups[0]!.games).toBe(40);
    expect(result.aborted).toBe(false);
  });

  it('an aborted run keeps whole batches only, and playing the missing ranges completes it exactly', async () => {
    const whole = (await runExperiment({ config: SOLO, ranges: all, threads: 1 })).tally;
    for (const threads of [1, 2]) {
      const controller = new AbortController();
      let seen = 0;
      const partial = await runExperiment({
        config: SOLO,
        ranges: all,
        threads,
        batchSize: 10,
        signal: controller.signal,
        onBatch: () => {
          if (++seen === 5) controller.abort();
        },
      });
      expect(partial.aborted).toBe(true);
      const played = partial.batches.reduce((n, b) => n + b.end - b.start, 0);
      expect(played).toBeGreaterThanOrEqual(50);
      expect(played).toBeLessThan(GAMES);
      expect(partial.tally.lineups[0]!.games).toBe(played);
      // Resume: play the complement of the completed batches, starting from them.
      const missing: GameRange[] = [];
      let cursor = 0;
      for (const b of partial.batches) {
        if (b.start > cursor) missing.push([cursor, b.start]);
        cursor = b.end;
      }
      if (cursor < GAMES) missing.push([cursor, GAMES]);
      const resumed = await runExperiment({ config: SOLO, ranges: missing, threads, earlier: partial.batches });
      expect(resumed.tally).toEqual(whole);
    }
  });

  it('stops untilCi runs at the same round whatever the threads and batch size', async () => {
    const config: ExperimentConfig = { ...SOLO, lineups: [['basic']] };
    const satisfied = (t: Readonly<Tally>): boolean => {
      const s = summarizeMoments({ n: t.lineups[0]!.games, sum: t.lineups[0]!.seats[0]!.sum, sumSq: t.lineups[0]!.seats[0]!.sumSq });
      return (s.ci.high - s.ci.low) / 2 < 1.5;
    };
    const runs = await Promise.all(
      [[1, 50], [2, 37], [3, 500]].map(([threads, batchSize]) => runExperiment({ config, ranges: [[0, 20_000]], threads, batchSize, untilCi: { satisfied, roundGames: 250 } })),
    );
    for (const run of runs) {
      expect(run.stoppedByCi).toBe(true);
      expect(run.tally).toEqual(runs[0]!.tally);
    }
    // ±1.5 on sd ≈ 15.8 needs about 430 games: two rounds of 250.
    expect(runs[0]!.tally.lineups[0]!.games).toBe(500);
  });

  it('decides untilCi at boundary hi on games [0, hi) only, whatever earlier batches lie past it', async () => {
    // A rule on the game count alone makes the decision exact: uninterrupted, boundary 250 (250
    // games) says go on and boundary 500 says stop.
    const config: ExperimentConfig = { ...SOLO, lineups: [['basic']] };
    const untilCi = { satisfied: (t: Readonly<Tally>): boolean => t.lineups[0]!.games >= 300, roundGames: 250 };
    const whole = await runExperiment({ config, ranges: [[0, 5000]], threads: 1, batchSize: 50, untilCi });
    expect([whole.stoppedByCi, whole.tally.lineups[0]!.games]).toEqual([true, 500]);
    // What a run interrupted in round 2 may leave when workers finish out of order: round 1 and
    // scattered batches of round 2. Counting those at boundary 250 would stop there, with 350 games.
    const earlier = (await runExperiment({ config, ranges: [[0, 250], [300, 350], [400, 450]], threads: 1, batchSize: 50 })).batches;
    const missing: GameRange[] = [[250, 300], [350, 400], [450, 5000]];
    for (const threads of [1, 2]) {
      const resumed = await runExperiment({ config, ranges: missing, threads, batchSize: 50, earlier, untilCi });
      expect(resumed.stoppedByCi).toBe(true);
      expect(resumed.tally).toEqual(whole.tally);
      expect(resumed.batches.map((b) => [b.start, b.end])).toEqual([[250, 300], [350, 400], [450, 500]]);
    }
    // A gap before a boundary (games neither played nor planned) defers the rule: never applied
    // to an incomplete prefix, so this run plays on to its end.
    const gappy = await runExperiment({ config, ranges: [[300, 1000]], threads: 1, batchSize: 50, untilCi });
    expect([gappy.stoppedByCi, gappy.tally.lineups[0]!.games]).toEqual([false, 700]);
  });

  it('an untilCi run interrupted mid-round (threads, small batches) and resumed stops where one run stops', async () => {
    const config: ExperimentConfig = { ...SOLO, lineups: [['basic'], ['random']] };
    const ciBelow = (t: Readonly<Tally>): boolean =>
      t.lineups.every((l) => {
        const s = summarizeMoments({ n: l.games, sum: l.seats[0]!.sum, sumSq: l.seats[0]!.sumSq });
        return (s.ci.high - s.ci.low) / 2 < 1.2;
      });
    // The count rule is one that games past the boundary (25+ batches of 10 into round 2) would
    // flip at boundary 250; the CI rule is the real thing.
    const cases = [(t: Readonly<Tally>): boolean => t.lineups[0]!.games >= 300, ciBelow].flatMap((satisfied) => [3, 29, 41].map((abortAfter) => ({ satisfied, abortAfter })));
    for (const { satisfied, abortAfter } of cases) {
      const untilCi = { satisfied, roundGames: 250 };
      const whole = await runExperiment({ config, ranges: [[0, 20_000]], threads: 1, batchSize: 250, untilCi });
      expect(whole.stoppedByCi).toBe(true);
      const controller = new AbortController();
      let seen = 0;
      const partial = await runExperiment({
        config,
        ranges: [[0, 20_000]],
        threads: 3,
        batchSize: 10,
        untilCi,
        signal: controller.signal,
        onBatch: () => {
          if (++seen === abortAfter) controller.abort();
        },
      });
      expect(partial.aborted).toBe(true);
      const covered = coalesce(partial.batches.map((b): GameRange => [b.start, b.end]));
      const resumed = await runExperiment({ config, ranges: missingRanges([[0, 20_000]], covered), threads: 3, batchSize: 10, earlier: partial.batches, untilCi });
      expect(resumed.stoppedByCi, `abort after ${String(abortAfter)}`).toBe(true);
      expect(resumed.tally, `abort after ${String(abortAfter)}`).toEqual(whole.tally);
    }
  });

  it('rejects bad configurations before playing', async () => {
    await expect(runExperiment({ config: { ...SOLO, game: 'chess' }, ranges: all })).rejects.toThrow(/Unknown game 'chess'/);
    await expect(runExperiment({ config: { ...SOLO, lineups: [['nobody']] }, ranges: all })).rejects.toThrow(/Unknown ConnectFwar agent 'nobody'/);
    await expect(runExperiment({ config: { ...DUEL, lineups: [['random']] }, ranges: all })).rejects.toThrow(/2 seat/);
    await expect(runExperiment({ config: SOLO, ranges: [[0, 10], [5, 20]] })).rejects.toThrow(/Overlapping/);
  });
});

describe('planBatches', () => {
  it('cuts at multiples of the batch size and covers every game once', () => {
    expect(planBatches([[5, 27], [30, 31]], 10)).toEqual([[5, 10], [10, 20], [20, 27], [30, 31]]);
  });
});
