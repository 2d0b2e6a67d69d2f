/**
 * Results as JSON Lines: one record per completed batch, each carrying the experiment's config,
 * the run's planned game range, the batch's game range and its tally. A file is an append-only log,
 * so an interrupted run loses at most the batches in flight; `--resume` plays only what is missing,
 * and `merge` adds the records of many shards. Tallies are integer sums, so the combination of any
 * set of disjoint batches is exactly the result of one run over the same games.
 *
 * This module is pure (no file system): it parses bytes and checks records, so the browser lab can
 * use it as is; reading, appending and locking files is src/lab/results-file.ts.
 */
import { plural } from '../core/format.js';
import { emptyTally, mergeTally, scoreBins, validateConfig, type ExperimentConfig, type SeatTally, type Tally } from './experiment.js';
import type { GameRange } from './batching.js';
import { splitJournal } from './journal.js';
import { versionConflict } from './user-agents.js';

export const RECORD_FORMAT = 'tabletop-lab/batch@1';

export interface BatchRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly config: ExperimentConfig;
  /** The game indices this run (or shard) set out to play: [start, end). */
  readonly planned: GameRange;
  /** Games in the whole experiment (all shards): games 0 .. total-1 (with untilCi: at most). */
  readonly total: number;
  /** Set when the run stops once every 95% CI half-width is below this: `total` is then a cap. */
  readonly untilCi?: number;
  readonly start: number;
  readonly end: number;
  readonly tally: Tally;
}

/** Thrown for unreadable or inconsistent result files (the CLI reports it as a usage error). */
export class RecordsError extends Error {
  override readonly name = 'RecordsError';
}

/** A canonical key for "same experiment". */
export const configKey = (config: ExperimentConfig): string =>
  JSON.stringify({ game: config.game, lineups: config.lineups, seed: config.seed, paired: config.paired, params: config.params });

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
/** A JSON object (not null, not an array), with its fields still to be checked. */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Checks one parsed line field by field, so that whatever a damaged or hand-edited file holds, it
 * is either a record whose tally adds up (counts consistent with its game range) or a RecordsError
 * naming the line — never a TypeError later on.
 */
