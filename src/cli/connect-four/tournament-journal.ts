/**
 * The file of `connect-four tournament --out FILE`, which `--resume FILE` continues: the journal of
 * the job `connect-four tournament` (src/lab/jobs.ts), opened, locked and appended like every job's
 * journal (src/lab/job-journal.ts). Its items are the tournament's games, numbered by game index;
 * each line is the job record of one game, its `params` the tournament's settings and its `result`
 * the game's record (src/lab/game-record.ts). Games finish out of order (several are played at
 * once), so each is written once every game before it is: the file always holds games 0..k-1, and
 * a resumed run plays the rest and appends them — the same bytes as a run that was never
 * interrupted. By the journals' one rule a last line cut short by a kill is not counted, and is cut
 * off before the next game is appended.
 *
 * Files of the earlier format `tabletop-connect-four-tournament@1` (a settings line, then one game
 * record per line) still resume, and are continued in that format, so a file keeps one format.
 */
import { writeFileSync } from 'node:fs';
import type { ExternalBotDefinition } from '../../arena/connect-four/lineup.js';
import { refereedGameOf, refereedGameRecord, type RefereedGame } from '../../arena/connect-four/tournament.js';
import { GameRecordError, gameRecordLine, parseGameRecord } from '../../lab/game-record.js';
import { openJob, type JobJournal, type JobJournalKind } from '../../lab/job-journal.js';
import { JOB_FORMAT, JobJournalError, jobRecordsOf, type JobRecord, type JsonValue } from '../../lab/jobs.js';
import { UsageError } from '../options.js';

/** The job's name in its records. */
export const TOURNAMENT_JOB = 'connect-four tournament';
/** The format of files written before the tournament was a job: resumed and continued as they are. */
export const LEGACY_TOURNAMENT_FORMAT = 'tabletop-connect-four-tournament@1';

/** What a tournament is: the job's parameters (the bots as typed: modules are found again from them). */
export interface TournamentSettings {
  readonly bots: readonly string[];
  readonly bot: readonly ExternalBotDefinition[];
  readonly games: number;
  /** The opening suite's name, or false: the empty board. */
  readonly openings: string | false;
  readonly time: number;
  readonly level: number;
  readonly seed: number;
}

/** A tournament file to continue: its settings, its games (checked once the bots are known), and the journal to append the rest to. */
export interface ResumedTournament {
  readonly settings: TournamentSettings;
  readonly games: (bots: readonly string[]) => RefereedGame[];
  readonly open: (bots: readonly string[], played: number) => TournamentJournal;
  /** Releases the file's lock (a run refused before it plays). Idempotent. */
  readonly close: () => void;
}

/** A whole line of a tournament file as read: the settings it belongs to, and the game it holds (none: the earlier format's settings line). */
interface TournamentLine {
  readonly settings: TournamentSettings;
  /** The job's number of games; undefined in the earlier format. */
  readonly count?: number;
  readonly game?: { readonly text: string; readonly where: string; readonly index: number };
}

const NAMES = { read: 'the tournament file', write: 'the tournament file' } as const;

const resumeError = (message: string): UsageError => new UsageError(`Cannot resume: ${message}`);

/** The tournament file to resume: a job journal of games, or a file of the earlier format. */
const TOURNAMENT_FILE: JobJournalKind<TournamentLine> = {
  names: NAMES,
  readLines: readTournamentLines,
  refusals: {
    holdsRecords: (path) => `${path} already holds games: continue it with --resume ${path}, or choose another file.`,
    missing: (path) => `Cannot read ${path}: no such file`,
    nothingToResume: (path, tornBytes) =>
      `${path} holds ${tornBytes === 0 ? 'no games' : `only an unfinished first line (${String(tornBytes)} bytes)`}: there is nothing to resume. Start the tournament afresh with --out ${path} (it replaces what is there).`,
  },
  error: resumeError,
};

/** `--out` replaces whatever the file holds: nothing in it is read. */
const REPLACED_FILE: JobJournalKind<never> = { names: NAMES, readLines: () => [] };

export class TournamentJournal {
  readonly #journal: JobJournal<unknown>;
  readonly #write: (game: RefereedGame) => void;
  readonly #pending = new Map<number, RefereedGame>();
  #next: number;

  private constructor(journal: JobJournal<unknown>, write: (game: RefereedGame) => void, next: number) {
    this.#journal = journal;
    this.#write = write;
    this.#next = next;
  }

  /**
   * A new journal (an existing file is replaced once it is locked) of the tournament `settings`
   * over `bots` (the lineup's names) and `count` games. Nothing is written before the first game.
   */
  static create(path: string, settings: TournamentSettings, bots: readonly string[], count: number): TournamentJournal {
    const journal = openJob(path, 'either', REPLACED_FILE);
    writeFileSync(journal.path, '');
    return new TournamentJournal(journal, jobWriter(journal, settings, bots, count), 0);
  }

