/**
 * The UnoWar page end to end, in headless Chromium against `tabletop serve`: a whole game against
 * Smallest Card AI by clicks, checked turn by turn against the engine, with an illegal card
 * explained; the final score equals the lab's playout of the same deal; forced cards by themselves.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Card } from '../../src/core/cards.js';
import { CHANCE } from '../../src/core/game.js';
import { rngFromSeed } from '../../src/core/random.js';
import { unoWarGame } from '../../src/games/uno-war/definition.js';
import { finishMoves, replayGame } from '../src/uno-war/model.js';
import { pageOpener, serverAndBrowser } from './harness.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);
const status = (page: Page) => page.getByRole('status');
const movesOf = (page: Page): number[] => [...(new URL(page.url()).searchParams.get('moves') ?? '')].map((digit) => Number(digit) - 1);

/** The engine on the same deal, the AI's turns and the draws played, up to the person's next turn. */
function advance(state: ReturnType<typeof unoWarGame.newInitialState>, chance: ReturnType<typeof rngFromSeed>): void {
  const ai = unoWarGame.agents['smallest']!.create();
  while (!state.isTerminal() && state.currentPlayer() !== 0) {
    state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(chance) : ai.act(state, chance));
  }
}

describe('UnoWar page', () => {
  it('plays a whole game against Smallest Card AI by clicks; the result is the lab’s for the deal', async () => {
    // Deal 39 is a short game (72 plays of the person's), so the test stays quick.
    const seed = 39;
    await withPage(`/uno-war?seed=${String(seed)}&ai=smallest&auto=0`, async (page) => {
      const state = unoWarGame.newInitialState();
      const chance = rngFromSeed(seed);
      const me = unoWarGame.agents['smallest']!.create();
      let explained = false;
      let plays = 0;
      for (advance(state, chance); !state.isTerminal(); advance(state, chance)) {
        await page.waitForFunction((text) => document.querySelector('[role=status]')?.textContent === text, `Your turn: play on the ${Card.fromIndex(state.top).toString()}`);
        const blocked = [0, 1, 2, 3, 4].find((slot) => !state.isLegalSlot(slot) && !Array.from({ length: slot }, (_, s) => state.handCard(0, s)).includes(state.handCard(0, slot)));
        if (!explained && blocked !== undefined) {
          await page.getByRole('button', { name: `Play ${Card.fromIndex(state.handCard(0, blocked)).toString()}` }).first().click({ force: true });
          await expect.poll(() => page.locator('.notice').textContent()).toMatch(/cannot go on .+: play a . card or a card ranked .+ or higher/);
          explained = true;
        }
        const slot = me.act(state, chance);
        const before = new URL(page.url()).searchParams.get('moves') ?? '';
        await page.getByRole('button', { name: `Play ${Card.fromIndex(state.handCard(0, slot)).toString()}` }).first().click();
        await page.waitForFunction((n) => (new URL(location.href).searchParams.get('moves') ?? '').length === n, before.length + 1);
        state.applyAction(slot);
        plays++;
      }
      expect(explained).toBe(true);
      const lab = unoWarGame.newInitialState();
      lab.playToEnd([me, unoWarGame.agents['smallest']!.create()], rngFromSeed(seed));
      expect([...state.scores]).toEqual([...lab.scores]);
      const [you, them] = [lab.scores[0]!, lab.scores[1]!];
      await expect.poll(() => status(page).textContent()).toBe(you === 10 ? `You won the game 10–${String(them)}` : `Smallest Card AI won the game 10–${String(you)}`);
      // The last five rounds, newest first: the page recorded every round of the engine's game.
      const lastRounds = page.getByRole('list', { name: 'Last rounds' }).getByRole('listitem');
      expect(await lastRounds.count()).toBe(5);
      expect(await lastRounds.first().textContent()).toMatch(new RegExp(`^Round ${String(lab.rounds)}: ${you === 10 ? 'you won' : 'Smallest Card AI won'} — `));
      expect(plays).toBeGreaterThan(10);
    });
  });

  it('plays a forced card by itself, and plays by keys', async () => {
    // The engine's game on deal 39 up to the person's first turn with one card that may go.
    const state = unoWarGame.newInitialState();
    const chance = rngFromSeed(39);
    const me = unoWarGame.agents['smallest']!.create();
    const out = new Int32Array(8);
    let moves = '';
    for (advance(state, chance); state.legalActions(out) !== 1; advance(state, chance)) {
      const slot = me.act(state, chance);
      moves += String(slot + 1);
      state.applyAction(slot);
    }
    await withPage(`/uno-war?seed=39&ai=smallest&moves=${moves}`, async (page) => {
      // Nobody touches anything: the forced card goes by itself.
      await page.waitForFunction((n) => (new URL(location.href).searchParams.get('moves') ?? '').length === n, moves.length + 1);
      expect(new URL(page.url()).searchParams.get('moves')).toBe(moves + String(out[0]! + 1));
      // Then by keys: the key of a card that may be played plays it.
      state.applyAction(out[0]!);
      advance(state, chance);
      if (state.isTerminal()) return;
      await page.waitForFunction((text) => document.querySelector('[role=status]')?.textContent === text, `Your turn: play on the ${Card.fromIndex(state.top).toString()}`);
      const slot = me.act(state, chance);
      await page.keyboard.press(String(slot + 1));
      await page.waitForFunction((n) => (new URL(location.href).searchParams.get('moves') ?? '').length === n, moves.length + 2);
    });
  });

  it.each(['constructor', '__proto__', 'toString'])('shows the page with a notice and the default AI for ai=%s', async (name) => {
    await withPage(`/uno-war?seed=5&ai=${name}`, async (page) => {
      await expect.poll(() => page.getByRole('alert').textContent()).toContain(`There is no AI "${name}"`);
      await expect.poll(() => status(page).textContent()).toMatch(/^Your turn: play on the /);
      expect(new URL(page.url()).searchParams.get('ai')).toBe('smallest');
    });
  });

  it('names a bad address and fits a phone', async () => {
    await withPage(
      '/uno-war?seed=x&ai=nobody',
      async (page) => {
        await expect.poll(() => page.getByRole('alert').textContent()).toContain('There is no AI "nobody"');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        await expect.poll(() => status(page).textContent()).toMatch(/^Your turn: play on the /);
      },
      { width: 360, height: 740 },
    );
  });
  it('finishes the round and the game for the person, by buttons and by keys, as Smallest would or as chosen', async () => {
    const seed = 12;
    await withPage(`/uno-war?seed=${String(seed)}&ai=biggest&auto=0`, async (page) => {
      await expect.poll(() => status(page).textContent()).toMatch(/^Your turn: play on the /);
      // The button: the stand-in (Smallest by default) plays to the end of this round.
      const round = finishMoves(seed, 'biggest', [], 'smallest', 'round');
      await page.getByRole('button', { name: 'Finish the round' }).click();
      await expect.poll(() => movesOf(page)).toEqual(round);
      expect(replayGame(seed, 'biggest', round).state.rounds).toBe(1);
      await expect.poll(() => page.getByRole('list', { name: 'Last rounds' }).getByRole('listitem').count()).toBe(1);
      // The key R, with Biggest chosen as the stand-in.
      await page.getByLabel('Stand-in (plays your cards when you finish)').selectOption('biggest');
      await page.locator('body').click({ position: { x: 2, y: 2 } });
      const second = finishMoves(seed, 'biggest', round, 'biggest', 'round');
      await page.keyboard.press('r');
      await expect.poll(() => movesOf(page)).toEqual(second);
      expect(replayGame(seed, 'biggest', second).state.rounds).toBe(2);
      // The game button reached by the keyboard (focus and Enter), Smallest again.
      await page.getByLabel('Stand-in (plays your cards when you finish)').selectOption('smallest');
      const game = finishMoves(seed, 'biggest', second, 'smallest', 'game');
      await page.getByRole('button', { name: 'Finish the game' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => movesOf(page)).toEqual(game);
      const end = replayGame(seed, 'biggest', game).state;
      expect(end.isTerminal()).toBe(true);
      const [you, them] = [end.scores[0]!, end.scores[1]!];
      await expect.poll(() => status(page).textContent()).toBe(you === 10 ? `You won the game 10–${String(them)}` : `Biggest Card AI won the game 10–${String(you)}`);
      expect(await page.getByRole('button', { name: 'Finish the game' }).isDisabled()).toBe(true);
      // The last rounds, newest first, each numbered once: by its own words, no list marker besides.
      const items = page.getByRole('list', { name: 'Last rounds' }).getByRole('listitem');
      const texts = await items.allTextContents();
      expect(texts.map((text) => /^Round (\d+): /.exec(text)?.[1])).toEqual([0, 1, 2, 3, 4].map((i) => String(end.rounds - i)));
      expect(await items.evaluateAll((lis) => lis.map((li) => getComputedStyle(li).listStyleType))).toEqual(Array(5).fill('none'));
    });
  });

  it('does not offer the mcts AI, which loses to Smallest, as an opponent', async () => {
    await withPage('/uno-war?seed=3&ai=mcts', async (page) => {
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('The AI "mcts" is not offered here');
      const offered = await page.getByLabel('Opponent').locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      expect(offered).not.toContain('mcts');
      expect(offered).toEqual(expect.arrayContaining(['random', 'smallest', 'biggest', 'counter']));
      expect(await page.getByLabel('Opponent').inputValue()).toBe('smallest');
    });
  });
});
