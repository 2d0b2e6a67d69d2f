/**
 * Results as JSON Lines: a results file is a job journal (jobs.ts) of the job `lab experiment`, one
 * record per completed batch — its parameters the experiment's config (and the `--until-ci` width),
 * its count the experiment's games, its part the games the run (or shard) set out to play, its
 * result the batch's tally. Files written before results were job records (`tabletop-lab/batch@1`
 * lines: the same fields under other names) are read as well, line by line, so an old file
 * resumes and merges, and a resumed old file goes on in the job format. A file is an append-only log,
 * so an interrupted run loses at most the batches in flight; `--resume` plays only what is missing,
 * and `merge` adds the records of many shards. Tallies are integer sums, so the combination of any
 * set of disjoint batches is exactly the result of one run over the same games.
 *
 * This module is pure (no file system): it parses bytes and checks records, so the browser lab can
 * use it as is; reading, appending and locking files is src/lab/results-file.ts.
 */
import { MAX_MESSAGE_CHARS, plural, printable } from '../core/format.js';
import { emptyTally, MAX_FAULT_EXAMPLES, mergeTally, scoreBins, validateConfig, type ExperimentConfig, type SeatTally, type Tally } from './experiment.js';
import type { GameRange } from './batching.js';
import { coalesce } from './game-ranges.js';
import { splitJournal } from './journal.js';
import { versionConflict } from './user-agents.js';
import { JOB_FORMAT, JobJournalError, jobRecordLine, mergeJobRecords, type JobIdentity, type JobRecord, type JsonValue } from './jobs.js';

/** The results files' job (jobs.ts): what their records' `job` says. */
export const RESULTS_JOB = 'lab experiment';

/** The format of results files written before they were job journals: still read (resume, merge). */
export const RECORD_FORMAT = 'tabletop-lab/batch@1';

