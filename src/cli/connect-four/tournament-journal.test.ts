/**
 * The tournament file as the journal of the job `connect-four tournament` (src/lab/jobs.ts), in
 * process: one job record per game in game order, a torn last line not counted and cut off before
 * the next game is appended, files of the earlier format resumed in that format.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refereedGameRecord, type RefereedGame } from '../../arena/connect-four/tournament.js';
import { gameRecordLine } from '../../lab/game-record.js';
import { jobRecordsOf } from '../../lab/jobs.js';
import { UsageError } from '../options.js';
import { LEGACY_TOURNAMENT_FORMAT, TOURNAMENT_JOB, TournamentJournal, type TournamentSettings } from './tournament-journal.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-c4-journal-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const BOTS = ['random', 'alphabeta'];
const SETTINGS: TournamentSettings = { bots: BOTS, bot: [], games: 4, openings: 'balanced', time: 1, level: 2, seed: 7 };

/** Game `index`: red wins with four in column 1 after the opening 3-k (red and yellow alternate by game). */
function game(index: number): RefereedGame {
  const red = index % 2;
  const opening = [2, index % 7];
  const moves = [...opening, 0, 6, 0, 6, 0, 6, 0];
  return {
    index,
    red,
    yellow: 1 - red,
    opening,
    result: { winner: true, reason: 'four-in-a-row', message: `red (${BOTS[red]!}) connected four`, moves, red: BOTS[red]!, yellow: BOTS[1 - red]! },
  };
}

const COUNT = 4;

/** A file of `count` games written in one uninterrupted run. */
function uninterrupted(path: string, count: number): string {
  const journal = TournamentJournal.create(path, SETTINGS, BOTS, COUNT);
  for (let k = 0; k < count; k++) journal.add(game(k));
  journal.close();
  return readFileSync(path, 'utf8');
}

/** The same games in the format written before the tournament was a job: a settings line, then game records. */
const legacyText = (count: number): string =>
  [JSON.stringify({ format: LEGACY_TOURNAMENT_FORMAT, ...SETTINGS }), ...[...Array(count).keys()].map((k) => gameRecordLine(refereedGameRecord(game(k), BOTS, SETTINGS.seed)))].map((line) => `${line}\n`).join('');

