/**
 * `--html` and `--csv` on the built binary: written beside the printed report, the same for a run
 * and for `merge` of its shards, self-contained, and a file that cannot be written is an error
 * that leaves the printed report standing.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test-support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'tabletop-report-files-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string): string => join(dir, name);

describe('--html and --csv', () => {
  it('a run and the merge of its shards write the same CSV; the HTML report holds its data and chart script inline', async () => {
    const common = ['connect-fwar', 'compare', '--players', 'basic,ranks', '--games', '1200', '--seed', '4', '--threads', '1', '--batch-size', '200'];
    const whole = await runCli([...common, '--csv', file('whole.csv'), '--html', file('whole.html')]);
    expect([whole.status, whole.stderr]).toEqual([0, '']);
    expect((await runCli([...common, '--shard', '1/2', '--out', file('s1.jsonl')])).status).toBe(0);
    expect((await runCli([...common, '--shard', '2/2', '--out', file('s2.jsonl')])).status).toBe(0);
    const merged = await runCli(['merge', file('s1.jsonl'), file('s2.jsonl'), '--csv', file('merged.csv'), '--html', file('merged.html')]);
    expect([merged.status, merged.stdout]).toEqual([0, whole.stdout]);
    const csv = readFileSync(file('whole.csv'), 'utf8');
    expect(readFileSync(file('merged.csv'), 'utf8')).toBe(csv);
    expect(csv.split('\r\n')[1]).toMatch(/^strategy,basic,,1200,/);

    for (const name of ['whole.html', 'merged.html']) {
      const html = readFileSync(file(name), 'utf8');
      expect(html).toContain('<h1>ConnectFwar: 1,200 games per strategy, seed 4</h1>');
      const data = JSON.parse(/<script type="application\/json" id="lab-results">(.*?)<\/script>/s.exec(html)![1]!) as { running: { games: number }[]; distribution: unknown[] };
      // The running mean at every 200-game batch end, for both strategies; the distribution of both.
      expect(data.running.map((p) => p.games)).toEqual([200, 200, 400, 400, 600, 600, 800, 800, 1000, 1000, 1200, 1200]);
      expect(data.distribution).toHaveLength(2 * 49);
      // The chart script is inline (Observable Plot inside it), and nothing is loaded from elsewhere.
      expect(html.length).toBeGreaterThan(100_000);
      expect(html).not.toMatch(/<script[^>]+src=|<link/);
    }
  });

  it('a file that cannot be written: exit 1 naming it, the report printed', async () => {
    const result = await runCli(['uno-war', 'tournament', '--ais', 'random,smallest', '--games', '50', '--seed', '1', '--threads', '1', '--html', join(dir, 'missing', 'r.html')]);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/^UnoWar tournament: 50 games per pairing, seed 1\n/);
    expect(result.stderr).toMatch(/^tabletop: Cannot write the HTML report .*missing\/r\.html: ENOENT/);
  });
});
