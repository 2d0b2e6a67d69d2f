/**
 * A lab run's game records on disk (`--records FILE`): one line per game (game-record.ts), in game
 * order once the run ends. Lines are appended as batches are saved — before the batch is saved to
 * the results file, so a batch the results file holds always has its records. The lab saves its
 * batches in game order (session.ts), so the lines stream to the file in order, and at the end the
 * file is only cut after the last game counted; lines that came out of order (a resumed run filling
 * a gap, a failed run) make it rewritten in game order instead. Resuming keeps exactly the records of the games the results
 * file holds (a record of a batch that was played but not saved is dropped, as is a torn last
 * line), so a resumed run ends with the same file as one uninterrupted run: no game twice, none
 * missing.
 */
import { truncateSync } from 'node:fs';
import { checkWholeFileTarget, FileSafetyError, writeWholeFile } from './files.js';
import { JournalFile } from './journal-file.js';
import { gameById } from './registry.js';
import { GameRecordError, gameRecordLine, parseGameRecord, playedGameRecord } from './game-record.js';
import { gameSeed, type ExperimentConfig, type PlayedGame } from './experiment.js';
import { agentLabel } from './user-agents.js';
import type { GameRecordLog, LabRunPlan } from './session.js';

/** A played game's record line; its index counts the games of every lineup: deal × lineups + lineup. */
export function playedGameLine(config: ExperimentConfig, played: PlayedGame): string {
  const lineups = config.lineups.length;
  const labels = config.lineups[played.lineup]!.map(agentLabel);
  return gameRecordLine(playedGameRecord(gameById(config.game), { ...played, index: played.index * lineups + played.lineup, deal: played.index }, labels));
}

export class GameRecordsFile implements GameRecordLog {
  readonly path: string;
  readonly #resuming: boolean;
  /** The records a resumed run keeps, by index, until the file is rewritten with them. */
  readonly #kept = new Map<number, string>();
  #journal: JournalFile | undefined;
  /** While every line came in game order: each line's index and the file's size before it. */
  #ordered = true;
  #indices: number[] = [];
  #offsets: number[] = [];
  #bytes = 0;

  private constructor(path: string, resuming: boolean) {
    this.path = path;
    this.#resuming = resuming;
  }

  /** Checks that `path` can take the records (nothing is written before `prepare`). */
  static open(path: string, resuming: boolean): GameRecordsFile {
    try {
      checkWholeFileTarget(path, 'The game records file');
    } catch (error) {
      if (error instanceof FileSafetyError) throw new GameRecordError(error.message);
      throw error;
    }
    return new GameRecordsFile(path, resuming);
  }

  /**
   * Before any game: a new run empties the file; a resumed one keeps the records of the games its
   * results file holds (`plan.earlier`) and refuses a file that lacks some of them.
   */
  prepare(plan: LabRunPlan): void {
    const { config } = plan;
    if (this.#resuming) {
      const journal = this.#read();
      const found = new Map<number, string>();
      journal.lines.forEach((line, k) => {
        if (line.trim() === '') return;
        const record = parseGameRecord(line, `${this.path}:${String(k + 1)}`);
        found.set(record.index, line);
      });
      const lineups = config.lineups.length;
      let missing = 0;
      let firstMissing = -1;
      for (const batch of plan.earlier) {
        for (let deal = batch.start; deal < batch.end; deal++) {
          for (let lineup = 0; lineup < lineups; lineup++) {
            const index = deal * lineups + lineup;
            const line = found.get(index);
            const record = line === undefined ? undefined : parseGameRecord(line, this.path);
            const labels = config.lineups[lineup]!.map(agentLabel);
            if (record === undefined || record.game !== config.game || record.seed !== gameSeed(config, lineup, deal) || JSON.stringify(record.players) !== JSON.stringify(labels)) {
              missing++;
              if (firstMissing < 0) firstMissing = index;
            } else this.#kept.set(index, line!);
          }
        }
      }
      if (missing > 0) {
        throw new GameRecordError(
          `${this.path} lacks the records of ${String(missing)} game(s) the results file holds (the first is game ${String(firstMissing)}): it was not written by this run. ` +
            'Resume without --records, or start the run afresh with --records.',
        );
      }
    }
    this.#write(this.#kept);
    for (const [index, line] of [...this.#kept].sort((x, y) => x[0] - y[0])) this.#appended(index, line);
    this.#kept.clear();
    this.#journal = JournalFile.read(this.path, 'the game records file');
  }

  /** Appends a batch's games (synchronously: on disk before the batch is saved to the results file). */
  append(config: ExperimentConfig, games: readonly PlayedGame[]): void {
    if (this.#journal === undefined) throw new Error('GameRecordsFile.append before prepare');
    if (games.length === 0) return;
    const lines = games.map((played) => {
      const line = playedGameLine(config, played);
      this.#appended(played.index * config.lineups.length + played.lineup, line);
      return line;
    });
    this.#journal.appendLines(lines);
  }

  /** Notes a line written at the file's end: its index, and where it starts while the lines are in order. */
  #appended(index: number, line: string): void {
    if (!this.#ordered) return;
    const last = this.#indices.at(-1);
    if (last !== undefined && index <= last) {
      this.#ordered = false;
      this.#indices = [];
      this.#offsets = [];
      return;
    }
    this.#indices.push(index);
    this.#offsets.push(this.#bytes);
    this.#bytes += Buffer.byteLength(line) + 1;
  }

  /**
   * Rewrites the file in game order (its lines are read back, not kept while the run plays); with
   * `deals`, only the games of deals [0, deals) (what a stopped test counted).
   */
  finish(config: ExperimentConfig, deals?: number): void {
    if (this.#journal === undefined) return;
    const keepBelow = deals === undefined ? Infinity : deals * config.lineups.length;
    if (this.#ordered) {
      // In order already: only the games past those counted are cut off.
      const cut = this.#indices.findIndex((index) => index >= keepBelow);
      if (cut < 0) return;
      try {
        truncateSync(this.path, this.#offsets[cut]!);
      } catch (error) {
        throw new GameRecordError(`Cannot cut the game records file ${this.path} after the games counted: ${(error as Error).message}`);
      }
      return;
    }
    const lines = new Map<number, string>();
    this.#read().lines.forEach((line, k) => {
      const { index } = parseGameRecord(line, `${this.path}:${String(k + 1)}`);
      if (index < keepBelow) lines.set(index, line);
    });
    this.#write(lines);
  }

  #read(): JournalFile {
    try {
      return JournalFile.read(this.path, 'the game records file');
    } catch (error) {
      if (error instanceof FileSafetyError) throw new GameRecordError(error.message);
      throw error;
    }
  }

  /** Writes the file anew with `lines` in game order. */
  #write(lines: ReadonlyMap<number, string>): void {
    const text = [...lines]
      .sort((x, y) => x[0] - y[0])
      .map(([, line]) => `${line}\n`)
      .join('');
    try {
      writeWholeFile(this.path, text, 'The game records file');
    } catch (error) {
      if (error instanceof FileSafetyError) throw new GameRecordError(error.message);
      throw error;
    }
  }
}
