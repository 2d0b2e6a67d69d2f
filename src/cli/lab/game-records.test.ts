/**
 * `--records FILE` on every command that plays games between players — `<game> sprt` for the four
 * games, `uno-war tournament`, the solitaires' `compare` — end to end on the built binary: every
 * record replays on the game's engine to the result it states, the records add up to the report,
 * and a resumed run ends with the same records file as an uninterrupted one.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Moments } from '../../core/stats.js';
import { parseGameRecords, replayGameRecord, type GameRecord } from '../../lab/game-record.js';
import { gameById } from '../../lab/registry.js';
import { sprtLook, type SprtJson, type SprtSettings } from '../../lab/sprt.js';
import { runCli } from '../../test-support/cli.js';
import { runInProcess } from '../../test-support/cli-in-process.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-records-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
const fresh = (name: string): string => join(dir, `${String(files++)}-${name}`);

/**
 * Runs `tabletop <args>` and expects exit 0 and `stderr`; resolves to stdout. Through the binary, or
 * in this process (`inProcess`) for the runs compared with a spawned one: the same program without
 * a Node start and the program's loading each.
 */
async function ok(args: readonly string[], stderr = '', inProcess = false): Promise<string> {
  const result = await (inProcess ? runInProcess : runCli)(args);
  expect([result.status, result.stderr]).toEqual([0, stderr]);
  return result.stdout;
}

/** What a resumed run says of the torn line a killed run left. */
const tornNote = (path: string): string => `Note: dropped the half-written last line of ${path} (30 bytes) before resuming.\n`;

/** Cuts a results file to its first `keep` batches and a torn next line, as a killed run leaves it. */
function killedResults(path: string, keep: number): void {
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  expect(lines.length).toBeGreaterThan(keep + 1);
  writeFileSync(path, `${lines.slice(0, keep).join('\n')}\n${lines[keep]!.slice(0, 30)}`);
}

/** A records file as a killed run may leave it: records past the saved batches (played, not saved), out of order, a torn last line. */
function killedRecords(path: string, keepGames: number, extra: number): void {
  const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
  const kept = lines.slice(0, keepGames + extra);
  kept.reverse();
  writeFileSync(path, `${kept.join('\n')}\n${lines[keepGames + extra]!.slice(0, 50)}`);
}

/**
 * Runs the compare of `args` (a game's, with --batch-size) with --out, cuts both files as a kill after
 * `keepBatches` batches (`keepGames` games) may leave them, and resumes it (`resumeCompare`).
 */
async function expectResumedCompareRecords(args: readonly string[], wholeRecords: string, keepBatches: number, keepGames: number): Promise<void> {
  const results = fresh('results-compare.jsonl');
  const records = fresh('records-compare.jsonl');
  await ok([...args, '--out', results, '--records', records, '--json'], '', true);
  killedResults(results, keepBatches);
  killedRecords(records, keepGames, 5);
  await resumeCompare(args[0]!, results, records, wholeRecords);
}

/** Resumes a killed compare on two threads and expects the records file of the uninterrupted run, byte for byte. */
async function resumeCompare(game: string, results: string, records: string, wholeRecords: string): Promise<void> {
  await ok([game, 'compare', '--resume', results, '--records', records, '--threads', '2', '--json'], tornNote(results), true);
  expect(readFileSync(records, 'utf8')).toBe(readFileSync(wholeRecords, 'utf8'));
}

/** The records of a file, each replayed on its game's engine (which checks the moves and the stated result). */
function replayedRecords(path: string): GameRecord[] {
  const records = parseGameRecords(readFileSync(path, 'utf8'), path);
  for (const record of records) {
    const replayed = replayGameRecord(gameById(record.game), record);
    // No player module here: every game ends by the rules, not by a forfeit.
    expect(replayed.finished).toBe(true);
  }
  return records;
}

/** Seat 0's result of a record: +1 / -1 / 0 (two players) or the score (solitaires), read off the replayed final state. */
function firstSeatReturn(record: GameRecord): number {
  const { steps } = replayGameRecord(gameById(record.game), record);
  return steps.at(-1)!.state.returns(0);
}

