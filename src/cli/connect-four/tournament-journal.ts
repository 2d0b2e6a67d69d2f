/**
 * The file of `connect-four tournament --out FILE`, which `--resume FILE` continues: a first line
 * with the tournament's settings, then one game record per line (src/lab/game-record.ts) in game
 * order. Games finish out of order (several are played at once), so each is written once every
 * game before it is: the file always holds games 0..k-1, and a resumed run plays the rest and
 * appends them — the same bytes as a run that was never interrupted. The file is a journal by the
 * project's one rule (src/lab/journal.ts, read and appended by src/lab/journal-file.ts): a last
 * line cut short by a kill is not counted, and is cut off before the next game is appended.
 */
import { existsSync } from 'node:fs';
import type { ExternalBotDefinition } from '../../arena/connect-four/lineup.js';
import { refereedGameOf, refereedGameRecord, type RefereedGame } from '../../arena/connect-four/tournament.js';
import { FileSafetyError } from '../../lab/files.js';
import { GameRecordError, gameRecordLine, parseGameRecord } from '../../lab/game-record.js';
import { JournalFile } from '../../lab/journal-file.js';
import { UsageError } from '../options.js';

export const TOURNAMENT_JOURNAL_FORMAT = 'tabletop-connect-four-tournament@1';

/** What a tournament is, as the journal's first line holds it (the bots as typed: modules are found again from them). */
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
}

export class TournamentJournal {
  readonly #journal: JournalFile;
  readonly #bots: readonly string[];
  readonly #seed: number;
  readonly #pending = new Map<number, string>();
  #next: number;

  private constructor(journal: JournalFile, bots: readonly string[], seed: number, next: number) {
    this.#journal = journal;
    this.#bots = bots;
    this.#seed = seed;
    this.#next = next;
  }

  /** A new journal (an existing file is replaced) starting with the settings; `bots` are the lineup's names. */
  static create(path: string, settings: TournamentSettings, bots: readonly string[]): TournamentJournal {
    return new TournamentJournal(JournalFile.create(path, [JSON.stringify({ format: TOURNAMENT_JOURNAL_FORMAT, ...settings })]), bots, settings.seed, 0);
  }

  /** Opens a journal to continue: its settings, and the raw records (checked once the bots are known). */
  static resume(path: string): ResumedTournament {
    const journal = readJournal(path);
    const [header, ...gameLines] = journal.lines;
    if (header === undefined) {
      throw new UsageError(`Cannot resume: ${path} holds ${journal.tornBytes === 0 ? 'nothing' : `only an unfinished first line (${String(journal.tornBytes)} bytes)`}: there is nothing to resume. Start the tournament afresh with --out ${path} (it replaces what is there).`);
    }
    const settings = checkSettings(parseJson(header), path);
    const games = (bots: readonly string[]): RefereedGame[] =>
      gameLines.map((line, k) => {
        const where = `${path}:${String(k + 2)}`;
        try {
          const record = parseGameRecord(line, where);
          if (record.index !== k) throw new GameRecordError(`${where}: game ${String(record.index + 1)} where game ${String(k + 1)} was expected`);
          return refereedGameOf(record, bots);
        } catch (error) {
          if (error instanceof GameRecordError) throw new UsageError(`Cannot resume: ${error.message}`);
          if (error instanceof RangeError) throw new UsageError(`Cannot resume: ${where}: ${error.message}`);
          throw error;
        }
      });
    // The journal cuts a torn last line off before its first append, so a run refused before any game ends leaves the file as it was.
    const open = (bots: readonly string[], played: number): TournamentJournal => new TournamentJournal(journal, bots, settings.seed, played);
    return { settings, games, open };
  }

  /** Records a finished game: written, in one append, with every game before it that is now complete. */
  add(game: RefereedGame): void {
    this.#pending.set(game.index, gameRecordLine(refereedGameRecord(game, this.#bots, this.#seed)));
    const ready: string[] = [];
    for (let line = this.#pending.get(this.#next); line !== undefined; line = this.#pending.get(this.#next)) {
      ready.push(line);
      this.#pending.delete(this.#next++);
    }
    this.#journal.appendLines(ready);
  }
}

/** The tournament file's whole lines; a missing or unreadable file is a usage error. */
function readJournal(path: string): JournalFile {
  if (!existsSync(path)) throw new UsageError(`Cannot resume: Cannot read ${path}: no such file`);
  try {
    return JournalFile.read(path, 'the tournament file');
  } catch (error) {
    if (error instanceof FileSafetyError) throw new UsageError(`Cannot resume: ${error.message}`);
    throw error;
  }
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function checkSettings(value: unknown, path: string): TournamentSettings {
  const fail = (why: string): never => {
    throw new UsageError(`Cannot resume: ${path} is not a file of \`connect-four tournament --out\` (${why})`);
  };
  if (typeof value !== 'object' || value === null) return fail('its first line is not the settings');
  const v = value as Record<string, unknown>;
  if (v.format !== TOURNAMENT_JOURNAL_FORMAT) return fail(`format ${JSON.stringify(v.format)}, expected "${TOURNAMENT_JOURNAL_FORMAT}"`);
  const count = (x: unknown): boolean => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
  if (!Array.isArray(v.bots) || !v.bots.every((b) => typeof b === 'string')) return fail('bad bots');
  if (!Array.isArray(v.bot) || !v.bot.every((b: unknown) => typeof b === 'object' && b !== null && typeof (b as ExternalBotDefinition).name === 'string' && typeof (b as ExternalBotDefinition).command === 'string')) return fail('bad --bot definitions');
  if (!count(v.games) || !count(v.level) || !count(v.seed) || !(typeof v.time === 'number' && v.time > 0)) return fail('bad numbers');
  if (!(v.openings === false || typeof v.openings === 'string')) return fail('bad openings');
  return { bots: v.bots as string[], bot: v.bot as ExternalBotDefinition[], games: v.games as number, openings: v.openings as string | false, time: v.time, level: v.level as number, seed: v.seed as number };
}
