/**
 * Records that contradict themselves are refused with a clear message, whatever a hand edit or
 * another tool put in them; and any JSON at all, in place of a record or of one of its parts, is
 * either a record that merges and reports cleanly or a RecordsError — never a TypeError.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { labResults } from './lab-results.js';
import { combineRecords, parseResults, RECORD_FORMAT, RecordsError, resultsLine, type BatchRecord } from './records.js';
import { renderReport } from './report.js';
import { runExperiment } from './runner.js';
import { runLab } from './session.js';
import { memoryResultsLog } from '../test-support/memory-results-log.js';

/** A parsed record that the cases below damage at any depth (`any` on purpose). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type LooseJson = Record<string, any>;

/** The records of a real run, played here. */
async function recordsOf(game: string, lineups: string[][], games: number, paired = false): Promise<BatchRecord[]> {
  const log = memoryResultsLog();
  await runLab({ game, lineups, games, seed: 7, paired, threads: 0, batchSize: games / 2, log }, runExperiment);
  return log.appended;
}

/** A record as a results file holds it (a job record: the config in `params.config`, the tally in `result`), to damage. */
const copy = (record: BatchRecord): LooseJson => JSON.parse(resultsLine(record)) as LooseJson;
/** A record as files written before results were job records hold it (`tabletop-lab/batch@1`). */
const legacyCopy = (record: BatchRecord): LooseJson => JSON.parse(JSON.stringify({ format: RECORD_FORMAT, ...record })) as LooseJson;
const parse = (records: readonly LooseJson[]): BatchRecord[] => parseResults(new TextEncoder().encode(records.map((r) => `${JSON.stringify(r)}\n`).join('')), 'r.jsonl').records;

let unoWar: BatchRecord[];
let connectFwar: BatchRecord[];
beforeAll(async () => {
  unoWar = await recordsOf('uno-war', [['random', 'smallest']], 200);
  connectFwar = await recordsOf('connect-fwar', [['basic'], ['random']], 200, true);
});