/** The per-deal differences of an SPRT's records: A's game minus B's on each deal (A seated first in the first game of a pair). */
function sprtDifferences(records: readonly GameRecord[], a: string): Moments {
  const byDeal = new Map<number, GameRecord[]>();
  for (const record of records) byDeal.set(record.deal!, [...(byDeal.get(record.deal!) ?? []), record]);
  let n = 0;
  let sum = 0;
  let sumSq = 0;
  for (const [, games] of [...byDeal].sort((x, y) => x[0] - y[0])) {
    expect(games).toHaveLength(2);
    const [first, second] = games as [GameRecord, GameRecord];
    expect(first.players[0]).toBe(a);
    const x = firstSeatReturn(first) - firstSeatReturn(second);
    n++;
    sum += x;
    sumSq += x * x;
  }
  return { n, sum, sumSq };
}

describe('tabletop <game> sprt --records', () => {
  const cases: { game: string; a: string; b: string; args: string[]; settings: Omit<SprtSettings, 'alpha' | 'beta'> }[] = [
    { game: 'uno-war', a: 'random', b: 'biggest', args: ['--every', '50'], settings: { kind: 'elo', h0: 0, h1: 5, every: 50 } },
    { game: 'connect-four', a: 'alphabeta2', b: 'random', args: ['--max-games', '28'], settings: { kind: 'elo', h0: 0, h1: 5, every: 7, openings: 'all' } },
    { game: 'connect-fwar', a: 'greedy', b: 'random', args: ['--every', '10', '--delta1', '5'], settings: { kind: 'mean', h0: 0, h1: 5, every: 10, spread: 0 } },
    { game: 'klondike', a: 'greedy', b: 'random', args: ['--every', '10', '--max-games', '60'], settings: { kind: 'mean', h0: 0, h1: 1, every: 10, spread: 0 } },
  ];
  for (const { game, a, b, args, settings } of cases) {
    it(`${game}: every counted game is a record that replays to its result, and the records give the test's LLR`, async () => {
      const path = fresh(`${game}.jsonl`);
      const json = JSON.parse(await ok([game, 'sprt', '--a', a, '--b', b, ...args, '--seed', '11', '--threads', '2', '--records', path, '--json'])) as SprtJson;
      const records = replayedRecords(path);
      expect(records).toHaveLength(json.games);
      // In game order, each index once; both games of a pair share the deal and the seed.
      expect(records.map((r) => r.index)).toEqual(records.map((_, k) => k));
      expect(records.map((r) => r.deal)).toEqual(records.map((_, k) => Math.floor(k / 2)));
      const definition = gameById(game);
      for (const record of records) {
        expect(record.players).toEqual(definition.numPlayers === 2 ? (record.index % 2 === 0 ? [a, b] : [b, a]) : [record.index % 2 === 0 ? a : b]);
        expect(record.seed).toBe(records[record.index - (record.index % 2)]!.seed);
      }
      const spread = definition.scoreRange[1] - definition.scoreRange[0];
      const look = sprtLook({ ...settings, alpha: 0.05, beta: 0.05, ...(settings.kind === 'mean' ? { spread } : {}) }, sprtDifferences(records, a));
      expect(look.pairs).toBe(json.pairs);
      expect(look.llr).toBeCloseTo(json.llr, 9);
    });
  }

  it('a Connect Four record starts from its opening, in the digits the tournament writes', async () => {
    const path = fresh('c4.jsonl');
    await ok(['connect-four', 'sprt', '--a', 'alphabeta2', '--b', 'random', '--max-games', '4', '--openings', 'balanced', '--seed', '2', '--threads', '1', '--records', path]);
    const records = replayedRecords(path);
    expect(records).toHaveLength(4);
    for (const record of records) {
      expect(record.opening).toMatch(/^[1-7]{2}$/);
      expect(record.moves.startsWith(record.opening)).toBe(true);
      expect(record.moves).toMatch(/^[1-7]+$/);
      expect(['four-in-a-row', 'board-full']).toContain(record.result.reason);
    }
  });
});

describe('tabletop uno-war tournament --records', () => {
  it('writes every game of every pairing, and the records add up to the win matrix', async () => {
    const path = fresh('tournament.jsonl');
    const report = JSON.parse(await ok(['uno-war', 'tournament', '--ais', 'random,smallest,biggest', '--games', '30', '--seed', '4', '--threads', '2', '--records', path, '--json'])) as {
      players: { id: string }[];
      matrix: { games: number; wins: number; draws: number; losses: number }[][];
    };
    const records = replayedRecords(path);
    const ids = report.players.map((p) => p.id);
    expect(records).toHaveLength(ids.length * ids.length * 30);
    const counted = ids.map(() => ids.map(() => ({ games: 0, wins: 0, draws: 0, losses: 0 })));
    for (const record of records) {
      const cell = counted[ids.indexOf(record.players[0]!)]![ids.indexOf(record.players[1]!)]!;
      const r = firstSeatReturn(record);
      cell.games++;
      if (r > 0) cell.wins++;
      else if (r < 0) cell.losses++;
      else cell.draws++;
    }
    expect(counted).toEqual(report.matrix.map((row) => row.map(({ games, wins, draws, losses }) => ({ games, wins, draws, losses }))));
  });
});