function checkRecord(value: unknown, where: string): BatchRecord {
  const fail = (why: string): never => {
    throw new RecordsError(`${where}: not a tabletop-lab batch record (${why})`);
  };
  if (!isObject(value)) return fail('not an object');
  if (value.format !== RECORD_FORMAT) return fail(`format is ${JSON.stringify(value.format)}, expected "${RECORD_FORMAT}"`);
  const c = value.config;
  if (!isObject(c) || typeof c.game !== 'string' || !isCount(c.seed) || typeof c.paired !== 'boolean' || !(c.params === undefined || typeof c.params === 'string')) return fail('bad config');
  const lineups = c.lineups;
  if (!Array.isArray(lineups) || lineups.length === 0 || !lineups.every((l) => Array.isArray(l) && l.length > 0 && l.every((a) => typeof a === 'string'))) return fail('bad lineups');
  const config: ExperimentConfig = { game: c.game, lineups: lineups as string[][], seed: c.seed, paired: c.paired, ...(c.params === undefined ? {} : { params: c.params }) };
  const planned = value.planned;
  if (!Array.isArray(planned) || planned.length !== 2 || !isCount(planned[0]) || !isCount(planned[1]) || planned[0] > planned[1]) return fail('bad planned range');
  const total = value.total;
  if (!isCount(total) || planned[1] > total) return fail('bad total');
  if (value.untilCi !== undefined && !(isFiniteNumber(value.untilCi) && value.untilCi > 0)) return fail('bad untilCi');
  const { start, end } = value;
  if (!isCount(start) || !isCount(end) || end <= start) return fail('bad game range');
  if (start < planned[0] || end > planned[1]) return fail(`games ${String(start)}..${String(end - 1)} lie outside the run's planned games ${String(planned[0])}..${String(planned[1] - 1)}`);
  let game;
  try {
    game = validateConfig(config);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const [lowest, highest] = game.scoreRange;
  const largestSquare = Math.max(lowest * lowest, highest * highest);
  const bins = scoreBins(game);
  const t = value.tally;
  if (!isObject(t) || !Array.isArray(t.lineups) || !Array.isArray(t.differences)) return fail('bad tally');
  const shape = emptyTally(config);
  if (t.lineups.length !== shape.lineups.length || t.differences.length !== shape.differences.length) return fail('tally does not match the config');
  const games = end - start;
  t.lineups.forEach((lineup: unknown, l) => {
    const seatCount = shape.lineups[l]!.seats.length;
    if (!isObject(lineup) || lineup.games !== games || !Array.isArray(lineup.seats) || lineup.seats.length !== seatCount) fail(`lineup ${String(l)}'s tally does not match the game range`);
    for (const seat of (lineup as { seats: unknown[] }).seats) {
      if (!isObject(seat) || ![seat.sumSq, seat.wins, seat.draws, seat.losses, seat.atMin].every(isCount) || !isFiniteNumber(seat.sum)) fail(`bad seat tally in lineup ${String(l)}`);
      const { faults, faultExamples, scores, atMax } = seat as Record<string, unknown>;
      if (atMax !== undefined && !(isCount(atMax) && atMax <= games)) fail(`bad top-score count in lineup ${String(l)}`);
      if (faults !== undefined && !(isCount(faults) && faults <= games && Array.isArray(faultExamples))) fail(`bad fault count in lineup ${String(l)}`);
      if (scores !== undefined && !(Array.isArray(scores) && scores.length === bins && scores.every(isCount) && scores.reduce((n: number, c: number) => n + c, 0) === games)) {
        fail(`the score distribution in lineup ${String(l)} does not hold ${plural(games, 'game')} in ${plural(bins, 'bin')}`);
      }
      const { wins, draws, losses, atMin, sum, sumSq } = seat as unknown as SeatTally;
      if (wins + draws + losses !== games || atMin > games) fail(`seat tally in lineup ${String(l)} does not add up to ${plural(games, 'game')}`);
      // Every game scores within the game's range, so the sums do too; and by Cauchy–Schwarz the sum
      // of squares is at least sum² / games. A record outside these bounds was not played.
      const slack = 1e-9 * Math.max(1, Math.abs(sum), sumSq);
      if (sum < lowest * games - slack || sum > highest * games + slack) fail(`seat sum ${String(sum)} in lineup ${String(l)} is impossible: ${String(games)} games of ${game.title} score ${String(lowest * games)} to ${String(highest * games)}`);
      if (sumSq > largestSquare * games + slack || sumSq < (sum * sum) / games - slack) fail(`seat sum of squares ${String(sumSq)} in lineup ${String(l)} is impossible for its sum over ${String(games)} games`);
    }
  });
  t.differences.forEach((d: unknown, k) => {
    const { a, b } = shape.differences[k]!;
    // One difference per game index: its count is the batch's game count.
    if (!isObject(d) || d.a !== a || d.b !== b || d.n !== games || !isFiniteNumber(d.sum) || !isFiniteNumber(d.sumSq) || d.sumSq < 0) fail(`bad difference tally ${String(k)}`);
    // A paired difference is seat 0 of lineup a minus seat 0 of lineup b, game by game.
    const lineupSum = (l: number): number => ((t.lineups as { seats: SeatTally[] }[])[l]!).seats[0]!.sum;
    const expected = lineupSum(a) - lineupSum(b);
    if (Math.abs((d as { sum: number }).sum - expected) > 1e-9 * Math.max(1, Math.abs(expected))) fail(`difference tally ${String(k)} does not match its lineups' sums`);
  });
  return value as unknown as BatchRecord;
}

/** What `parseResults` found in the bytes of a results file. */
export interface ParsedResults {
  readonly records: BatchRecord[];
  /**
   * Bytes that hold whole lines: everything but a torn last line. A run that appends must first
   * cut the file to this length, or its first record would be glued onto the fragment.
   */
  readonly validBytes: number;
  /** Bytes of the torn last line (0 if none). */
  readonly tornBytes: number;
}

/**
 * Parses a results file's bytes by the journals' one rule (journal.ts): a record counts only when
 * its line ends with '\n'; what follows the last newline is a torn last write, reported, never
 * counted. A whole line that is not a record is an error naming `name` and the line.
 */
export function parseResults(bytes: Uint8Array, name: string): ParsedResults {
  const { lines, wholeBytes, tornBytes } = splitJournal(bytes);
  return { records: recordsOfLines(lines, name), validBytes: wholeBytes, tornBytes };
}

/** The records of a journal's whole lines (blank lines skipped); RecordsError naming the first line that is not one. */
export function recordsOfLines(lines: readonly string[], name: string): BatchRecord[] {
  const records: BatchRecord[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new RecordsError(`${name}:${String(i + 1)}: not valid JSON`);
    }
    records.push(checkRecord(value, `${name}:${String(i + 1)}`));
  });
  return records;
}

