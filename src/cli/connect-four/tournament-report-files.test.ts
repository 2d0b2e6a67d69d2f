/**
 * `tabletop connect-four tournament --html/--csv` on the built binary: the refereed tournament's
 * results written through the lab's report files — the win rate of each bot as red against each as
 * yellow with its Wilson CI, and the Elo ratings the command prints (distinct games) — and a file
 * that cannot be written is an error naming it that leaves the printed report standing.
 * alphabeta-1 searches to a fixed depth, so with a generous move limit its games do not depend on
 * the clock (see play.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';
import { chartScriptPath } from '../lab/report-files.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-c4-report-files-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string): string => join(dir, name);
const TOURNAMENT = ['connect-four', 'tournament', '--bots', 'random,alphabeta-1', '--games', '2', '--time', '10', '--seed', '2', '--jobs', '1'];

interface Results {
  kind: string;
  title: string;
  players: { id: string; name: string }[];
  cells: { row: string; column: string; games: number; wins: number; losses: number; winRate: number; ciLow: number; ciHigh: number }[];
  elo: { id: string; rating: number; low: number | null; high: number | null }[];
}

describe('tabletop connect-four tournament --html --csv', () => {
  it('writes the matrix with Wilson CIs and the printed Elo ratings as CSV, and a self-contained HTML report', async () => {
    const result = await runCli([...TOURNAMENT, '--json', '--csv', file('t.csv'), '--html', file('t.html')]);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const json = JSON.parse(result.stdout) as { bots: string[]; elo: number[]; eloCi: [number | null, number | null][] };
    // alphabeta-1 wins both games (one with each colour): see play.test.ts.
    expect(json.elo[1]).toBeGreaterThan(0);

    const rows = readFileSync(file('t.csv'), 'utf8').split('\r\n');
    expect(rows[0]).toBe('table,player,opponent,games,wins,draws,losses,value,ci_low,ci_high');
    expect(rows[5]).toBe('');
    expect(rows).toHaveLength(6);
    // Row bot as red against column bot as yellow: one game each way; the 95% Wilson CI of 0 in 1 is [0, 0.79].
    expect(rows[1]).toMatch(/^pairing,random,alphabeta-1,1,0,0,1,0,0,0\.793\d+$/);
    expect(rows[2]).toMatch(/^pairing,alphabeta-1,random,1,1,0,0,1,0\.206\d+,1$/);
    // The Elo ratings are the ones printed (--json rounds them to 0.1); unbounded sides spelled out.
    const elo = rows.slice(3, 5).map((row) => row.split(','));
    expect(elo.map((cells) => [cells[0], cells[1]])).toEqual([
      ['elo', 'random'],
      ['elo', 'alphabeta-1'],
    ]);
    elo.forEach((cells, i) => {
      expect(Number(cells[7])).toBeCloseTo(json.elo[i]!, 0);
    });
    expect(elo[0]![8]).toBe('-Infinity');
    expect(Number(elo[0]![9])).toBeCloseTo(json.eloCi[0]![1]!, 0);
    expect(elo[1]![9]).toBe('Infinity');

    const html = readFileSync(file('t.html'), 'utf8');
    expect(html).toContain('<h1>Connect Four tournament: 1 game per pairing, seed 2</h1>');
    const data = JSON.parse(/<script type="application\/json" id="lab-results">(.*?)<\/script>/s.exec(html)![1]!) as Results;
    expect(data.kind).toBe('tournament');
    expect(data.players).toEqual([
      { id: 'random', name: 'random' },
      { id: 'alphabeta-1', name: 'alphabeta-1' },
    ]);
    expect(data.cells.map((c) => [c.row, c.column, c.games, c.wins, c.losses])).toEqual([
      ['random', 'alphabeta-1', 1, 0, 1],
      ['alphabeta-1', 'random', 1, 1, 0],
    ]);
    expect(data.elo.map((r) => r.id)).toEqual(json.bots);
    data.elo.forEach((r, i) => {
      expect(r.rating).toBeCloseTo(json.elo[i]!, 0);
    });
    expect([data.elo[0]!.low, data.elo[1]!.high]).toEqual([null, null]);
    // The chart script is inlined whole; nothing is fetched.
    const chartScript = readFileSync(chartScriptPath(), 'utf8');
    expect(html).toContain(`<script>${chartScript.slice(0, 2000)}`);
    expect(html).not.toMatch(/<script[^>]+src=|<link|href="http/);
  });

  it('a file that cannot be written: exit 1 naming it, the report printed', async () => {
    const result = await runCli([...TOURNAMENT, '--csv', file('missing/t.csv')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^Connect Four round robin: 2 bots, 2 games per pair/);
    expect(result.stdout).toContain('Forfeits: none');
    expect(result.stderr).toMatch(/^tabletop: Cannot write the CSV file .*missing\/t\.csv: ENOENT/);
  });
});
