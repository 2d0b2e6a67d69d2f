/**
 * `npm run bench:coach-web`: how long the UnoWar page's coach takes to show a rating in Chromium, over
 * whole games against Smallest Card AI with the coach on: from the person's play (a click) to the
 * rating on the page (the page's own `performance.measure`, RATING_MEASURE). Two ways of playing:
 * clicking as soon as the turn shows (the rating is computed after the play) and after a pause of
 * THINK_MS (the page rates the cards while the person thinks). Prints the median and the maximum.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cardName } from '../../src/core/cards.js';
import { rngFromSeed } from '../../src/core/random.js';
import { smallestCardAgent } from '../../src/games/uno-war/agents.js';
import { choicesAt, replayGame } from '../src/uno-war/model.js';
import { RATING_MEASURE } from '../src/uno-war/Coach.js';
import { newPage, serverAndBrowser } from './harness.js';

const SEED = Number(process.env['COACH_SEED'] ?? 39);
const THINK_MS = Number(process.env['COACH_THINK_MS'] ?? 1500);
const env = serverAndBrowser();

const movesOf = (page: Page): number[] => [...(new URL(page.url()).searchParams.get('moves') ?? '')].map((digit) => Number(digit) - 1);
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Plays deal SEED to its end as Smallest would, waiting `thinkMs` before each choice; the page's latencies. */
async function playGame(page: Page, thinkMs: number): Promise<number[]> {
  await page.goto(`${env.server.url}uno-war?seed=${String(SEED)}&ai=smallest&coach=1`);
  let decisions = 0;
  for (;;) {
    const moves = movesOf(page);
    const { state } = replayGame(SEED, 'smallest', moves);
    if (state.isTerminal()) break;
    await page.waitForFunction((text) => document.querySelector('[role=status]')?.textContent === text, `Your turn: play on the ${cardName(state.top)}`);
    if (choicesAt(state).length > 1) {
      if (thinkMs > 0) await page.waitForTimeout(thinkMs);
      const card = state.handCard(0, smallestCardAgent.act(state, rngFromSeed(0)));
      await page.getByRole('button', { name: `Play ${cardName(card)}` }).first().click();
      decisions++;
      // The next play waits for this rating, so each is timed alone, not behind the last one.
      await page.getByRole('table', { name: `The coach on decision ${String(decisions)}: the chance to win after each card` }).waitFor({ timeout: 120_000 });
    }
    // A forced card plays itself; either way, wait for the move to land.
    await page.waitForFunction((n) => (new URL(location.href).searchParams.get('moves') ?? '').length > n, moves.length);
  }
  const latencies = await page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), RATING_MEASURE);
  expect(latencies).toHaveLength(decisions);
  return latencies;
}

it('measures the coach’s rating latency in Chromium', { timeout: 3_600_000 }, async () => {
  const { page, context } = await newPage(env.session);
  try {
    for (const think of [0, THINK_MS]) {
      const latencies = await playGame(page, think);
      console.log(
        `deal ${String(SEED)}, ${think === 0 ? 'clicking at once' : `clicking after ${String(think)} ms`}: ${String(latencies.length)} ratings, ` +
          `median ${median(latencies).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
      );
    }
  } finally {
    await context.close();
  }
});
