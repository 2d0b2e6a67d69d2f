/**
 * `npm run bench:klondike-coach-web`: how long the Klondike page's coach takes to show a rating in
 * Chromium: deals played by keys with the coach on (the likely-move hint as the person), from the
 * move's key to the rating on the page (the page's own `performance.measure`, RATING_MEASURE). Two
 * ways of playing: each move as soon as the last rating shows, and after a pause of THINK_MS (the
 * page rates the position while the person thinks). Prints the median, the 90th percentile and the
 * maximum of each.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChoice } from '../../src/games/klondike/coach-text.js';
import { ENGINE_STATE } from '../../src/games/klondike/engine.js';
import { hint as likelyMove, type KlondikeMove } from '../../src/games/klondike/moves.js';
import { canStillProgress } from '../../src/games/klondike/progress.js';
import { RATING_MEASURE } from '../src/klondike/Coach.js';
import { replayDeal, textToMoves } from '../src/klondike/model.js';
import { newPage, serverAndBrowser } from './harness.js';

const SEEDS = (process.env['COACH_SEEDS'] ?? '1,2,3,4,5,6').split(',').map(Number);
/** Moves per deal at most (the hint may turn the stock for ever on a lost deal). */
const MOVES = Number(process.env['COACH_MOVES'] ?? 20);
const THINK_MS = Number(process.env['COACH_THINK_MS'] ?? 1500);
const env = serverAndBrowser();

const movesOf = (page: Page): string => new URL(page.url()).searchParams.get('moves') ?? '';
const quantile = (values: readonly number[], q: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!;

/** The page's keys for `move`: a pile's number or S for the draw card, then a pile's number or F. */
function keysOf(move: KlondikeMove): string[] {
  switch (move.kind) {
    case 'discardDraw':
      return ['d'];
    case 'moveDraw':
      return ['s', String(move.dest + 1)];
    case 'moveDrawToFoundation':
      return ['s', 'f'];
    case 'moveToFoundation':
      return [String(move.src + 1), 'f'];
    case 'movePile':
      return [String(move.src + 1), String(move.dest + 1)];
    case 'moveFoundationToPile':
      throw new Error('The assignment’s rules take no card back from a foundation');
  }
}

/** Plays deal `seed` (7 piles, draw 1) for up to MOVES moves, waiting `thinkMs` before each; the page's latencies. */
async function playDeal(page: Page, seed: number, thinkMs: number): Promise<number[]> {
  await page.goto(`${env.server.url}klondike?seed=${String(seed)}&draw=1&piles=7&auto=0&coach=1`);
  // Keys pressed before the page has drawn its table would be lost: wait for the coach's switch.
  await page.getByRole('checkbox', { name: 'Coach', exact: true }).waitFor();
  let decisions = 0;
  for (let step = 0; step < MOVES; step++) {
    const before = movesOf(page);
    const made = textToMoves(before).moves;
    const { model } = replayDeal(seed, 7, 1, made);
    if (model.getScore() === 52 || !canStillProgress(model)) break;
    const move = likelyMove(model);
    if (move === null) break;
    const choice = hasChoice(model[ENGINE_STATE]());
    if (thinkMs > 0) await page.waitForTimeout(thinkMs);
    for (const key of keysOf(move)) await page.keyboard.press(key);
    await page.waitForFunction((text) => (new URL(location.href).searchParams.get('moves') ?? '') !== text, before);
    if (choice) {
      decisions++;
      // The next move waits for this rating, so each is timed alone, not behind the last one.
      await page.getByRole('table', { name: new RegExp(`^The coach on move ${String(made.length + 1)}: `) }).waitFor({ timeout: 120_000 });
    }
  }
  await page.waitForFunction(([name, n]) => performance.getEntriesByName(name as string).length >= (n as number), [RATING_MEASURE, decisions] as const);
  const latencies = await page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), RATING_MEASURE);
  expect(latencies).toHaveLength(decisions);
  return latencies;
}

it('measures the Klondike coach’s rating latency in Chromium', { timeout: 3_600_000 }, async () => {
  const { page, context } = await newPage(env.session);
  try {
    for (const think of [0, THINK_MS]) {
      const all: number[] = [];
      for (const seed of SEEDS) {
        const latencies = await playDeal(page, seed, think);
        console.log(`deal ${String(seed)}: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
        all.push(...latencies);
      }
      console.log(
        `Klondike coach, deals ${SEEDS.join(',')} (7 piles, draw 1), up to ${String(MOVES)} moves each, ${think === 0 ? 'moving at once' : `moving after ${String(think)} ms`}: ` +
          `${String(all.length)} ratings, median ${quantile(all, 0.5).toFixed(0)} ms, p90 ${quantile(all, 0.9).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms`,
      );
    }
  } finally {
    await context.close();
  }
});
