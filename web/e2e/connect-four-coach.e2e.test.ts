/**
 * The coach in the Connect Four page, end to end: a deliberately poor move flagged with its cost
 * (the cost the game module's coach computes in Node for the same position), the summary after a
 * short scripted game with a button back to a costly move, and Training's warning before a costly
 * move, answered by keys. Two people play, so nothing but the coach's worker computes.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Position } from '../../src/games/connect-four/position.js';
import { Solver } from '../../src/games/connect-four/solver/solver.js';
import { costText, rateDecision } from '../../src/games/connect-four/coach.js';
import { DEFAULT_BOOK_PATH, DEFAULT_VALUES_PATH, readBookFile } from '../../src/arena/connect-four/book-file.js';
import { pageOpener, serverAndBrowser } from './harness.js';
import { latencySummary, ratingLatencies, recordRatingLatency } from './coach-latency.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);

const verdict = (page: Page) => page.locator('.coach-verdict');
const posOf = (page: Page): string => new URL(page.url()).searchParams.get('pos') ?? '';

/** Presses a column's key and waits until the coach shows that move rated. */
async function playRated(page: Page, column: number): Promise<void> {
  const number = posOf(page).length + 1;
  await page.keyboard.press(String(column));
  await expect.poll(() => verdict(page).textContent()).toMatch(new RegExp(`^Move ${String(number)} .*: (best|a mistake|an inaccuracy|no column)`));
}

describe('Connect Four page: the coach', () => {
  it('flags a poor move with its cost, sums the game up with a way back to a costly move, and warns before one in training', async () => {
    // The coach's own rating of Red's first move in column 1, in Node with the page's books.
    const solver = new Solver({ book: readBookFile(DEFAULT_BOOK_PATH), values: readBookFile(DEFAULT_VALUES_PATH) });
    const expected = rateDecision(solver, Position.fromMoves(''), 0);
    expect(expected.verdict).toBe('mistake');

    await withPage('/connect-four?red=human&yellow=human&coach=1', async (page) => {
      // The page is mounted (its keys listened to) once the coach's box shows.
      await page.getByRole('region', { name: 'Coach', exact: true }).waitFor();
      await recordRatingLatency(page, 'pos', 'Move');
      // Red opens on the edge: a win given away.
      await playRated(page, 1);
      expect(await verdict(page).textContent()).toBe(`Move 1 (Red), column 1: a mistake, it turns a win into a loss (${costText(expected.cost, expected.costAtMost)}; best 4).`);
      const coach = page.getByRole('region', { name: 'Coach', exact: true });
      expect(await coach.getByRole('row', { name: /^Column 1 / }).textContent()).toContain('your choice: ?? mistake');
      expect(await coach.getByRole('row', { name: /^Column 4 / }).textContent()).toContain('best');
      expect(await coach.getByRole('row').count()).toBe(7);
      await page.screenshot({ path: '/tmp/coach-connect-four-rating.png' });

      // Yellow stacks column 4; Red, with three in column 1, plays 2 instead of winning; Yellow's four.
      for (const column of [4, 1, 4, 1, 4, 2, 4]) await playRated(page, column);
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Yellow wins');
      const summary = page.getByRole('region', { name: "Coach's summary" });
      await expect.poll(() => summary.textContent()).toContain("Coach's summary for Red: 4 decisions");
      const text = (await summary.textContent()) ?? '';
      expect(text).toContain("Coach's summary for Yellow: 4 decisions");
      expect(text).toContain('Move 7 (Red), column 2: a mistake, it turns a win into a loss');
      expect(text).toContain('Rule 4 of what-wins.md: Look one move further than your opponent.');
      expect(text).toContain('Move 1 (Red), column 1: a mistake');
      await page.screenshot({ path: '/tmp/coach-connect-four-summary.png', fullPage: true });
      console.log(`Connect Four coach rating latency: ${latencySummary(await ratingLatencies(page))}`);

      // Back to Red's missed win, then Training: the same mistake is asked about first.
      await summary.getByRole('button', { name: 'Back to move 7' }).click();
      await expect.poll(() => posOf(page)).toBe('141414');
      await page.getByRole('checkbox', { name: 'Training' }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('training')).toBe('1');
      await page.keyboard.press('2');
      const warning = page.getByRole('alertdialog', { name: "Coach's warning" });
      await expect.poll(() => warning.textContent()).toMatch(/Coach: column 2 would be a mistake, it turns a win into a loss \(cost \d+ points?; best 1\)\./);
      await page.screenshot({ path: '/tmp/coach-connect-four-training.png' });
      expect(posOf(page)).toBe('141414');
      await page.keyboard.press('Escape');
      await expect.poll(() => warning.count()).toBe(0);
      expect(posOf(page)).toBe('141414');
      // The best move needs no confirmation.
      await page.keyboard.press('1');
      await expect.poll(() => page.getByRole('status').textContent()).toBe('Red wins');
    });
  });
});