/** One batch of an experiment, as a results file holds it (in either format). */
export interface BatchRecord {
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

/** The config's fields in one order, an absent one left out (what a record holds of a config, and no more). */
function canonicalConfig(config: ExperimentConfig): ExperimentConfig {
  return {
    game: config.game,
    lineups: config.lineups,
    seed: config.seed,
    paired: config.paired,
    ...(config.params === undefined ? {} : { params: config.params }),
    ...(config.seatPairs === undefined ? {} : { seatPairs: config.seatPairs }),
    ...(config.openings === undefined ? {} : { openings: config.openings }),
    ...(config.differences === undefined ? {} : { differences: config.differences }),
  };
}

/** The config as the job's parameters. */
const configJson = (config: ExperimentConfig): JsonValue => canonicalConfig(config) as unknown as JsonValue;

/** A canonical key for "same experiment". */
export const configKey = (config: ExperimentConfig): string => JSON.stringify(configJson(config));

/** Which job a run of `config` over `total` games is (`untilCi`: its stopping width, part of which run it is). */
export function resultsJob(config: ExperimentConfig, total: number, untilCi: number | undefined): JobIdentity {
  return { job: RESULTS_JOB, params: { config: configJson(config), ...(untilCi === undefined ? {} : { untilCi }) }, count: total };
}

/** A batch record as the job record a results file holds. */
export function resultsJobRecord(record: BatchRecord): JobRecord<Tally> {
  return { format: JOB_FORMAT, ...resultsJob(record.config, record.total, record.untilCi), part: record.planned, start: record.start, end: record.end, result: record.tally };
}

/** The line a results file holds for a batch record (no newline). */
export const resultsLine = (record: BatchRecord): string => jobRecordLine(resultsJobRecord(record));

/** The experiment a results job's identity names (its parameters as `resultsJob` wrote them). */
const experimentOf = (identity: JobIdentity): { config: ExperimentConfig; untilCi: number | undefined } => {
  const params = identity.params as unknown as { readonly config: ExperimentConfig; readonly untilCi?: number };
  return { config: params.config, untilCi: params.untilCi };
};

/** The game a results file's line names (either format), or undefined if it names none: to load a game module before its records are read. */
export function gameOfResultsLine(line: string): unknown {
  try {
    const value = JSON.parse(line) as { format?: unknown; config?: { game?: unknown }; params?: { config?: { game?: unknown } } } | null;
    return value?.format === JOB_FORMAT ? value.params?.config?.game : value?.config?.game;
  } catch {
    return undefined;
  }
}

const isCount = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
const isFiniteNumber = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const isWhole = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
/**
 * Text a run wrote is already printable (`printable` escaped it when the fault was made), so text
 * with a control character, or longer than a cut message can be, was not written by a run: refused,
 * so that merge never prints another file's escape sequences or line breaks into its table.
 */
const isPrintableText = (x: unknown, max: number): x is string => typeof x === 'string' && x.length <= max && printable(x, Number.MAX_SAFE_INTEGER) === x;
const isFaultExample = (x: unknown): boolean => isObject(x) && isCount(x.game) && isCount(x.seed) && isPrintableText(x.message, 2 * MAX_MESSAGE_CHARS);
/** A JSON object (not null, not an array), with its fields still to be checked. */
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Checks one parsed line field by field, so that whatever a damaged or hand-edited file holds, it
 * is either a record whose tally adds up (counts consistent with its game range) or a RecordsError
 * naming the line — never a TypeError later on.
 */
function checkRecord(line: unknown, where: string): BatchRecord {
  const fail = (why: string): never => {
    throw new RecordsError(`${where}: not a results record (${why})`);
  };
  if (!isObject(line)) return fail('not an object');
  const value = fieldsOf(line, fail);
  const c = value.config;
  if (!isObject(c) || typeof c.game !== 'string' || !isCount(c.seed) || typeof c.paired !== 'boolean' || !(c.params === undefined || typeof c.params === 'string')) return fail('bad config');
  if (!(c.seatPairs === undefined || typeof c.seatPairs === 'boolean') || !(c.openings === undefined || typeof c.openings === 'string') || !(c.differences === undefined || c.differences === 'wins')) return fail('bad config');
  const lineups = c.lineups;
  if (!Array.isArray(lineups) || lineups.length === 0 || !lineups.every((l) => Array.isArray(l) && l.length > 0 && l.every((a) => isPrintableText(a, 4096)))) return fail('bad lineups (each player a printable name)');
  // Every field checked above: the config as they make it, without anything else the line holds.
  const config = canonicalConfig(c as unknown as ExperimentConfig);
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
  const bins = scoreBins(game);
  const t = value.tally;
  if (!isObject(t) || !Array.isArray(t.lineups) || !Array.isArray(t.differences)) return fail('bad tally');
  const shape = emptyTally(config);
  if (t.lineups.length !== shape.lineups.length || t.differences.length !== shape.differences.length) return fail('tally does not match the config');
  const games = end - start;
  // A record with parameters may come from a batch source that counts outcomes its own way (the
  // Klondike classification counts an unwinnable deal, score 0, as a loss): the rules that read a
  // win as a return above 0 and a loss as one below hold for playouts of the game's agents only.
  const playout = config.params === undefined;
  /**
   * One seat's tally, checked against everything its counts imply. Every game's return is a whole
   * number in [lowest, highest] (sums of squares are whole: the tally is exact integer arithmetic),
   * a win is a return above 0 and a loss one below, so the wins and losses bound the sums; a
   * score distribution, where kept, fixes them exactly.
   */
  const checkSeat = (seat: unknown, where: string): void => {
    if (!isObject(seat) || ![seat.sumSq, seat.wins, seat.draws, seat.losses, seat.atMin].every(isCount) || !isWhole(seat.sum)) fail(`bad seat tally in ${where}`);
    const { faults, faultExamples, scores, atMax } = seat as Record<string, unknown>;
    if (atMax !== undefined && !(isCount(atMax) && atMax <= games)) fail(`bad top-score count in ${where}`);
    if (faults !== undefined && !(isCount(faults) && faults <= games && Array.isArray(faultExamples) && faultExamples.length <= Math.min(faults, MAX_FAULT_EXAMPLES) && faultExamples.every(isFaultExample))) {
      fail(`bad fault count or examples in ${where}`);
    }
    if (faults === undefined && faultExamples !== undefined) fail(`fault examples without a fault count in ${where}`);
    if (scores !== undefined && !(Array.isArray(scores) && scores.length === bins && scores.every(isCount) && scores.reduce((n: number, c: number) => n + c, 0) === games)) {
      fail(`the score distribution in ${where} does not hold ${plural(games, 'game')} in ${plural(bins, 'bin')}`);
    }
    const { wins, draws, losses, atMin, sum, sumSq } = seat as unknown as SeatTally;
    if (wins + draws + losses !== games || atMin > games) fail(`seat tally in ${where} does not add up to ${plural(games, 'game')}`);
    const impossible = (what: string): never => fail(`${what} in ${where} is impossible: ${plural(wins, 'win')}, ${plural(draws, 'draw')} and ${plural(losses, 'loss', 'losses')} of ${game.title}, which scores ${String(lowest)} to ${String(highest)} a game`);
    // Every game scores within the game's range, so the sums do too; by Cauchy–Schwarz the sum of
    // squares is at least sum² / games; a whole return has the parity of its square.
    if (sum < lowest * games || sum > highest * games) fail(`seat sum ${String(sum)} in ${where} is impossible: ${String(games)} games of ${game.title} score ${String(lowest * games)} to ${String(highest * games)}`);
    if (sumSq > Math.max(lowest * lowest, highest * highest) * games || sumSq * games < sum * sum || (sumSq - sum) % 2 !== 0) fail(`seat sum of squares ${String(sumSq)} in ${where} is impossible for its sum over ${String(games)} games`);
    if (playout) {
      // A win scores 1 to `highest`, a loss `lowest` to -1, a draw 0.
      if (wins > 0 && highest < 1) impossible(plural(wins, 'win'));
      if (losses > 0 && lowest > -1) impossible(plural(losses, 'loss', 'losses'));
      if (draws > 0 && (lowest > 0 || highest < 0)) impossible(plural(draws, 'draw'));
      if (sum > wins * highest - losses || sum < wins - losses * -lowest) impossible(`seat sum ${String(sum)}`);
      const decided = wins + losses;
      if (sumSq > wins * highest * highest + losses * lowest * lowest || sumSq < decided || sumSq * decided < sum * sum) impossible(`seat sum of squares ${String(sumSq)} (with the sum ${String(sum)})`);
      // The lowest and highest score are games of the count their sign says.
      const ofSign = (score: number): number => (score > 0 ? wins : score < 0 ? losses : draws);
      if (atMin > ofSign(lowest) || (lowest === 0 && atMin !== draws)) impossible(`${plural(atMin, 'game')} at the lowest score`);
      if (isCount(atMax) && (atMax > ofSign(highest) || (highest === 0 && atMax !== draws))) impossible(`${plural(atMax, 'game')} at the top score`);
    }
    if (Array.isArray(scores)) {
      // Whole returns: bin k holds the games that scored lowest + k, so the distribution gives every other count.
      const counts = scores as number[];
      let [binSum, binSumSq, binWins, binLosses] = [0, 0, 0, 0];
      counts.forEach((count, k) => {
        const score = lowest + k;
        binSum += count * score;
        binSumSq += count * score * score;
        if (score > 0) binWins += count;
        if (score < 0) binLosses += count;
      });
      const signsAgree = !playout || (binWins === wins && binLosses === losses);
      if (binSum !== sum || binSumSq !== sumSq || !signsAgree || counts[0] !== atMin || (isCount(atMax) && counts[counts.length - 1] !== atMax)) {
        fail(`the score distribution in ${where} contradicts its other counts (it gives the sum ${String(binSum)}, the record ${String(sum)})`);
      }
    }
  };
  t.lineups.forEach((lineup: unknown, l) => {
    const seatCount = shape.lineups[l]!.seats.length;
    if (!isObject(lineup) || lineup.games !== games || !Array.isArray(lineup.seats) || lineup.seats.length !== seatCount) fail(`lineup ${String(l)}'s tally does not match the game range`);
    const seats = (lineup as { seats: unknown[] }).seats;
    seats.forEach((seat) => checkSeat(seat, `lineup ${String(l)}`));
    if (playout && game.outcome === 'win-loss' && seats.length === 2) {
      // Zero-sum: one seat's win is the other's loss, game by game.
      const [x, y] = seats as SeatTally[];
      if (x!.wins !== y!.losses || x!.losses !== y!.wins || x!.draws !== y!.draws) {
        fail(`the seats of lineup ${String(l)} contradict each other: ${String(x!.wins)} and ${String(y!.wins)} wins, ${String(x!.losses)} and ${String(y!.losses)} losses in ${plural(games, 'game')}, but each game has at most one winner`);
      }
    }
  });
  t.differences.forEach((d: unknown, k) => {
    const { a, b } = shape.differences[k]!;
    // One difference per game index: its count is the batch's game count; each game's difference is whole and within ±(highest − lowest).
    if (!isObject(d) || d.a !== a || d.b !== b || d.n !== games || !isWhole(d.sum) || !isCount(d.sumSq)) fail(`bad difference tally ${String(k)}`);
    const { sum, sumSq } = d as { sum: number; sumSq: number };
    // Differences of wins (config.differences) are each −1, 0 or 1.
    const winsOnly = config.differences === 'wins';
    const widest = winsOnly ? 1 : (highest - lowest) * (highest - lowest);
    if (sumSq > widest * games || sumSq * games < sum * sum || (sumSq - sum) % 2 !== 0) fail(`difference tally ${String(k)}: sum of squares ${String(sumSq)} is impossible for its sum ${String(sum)} over ${plural(games, 'game')}`);
    // A paired difference is seat 0 of lineup a minus seat 0 of lineup b, game by game (of games at the top score, for wins).
    const lineupSum = (l: number): number => {
      const seat = ((t.lineups as { seats: SeatTally[] }[])[l]!).seats[0]!;
      return winsOnly ? seat.atMax : seat.sum;
    };
    if (sum !== lineupSum(a) - lineupSum(b)) fail(`difference tally ${String(k)} does not match its lineups' sums`);
  });
  return { config, planned: [planned[0], planned[1]], total, ...(value.untilCi === undefined ? {} : { untilCi: value.untilCi }), start, end, tally: t as unknown as Tally };
}

/**
 * A line's fields by their names in a batch record, from either format: a job record of the
 * results job (the config and `--until-ci` width its parameters, the experiment's games its count,
 * the run's games its part, the tally its result), or a `tabletop-lab/batch@1` line as it is.
 */
function fieldsOf(line: Record<string, unknown>, fail: (why: string) => never): Record<string, unknown> {
  if (line.format === RECORD_FORMAT) return line;
  if (line.format !== JOB_FORMAT) return fail(`format is ${JSON.stringify(line.format)}, expected "${JOB_FORMAT}" (or the older "${RECORD_FORMAT}")`);
  if (line.job !== RESULTS_JOB) return fail(`a record of the job ${JSON.stringify(line.job)}, not of "${RESULTS_JOB}"`);
  const params = line.params;
  // Parameters are what makes two records one experiment: anything besides the config and the width would be ignored by the checks, so it is refused.
  if (!isObject(params) || !Object.keys(params).every((key) => key === 'config' || key === 'untilCi')) return fail('bad config');
  return { config: params.config, untilCi: params.untilCi, planned: line.part, total: line.count, start: line.start, end: line.end, tally: line.result };
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
 * Adds up records of one experiment by the jobs' one check (`mergeJobRecords`, jobs.ts): the same
 * config, the same size (`total`) and stopping rule, and no game counted twice. A record repeated
 * verbatim (the same batch appended twice, or a file given twice) is counted once: games are
 * deterministic, so a replayed batch has the identical tally, and dropping the copy is exact.
 * `path` names the records in messages.
 */
export function combineRecords(records: readonly BatchRecord[], path = 'the saved run'): Combined {
  return combineResults([{ path, records }]);
}

/** `combineRecords` over the records of several files, each named by its path in messages. */
export function combineResults(files: readonly { readonly path: string; readonly records: readonly BatchRecord[] }[]): Combined {
  let merged;
  try {
    merged = mergeJobRecords(
      files.map(({ path, records }) => ({ path, records: records.map(resultsJobRecord) })),
      { items: 'Games', repeatsCountOnce: true, different: differentExperiments },
    );
  } catch (error) {
    if (error instanceof JobJournalError) throw new RecordsError(error.message.replace(/^Nothing to merge: .*/, 'No batch records to combine'));
    throw error;
  }
  const { untilCi } = experimentOf(merged.identity);
  // The config as read (the identity holds it as parameters): every record's is the same.
  const config = files.find((file) => file.records.length > 0)!.records[0]!.config;
  const tally = emptyTally(config);
  const batches = merged.records.map((r): BatchRecord => ({ config, planned: r.part, total: r.count, ...(untilCi === undefined ? {} : { untilCi }), start: r.start, end: r.end, tally: r.result }));
  for (const batch of batches) mergeTally(tally, batch.tally);
  return {
    config,
    tally,
    covered: coalesce(batches.map((r): GameRange => [r.start, r.end])),
    planned: coalesce(files.flatMap((file) => file.records.map((r) => r.planned))),
    total: merged.identity.count,
    untilCi,
    duplicates: merged.repeats,
    batches,
  };
}

/** Why records of two identities are not one experiment, in the lab's words (which option differs). */
function differentExperiments(first: JobIdentity, other: JobIdentity): string {
  const a = experimentOf(first);
  const b = experimentOf(other);
  if (configKey(a.config) !== configKey(b.config)) {
    const versions = a.config.seed === b.config.seed && a.config.paired === b.config.paired ? versionConflict(a.config.lineups, b.config.lineups) : undefined;
    if (versions !== undefined) return `Records of different experiments cannot be combined: they were played by ${versions}. Results of two versions of a player must not be mixed.`;
    return `Records of different experiments cannot be combined: ${configKey(a.config)} vs ${configKey(b.config)}`;
  }
  if (first.count !== other.count) {
    return `Records of different experiment sizes cannot be combined: ${first.count.toLocaleString('en-US')} games vs ${other.count.toLocaleString('en-US')} games (shards of runs with different --games?)`;
  }
  return `Records of runs with different --until-ci widths cannot be combined: ${String(a.untilCi ?? 'none')} vs ${String(b.untilCi ?? 'none')}`;
}
