/**
 * `npm run screenshots`: pictures of the app for the README, saved in docs/screenshots/ (the
 * built app, served by `tabletop serve`, in headless Chromium).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, serverAndBrowser } from './harness.js';

const OUT = fileURLToPath(new URL('../../docs/screenshots/', import.meta.url));
const env = serverAndBrowser();

beforeAll(() => {
  mkdirSync(OUT, { recursive: true });
});

async function shoot(name: string, path: string, size: { width: number; height: number }, prepare: (page: Page) => Promise<void>): Promise<void> {
  const { context, page, errors } = await newPage(env.session, size);
  try {
    await page.goto(env.server.url + path);
    await prepare(page);
    await page.screenshot({ path: OUT + name, fullPage: true });
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
}

async function showSolution(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Show solution' }).check();
  await expect.poll(() => page.getByText('Solution: computing…').count(), { timeout: 60_000 }).toBe(0);
}

it('takes the screenshots', async () => {
  await shoot('home.png', '', { width: 1000, height: 520 }, async (page) => {
    await page.getByRole('link', { name: 'Connect Four' }).waitFor();
  });
  await shoot('connect-four-solution.png', 'connect-four?red=human&yellow=human&pos=52753311433677442422121', { width: 1000, height: 760 }, showSolution);
  await shoot('connect-four-win.png', 'connect-four?red=human&yellow=perfect&pos=12234334544', { width: 1000, height: 760 }, async (page) => {
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Red wins');
  });
  await shoot('connect-four-thinking.png', 'connect-four?red=human&yellow=perfect&pos=4453', { width: 1000, height: 760 }, async (page) => {
    await page.getByRole('button', { name: 'Column 4', exact: true }).click();
    await expect.poll(() => page.getByRole('timer').textContent()).toContain('is thinking');
    await page.waitForTimeout(1_200);
  });
  await shoot('connect-four-phone.png', 'connect-four?red=human&yellow=alphabeta3&pos=5554224333234511764415115', { width: 390, height: 844 }, showSolution);
});