describe('tabletop connect-four tournament --records', () => {
  it('every game replays on the engine to the result the standings count', async () => {
    const path = fresh('c4-tournament.jsonl');
    const report = JSON.parse(await ok(['connect-four', 'tournament', '--bots', 'random,alphabeta-1', '--games', '6', '--seed', '5', '--jobs', '2', '--records', path, '--json'])) as { bots: string[]; wins: number[][]; draws: number[][] };
    const records = replayedRecords(path);
    expect(records).toHaveLength(6);
    const wins = report.bots.map(() => report.bots.map(() => 0));
    const draws = report.bots.map(() => report.bots.map(() => 0));
    for (const record of records) {
      const [red, yellow] = record.players.map((p) => report.bots.indexOf(p)) as [number, number];
      const r = firstSeatReturn(record);
      if (r > 0) wins[red]![yellow]!++;
      else if (r < 0) wins[yellow]![red]!++;
      else {
        draws[red]![yellow]!++;
        draws[yellow]![red]!++;
      }
    }
    expect({ wins, draws }).toEqual({ wins: report.wins, draws: report.draws });
  });
});

describe('tabletop <solitaire> compare --records', () => {
  for (const game of ['connect-fwar', 'klondike']) {
    it(`${game}: the records' scores give each strategy's mean`, async () => {
      const path = fresh(`${game}-compare.jsonl`);
      const report = JSON.parse(await ok([game, 'compare', '--players', 'greedy,random', '--paired', '--games', '40', '--seed', '6', '--threads', '2', '--records', path, '--json'])) as Record<string, { games: number; mean: number }>;
      const records = replayedRecords(path);
      expect(records).toHaveLength(80);
      expect(Object.keys(report)).toEqual(['greedy', 'random']);
      for (const [name, strategy] of Object.entries(report)) {
        const scores = records.filter((r) => r.players[0] === name).map((r) => r.result.score!);
        expect(scores.map((s, k) => [s, firstSeatReturn(records.filter((r) => r.players[0] === name)[k]!)])).toEqual(scores.map((s) => [s, s]));
        expect(scores).toHaveLength(strategy.games);
        expect(scores.reduce((x, y) => x + y, 0) / scores.length).toBeCloseTo(strategy.mean, 9);
      }
    });
  }
});

