import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyTally, type ExperimentConfig } from './experiment.js';
import { combineRecords, parseResults, RECORD_FORMAT, RecordsError, type BatchRecord } from './records.js';
import { readRecords, readResults, repairResults } from './results-file.js';

const CONFIG: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic']], seed: 1, paired: false };

function record(start: number, end: number, sum: number, config = CONFIG): BatchRecord {
  const tally = emptyTally(config);
  tally.lineups[0]!.games = end - start;
  tally.lineups[0]!.seats[0]!.sum = sum;
  tally.lineups[0]!.seats[0]!.sumSq = sum * sum;
  return { config, planned: [0, 100], total: 100, start, end, tally };
}

describe('combineRecords', () => {
  it('adds batches in any order', () => {
    const combined = combineRecords([record(50, 100, 7), record(0, 50, 5)]);
    expect(combined.tally.lineups[0]).toMatchObject({ games: 100, seats: [{ sum: 12, sumSq: 74 }] });
    expect(combined.covered).toEqual([[0, 100]]);
    expect(combined.total).toBe(100);
  });

  it('refuses overlapping batches and mixed experiments', () => {
    expect(() => combineRecords([record(0, 50, 1), record(40, 60, 1)])).toThrow(/Games 40\.\.49 are counted twice in the saved run, in different batches/);
    expect(() => combineRecords([record(0, 50, 1), record(50, 60, 1, { ...CONFIG, seed: 2 })])).toThrow(/different experiments/);
    expect(() => combineRecords([])).toThrow(/No batch records/);
  });
});