  /** Locks and reads a journal to continue: its settings, and its games (checked once the bots are known). */
  static resume(path: string): ResumedTournament {
    const journal = openJob(path, 'resume', TOURNAMENT_FILE);
    const [first] = journal.records;
    const { settings, count } = first!;
    const games = (bots: readonly string[]): RefereedGame[] => {
      const pairs = (bots.length * (bots.length - 1)) / 2;
      if (count !== undefined && count !== pairs * settings.games) {
        throw resumeError(`${path} is a tournament of ${String(count)} games, but its bots and --games make ${String(pairs * settings.games)}`);
      }
      return journal.records.flatMap(({ game }) => (game === undefined ? [] : [game])).map(({ text, where, index }, k) => {
        try {
          const record = parseGameRecord(text, where);
          if (index !== k || record.index !== k) throw new GameRecordError(`${where}: game ${String(Math.max(index, record.index) + 1)} where game ${String(k + 1)} was expected`);
          return refereedGameOf(record, bots);
        } catch (error) {
          if (error instanceof GameRecordError) throw resumeError(error.message);
          if (error instanceof RangeError) throw resumeError(`${where}: ${error.message}`);
          throw error;
        }
      });
    };
    // The journal cuts a torn last line off before its first append, so a run refused before any game ends leaves the file as it was.
    const open = (bots: readonly string[], played: number): TournamentJournal => {
      const write = count === undefined ? (game: RefereedGame): void => journal.appendLine(gameRecordLine(refereedGameRecord(game, bots, settings.seed))) : jobWriter(journal, settings, bots, count);
      return new TournamentJournal(journal, write, played);
    };
    return { settings, games, open, close: () => journal.close() };
  }

  /** Records a finished game: written with every game before it that is now complete, in game order. */
  add(game: RefereedGame): void {
    this.#pending.set(game.index, game);
    for (let ready = this.#pending.get(this.#next); ready !== undefined; ready = this.#pending.get(this.#next)) {
      this.#write(ready);
      this.#pending.delete(this.#next++);
    }
  }

  /** Releases the file's lock. Idempotent. */
  close(): void {
    this.#journal.close();
  }
}

/** Appends a game as the job record of item `game.index`. */
function jobWriter(journal: JobJournal<unknown>, settings: TournamentSettings, bots: readonly string[], count: number): (game: RefereedGame) => void {
  const params = JSON.parse(JSON.stringify(settings)) as JsonValue;
  return (game) => {
    const result = JSON.parse(gameRecordLine(refereedGameRecord(game, bots, settings.seed))) as JsonValue;
    const record: JobRecord<JsonValue> = { format: JOB_FORMAT, job: TOURNAMENT_JOB, params, count, part: [0, count], start: game.index, end: game.index + 1, result };
    journal.append(record);
  };
}

/** The whole lines of a tournament file, of either format; a line that is none of the file's is refused, naming it. */
function readTournamentLines(lines: readonly string[], path: string): TournamentLine[] {
  const numbered = lines.map((line, i) => ({ line, where: `${path}:${String(i + 1)}` })).filter(({ line }) => line.trim() !== '');
  const [first, ...rest] = numbered;
  if (first === undefined) return [];
  const format = formatOf(first.line);
  if (format === LEGACY_TOURNAMENT_FORMAT) {
    const settings = checkSettings(JSON.parse(first.line), path);
    return [{ settings }, ...rest.map(({ line, where }, k) => ({ settings, game: { text: line, where, index: k } }))];
  }
  if (format !== JOB_FORMAT) return notATournament(path, `format ${JSON.stringify(format)}, expected "${JOB_FORMAT}"`);
  let records: JobRecord[];
  try {
    records = jobRecordsOf(lines, path);
  } catch (error) {
    if (error instanceof JobJournalError) throw resumeError(error.message);
    throw error;
  }
  const { job, params, count } = records[0]!;
  if (job !== TOURNAMENT_JOB) return notATournament(path, `a journal of the job "${job}", expected "${TOURNAMENT_JOB}"`);
  const settings = checkSettings(params, path);
  return records.map((record, k) => {
    const { where } = numbered[k]!;
    if (record.end !== record.start + 1) throw resumeError(`${where}: a record of games ${String(record.start + 1)}..${String(record.end)}, where each record holds one game`);
    return { settings, count, game: { text: JSON.stringify(record.result), where, index: record.start } };
  });
}

function formatOf(line: string): unknown {
  try {
    return (JSON.parse(line) as { format?: unknown } | null)?.format;
  } catch {
    return undefined;
  }
}

function notATournament(path: string, why: string): never {
  throw resumeError(`${path} is not a file of \`connect-four tournament --out\` (${why})`);
}

function checkSettings(value: unknown, path: string): TournamentSettings {
  const fail = (why: string): never => notATournament(path, why);
  if (typeof value !== 'object' || value === null) return fail('no settings');
  const v = value as Record<string, unknown>;
  const count = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
  if (!Array.isArray(v.bots) || !v.bots.every((b) => typeof b === 'string')) return fail('bad bots');
  if (!Array.isArray(v.bot) || !v.bot.every((b: unknown) => typeof b === 'object' && b !== null && typeof (b as ExternalBotDefinition).name === 'string' && typeof (b as ExternalBotDefinition).command === 'string')) return fail('bad --bot definitions');
  if (!count(v.games) || !count(v.level) || !count(v.seed) || !(typeof v.time === 'number' && v.time > 0)) return fail('bad numbers');
  if (!(v.openings === false || typeof v.openings === 'string')) return fail('bad openings');
  return { bots: v.bots as string[], bot: v.bot as ExternalBotDefinition[], games: v.games as number, openings: v.openings as string | false, time: v.time, level: v.level as number, seed: v.seed as number };
}