describe('--records with external programs (exec:, --bot)', () => {
  const example = (path: string): string => fileURLToPath(new URL(`../../../examples/${path}`, import.meta.url));
  const linePlayer = fileURLToPath(new URL('./test-fixtures/line-player.mjs', import.meta.url));
  /** A file's records with every `from` among the players named `to` (a program and the built-in it plays as). */
  const renamed = (records: readonly GameRecord[], from: string, to: string): GameRecord[] =>
    records.map((r) => ({ ...r, players: r.players.map((p) => (p === from ? to : p)), result: { ...r.result, message: r.result.message.replace(from, to) } }));

  it("uno-war sprt: a program playing as the built-in 'random' plays exactly its games, and its records are the built-in's", async () => {
    const args = ['uno-war', 'sprt', '--b', 'biggest', '--every', '10', '--max-games', '40', '--seed', '3', '--threads', '1', '--json'];
    const programPath = fresh('program.jsonl');
    const builtInPath = fresh('built-in.jsonl');
    const program = JSON.parse(await ok([...args, '--a', `exec:node ${example('uno-war/first-valid.mjs')}`, '--records', programPath])) as SprtJson;
    const builtIn = JSON.parse(await ok([...args, '--a', 'random', '--records', builtInPath])) as SprtJson;
    expect(program).toEqual(builtIn);
    const records = replayedRecords(programPath);
    expect(records).toHaveLength(program.games);
    expect(records.map((r) => r.players)).toEqual(records.map((r) => (r.index % 2 === 0 ? ['first-valid', 'biggest'] : ['biggest', 'first-valid'])));
    expect(renamed(records, 'first-valid', 'random')).toEqual(replayedRecords(builtInPath));
  });

  it('a player module among programs is refused before any game: exit 2, a clear message', async () => {
    const result = await runCli(['connect-fwar', 'compare', '--players', `${example('connect-fwar/basic-agent.mjs')},exec:node ${example('connect-fwar/first-fit-program.mjs')}`, '--games', '4', '--seed', '1']);
    expect([result.status, result.stdout, result.stderr]).toEqual([2, '', "tabletop: The player 'basic-agent' cannot play in a run with external programs: give it as a program too, or run it apart\n"]);
  });

  it('uno-war: a round a program concedes (`none`) is in the record as move 5, and the record replays', async () => {
    const path = fresh('quitter.jsonl');
    await ok(['uno-war', 'sprt', '--a', `quitter=exec:node ${linePlayer} none`, '--b', 'random', '--every', '2', '--max-games', '4', '--seed', '3', '--threads', '1', '--records', path]);
    const records = replayedRecords(path);
    expect(records).toHaveLength(4);
    for (const record of records) {
      expect(record.moves.split(' ')).toContain('5');
      // Conceding every round, the program loses every game.
      expect(record.result.winner).toBe(record.players.indexOf('random'));
    }
  });

  it('connect-fwar compare: a program and its built-in twin make the same moves; resumed after a kill, the records file is byte-identical', async () => {
    const args = ['connect-fwar', 'compare', '--players', `basic,exec:node ${example('connect-fwar/first-fit-program.mjs')}`, '--paired', '--games', '40', '--batch-size', '10', '--seed', '8', '--threads', '1'];
    const wholeRecords = fresh('whole-program.jsonl');
    const results = fresh('results-program.jsonl');
    const recordsPath = fresh('records-program.jsonl');
    const report = JSON.parse(await ok([...args, '--out', results, '--records', recordsPath, '--json'])) as Record<string, { games: number; mean: number }>;
    copyFileSync(recordsPath, wholeRecords);
    const records = replayedRecords(wholeRecords);
    expect(records).toHaveLength(80);
    const byPlayer = (name: string): GameRecord[] => records.filter((r) => r.players[0] === name);
    expect(byPlayer('first-fit-program').map((r) => r.moves)).toEqual(byPlayer('basic').map((r) => r.moves));
    expect(byPlayer('first-fit-program').reduce((sum, r) => sum + r.result.score!, 0) / 40).toBeCloseTo(report['first-fit-program']!.mean, 9);
    killedResults(results, 2);
    killedRecords(recordsPath, 40, 5);
    await resumeCompare('connect-fwar', results, recordsPath, wholeRecords);
  });

  it('klondike sprt --wins with a program: the test is on deals won, as its records give it', async () => {
    const path = fresh('klondike-wins.jsonl');
    const json = JSON.parse(await ok(['klondike', 'sprt', '--a', 'greedy', '--b', `first=exec:node ${linePlayer} first`, '--wins', '--delta1', '0.5', '--every', '5', '--max-games', '30', '--seed', '5', '--threads', '1', '--records', path, '--json'])) as SprtJson;
    const records = replayedRecords(path);
    expect(records).toHaveLength(json.games);
    const top = gameById('klondike').scoreRange[1];
    const byDeal = (name: string): number[] => records.filter((r) => r.players[0] === name).map((r) => (r.result.score === top ? 1 : 0));
    const [greedy, first] = [byDeal('greedy'), byDeal('first')];
    const differences = greedy.map((won, k) => won - first[k]!);
    const d = { n: differences.length, sum: differences.reduce((x, y) => x + y, 0), sumSq: differences.reduce((x, y) => x + y * y, 0) };
    const look = sprtLook({ kind: 'mean', h0: 0, h1: 0.5, every: 5, spread: 1, measure: 'wins', alpha: 0.05, beta: 0.05 }, d);
    expect(look.pairs).toBe(json.pairs);
    expect(look.llr).toBeCloseTo(json.llr, 9);
    // Greedy wins some deals of these 15, the first-listed move none: on points the LLR would be another.
    expect(greedy.some((won) => won === 1)).toBe(true);
  });

  it("connect-four sprt refereed between --bot programs: every game a record that replays, a forfeit with the referee's reason", async () => {
    const ff = `ff=node ${example('connect-four/first-free-column.mjs')}`;
    const path = fresh('refereed.jsonl');
    const json = JSON.parse(await ok(['connect-four', 'sprt', '--bot', ff, '--a', 'ff', '--b', 'random', '--max-games', '4', '--seed', '3', '--threads', '1', '--records', path, '--json'])) as SprtJson;
    const records = replayedRecords(path);
    expect(records).toHaveLength(json.games);
    expect(records.map((r) => r.players)).toEqual(records.map((r) => (r.index % 2 === 0 ? ['ff', 'random'] : ['random', 'ff'])));
    for (const record of records) expect(record.opening).toMatch(/^[1-7]{2}$/);
    const look = sprtLook({ kind: 'elo', h0: 0, h1: 5, every: 7, openings: 'all', alpha: 0.05, beta: 0.05 }, sprtDifferences(records, 'ff'));
    expect(look.llr).toBeCloseTo(json.llr, 9);

    // A bot that exits at its first move (or while the opening is played): each of its games a forfeit, named as the referee names it.
    const forfeits = fresh('refereed-forfeits.jsonl');
    await ok(['connect-four', 'sprt', '--bot', ff, '--bot', 'quits=echo ready', '--a', 'ff', '--b', 'quits', '--max-games', '2', '--seed', '3', '--threads', '1', '--records', forfeits]);
    const lost = parseGameRecords(readFileSync(forfeits, 'utf8'), forfeits);
    expect(lost.map((r) => [r.players, r.result])).toEqual([
      [['ff', 'quits'], { winner: 0, reason: 'crashed', message: 'yellow (quits) exited with code 0', offender: 1 }],
      [['quits', 'ff'], { winner: 1, reason: 'crashed', message: 'red (quits) exited with code 0', offender: 0 }],
    ]);
    for (const record of lost) expect(replayGameRecord(gameById('connect-four'), record).finished).toBe(false);
  });
});

