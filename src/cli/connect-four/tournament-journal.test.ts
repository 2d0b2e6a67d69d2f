/**
 * The tournament file as a journal of the project's one rule (src/lab/journal.ts), in process: a
 * torn last line is not counted, and is cut off before the next game is appended.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RefereedGame } from '../../arena/connect-four/tournament.js';
import { UsageError } from '../options.js';
import { TournamentJournal, type TournamentSettings } from './tournament-journal.js';

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

describe('TournamentJournal', () => {
  it('writes games in game order whatever order they end in', () => {
    const path = join(dir, 'order.jsonl');
    const journal = TournamentJournal.create(path, SETTINGS, BOTS);
    journal.add(game(1));
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(2);
    journal.add(game(0));
    expect(TournamentJournal.resume(path).games(BOTS)).toEqual([game(0), game(1)]);
  });

  it('does not count a torn last line, and cuts it off before the next game is appended', () => {
    const whole = join(dir, 'whole.jsonl');
    const uninterrupted = TournamentJournal.create(whole, SETTINGS, BOTS);
    for (let k = 0; k < 3; k++) uninterrupted.add(game(k));
    const lines = readFileSync(whole, 'utf8').split('\n');

    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, 3).join('\n')}\n`);
    // A kill in the middle of writing game 2's line.
    appendFileSync(cut, lines[3]!.slice(0, 60));
    const resumed = TournamentJournal.resume(cut);
    expect(resumed.settings).toEqual(SETTINGS);
    const earlier = resumed.games(BOTS);
    expect(earlier).toEqual([game(0), game(1)]);
    resumed.open(BOTS, earlier.length).add(game(2));
    expect(readFileSync(cut, 'utf8')).toBe(readFileSync(whole, 'utf8'));
  });

  it('leaves the file as it was until a game is appended', () => {
    const path = join(dir, 'untouched.jsonl');
    TournamentJournal.create(path, SETTINGS, BOTS).add(game(0));
    appendFileSync(path, '{"format":"tabletop-game');
    const before = readFileSync(path, 'utf8');
    TournamentJournal.resume(path).open(BOTS, 1);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('refuses a file of another kind, a damaged whole line and a file with only a torn first line, naming the reason', () => {
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, '{"format":"tabletop-job/1"}\n');
    expect(() => TournamentJournal.resume(other)).toThrow(new UsageError(`Cannot resume: ${other} is not a file of \`connect-four tournament --out\` (format "tabletop-job/1", expected "tabletop-connect-four-tournament@1")`));

    const damaged = join(dir, 'damaged.jsonl');
    TournamentJournal.create(damaged, SETTINGS, BOTS).add(game(0));
    appendFileSync(damaged, '{"format":"tabletop-game\n');
    expect(() => TournamentJournal.resume(damaged).games(BOTS)).toThrow(new RegExp(`^Cannot resume: ${damaged}:3: `));

    const torn = join(dir, 'torn.jsonl');
    writeFileSync(torn, '{"format":"tabletop-connect-four');
    expect(() => TournamentJournal.resume(torn)).toThrow(/holds only an unfinished first line \(32 bytes\): there is nothing to resume/);
    expect(() => TournamentJournal.resume(join(dir, 'none.jsonl'))).toThrow(/^Cannot resume: Cannot read .*none\.jsonl: no such file$/);
  });
});
