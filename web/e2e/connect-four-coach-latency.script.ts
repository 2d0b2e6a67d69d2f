/**
 * `npm run bench:connect-four-coach-web`: how long the Connect Four page's coach takes to show a
 * rating in Chromium (its Web Worker), from the key that makes a move to the move rated on the
 * page (coach-latency.ts). Two people play, so nothing but the coach computes: the moves of the
 * positions bench:coach samples (players/tuning.ts samplePosition, seed COACH_SEED,
 * 8 to 30 stones), each game replayed from the empty board, each move rated before the next, twice:
 * each key pressed as soon as the last rating shows, and after a pause of THINK_MS (the page scores
 * the position of the side to move while it thinks, so its rating is often there at the key). Prints
 * the median, 90th percentile and maximum of all ratings and of those from the 9th move on (the
 * positions bench:coach judges; earlier ones the opening books answer), and each game's ratings
 * in order.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { samplePosition } from '../../src/games/connect-four/players/tuning.js';
import { latencySummary, ratingLatencies, recordRatingLatency } from './coach-latency.js';
import { pageOpener, serverAndBrowser } from './harness.js';

const SEED = Number(process.env['COACH_SEED'] ?? 1);
/** Games replayed; each gives one rating a move. */
const GAMES = Number(process.env['COACH_GAMES'] ?? 4);
/** Moves before the first the bench judges. */
const BOOK_MOVES = 8;
const THINK_MS = Number(process.env['COACH_THINK_MS'] ?? 1500);
const env = serverAndBrowser();
const withPage = pageOpener(env);

const posOf = (page: Page): string => new URL(page.url()).searchParams.get('pos') ?? '';

/** Median, 90th percentile and maximum, in whole milliseconds. */
function spread(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number): string => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
  return `${String(sorted.length)} ratings, median ${at(0.5)} ms, 90th percentile ${at(0.9)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
}

it('measures the Connect Four coach’s rating latency in Chromium', { timeout: 3_600_000 }, async () => {
  const games: string[] = [];
  for (let index = 0; games.length < GAMES; index++) {
    const moves = samplePosition(SEED, index);
    if (moves !== null) games.push(moves);
  }
  for (const think of [0, THINK_MS]) {
    const all: number[] = [];
    const judged: number[] = [];
    for (const moves of games) {
      await withPage('/connect-four?red=human&yellow=human&coach=1', async (page) => {
        await page.getByRole('region', { name: 'Coach', exact: true }).waitFor();
        await recordRatingLatency(page, 'pos', 'Move');
        for (const column of moves) {
          const number = posOf(page).length + 1;
          if (think > 0) await page.waitForTimeout(think);
          await page.keyboard.press(column);
          // The next move waits for this rating, so each is timed alone, not behind the last one.
          await expect
            .poll(() => page.locator('.coach-verdict').textContent(), { timeout: 120_000 })
            .toMatch(new RegExp(`^Move ${String(number)} .*: (best|a mistake|an inaccuracy|no column)`));
        }
        const latencies = await ratingLatencies(page);
        expect(latencies).toHaveLength(moves.length);
        console.log(`game ${moves}, ${think === 0 ? 'at once' : `after ${String(think)} ms`}: ${latencySummary(latencies)}`);
        all.push(...latencies);
        judged.push(...latencies.slice(BOOK_MOVES));
      });
    }
    console.log(
      `Connect Four coach in Chromium, seed ${String(SEED)}, ${String(games.length)} games, ${think === 0 ? 'each key at once' : `each key after ${String(think)} ms`}: ` +
        `all moves ${spread(all)}; from move ${String(BOOK_MOVES + 1)} on ${spread(judged)}`,
    );
  }
});
