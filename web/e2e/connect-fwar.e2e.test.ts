/**
 * The ConnectFwar page end to end, in headless Chromium against `tabletop serve`: whole deals by
 * clicks and by keys checked card by card against the engine, illegal columns explained, and the
 * strategies' replays and scores checked against the lab's engine on the same deal; the coach's
 * part last.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Card } from '../../src/core/cards.js';
import { CHANCE } from '../../src/core/game.js';
import { deriveSeed, rngFromSeed } from '../../src/core/random.js';
import { connectFwarGame } from '../../src/games/connect-fwar/definition.js';
import { ConnectFwarState } from '../../src/games/connect-fwar/engine.js';
import { DISCARD } from '../../src/games/connect-fwar/rules.js';
import { STRATEGIES } from '../src/connect-fwar/model.js';
import { pageOpener, serverAndBrowser } from './harness.js';
import { ruleCitation } from '../../src/core/coach.js';
import { coachSeed, judgementText, rateDecision, situationOf } from '../../src/games/connect-fwar/coach.js';
import { replayDeal } from '../src/connect-fwar/model.js';
import { latencySummary, ratingLatencies, recordRatingLatency } from './coach-latency.js';

const env = serverAndBrowser();

const withPage = pageOpener(env);

const status = (page: Page) => page.getByRole('status').first();

/** The lab's split-stream playout of `agent` on deal `seed`: chance from the seed, the agent on its own stream. */
/** The strategies the page offers: the registry less agents that read hidden cards (a bound such as `clairvoyant`). */
const fairStrategies = Object.entries(connectFwarGame.agents)
  .filter(([, entry]) => entry.seesHidden !== true)
  .map(([id]) => id);

function labScore(seed: number, agent: string): number {
  const state = new ConnectFwarState();
  const chance = rngFromSeed(seed);
  const agentRng = rngFromSeed(deriveSeed(seed, 1));
  const player = connectFwarGame.agents[agent]!.create();
  while (!state.isTerminal()) state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(chance) : player.act(state, agentRng));
  if (agent !== 'random') {
    // The agents that draw no random numbers: also the lab's fast path when chance and the agent share one stream.
    const fast = new ConnectFwarState();
    fast.playToEnd(connectFwarGame.agents[agent]!.create(), rngFromSeed(seed));
    expect(fast.score).toBe(state.score);
  }
  return state.score;
}

/**
 * Plays deal `seed` to the end on the page, choosing each move from the engine's own state (the
 * last legal column, else discard) and checking the card in hand and the cards left before each.
 */
async function playDeal(page: Page, seed: number, act: (move: number) => Promise<void>, discardFirst = false): Promise<ConnectFwarState> {
  const state = new ConnectFwarState();
  const chance = rngFromSeed(seed);
  state.applyAction(state.sampleChance(chance));
  let explained = false;
  while (!state.isTerminal()) {
    await expect.poll(() => status(page).textContent()).toBe(`Place the ${Card.fromIndex(state.drawn).toString()}: ${String(state.remaining)} cards left`);
    const legal = [0, 1, 2, 3].filter((col) => state.canPlay(state.drawn, col));
    const blocked = [0, 1, 2, 3].find((col) => !legal.includes(col));
    if (!explained && blocked !== undefined) {
      // An illegal column: explained, and nothing changes.
      await act(blocked);
      await expect.poll(() => page.locator('.notice').textContent()).toMatch(new RegExp(`column ${String(blocked + 1)}( is full|: its top card, .+, ranks higher)`, 'i'));
      explained = true;
      continue;
    }
    const move = legal.length > 0 && !(discardFirst && state.remaining === 51) ? legal[legal.length - 1]! : DISCARD;
    await act(move);
    state.applyAction(move);
    if (state.currentPlayer() === CHANCE) state.applyAction(state.sampleChance(chance));
  }
  expect(explained).toBe(true);
  return state;
}