/** Parsed JSON that the malformed-record cases below damage at any depth (`any` on purpose). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseJson = Record<string, any>;

describe('readRecords', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabletop-records-'));
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const PAIRED: ExperimentConfig = { game: 'connect-fwar', lineups: [['basic'], ['random']], seed: 3, paired: true };
  /** A consistent record of 10 games of PAIRED, as JSON, edited by `edit`. */
  const line = (edit: (r: LooseJson) => void = () => undefined): string => {
    const tally = emptyTally(PAIRED);
    for (const lineup of tally.lineups) Object.assign(lineup, { games: 10, seats: [{ sum: 250, sumSq: 7000, wins: 10, draws: 0, losses: 0, atMin: 0 }] });
    Object.assign(tally.differences[0]!, { n: 10, sum: 0, sumSq: 900 });
    const r: LooseJson = JSON.parse(JSON.stringify({ format: RECORD_FORMAT, config: PAIRED, planned: [0, 20], total: 20, start: 0, end: 10, tally }));
    edit(r);
    return JSON.stringify(r).replace('"__INF__"', '1e999');
  };

  it('reads whole records and ignores a torn last line, reporting where the whole lines end', () => {
    const path = join(dir, 'torn.jsonl');
    const good = `${line()}\n${line((r) => Object.assign(r, { start: 10, end: 20 }))}\n`;
    writeFileSync(path, `${good}${line().slice(0, 30)}`);
    const file = readResults(path);
    expect(file.records.map((r) => [r.start, r.end])).toEqual([[0, 10], [10, 20]]);
    expect(file).toMatchObject({ validBytes: Buffer.byteLength(good), tornBytes: 30 });
    expect(repairResults(path, file)).toBe(30);
    expect(readFileSync(path, 'utf8')).toBe(good);
  });

  it('counts a record only when its line ends with a newline, even one that still parses', () => {
    // A record cut just before its newline is whole JSON, but the write did not finish: by the
    // journals' one rule it is a torn line (replayed on resume), not a result.
    const first = `${line()}\n`;
    const unterminated = parseResults(Buffer.from(`${first}${line((r) => Object.assign(r, { start: 10, end: 20 }))}`), 'f');
    expect(unterminated.records.map((r) => [r.start, r.end])).toEqual([[0, 10]]);
    expect(unterminated.validBytes).toBe(Buffer.byteLength(first));
    // A whole line that is not JSON is damage, not a tear: an error naming it.
    expect(() => parseResults(Buffer.from(`${first}{"format":\n`), 'f')).toThrow('f:2: not valid JSON');
  });

  it.each([
    ['null', () => 'null', /not an object/],
    ['an array', () => '[1, 2]', /not an object/],
    ['config null', () => line((r) => (r.config = null)), /bad config/],
    ['seed a string', () => line((r) => (r.config.seed = '3')), /bad config/],
    ['lineups null', () => line((r) => (r.config.lineups = null)), /bad lineups/],
    ['a lineup null', () => line((r) => (r.config.lineups[1] = null)), /bad lineups/],
    ['planned reversed', () => line((r) => (r.planned = [20, 0])), /bad planned range/],
    ['untilCi infinite', () => line((r) => (r.untilCi = '__INF__')), /bad untilCi/],
    ['tally null', () => line((r) => (r.tally = null)), /bad tally/],
    ['a lineup tally null', () => line((r) => (r.tally.lineups[0] = null)), /lineup 0's tally does not match/],
    ['seats null', () => line((r) => (r.tally.lineups[1].seats = null)), /lineup 1's tally does not match/],
    ['a seat null', () => line((r) => (r.tally.lineups[0].seats[0] = null)), /bad seat tally in lineup 0/],
    ['a sum null (NaN in JSON)', () => line((r) => (r.tally.lineups[0].seats[0].sum = null)), /bad seat tally/],
    ['a sum infinite', () => line((r) => (r.tally.lineups[0].seats[0].sum = '__INF__')), /bad seat tally/],
    ['wins a string', () => line((r) => (r.tally.lineups[0].seats[0].wins = '10')), /bad seat tally/],
    ['outcomes not adding up', () => line((r) => (r.tally.lineups[1].seats[0].draws = 1)), /does not add up to 10 games/],
    [
      'outcomes not adding up to one game',
      () =>
        line((r) => {
          r.end = 1;
          r.tally.lineups[0].games = 1;
          r.tally.lineups[0].seats[0] = { sum: 25, sumSq: 625, wins: 1, draws: 1, losses: 0, atMin: 0 };
        }),
      /lineup 0 does not add up to 1 game\)/,
    ],
    ['games not the range', () => line((r) => (r.tally.lineups[0].games = 11)), /lineup 0's tally does not match the game range/],
    ['a difference null', () => line((r) => (r.tally.differences[0] = null)), /bad difference tally 0/],
    ['a difference count off', () => line((r) => (r.tally.differences[0].n = 9)), /bad difference tally 0/],
    ['a difference sum null', () => line((r) => (r.tally.differences[0].sum = null)), /bad difference tally 0/],
    ['a difference of other lineups', () => line((r) => (r.tally.differences[0].b = 0)), /bad difference tally 0/],
    ['differences missing', () => line((r) => (r.tally.differences = [])), /tally does not match the config/],
  ])('refuses a record with %s, naming the file and line', (_, bad, message) => {
    const path = join(dir, 'bad.jsonl');
    writeFileSync(path, `${line()}\n${bad()}\n${line((r) => Object.assign(r, { start: 10, end: 20 }))}\n`);
    expect(() => readRecords(path)).toThrow(RecordsError);
    expect(() => readRecords(path)).toThrow(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: not a results record \\(`));
    expect(() => readRecords(path)).toThrow(message);
  });
});

describe('score distributions in records', () => {
  const line = (scores: unknown): Uint8Array => {
    const tally = emptyTally(CONFIG);
    tally.lineups[0]!.games = 2;
    Object.assign(tally.lineups[0]!.seats[0]!, { sum: 10, sumSq: 50, wins: 2, scores });
    return new TextEncoder().encode(`${JSON.stringify({ format: RECORD_FORMAT, config: CONFIG, planned: [0, 100], total: 100, start: 0, end: 2, tally })}\n`);
  };
  const bins = (entries: Record<number, number>): number[] => Array.from({ length: 49 }, (_, k) => entries[k] ?? 0);

  it('accepts one that holds the batch’s games, and a record without one (written before they were kept)', () => {
    expect(parseResults(line(bins({ 5: 2 })), 'f').records[0]!.tally.lineups[0]!.seats[0]!.scores).toEqual(bins({ 5: 2 }));
    expect(parseResults(line(undefined), 'f').records).toHaveLength(1);
  });

  it.each([
    ['too few games', bins({ 5: 1 })],
    ['too many bins', [...bins({ 5: 2 }), 0]],
    ['a negative count', bins({ 5: 3, 6: -1 })],
    ['not an array', 'x'],
  ])('refuses one with %s', (_, scores) => {
    expect(() => parseResults(line(scores), 'f')).toThrow('f:1: not a results record (the score distribution in lineup 0 does not hold 2 games in 49 bins)');
  });
});
