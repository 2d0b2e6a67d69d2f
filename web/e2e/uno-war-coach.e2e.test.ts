/**
 * The UnoWar page's coach end to end, in headless Chromium against `tabletop serve`: a poor card
 * played with the coach on is flagged with its cost, in the words and figures of the game's coach
 * (computed here in-process on the same observation and seed); the summary after the game; the
 * training's warning before the card, answered by keys.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { deriveSeed, rngFromSeed } from '../../src/core/random.js';
import { cardName } from '../../src/core/cards.js';
import { smallestCardAgent } from '../../src/games/uno-war/agents.js';
import { rateDecision, type Rating } from '../../src/games/uno-war/coach.js';
import { judgement } from '../../src/games/uno-war/coach-text.js';
import { stateFromObservation } from '../../src/games/uno-war/observed.js';
import { choicesAt, coachSeed, replayGame } from '../src/uno-war/model.js';
import { RATING_MEASURE } from '../src/uno-war/Coach.js';
import { pageOpener, serverAndBrowser } from './harness.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);
const movesOf = (page: Page): string => new URL(page.url()).searchParams.get('moves') ?? '';

/**
 * Deal 5 against Smallest: the person's first decision has three playable cards on the Nine of
 * Diamonds; the Ten of Hearts (a higher card that changes the suit) is the poor one. The coach's
 * rating of each, as the page's worker computes it (the same observation and seed); the costliest
 * card the coach marks is the poor card the tests play.
 */
const SEED = 5;
function poorCard(): { readonly slot: number; readonly rating: Rating } {
  const { state } = replayGame(SEED, 'smallest', []);
  const seed = coachSeed(SEED, 0);
  const rebuilt = stateFromObservation(state.observe(0), rngFromSeed(deriveSeed(seed, 1)));
  const marked = choicesAt(state)
    .map((card) => rateDecision(rebuilt, card, smallestCardAgent, seed))
    .filter((rating) => rating.verdict !== 'best')
    .sort((a, b) => b.cost - a.cost);
  if (marked.length === 0) throw new Error(`The coach marks no card of deal ${String(SEED)}'s first decision: choose a deal where it does`);
  return { slot: state.slotOfCard(0, marked[0]!.chosen), rating: marked[0]! };
}

describe('UnoWar page: the coach', () => {
  const poor = poorCard();
  const name = cardName(poor.rating.chosen);

  it('flags a poor card with its cost after it is played, and sums the game up with its costliest decision', async () => {
    await withPage(`/uno-war?seed=${String(SEED)}&ai=smallest`, async (page) => {
      // The switch by the keyboard: focus it and press Space; the address keeps it.
      await page.getByRole('checkbox', { name: 'Coach', exact: true }).focus();
      await page.keyboard.press('Space');
      await expect.poll(() => new URL(page.url()).searchParams.get('coach')).toBe('1');
      await page.getByRole('button', { name: `Play ${name}` }).first().click();
      await expect.poll(() => movesOf(page)).toBe(String(poor.slot + 1));
      // The shared coach panel: the verdict in words, then a table of every card with its chance.
      const panel = page.getByRole('region', { name: 'Coach', exact: true });
      const verdict = panel.getByRole('paragraph').first();
      await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toContain(`Decision 1, the ${name} on the `);
      await expect.poll(() => verdict.textContent(), { timeout: 60_000 }).toContain(`: ${judgement(poor.rating, cardName)}.`);
      expect(await verdict.textContent()).toMatch(/(a mistake|an inaccuracy) \(cost \d+\.\d points of the chance/);
      const rated = panel.getByRole('table', { name: 'The coach on decision 1: the chance to win after each card' });
      const mine = rated.getByRole('row').filter({ hasText: 'your choice' });
      expect(await mine.textContent()).toMatch(new RegExp(`${name}\\d+\\.\\d%your choice: (\\?! inaccuracy|\\?\\? mistake)$`));
      expect(await rated.getByRole('row').count()).toBe(poor.rating.cards.length);
      await page.screenshot({ path: '/tmp/uno-war-coach-rated.png', fullPage: true });
      // The page measures it just after showing it (an effect after the render): poll.
      const latencies = (): Promise<number[]> => page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), RATING_MEASURE);
      await expect.poll(latencies).toHaveLength(1);
      console.log(`rating latency in Chromium (play to rating shown), ms: ${(await latencies())[0]!.toFixed(0)}`);

      // The stand-in finishes the game (its plays are not the person's, so not rated): the summary.
      await page.getByRole('button', { name: 'Finish the game' }).click();
      const summary = page.getByRole('region', { name: "Coach's summary" });
      await expect.poll(() => summary.getByRole('paragraph').first().textContent(), { timeout: 60_000 }).toMatch(
        /^Coach's summary: 1 decision, 0 best, (1 inaccuracy, 0 mistakes|0 inaccuracies, 1 mistake); accuracy 0%; total cost \d+\.\d points of the chance to win\.$/,
      );
      const costliest = summary.getByRole('list', { name: 'The costliest decisions' }).getByRole('listitem');
      expect(await costliest.count()).toBe(1);
      expect(await costliest.first().textContent()).toContain(`Decision 1: the ${name}, ${judgement(poor.rating, cardName)}. Rule `);
      await summary.getByRole('button', { name: 'Show decision 1' }).click();
      await expect.poll(() => summary.getByRole('table', { name: 'The coach on decision 1: the chance to win after each card' }).getByRole('row').count()).toBe(poor.rating.cards.length);
      const replay = new URL((await summary.getByRole('link', { name: 'Replay from decision 1' }).getAttribute('href'))!, page.url());
      expect([replay.searchParams.get('seed'), replay.searchParams.get('coach'), replay.searchParams.get('moves')]).toEqual([String(SEED), '1', null]);
      await page.screenshot({ path: '/tmp/uno-war-coach-summary.png', fullPage: true });
    });
  });

  it('warns before the poor card in training, and the keys answer: Escape chooses again, Enter plays it', async () => {
    await withPage(`/uno-war?seed=${String(SEED)}&ai=smallest&training=1`, async (page) => {
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your turn/);
      await page.keyboard.press(String(poor.slot + 1));
      // The warning every game page shares: the play anyway button takes the focus, as on the other pages.
      const warning = page.getByRole('alertdialog', { name: "Coach's warning" });
      await expect.poll(() => warning.textContent(), { timeout: 60_000 }).toContain(`Coach: the ${name} would be ${judgement(poor.rating, cardName)}.`);
      await page.screenshot({ path: '/tmp/uno-war-coach-training.png', fullPage: true });
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Play it anyway');
      await page.keyboard.press('Escape');
      await expect.poll(() => warning.count()).toBe(0);
      expect(movesOf(page)).toBe('');
      await page.keyboard.press(String(poor.slot + 1));
      await expect.poll(() => warning.count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Play it anyway');
      await page.keyboard.press('Enter');
      await expect.poll(() => movesOf(page)).toBe(String(poor.slot + 1));
    });
  });
});
