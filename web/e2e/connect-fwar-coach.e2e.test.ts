/**
 * The coach in the ConnectFwar page, end to end, on deal 56 (a four in five cards): the second
 * card stacked on the first flagged as a mistake with the very cost the game module's coach
 * computes in Node (the same samples), the summary after the deal with a way back to that card,
 * and Training's warning before the same move, confirmed by the keyboard.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ruleCitation } from '../../src/core/coach.js';
import { coachSeed, judgementText, rateDecision, situationOf } from '../../src/games/connect-fwar/coach.js';
import { replayDeal } from '../src/connect-fwar/model.js';
import { pageOpener, serverAndBrowser } from './harness.js';
import { latencySummary, ratingLatencies, recordRatingLatency } from './coach-latency.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);

const DEAL = 56;
const verdict = (page: Page) => page.locator('.coach-verdict');
const movesOf = (page: Page): string => new URL(page.url()).searchParams.get('moves') ?? '';

/** Presses a move's key and waits until the coach shows that card's decision rated. */
async function playRated(page: Page, key: string): Promise<void> {
  const number = movesOf(page).length + 1;
  await page.keyboard.press(key);
  await expect.poll(() => verdict(page).textContent()).toMatch(new RegExp(`^Card ${String(number)}, .*: (best|a mistake|an inaccuracy|as good as)`));
}

describe('ConnectFwar page: the coach', () => {
  it('flags a card stacked off the bottom row with its cost, sums the deal up with a way back, and warns before it in training', async () => {
    // The coach's own rating of the second card on column 2 (on the first), in Node.
    const expected = rateDecision(situationOf(replayDeal(DEAL, [1])), 1, coachSeed(DEAL, 1));
    expect(expected.verdict).toBe('mistake');

    await withPage(`/connect-fwar?seed=${String(DEAL)}&coach=1`, async (page) => {
      // The page is mounted (its keys listened to) once the coach's box shows.
      await page.getByRole('region', { name: 'Coach', exact: true }).waitFor();
      await recordRatingLatency(page, 'moves', 'Card');
      await playRated(page, '2');
      await playRated(page, '2');
      expect(await verdict(page).textContent()).toBe(`Card 2, column 2: ${judgementText(expected)}.`);
      const coach = page.getByRole('region', { name: 'Coach', exact: true });
      expect(await coach.getByRole('row', { name: /^Column 2 / }).textContent()).toContain('your choice: ?? mistake');
      expect(await coach.getByRole('row', { name: /^Discard / }).count()).toBe(1);
      await page.screenshot({ path: '/tmp/coach-connect-fwar-rating.png' });

      for (const key of ['3', '1', '4']) await playRated(page, key);
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Deal over: four connect/);
      const summary = page.getByRole('region', { name: "Coach's summary" });
      await expect.poll(() => summary.textContent()).toContain("Coach's summary: 5 decisions");
      expect(await summary.textContent()).toContain(`Card 2, column 2: ${judgementText(expected)}.${ruleCitation(expected.rule)}`);
      await page.screenshot({ path: '/tmp/coach-connect-fwar-summary.png', fullPage: true });
      console.log(`ConnectFwar coach rating latency: ${latencySummary(await ratingLatencies(page))}`);

      // Back to the second card; with Training the same move is asked about first, then confirmed by Enter.
      await summary.getByRole('button', { name: 'Back to card 2' }).click();
      await expect.poll(() => movesOf(page)).toBe('2');
      await page.getByRole('checkbox', { name: 'Training' }).check();
      await page.keyboard.press('2');
      const warning = page.getByRole('alertdialog', { name: "Coach's warning" });
      await expect.poll(() => warning.textContent()).toContain(`Coach: column 2 would be ${judgementText(expected)}.`);
      expect(movesOf(page)).toBe('2');
      await page.screenshot({ path: '/tmp/coach-connect-fwar-training.png' });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Play column 2 anyway');
      await page.keyboard.press('Enter');
      await expect.poll(() => movesOf(page)).toBe('22');
      await expect.poll(() => warning.count()).toBe(0);
    });
  });
});
