/**
 * The strategy-book build as a job: an item's proof does not depend on the solver's table or on
 * what the thread proved before, so a run stopped or killed and resumed, and shards merged (one of
 * them on worker threads), write the same book, byte for byte, as one uninterrupted process.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalKey } from '../../games/connect-four/book/book.js';
import { Position } from '../../games/connect-four/position.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { runJob, type JobTask } from '../../lab/job-runner.js';
import { jobRecordsOf, mergeJobRecords } from '../../lab/jobs.js';
import { JournalFile } from '../../lab/journal-file.js';
import { builtScript } from '../../lab/module-probe.js';
import { proveStrategyItem, strategyBookOf, strategyJobIdentity, strategyJobParams, strategyResultsOf, type StrategyItemResult, type StrategyJobParams } from './strategy-job.js';

// Middle-Easy positions of 26 stones (a win for the side to move) and 28 (a draw): their
// strategies five plies deep take the solver a moment.
const WON = '21253774536432517717274325';
const DRAWN = '2737772244262123677516643354';
const PARAMS: StrategyJobParams = { depth: 31, roots: [WON, DRAWN], players: ['first', 'second'], from: null };
const identity = strategyJobIdentity(PARAMS);
const SMALL_TABLE = (1 << 17) + 1;
let solver: Solver | undefined;
const here = (task: JobTask): StrategyItemResult[] => {
  solver ??= new Solver({ tableSize: SMALL_TABLE });
  return Array.from({ length: task.end - task.start }, (_, k) => proveStrategyItem(PARAMS, task.start + k, solver!, undefined));
};
const workerFile = builtScript(new URL('./strategy-worker.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'strategy-job-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const recordsIn = (path: string): ReturnType<typeof jobRecordsOf> => jobRecordsOf(JournalFile.read(path, 'the journal').lines, path);
const bookBytes = (paths: readonly string[]): Uint8Array => {
  const merged = mergeJobRecords(paths.map((path) => ({ path, records: recordsIn(path) })));
  expect(merged.missing).toEqual([]);
  return strategyBookOf(strategyJobParams(merged.identity), strategyResultsOf(merged.records, PARAMS, 'merged'), undefined).encode();
};

describe('the strategy-book job', () => {
  const whole = join(dir, 'whole.journal');
  let wholeBook: Uint8Array;

  it("proves each item alike with a cold small table or a warm large one, and the book's values are the solver's", async () => {
    const warm = new Solver({ tableSize: 1 << 20 });
    // The warm solver proves the other items first: its table then holds their positions.
    const warmResults = [3, 2, 1, 0].map((index) => proveStrategyItem(PARAMS, index, warm, undefined)).reverse();
    const coldResults = [0, 1, 2, 3].map((index) => proveStrategyItem(PARAMS, index, new Solver({ tableSize: SMALL_TABLE }), undefined));
    expect(warmResults).toEqual(coldResults);
    // The first player moves at both roots: its value is proven; the second player's strategy starts with every reply.
    expect(coldResults.map((r) => r.value)).toEqual([1, null, 0, null]);

    await runJob<StrategyItemResult[]>({ identity, workerFile, here, journal: whole, threads: 1, batchSize: 1 });
    wholeBook = bookBytes([whole]);
    const book = strategyBookOf(PARAMS, strategyResultsOf(recordsIn(whole), PARAMS, whole), undefined);
    expect(book.size).toBeGreaterThan(20);
    const judge = new Solver({ tableSize: SMALL_TABLE });
    const checked = new Set<number>();
    for (const root of PARAMS.roots) {
      // Every position of the strategies' trees the book holds has the solver's value.
      const walk = (p: Position): void => {
        if (p.isGameOver() || p.moves > PARAMS.depth) return;
        const value = book.score(p);
        if (value !== undefined && !checked.has(canonicalKey(p))) {
          expect(value, p.toMoves()).toBe(Math.sign(judge.solve(p, true)));
          checked.add(canonicalKey(p));
        }
        for (const col of p.legalMoves()) {
          p.play(col);
          walk(p);
          p.undo();
        }
      };
      walk(Position.fromMoves(root));
    }
    expect(checked.size).toBe(book.size);
  }, 60_000);

  it('stopped, then killed mid-line, and resumed: the same book bytes', async () => {
    const journal = join(dir, 'stopped.journal');
    const controller = new AbortController();
    const first = await runJob<StrategyItemResult[]>({ identity, workerFile, here, journal, threads: 1, batchSize: 1, signal: controller.signal, onRecord: () => controller.abort() });
    expect(first.aborted).toBe(true);
    expect(recordsIn(journal)).toHaveLength(1);
    appendFileSync(journal, readFileSync(journal, 'utf8').slice(0, 50));
    let todo = 0;
    await runJob<StrategyItemResult[]>({ identity, workerFile, here, journal, threads: 1, batchSize: 1, onStart: (state) => (todo = state.todo.reduce((n, [s, e]) => n + e - s, 0)) });
    expect(todo).toBe(3);
    expect(bookBytes([journal])).toEqual(wholeBook);
  }, 60_000);

  it('shards (one on worker threads) merged: the same book bytes as one process', async () => {
    const parts = [join(dir, 'part1.journal'), join(dir, 'part2.journal')];
    await runJob<StrategyItemResult[]>({ identity, workerFile, journal: parts[0], shard: { index: 1, count: 2 }, threads: 2, batchSize: 1, workerData: { tableSize: SMALL_TABLE } });
    await runJob<StrategyItemResult[]>({ identity, workerFile, here, journal: parts[1], shard: { index: 2, count: 2 }, threads: 1, batchSize: 1 });
    expect(bookBytes(parts)).toEqual(wholeBook);
    // Parts of different splits, or a part given twice, are refused.
    expect(() => bookBytes([parts[0]!, whole])).toThrow(/counted in both/);
  }, 60_000);
});