describe('--records with --resume', () => {
  it('an SPRT resumed after a kill ends with the records of an uninterrupted run, byte for byte', async () => {
    const args = ['uno-war', 'sprt', '--a', 'random', '--b', 'random', '--every', '25', '--seed', '5', '--threads', '1'];
    const wholeRecords = fresh('whole.jsonl');
    await ok([...args, '--records', wholeRecords, '--json']);
    const results = fresh('results.jsonl');
    const records = fresh('records.jsonl');
    await ok([...args, '--out', results, '--records', records, '--json'], '', true);
    expect(readFileSync(records, 'utf8')).toBe(readFileSync(wholeRecords, 'utf8'));
    // One batch is 25 pairs (one thread): 2 batches saved = 100 games; 7 records of the third batch were written, not saved.
    killedResults(results, 2);
    killedRecords(records, 100, 7);
    await ok(['uno-war', 'sprt', '--resume', results, '--records', records, '--threads', '2', '--json'], `Note: dropped the half-written last line of ${results} (30 bytes).\n`, true);
    expect(readFileSync(records, 'utf8')).toBe(readFileSync(wholeRecords, 'utf8'));
  });

  it('a compare resumed after a kill writes every game once', async () => {
    const args = ['klondike', 'compare', '--players', 'greedy,random', '--paired', '--games', '60', '--batch-size', '10', '--seed', '8', '--threads', '1'];
    const wholeRecords = fresh('whole-compare.jsonl');
    await ok([...args, '--records', wholeRecords, '--json']);
    await expectResumedCompareRecords(args, wholeRecords, 3, 60);
  });

  it('refuses to resume into a records file that lacks games the results file holds (exit 2, nothing lost)', async () => {
    const args = ['uno-war', 'sprt', '--a', 'random', '--b', 'random', '--every', '25', '--seed', '5', '--threads', '1'];
    const results = fresh('results-lacking.jsonl');
    await ok([...args, '--out', results, '--json']);
    killedResults(results, 2);
    const before = readFileSync(results, 'utf8');
    const records = fresh('records-lacking.jsonl');
    writeFileSync(records, '');
    // In this process: the binary's exit 2 is the next test's.
    const resumed = await runInProcess(['uno-war', 'sprt', '--resume', results, '--records', records, '--json']);
    expect(resumed.status).toBe(2);
    expect(resumed.stderr).toMatch(/^tabletop: Cannot resume: .*records-lacking\.jsonl lacks the records of 100 game\(s\) the results file holds/);
    expect(readFileSync(results, 'utf8')).toBe(before);
    expect(readFileSync(records, 'utf8')).toBe('');
  });

  it('refuses --records naming the results file', async () => {
    const path = fresh('same.jsonl');
    const result = await runCli(['uno-war', 'sprt', '--a', 'random', '--b', 'smallest', '--out', path, '--records', path]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--records/);
  });
});