export interface Combined {
  readonly config: ExperimentConfig;
  readonly tally: Tally;
  /** Game ranges covered by the records, sorted and coalesced. */
  readonly covered: GameRange[];
  /** Union of the planned ranges of the runs the records came from, sorted and coalesced. */
  readonly planned: GameRange[];
  /** The whole experiment's size (every record agrees on it). */
  readonly total: number;
  /** The --until-ci width, if the records come from such a run (then `total` is only a cap). */
  readonly untilCi: number | undefined;
  /** Records that repeated another verbatim and were counted once. */
  readonly duplicates: number;
  /** The records counted (without the repeats), sorted by their games: the run's progress, batch by batch. */
  readonly batches: readonly BatchRecord[];
}

/**
 * Adds up records of one experiment, checking that they are one experiment: the same config, the
 * same size (`total`) and stopping rule, and no game counted twice. A record repeated verbatim
 * (the same batch appended twice) is counted once: games are deterministic, so a replayed batch
 * has the identical tally, and dropping the copy is exact.
 */
export function combineRecords(records: readonly BatchRecord[]): Combined {
  if (records.length === 0) throw new RecordsError('No batch records to combine');
  const first = records[0]!;
  const key = configKey(first.config);
  const tally = emptyTally(first.config);
  for (const r of records) {
    if (configKey(r.config) !== key) {
      const versions = r.config.seed === first.config.seed && r.config.paired === first.config.paired ? versionConflict(first.config.lineups, r.config.lineups) : undefined;
      if (versions !== undefined) throw new RecordsError(`Records of different experiments cannot be combined: they were played by ${versions}. Results of two versions of a player must not be mixed.`);
      throw new RecordsError(`Records of different experiments cannot be combined: ${key} vs ${configKey(r.config)}`);
    }
    if (r.total !== first.total) {
      throw new RecordsError(`Records of different experiment sizes cannot be combined: ${first.total.toLocaleString('en-US')} games vs ${r.total.toLocaleString('en-US')} games (shards of runs with different --games?)`);
    }
    if (r.untilCi !== first.untilCi) throw new RecordsError(`Records of runs with different --until-ci widths cannot be combined: ${String(first.untilCi ?? 'none')} vs ${String(r.untilCi ?? 'none')}`);
  }
  const sorted = [...records].sort((a, b) => a.start - b.start || a.end - b.end);
  const kept: BatchRecord[] = [];
  for (const r of sorted) {
    const last = kept[kept.length - 1];
    if (last !== undefined && r.start === last.start && r.end === last.end && JSON.stringify(r.tally) === JSON.stringify(last.tally)) continue;
    if (last !== undefined && r.start < last.end) {
      throw new RecordsError(`Games ${String(r.start)}..${String(Math.min(r.end, last.end) - 1)} appear twice with different batches (the same shard or file given twice?)`);
    }
    kept.push(r);
    mergeTally(tally, r.tally);
  }
  return {
    config: first.config,
    tally,
    covered: coalesce(kept.map((r): GameRange => [r.start, r.end])),
    planned: coalesce(records.map((r) => r.planned)),
    total: first.total,
    untilCi: first.untilCi,
    duplicates: records.length - kept.length,
    batches: kept,
  };
}

/** Sorts and joins touching or overlapping ranges. */
export function coalesce(ranges: readonly GameRange[]): GameRange[] {
  const out: [number, number][] = [];
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last !== undefined && s <= last[1]) last[1] = Math.max(last[1], e);
    else if (s < e) out.push([s, e]);
  }
  return out;
}

/** The parts of `planned` not in `covered` (both sorted and coalesced). */
export function missingRanges(planned: readonly GameRange[], covered: readonly GameRange[]): GameRange[] {
  const out: GameRange[] = [];
  for (const [ps, pe] of planned) {
    let cursor = ps;
    for (const [cs, ce] of covered) {
      if (ce <= cursor || cs >= pe) continue;
      if (cs > cursor) out.push([cursor, cs]);
      cursor = Math.max(cursor, ce);
    }
    if (cursor < pe) out.push([cursor, pe]);
  }
  return out;
}

/** The games of shard `index` (1-based) of `count` over [0, games): contiguous, disjoint, covering. */
export function shardRange(games: number, index: number, count: number): GameRange {
  if (!(Number.isSafeInteger(count) && count >= 1 && Number.isSafeInteger(index) && index >= 1 && index <= count)) {
    throw new RangeError(`Invalid shard ${String(index)}/${String(count)} (expected 1 <= i <= n)`);
  }
  return [Math.floor((games * (index - 1)) / count), Math.floor((games * index) / count)];
}
