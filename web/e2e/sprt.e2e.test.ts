/**
 * The /lab page's sequential test end to end, in headless Chromium: found by the accessible names
 * of its controls, it reaches the verdict, games, pairs and LLR of `tabletop … sprt --json` for
 * the same seed (the page's worker pool plays the CLI's pairs and looks at the same pair counts).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runCli } from '../../src/test-support/cli.js';
import { pageOpener, serverAndBrowser } from './harness.js';
import type { SprtJson } from '../../src/lab/sprt.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);


/** Where the Connect Four test leaves its screenshot, to look at. */
const SCREENSHOT = join(tmpdir(), 'tabletop-sprt-connect-four.png');

const signed = (x: number): string => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));

async function fill(page: Page, test: { game: string; a: string; b: string; h0?: number; h1?: number; seed: number }): Promise<void> {
  const form = page.getByRole('form', { name: 'Sequential test' });
  await form.getByRole('combobox', { name: 'Test game' }).selectOption(test.game);
  await form.getByRole('combobox', { name: 'Player A' }).selectOption(test.a);
  await form.getByRole('combobox', { name: 'Player B' }).selectOption(test.b);
  if (test.h0 !== undefined) await form.getByRole('spinbutton', { name: /^H0/ }).fill(String(test.h0));
  if (test.h1 !== undefined) await form.getByRole('spinbutton', { name: /^H1/ }).fill(String(test.h1));
  await form.getByRole('spinbutton', { name: 'Test seed' }).fill(String(test.seed));
  // The fields take their value on change: leave the last one.
  await form.getByRole('spinbutton', { name: 'Test seed' }).press('Tab');
  await form.getByRole('button', { name: 'Start the test' }).click();
}

describe('/lab page: the sequential test', () => {
  it('UnoWar random against biggest: the CLI\'s H1, games and LLR for the seed', async () => {
    const cli = JSON.parse((await runCli(['uno-war', 'sprt', '--a', 'random', '--b', 'biggest', '--seed', '21', '--threads', '1', '--json'])).stdout) as SprtJson;
    expect(cli.result).toBe('H1');
    await withPage('/lab', async (page) => {
      await fill(page, { game: 'uno-war', a: 'random', b: 'biggest', seed: 21 });
      const result = page.getByLabel('Test result');
      await result.getByRole('heading', { name: 'H1 accepted' }).waitFor({ timeout: 120_000 });
      expect(await result.textContent()).toContain(`LLR ${signed(cli.llr)} (bounds ${cli.bounds[0].toFixed(2)}, ${signed(cli.bounds[1])}) after ${String(cli.games)} games in ${String(cli.pairs)} pairs`);
    });
  });

  it('Connect Four in opening pairs: the CLI\'s verdict, games and LLR for the seed, from the suite chosen', async () => {
    const cli = JSON.parse((await runCli(['connect-four', 'sprt', '--a', 'alphabeta2', '--b', 'random', '--openings', 'balanced', '--seed', '1', '--threads', '1', '--json'])).stdout) as SprtJson;
    await withPage('/lab', async (page) => {
      await fill(page, { game: 'connect-four', a: 'alphabeta2', b: 'random', seed: 1 });
      const form = page.getByRole('form', { name: 'Sequential test' });
      await form.getByRole('combobox', { name: 'Opening suite' }).selectOption('balanced');
      expect(await page.locator('.lab-sprt code').textContent()).toContain('--openings balanced');
      await form.getByRole('button', { name: 'Start the test' }).click();
      const result = page.getByLabel('Test result');
      const verdict = cli.result === 'inconclusive' ? 'Inconclusive at the most games' : `${cli.result} accepted`;
      await result.getByRole('heading', { name: verdict }).waitFor({ timeout: 120_000 });
      expect(await result.textContent()).toContain(`LLR ${signed(cli.llr)} (bounds ${cli.bounds[0].toFixed(2)}, ${signed(cli.bounds[1])}) after ${String(cli.games)} games in ${String(cli.pairs)} pairs`);
      await page.screenshot({ path: SCREENSHOT });
    });
  });

  it('ConnectFwar on paired deals: the CLI\'s verdict in points per deal', async () => {
    const cli = JSON.parse((await runCli(['connect-fwar', 'sprt', '--a', 'basic', '--b', 'random', '--delta1', '2', '--seed', '5', '--threads', '1', '--json'])).stdout) as SprtJson;
    await withPage('/lab', async (page) => {
      await fill(page, { game: 'connect-fwar', a: 'basic', b: 'random', h0: 0, h1: 2, seed: 5 });
      const result = page.getByLabel('Test result');
      await result.getByRole('heading', { name: `${cli.result} accepted` }).waitFor({ timeout: 120_000 });
      expect(await result.textContent()).toContain(`after ${cli.games.toLocaleString('en-US')} games in ${cli.pairs.toLocaleString('en-US')} deals`);
      expect(await result.textContent()).toMatch(/Mean score difference A − B per deal: \d+\.\d{3}/);
    });
  });
});
