/**
 * The /lab page and the `--html` report end to end, in headless Chromium: a lab run in Web Workers
 * gives exactly the CLI's `--json` for the same seed (a Connect Four tournament counts its distinct
 * games; one whose deterministic games would repeat is refused with the reason) (the downloaded JSON byte for byte, and the
 * tables cell for cell against the CLI's text tables), its charts are drawn (SVG with marks), the
 * address holds the settings, Cancel stops a run; an `--html` report opened from disk with the
 * network cut off draws its charts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runCli } from '../../src/test-support/cli.js';
import { ELO_CAPTION, type TournamentReport } from '../../src/lab/report.js';
import { runRoundRobin } from '../../src/lab/round-robin.js';
import { newPage, pageOpener, serverAndBrowser } from './harness.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);
const dir = mkdtempSync(join(tmpdir(), 'tabletop-lab-e2e-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the experiment of the page's address and returns the downloaded JSON text. */
async function runAndDownload(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Run' }).click();
  const link = page.getByRole('link', { name: 'Download JSON' });
  await link.waitFor({ timeout: 120_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync((await download.path())!, 'utf8');
}

/** The CLI's text table rows that follow `header` (cells split on runs of two or more spaces). */
function cliRows(stdout: string, header: RegExp): string[][] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => header.test(line));
  expect(start, `no line matching ${String(header)} in\n${stdout}`).toBeGreaterThanOrEqual(0);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    rows.push(line.trim().split(/\s{2,}/));
  }
  return rows;
}

/** The body rows of the page's table with this caption, as cell texts. */
const pageRows = (page: Page, caption: string): Promise<string[][]> =>
  page.evaluate((text) => {
    const table = [...document.querySelectorAll('table')].find((t) => t.caption?.textContent === text);
    if (table === undefined) return [];
    return [...table.tBodies[0]!.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? ''));
  }, caption);

/** The SVG shapes Plot draws for each kind of mark. */
const SHAPES: Readonly<Record<string, string>> = { rect: 'rect', cell: 'rect', line: 'path', area: 'path', dot: 'circle', rule: 'line' };

/** Marks drawn in a chart: the shapes inside Plot's groups of that mark type (in every facet). */
const marks = (page: Page, chart: string, mark: string): Promise<number> => page.locator(`[data-chart="${chart}"] svg g[aria-label="${mark}"] ${SHAPES[mark]!}`).count();