describe('TournamentJournal', () => {
  it('writes each game as the job record of its index, in game order whatever order they end in', () => {
    const path = join(dir, 'order.jsonl');
    const journal = TournamentJournal.create(path, SETTINGS, BOTS, COUNT);
    journal.add(game(1));
    expect(readFileSync(path, 'utf8')).toBe('');
    journal.add(game(0));
    journal.close();
    const records = jobRecordsOf(readFileSync(path, 'utf8').trimEnd().split('\n'), path);
    expect(records.map(({ job, count, part, start, end }) => ({ job, count, part, start, end }))).toEqual([
      { job: TOURNAMENT_JOB, count: COUNT, part: [0, COUNT], start: 0, end: 1 },
      { job: TOURNAMENT_JOB, count: COUNT, part: [0, COUNT], start: 1, end: 2 },
    ]);
    expect(records[0]!.params).toEqual(SETTINGS);
    expect(records[1]!.result).toEqual(JSON.parse(gameRecordLine(refereedGameRecord(game(1), BOTS, SETTINGS.seed))));
    const resumed = TournamentJournal.resume(path);
    expect(resumed.games(BOTS)).toEqual([game(0), game(1)]);
    resumed.close();
  });

  it('resumed after a kill that tore the last line, it ends with the bytes of an uninterrupted run', () => {
    const whole = uninterrupted(join(dir, 'whole.jsonl'), 3);
    const lines = whole.split('\n');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, 2).join('\n')}\n`);
    // A kill in the middle of writing game 2's line.
    appendFileSync(cut, lines[2]!.slice(0, 60));
    const resumed = TournamentJournal.resume(cut);
    expect(resumed.settings).toEqual(SETTINGS);
    const earlier = resumed.games(BOTS);
    expect(earlier).toEqual([game(0), game(1)]);
    const journal = resumed.open(BOTS, earlier.length);
    journal.add(game(2));
    journal.close();
    expect(readFileSync(cut, 'utf8')).toBe(whole);
  });

  it('leaves the file as it was until a game is appended', () => {
    const path = join(dir, 'untouched.jsonl');
    uninterrupted(path, 1);
    appendFileSync(path, '{"format":"tabletop-job');
    const before = readFileSync(path, 'utf8');
    const resumed = TournamentJournal.resume(path);
    resumed.open(BOTS, 1);
    resumed.close();
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('resumes a file of the earlier format, torn last line and all, and continues it in that format', () => {
    const whole = legacyText(3);
    const lines = whole.split('\n');
    const path = join(dir, 'legacy.jsonl');
    writeFileSync(path, `${lines.slice(0, 2).join('\n')}\n${lines[2]!.slice(0, 50)}`);
    const resumed = TournamentJournal.resume(path);
    expect(resumed.settings).toEqual(SETTINGS);
    const earlier = resumed.games(BOTS);
    expect(earlier).toEqual([game(0)]);
    const journal = resumed.open(BOTS, earlier.length);
    journal.add(game(2));
    journal.add(game(1));
    journal.close();
    expect(readFileSync(path, 'utf8')).toBe(whole);
    // Only its settings line: nothing played yet, and still a tournament to resume.
    writeFileSync(path, lines[0]! + '\n');
    const fresh = TournamentJournal.resume(path);
    expect(fresh.games(BOTS)).toEqual([]);
    fresh.close();
  });

  it('--out replaces what the file held', () => {
    const path = join(dir, 'replaced.jsonl');
    writeFileSync(path, 'not a journal\n{"torn');
    expect(uninterrupted(path, 2)).toBe(uninterrupted(join(dir, 'fresh.jsonl'), 2));
  });

  it('refuses another job, another format, a damaged whole line, a file without games and a missing file, naming the reason', () => {
    const otherJob = join(dir, 'other-job.jsonl');
    writeFileSync(otherJob, '{"format":"tabletop-job/1","job":"connect-four book level","params":{},"count":3,"part":[0,3],"start":0,"end":3,"result":1}\n');
    expect(() => TournamentJournal.resume(otherJob)).toThrow(
      new UsageError(`Cannot resume: ${otherJob} is not a file of \`connect-four tournament --out\` (a journal of the job "connect-four book level", expected "connect-four tournament")`),
    );

    const otherFormat = join(dir, 'other-format.jsonl');
    writeFileSync(otherFormat, '{"format":"tabletop-lab/batch@1"}\n');
    expect(() => TournamentJournal.resume(otherFormat)).toThrow(new UsageError(`Cannot resume: ${otherFormat} is not a file of \`connect-four tournament --out\` (format "tabletop-lab/batch@1", expected "tabletop-job/1")`));

    const damaged = join(dir, 'damaged.jsonl');
    uninterrupted(damaged, 1);
    appendFileSync(damaged, '{"format":"tabletop-job\n');
    expect(() => TournamentJournal.resume(damaged)).toThrow(new RegExp(`^Cannot resume: ${damaged}:2: not a tabletop-job/1 record`));

    const badGame = join(dir, 'bad-game.jsonl');
    writeFileSync(badGame, uninterrupted(badGame, 1).replace('"moves":"', '"moves":"9'));
    const resumed = TournamentJournal.resume(badGame);
    expect(() => resumed.games(BOTS)).toThrow(new RegExp(`^Cannot resume: ${badGame}:1: `));
    resumed.close();

    const torn = join(dir, 'torn.jsonl');
    writeFileSync(torn, '{"format":"tabletop-job/1","job');
    expect(() => TournamentJournal.resume(torn)).toThrow(/holds only an unfinished first line \(31 bytes\): there is nothing to resume\. Start the tournament afresh with --out /);
    writeFileSync(torn, '');
    expect(() => TournamentJournal.resume(torn)).toThrow(/holds no games: there is nothing to resume/);
    expect(() => TournamentJournal.resume(join(dir, 'none.jsonl'))).toThrow(/^Cannot resume: Cannot read .*none\.jsonl: no such file$/);

    const moreBots = TournamentJournal.resume(join(dir, 'whole.jsonl'));
    expect(() => moreBots.games(['random', 'alphabeta', 'mcts'])).toThrow(/is a tournament of 4 games, but its bots and --games make 12/);
    moreBots.close();
  });
});