describe('ConnectFwar page', () => {
  it('plays a whole deal by clicks; the score is the engine’s, and the strategies’ scores on the deal are the lab’s', async () => {
    await withPage('/connect-fwar?seed=3', async (page) => {
      const end = await playDeal(page, 3, (move) =>
        move === DISCARD ? page.getByRole('button', { name: 'Discard' }).click() : page.getByRole('button', { name: `Column ${String(move + 1)}`, exact: true }).click({ force: true }),
      );
      const connected = end.score > 0 || (await page.locator('.fwar-board .card.win').count()) > 0;
      await expect.poll(() => status(page).textContent()).toBe(`Deal over: ${connected ? `four connect, score ${String(end.score)}` : 'the deck ran out, score 0'}`);
      expect(await page.locator('output[aria-label="Your score"]').textContent()).toBe(String(end.score));
      if (end.score > 0) expect(await page.getByRole('group', { name: 'Board' }).locator('.card.win').count()).toBeGreaterThanOrEqual(4);
      // The comparison table: you and every strategy of the registry on this deal.
      const rows = await page.locator('.fwar-scores tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]));
      expect(rows).toEqual([['You', String(end.score)], ...fairStrategies.map((id) => [id, String(labScore(3, id))])]);
      // The moves are in the address: a reload shows the same finished deal.
      await page.reload();
      await expect.poll(() => status(page).textContent()).toMatch(/^Deal over: /);
    });
  });

  it('plays a whole deal by keys 1-4 and D', async () => {
    await withPage('/connect-fwar?seed=7', async (page) => {
      const end = await playDeal(page, 7, (move) => page.keyboard.press(move === DISCARD ? 'd' : String(move + 1)), true);
      await expect.poll(() => new URL(page.url()).searchParams.get('moves')).toMatch(/^d[1-4d]+$/);
      await expect.poll(() => page.locator('output[aria-label="Your score"]').textContent()).toBe(String(end.score));
    });
  });

  it('lets strategies play the same deal: step, play, pause, and the final score is the lab engine’s', async () => {
    await withPage('/connect-fwar?seed=2024&speed=fast', async (page) => {
      const strategyStatus = page.getByRole('status', { name: 'Strategy' });
      await page.getByRole('combobox', { name: 'Strategy' }).selectOption('basic');
      for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step' }).click();
      await expect.poll(() => strategyStatus.textContent()).toMatch(/^basic: 3 of the deal's cards handled/);
      for (const id of ['basic', 'random']) {
        await page.getByRole('combobox', { name: 'Strategy' }).selectOption(id);
        await page.getByRole('button', { name: 'Play' }).click();
        await page.getByRole('button', { name: 'Pause' }).click();
        const paused = await strategyStatus.textContent();
        await page.waitForTimeout(200);
        expect(await strategyStatus.textContent()).toBe(paused);
        await page.getByRole('button', { name: 'Play' }).click();
        const score = labScore(2024, id);
        await expect.poll(() => strategyStatus.textContent(), { timeout: 120_000 }).toMatch(new RegExp(`^${id}: (four connect, score ${String(score)}|the deck ran out, score 0)$`));
        if (score > 0) expect(await strategyStatus.textContent()).toBe(`${id}: four connect, score ${String(score)}`);
      }
      // The person's own deal was untouched meanwhile.
      await expect.poll(() => status(page).textContent()).toMatch(/: 51 cards left$/);
    });
  });

  it('names a bad address and fits a phone', async () => {
    await withPage('/connect-fwar?seed=abc&strategy=nope', async (page) => {
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('is not a whole number');
      expect(await page.getByRole('alert').textContent()).toContain('There is no strategy "nope"');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    }, { width: 360, height: 740 });
  });
  it('shows each strategy\'s whole description, at a desktop\'s width and a phone\'s', async () => {
    for (const width of [1000, 390]) {
      await withPage(
        '/connect-fwar?seed=7',
        async (page) => {
          const select = page.getByRole('combobox', { name: 'Strategy' });
          await select.waitFor();
          const options = await select.locator('option').evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, text: o.textContent })));
          // The list holds the names alone, which fit any width.
          expect(options.map((o) => o.text)).toEqual(STRATEGIES.map((s) => s.id));
          expect(options.map((o) => o.value)).toEqual(STRATEGIES.map((s) => s.id));
          const fits = await select.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().right <= document.documentElement.clientWidth);
          expect(fits).toBe(true);
          for (const s of STRATEGIES) {
            await select.selectOption(s.id);
            const note = page.locator(`[id="${(await select.getAttribute('aria-describedby'))!}"]`);
            await expect.poll(() => note.textContent()).toBe(s.description);
            // Wrapped, not cut: nothing of it overflows its box or the page.
            expect(await note.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && element.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
          }
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        },
        { width, height: 800 },
      );
    }
  });
});

/**
 * The coach in the ConnectFwar page, end to end, on deal 56 (a four in five cards): the second
 * card stacked on the first flagged as a mistake with the very cost the game module's coach
 * computes in Node (the same samples), the summary after the deal with a way back to that card,
 * and Training's warning before the same move, confirmed by the keyboard.
 */
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