describe('self-contradicting records', () => {
  it('real records pass, in the format written now and in the older one', () => {
    expect(parse(unoWar.map(copy))).toEqual(unoWar);
    expect(parse(connectFwar.map(copy))).toEqual(connectFwar);
    expect(parse(unoWar.map(legacyCopy))).toEqual(unoWar);
    expect(parse([...connectFwar.map(legacyCopy).slice(0, 1), ...connectFwar.map(copy).slice(1)])).toEqual(connectFwar);
  });

  it('checks a record of the older format as it checks one of the current format', () => {
    const r = legacyCopy(unoWar[0]!);
    r.tally.lineups[0].seats[0].sum += 2;
    expect(() => parse([r])).toThrow(/^r\.jsonl:1: not a results record \(.*seat sum/);
  });

  it.each<[string, () => LooseJson, RegExp]>([
    [
      'both UnoWar seats winning every game',
      () => {
        const r = copy(unoWar[0]!);
        const games = r.end - r.start;
        for (const seat of r.result.lineups[0].seats) Object.assign(seat, { wins: games, draws: 0, losses: 0, sum: games, sumSq: games, atMin: 0, atMax: games });
        return r;
      },
      /the seats of lineup 0 contradict each other: 100 and 100 wins, 0 and 0 losses in 100 games, but each game has at most one winner/,
    ],
    [
      'an UnoWar sum that is not wins − losses',
      () => {
        const r = copy(unoWar[0]!);
        r.result.lineups[0].seats[0].sum += 2;
        return r;
      },
      /seat sum -?\d+ \(|seat sum -?\d+ in lineup 0 is impossible/,
    ],
    [
      'wins: 0 with sum: +games',
      () => {
        const r = copy(connectFwar[0]!);
        const games = r.end - r.start;
        Object.assign(r.result.lineups[1].seats[0], { wins: 0, draws: games, losses: 0, sum: games, sumSq: games, scores: undefined, atMin: games });
        return r;
      },
      /seat sum 100 in lineup 1 is impossible: 0 wins, 100 draws and 0 losses of ConnectFwar/,
    ],
    [
      'a score distribution contradicting the sum',
      () => {
        const r = copy(connectFwar[0]!);
        const scores = r.result.lineups[0].seats[0].scores as number[];
        const k = scores.findIndex((count, i) => i > 0 && i < scores.length - 1 && count > 0);
        scores[k]! -= 1;
        scores[k + 1]! += 1;
        return r;
      },
      /the score distribution in lineup 0 contradicts its other counts \(it gives the sum \d+, the record \d+\)/,
    ],
    [
      'sumSq: 0 with games won and lost',
      () => {
        const r = copy(unoWar[0]!);
        const games = r.end - r.start;
        Object.assign(r.result.lineups[0].seats[0], { wins: games / 2, losses: games / 2, draws: 0, sum: 0, sumSq: 0 });
        return r;
      },
      /seat sum of squares 0 \(with the sum 0\) in lineup 0 is impossible: 50 wins, 0 draws and 50 losses of UnoWar/,
    ],
    [
      'a fractional sum',
      () => {
        const r = copy(connectFwar[0]!);
        r.result.lineups[0].seats[0].sum += 0.5;
        return r;
      },
      /bad seat tally in lineup 0/,
    ],
    [
      'a lineup ["constructor"]',
      () => {
        const r = copy(connectFwar[0]!);
        r.params.config.lineups[0] = ['constructor'];
        return r;
      },
      /Unknown ConnectFwar agent 'constructor'/,
    ],
    [
      'the game "constructor"',
      () => {
        const r = copy(connectFwar[0]!);
        r.params.config.game = 'constructor';
        return r;
      },
      /Unknown game 'constructor'/,
    ],
    [
      'fault examples that are not examples',
      () => {
        const r = copy(unoWar[0]!);
        Object.assign(r.result.lineups[0].seats[1], { faults: 1, faultExamples: [null] });
        return r;
      },
      /bad fault count or examples in lineup 0/,
    ],
    [
      'a fault message with an escape sequence that would clear the terminal',
      () => {
        const r = copy(unoWar[0]!);
        Object.assign(r.result.lineups[0].seats[1], { faults: 1, faultExamples: [{ game: 0, seed: 1, message: 'threw \u001b[2J\u001b[H' }] });
        return r;
      },
      /bad fault count or examples in lineup 0/,
    ],
    [
      'a fault message too long for a run to have written',
      () => {
        const r = copy(unoWar[0]!);
        Object.assign(r.result.lineups[0].seats[1], { faults: 1, faultExamples: [{ game: 0, seed: 1, message: 'x'.repeat(10_000) }] });
        return r;
      },
      /bad fault count or examples in lineup 0/,
    ],
    [
      'a player name with a line break that would split a table row',
      () => {
        const r = copy(unoWar[0]!);
        r.params.config.lineups[0][1] = 'smallest\nforged row';
        return r;
      },
      /bad lineups \(each player a printable name\)/,
    ],
  ])('refuses %s', (_, make, message) => {
    let error: unknown;
    try {
      parse([make()]);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RecordsError);
    expect((error as Error).message).toMatch(/^r\.jsonl:1: not a results record \(/);
    expect((error as Error).message).toMatch(message);
  });
});

/** Sets the value at `path` inside `value` (a copy), creating nothing: a path that runs out stops there. */
function withValueAt(value: LooseJson, path: readonly number[], replacement: unknown): LooseJson {
  const root = JSON.parse(JSON.stringify(value)) as LooseJson;
  let node: LooseJson = root;
  for (let depth = 0; ; depth++) {
    const keys = Object.keys(node);
    if (keys.length === 0) return root;
    const key = keys[path[depth]! % keys.length]!;
    const child: unknown = node[key];
    if (depth === path.length - 1 || typeof child !== 'object' || child === null) {
      node[key] = replacement;
      return root;
    }
    node = child as LooseJson;
  }
}

describe('any JSON is a clean record or a clean error', () => {
  /** Parses and, if accepted, merges and reports as `tabletop merge` does: only RecordsError may escape. */
  const mergeCleanly = (lines: string): void => {
    try {
      const records = parseResults(new TextEncoder().encode(lines), 'r.jsonl').records;
      if (records.length === 0) return;
      const combined = combineRecords(records);
      renderReport(combined.config, combined.tally, false);
      renderReport(combined.config, combined.tally, true);
      labResults(combined.config, combined.tally, combined.batches);
    } catch (error) {
      if (!(error instanceof RecordsError)) throw error;
    }
  };

  it('any JSON value as a line', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.constantFrom('constructor', '__proto__', 'toString')), (value) => {
        mergeCleanly(`${JSON.stringify(value)}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('a real record with any part replaced by any JSON value, beside the record it came from', () => {
    fc.assert(
      fc.property(fc.constantFrom(0, 1, 2, 3), fc.array(fc.nat(), { minLength: 1, maxLength: 7 }), fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty')), (which, path, replacement) => {
        const record = [...unoWar, ...connectFwar][which]!;
        const damaged = withValueAt(copy(record), path, replacement);
        const sibling = (which % 2 === 0 ? [...unoWar, ...connectFwar][which + 1] : [...unoWar, ...connectFwar][which - 1])!;
        mergeCleanly(`${resultsLine(sibling)}\n${JSON.stringify(damaged)}\n`);
      }),
      { numRuns: 1000 },
    );
  });
});