describe('/lab page', () => {
  it('a ConnectFwar comparison equals `compare --json` for the seed, with its charts drawn', async () => {
    const args = ['connect-fwar', 'compare', '--players', 'random,basic', '--games', '3000', '--seed', '7', '--threads', '1'];
    const [json, text] = await Promise.all([runCli([...args, '--json']), runCli(args)]);
    expect(json.status).toBe(0);
    await withPage('/lab?game=connect-fwar&players=random,basic&games=3000&seed=7', async (page) => {
      expect(await runAndDownload(page)).toBe(json.stdout);
      expect(await pageRows(page, 'Strategies: mean score with its 95% CI')).toEqual(cliRows(text.stdout, /^strategy\s/));
      expect(await pageRows(page, 'Differences of means (independent games, Welch), 95% CI and two-sided p:')).toEqual(cliRows(text.stdout, /^difference\s/));
      // The distribution: one bar per score 0..48 for each strategy; the running mean: a line and a band each.
      expect(await marks(page, 'distribution', 'rect')).toBe(2 * 49);
      expect(await marks(page, 'running-mean', 'line')).toBe(2);
      expect(await marks(page, 'running-mean', 'area')).toBe(2);
      // Each chart carries its title and description as its accessible name and description.
      expect(await page.locator('svg[aria-label="Score distribution"]').getAttribute('aria-description')).toMatch(/^Share of games by final score \(0 to 48\)/);
    });
  });

  it('a paired comparison equals `compare --paired --json`', async () => {
    const cli = await runCli(['connect-fwar', 'compare', '--players', 'basic,suits,ranks', '--games', '1500', '--seed', '11', '--paired', '--threads', '1', '--json']);
    await withPage('/lab?game=connect-fwar&players=basic,suits,ranks&games=1500&seed=11&paired=1', async (page) => {
      await expect.poll(() => page.getByRole('checkbox', { name: /Paired/ }).isChecked()).toBe(true);
      expect(await runAndDownload(page)).toBe(cli.stdout);
    });
  });

  it('an UnoWar tournament equals `tournament --json`: heat map with CIs on hover, Elo with intervals', async () => {
    const args = ['uno-war', 'tournament', '--ais', 'random,smallest,biggest', '--games', '400', '--seed', '3', '--threads', '1'];
    const [json, text] = await Promise.all([runCli([...args, '--json']), runCli(args)]);
    await withPage('/lab?game=uno-war&players=random,smallest,biggest&games=400&seed=3', async (page) => {
      expect(await runAndDownload(page)).toBe(json.stdout);
      const matrix = cliRows(text.stdout, /^Win rate of the row player/);
      // The CLI's matrix has a header row first; the page's body rows are the players' rows.
      expect(await pageRows(page, 'Win rate of the row player (first seat) against the column player (second seat):')).toEqual(matrix.slice(1));
      expect(await pageRows(page, 'Elo ratings (Bradley–Terry fit to the whole matrix, both seats, draws count half; 95% score-test CI, ∞ where the games set no bound):')).toEqual(
        cliRows(text.stdout, /^player\s+Elo/),
      );
      expect(await marks(page, 'win-rates', 'cell')).toBe(9);
      expect(await marks(page, 'elo', 'dot')).toBe(3);
      // A rule per interval, and the line at 0.
      expect(await marks(page, 'elo', 'rule')).toBe(3 + 1);
      // Hovering a cell shows its pairing's win rate with the Wilson interval.
      const report = JSON.parse(json.stdout) as { matrix: { winRate: number; ciLow: number; ciHigh: number }[][] };
      const cell = report.matrix[0]![2]!;
      await page.locator('[data-chart="win-rates"] svg g[aria-label="cell"] rect').nth(2).hover();
      await expect
        // (Plot's tip breaks its lines at zero-width spaces.)
        .poll(async () => (await page.locator('[data-chart="win-rates"] svg g[aria-label="tip"]').textContent())?.replace(/\u200b/g, ' '))
        .toContain(`random vs biggest: win rate ${cell.winRate.toFixed(3)} (95% CI ${cell.ciLow.toFixed(3)}–${cell.ciHigh.toFixed(3)})`);
    });
  });

  it('on a phone (390 px) the tables, their CI column included, need no sideways scrolling', async () => {
    await withPage(
      '/lab?game=connect-fwar&players=random,basic,lookahead-full&games=100&seed=7',
      async (page) => {
        await page.getByRole('button', { name: 'Run' }).click();
        await page.getByRole('link', { name: 'Download JSON' }).waitFor({ timeout: 300_000 });
        const tables = await page.locator('.table-wrap').evaluateAll((wraps) =>
          wraps.map((wrap) => ({
            caption: wrap.querySelector('caption')?.textContent ?? '',
            scrolls: wrap.scrollWidth > wrap.clientWidth + 1,
            right: Math.max(...[...wrap.querySelectorAll('th, td')].map((cell) => cell.getBoundingClientRect().right)),
            ci: [...wrap.querySelectorAll('td.ci')].length,
          })),
        );
        expect(tables.length).toBeGreaterThanOrEqual(2);
        for (const table of tables) {
          expect(table, table.caption).toMatchObject({ scrolls: false });
          expect(table.right, table.caption).toBeLessThanOrEqual(390);
          expect(table.ci, table.caption).toBeGreaterThan(0);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      },
      { width: 390, height: 800 },
    );
  });

  it("a Connect Four tournament plays distinct games from the opening suite, in the lab's round robin, and its ratings follow the levels", async () => {
    const players = ['random', 'alphabeta1', 'alphabeta2'];
    // The lab's one round robin, played here in Node: the page must give exactly its figures.
    const expected = await runRoundRobin({ game: 'connect-four', players, games: 49, seed: 3, threads: 1 });
    await withPage('/lab?game=connect-four&players=random,alphabeta1,alphabeta2&games=49&seed=3', async (page) => {
      expect(await page.getByRole('combobox', { name: /^Openings/ }).inputValue()).toBe('all');
      const report = JSON.parse(await runAndDownload(page)) as TournamentReport;
      expect(report).toEqual(JSON.parse(JSON.stringify(expected)));
      expect(await page.locator('#results-title').textContent()).toBe("Connect Four tournament: 49 games per pairing from the 49 openings of the suite 'all' (each with both seats), seed 3");
      // Distinct games, counted move for move on the games the page's workers played: every one of
      // the 9 pairings' 49 games differs from the others of its pairing.
      expect(await page.getByTestId('distinct-games').textContent()).toMatch(/^Distinct games: 441 of 441: no game repeated another of its pairing move for move \(fewest in a pairing: \S+ vs \S+, 49 of 49\)\.$/);
      // And their outcomes differ: the deterministic players' pairings do not end the same way 49 times.
      const ab = report.matrix[1]![2]!;
      expect(Math.max(ab.wins, ab.draws, ab.losses)).toBeLessThan(49);
      expect(Math.max(report.matrix[2]![1]!.wins, report.matrix[2]![1]!.draws, report.matrix[2]![1]!.losses)).toBeLessThan(49);
      // The ratings follow the ladder, each step outside the other's interval.
      const elo = Object.fromEntries(report.elo.map((r) => [r.id, r]));
      expect(elo.alphabeta2!.low).toBeGreaterThan(elo.alphabeta1!.rating);
      expect(elo.alphabeta1!.low).toBeGreaterThan(elo.random!.rating);
      expect((await pageRows(page, ELO_CAPTION)).map((row) => row[0])).toEqual(['alphabeta2', 'alphabeta1', 'random']);
      // Beyond Elo: the ladder is transitive, and α-Rank puts its mass on the top.
      expect(await page.locator('caption', { hasText: 'α-Rank mass' }).textContent()).toContain('Transitive: no cycle of significant wins');
      expect(report.beyondElo!.cycle).toBeNull();
      expect(report.beyondElo!.alphaRank.find((r) => r.id === 'alphabeta2')!.mass).toBeGreaterThan(0.9);
    });
  });

  it('refuses a Connect Four tournament whose deterministic games would repeat, and says why', async () => {
    await withPage('/lab?game=connect-four&players=alphabeta1,alphabeta2&games=50&seed=3', async (page) => {
      const why = page.getByTestId('repeats');
      await expect.poll(() => why.textContent()).toMatch(/choose every move deterministically: .*the 49 openings of the suite 'all' give 49 distinct games per pairing, not 50 games/);
      expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
      // From the empty board (the page's old tournament) even two games are one game twice.
      // (A number field reports its value when it loses the focus.)
      await page.getByLabel('Games per pairing').fill('2');
      await page.getByLabel('Games per pairing').press('Tab');
      await page.getByRole('combobox', { name: /^Openings/ }).selectOption('none');
      await expect.poll(() => why.textContent()).toMatch(/from the empty board they play 1 game per pairing, not 2 games/);
      expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
      await page.getByRole('combobox', { name: /^Openings/ }).selectOption('balanced');
      await expect.poll(() => why.count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Run' }).isEnabled()).toBe(true);
      await expect.poll(() => new URL(page.url()).search).toBe('?game=connect-four&players=alphabeta1,alphabeta2&games=2&seed=3&openings=balanced');
    });
  });

  it('Cancel stops a long run, shows what was completed, and the address holds the settings', async () => {
    await withPage('/lab?game=connect-fwar&players=basic&games=5000000&seed=5', async (page) => {
      await page.getByRole('button', { name: 'Run' }).click();
      await expect.poll(() => page.getByRole('status').textContent(), { timeout: 30_000 }).toMatch(/ of 5,000,000 games · [\d,]+ games\/s · about/);
      expect(await page.getByRole('button', { name: 'Run' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByText(/^Cancelled/).count(), { timeout: 30_000 }).toBe(1);
      expect(await page.getByRole('button', { name: 'Run' }).isEnabled()).toBe(true);
      await page.getByLabel('Seed', { exact: true }).fill('42');
      await page.getByRole('checkbox', { name: /^suits/ }).check();
      await expect.poll(() => new URL(page.url()).search).toBe('?game=connect-fwar&players=basic,suits&games=5000000&seed=42');
    });
  });

  it('names unusable address values and uses the defaults; fits a phone', async () => {
    await withPage(
      '/lab?game=chess&games=0&seed=x',
      async (page) => {
        const alert = page.getByRole('alert');
        await expect.poll(() => alert.textContent()).toContain('There is no game "chess" in the lab');
        expect(await alert.textContent()).toContain('The number of games "0" is not a whole number from 1 to 10,000,000');
        expect(await alert.textContent()).toContain('The seed "x" is not a whole number');
        expect(await page.getByRole('combobox', { name: /^Game/ }).inputValue()).toBe('connect-fwar');
        await page.getByLabel('Games per strategy').fill('500');
        await runAndDownload(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      },
      { width: 360, height: 740 },
    );
  });
});

describe('`--html` report', () => {
  it('opened from disk with the network cut off, it draws its charts', async () => {
    const html = join(dir, 'report.html');
    const run = await runCli(['uno-war', 'tournament', '--ais', 'random,smallest', '--games', '200', '--seed', '2', '--threads', '1', '--html', html]);
    expect(run.status).toBe(0);
    const solitaire = join(dir, 'solitaire.html');
    expect((await runCli(['connect-fwar', 'compare', '--players', 'random,basic,ranks', '--games', '800', '--seed', '2', '--threads', '1', '--html', solitaire])).status).toBe(0);
    const { context, page, errors } = await newPage(env.session);
    try {
      const requests: string[] = [];
      await context.route('**/*', (route) => {
        if (route.request().url().startsWith('file:')) return route.continue();
        requests.push(route.request().url());
        return route.abort();
      });
      await context.setOffline(true);
      await page.goto(pathToFileURL(html).href);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('UnoWar tournament: 200 games per pairing, seed 2');
      expect(await marks(page, 'win-rates', 'cell')).toBe(4);
      expect(await marks(page, 'elo', 'dot')).toBe(2);
      await page.goto(pathToFileURL(solitaire).href);
      expect(await marks(page, 'distribution', 'rect')).toBe(3 * 49);
      expect(await marks(page, 'running-mean', 'line')).toBe(3);
      expect(requests).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
