/**
 * A run's game records file (game-records-file.ts) as the lab writes it (session.ts): batches that
 * complete out of order are saved in game order, so the records stream to the file in order and
 * the end only cuts the games past those counted; lines that come out of order (a resumed run
 * filling a gap) are put in order at the end.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompletedBatch, GameRange } from './batching.js';
import { emptyTally, gameSeed, mergeTally, type ExperimentConfig, type PlayedGame } from './experiment.js';
import { GameRecordsFile } from './game-records-file.js';
import { parseGameRecords } from './game-record.js';
import { runLab, type Executor } from './session.js';
import { memoryResultsLog } from '../test-support/memory-results-log.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-game-records-file-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const CONFIG: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random']], seed: 5, paired: true };
const BATCH = 10;

/** A made-up game of lineup `lineup` on deal `index` (its actions name it; records are not replayed here). */
const game = (lineup: number, index: number): PlayedGame => ({ lineup, index, seed: gameSeed(CONFIG, lineup, index), openingLength: 0, actions: [index, lineup], returns: [index] });

/**
 * An executor that plays nothing: it completes the batches of BATCH deals of the planned ranges in
 * the order `order` gives (a permutation of their positions), each with its made-up games.
 */
function outOfOrder(order: (count: number) => number[]): Executor {
  return (options) => {
    const planned: GameRange[] = [];
    for (const [start, end] of options.ranges) for (let s = start; s < end; s += BATCH) planned.push([s, Math.min(end, s + BATCH)]);
    const tally = emptyTally(options.config);
    const batches: CompletedBatch[] = [];
    for (const k of order(planned.length)) {
      const [start, end] = planned[k]!;
      const batchTally = emptyTally(options.config);
      const games: PlayedGame[] = [];
      for (let i = start; i < end; i++) for (let l = 0; l < options.config.lineups.length; l++) games.push(game(l, i));
      mergeTally(tally, batchTally);
      batches.push({ start, end, tally: batchTally });
      options.onBatch?.({ start, end, tally: batchTally, games });
    }
    return Promise.resolve({ tally, batches: batches.sort((x, y) => x.start - y.start), aborted: false, stoppedByCi: false });
  };
}

/** Second, first, fourth, third, …: every batch but the first waits for none or one. */
const swappedPairs = (count: number): number[] => Array.from({ length: count }, (_, k) => (k % 2 === 0 ? Math.min(count - 1, k + 1) : k - 1));


const indices = (path: string): number[] => parseGameRecords(readFileSync(path, 'utf8'), path).map((r) => r.index);
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, k) => from + k);

describe('game records of batches completed out of order', () => {
  it('reach the results log and the records file in game order, and the end only cuts the games past those counted', async () => {
    const path = join(dir, 'streamed.jsonl');
    const records = GameRecordsFile.open(path, false);
    const log = memoryResultsLog();
    const outcome = await runLab({ game: CONFIG.game, lineups: CONFIG.lineups, paired: true, games: 60, seed: CONFIG.seed, log, gameLog: records }, outOfOrder(swappedPairs));
    expect(log.appended.map((r) => r.start)).toEqual([0, 10, 20, 30, 40, 50]);
    // In order before the end: nothing is sorted afterwards.
    expect(indices(path)).toEqual(range(0, 120));
    const streamed = readFileSync(path, 'utf8');
    records.finish(outcome.plan.config, 25);
    expect(readFileSync(path, 'utf8')).toBe(streamed.split('\n').slice(0, 50).map((line) => `${line}\n`).join(''));
  });

  it('a resumed run that fills a gap ends with the file of one uninterrupted run', async () => {
    const wholePath = join(dir, 'whole.jsonl');
    const whole = GameRecordsFile.open(wholePath, false);
    const wholeLog = memoryResultsLog();
    const outcome = await runLab({ game: CONFIG.game, lineups: CONFIG.lineups, paired: true, games: 40, seed: CONFIG.seed, log: wholeLog, gameLog: whole }, outOfOrder((n) => range(0, n)));
    whole.finish(outcome.plan.config);
    const wholeText = readFileSync(wholePath, 'utf8');

    // Saved: deals 0-9 and 20-29 (a batch lost between them); the records file holds theirs and more.
    const path = join(dir, 'gap.jsonl');
    const saved = [wholeLog.appended[0]!, wholeLog.appended[2]!];
    const resumed = GameRecordsFile.open(path, true);
    writeFileSync(path, wholeText);
    const log = memoryResultsLog(saved);
    const again = await runLab({ game: CONFIG.game, resume: true, log, gameLog: resumed }, outOfOrder((n) => range(0, n).reverse()));
    expect(log.appended.map((r) => [r.start, r.end])).toEqual([[10, 20], [30, 40]]);
    // The resumed batches came after deal 29's records: put in order at the end.
    expect(indices(path)).toEqual([...range(0, 20), ...range(40, 60), ...range(20, 40), ...range(60, 80)]);
    resumed.finish(again.plan.config);
    expect(readFileSync(path, 'utf8')).toBe(wholeText);
  });
});
