/**
 * The Klondike page end to end, in headless Chromium against `tabletop serve`: a deal played to a
 * win by replaying the solver's winning line through clicks, drags and keys (checked move by move
 * against `BasicKlondike`), the auto-finish, the solver's hint, undo, an illegal move explained,
 * the address round trip, a stuck deal, "winnable deals only", a phone's width, and the coach (a
 * poor move warned about in training, then flagged with its cost, and the summary after giving up).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BasicKlondike } from '../../src/games/klondike/basic-klondike.js';
import { ENGINE_STATE } from '../../src/games/klondike/engine.js';
import { rateMove } from '../../src/games/klondike/coach.js';
import { coachSeed, judgement } from '../../src/games/klondike/coach-text.js';
import { applyMove, hint as likelyMove, legalMoves, type KlondikeMove } from '../../src/games/klondike/moves.js';
import { allFaceUp, canStillProgress } from '../../src/games/klondike/progress.js';
import { winningHint } from '../../src/games/klondike/solver/hint.js';
import { solveKlondike, type SolveResult } from '../../src/games/klondike/solver/solver.js';
import { lineStepWords, lowerFirst, moveWords } from '../../src/games/klondike/words.js';
import { lineHint } from '../src/klondike/hints.js';
import { decisionsOf } from '../src/klondike/coach-view.js';
import { ASSIGNMENT_RULES, cardWords, dealModel, gradeOfDeal, movesToText, replayDeal, textToMoves } from '../src/klondike/model.js';
import { pageOpener, serverAndBrowser } from './harness.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);
/** Polls wait this long (generous: the machine running the tests may be busy with other work; only a hang should fail). */
const SLOW = { timeout: 60_000 };

const gameStatus = (page: Page) => page.getByRole('status', { name: 'Game' });
const hintStatus = (page: Page) => page.getByRole('status', { name: 'Hint' });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** The visible strip of a fanned card: its top-left corner. */
const CORNER = { x: 12, y: 6 };

/** The page's hint budget (Page.tsx): the same hint in Node as in the page's worker. */
const HINT_BUDGET = { timeMs: 10_000, maxStates: 1_000_000 } as const;

/** The winning line the page's hint follows, from the position `moves` reach. */
function hintLine(seed: number, piles: number, draw: number, moves: readonly KlondikeMove[]): readonly KlondikeMove[] {
  const { model } = replayDeal(seed, piles, draw, moves);
  return winningHint(model[ENGINE_STATE](), HINT_BUDGET).line!;
}

function solve(seed: number, piles: number, draw: number, moves: readonly KlondikeMove[]): SolveResult {
  const { model } = replayDeal(seed, piles, draw, moves);
  return solveKlondike(model[ENGINE_STATE]().clone(), { timeMs: 10_000 });
}

/** The button that stands for pile `p` as a destination: its last card, or the empty pile. */
function destination(page: Page, model: BasicKlondike, p: number) {
  const h = model.getPileHeight(p);
  return h === 0 ? button(page, `Pile ${String(p + 1)}, empty`) : button(page, cardWords(model.getCardAt(p, h - 1).index));
}

/** The button of the card a move takes (the first card of a moved run, or the draw card). */
function sourceCard(page: Page, model: BasicKlondike, move: KlondikeMove) {
  if (move.kind === 'moveDraw' || move.kind === 'moveDrawToFoundation') return button(page, cardWords(model.getDrawCards()[0]!.index));
  if (move.kind === 'moveToFoundation') return button(page, cardWords(model.getCardAt(move.src, model.getPileHeight(move.src) - 1).index));
  if (move.kind === 'movePile') return button(page, cardWords(model.getCardAt(move.src, model.getPileHeight(move.src) - move.count).index));
  throw new Error('a discard has no card');
}

type Way = 'click' | 'drag' | 'keys';

/** Makes `move` on the page the way given (the model is the position before it). */
async function make(page: Page, model: BasicKlondike, move: KlondikeMove, way: Way): Promise<void> {
  if (move.kind === 'discardDraw') {
    if (way === 'keys') await page.keyboard.press('d');
    else await button(page, 'Draw').click();
    return;
  }
  // The page plays the assignment's rules, whose moves never take a card back from a foundation.
  if (move.kind === 'moveFoundationToPile') throw new Error('The page has no move from a foundation back to a pile');
  if (way === 'keys') {
    const keys =
      move.kind === 'moveDraw'
        ? ['s', String(move.dest + 1)]
        : move.kind === 'moveDrawToFoundation'
          ? ['s', 'f']
          : move.kind === 'moveToFoundation'
            ? [String(move.src + 1), 'f']
            : [String(move.src + 1), String(move.dest + 1)];
    for (const key of keys) await page.keyboard.press(key);
    return;
  }
  const card = sourceCard(page, model, move);
  if (move.kind === 'moveToFoundation' || move.kind === 'moveDrawToFoundation') {
    const top = model.getCardAt(move.foundation);
    if (way === 'drag') await drag(page, card, button(page, `Foundation ${String(move.foundation + 1)}, ${top === null ? 'empty' : cardWords(top.index)}`));
    else await card.dblclick({ position: CORNER });
    return;
  }
  const target = destination(page, model, move.dest);
  if (way === 'drag') await drag(page, card, target);
  else {
    await card.click({ position: CORNER });
    await target.click({ position: CORNER });
  }
}

/** Drags from the corner of `from` to the corner of `to` with the mouse, in steps. */
async function drag(page: Page, from: ReturnType<typeof button>, to: ReturnType<typeof button>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + CORNER.x, a.y + CORNER.y);
  await page.mouse.down();
  await page.mouse.move(a.x + CORNER.x + 10, a.y + CORNER.y + 10, { steps: 2 });
  await page.mouse.move(b.x + CORNER.x, b.y + CORNER.y, { steps: 4 });
  await page.mouse.up();
}

/**
 * The page's figures equal the model's: once the move count shows `moves`, the score and the stock
 * shown with it (read in the same look at the page: one round trip to the browser per poll, where
 * a test of some 200 moves reads them after each).
 */
async function expectFigures(page: Page, model: BasicKlondike, moves: number): Promise<void> {
  const read = (): Promise<string[]> =>
    page.evaluate(() => ['Moves', 'Score', 'Cards in the stock'].map((label) => document.querySelector(`output[aria-label="${label}"]`)?.textContent ?? 'missing'));
  let shown: string[] = [];
  await expect.poll(async () => (shown = await read())[0], SLOW).toBe(String(moves));
  expect(shown.slice(1)).toEqual([`${String(model.getScore())} of 52`, String(model[ENGINE_STATE]().queueLength)]);
}

/** The line above the table for deal `seed` (7 piles, draw 1): with its grade when the assignment rules' table grades it. */
function dealLine(seed: number): string {
  const grade = gradeOfDeal({ seed, piles: 7, draw: 1, order: null, ...ASSIGNMENT_RULES });
  return `Deal ${String(seed)} · 7 piles · draw 1${grade === null ? '' : ` · Difficulty ${grade}`}`;
}

describe('Klondike page', () => {
  it('plays deal 21 to a win along the solver’s line by clicks, drags and keys; the rest finishes by itself; the address keeps it', async () => {
    const seed = 21;
    expect(dealLine(seed)).toBe('Deal 21 · 7 piles · draw 1 · Difficulty easy');
    const line = solve(seed, 7, 1, []).moves!;
    expect(line.length).toBeGreaterThan(100);
    await withPage(`/klondike?seed=${String(seed)}&draw=1&piles=7`, async (page) => {
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe(dealLine(seed));
      const model = dealModel(seed, 7, 1);
      const ways: Record<Way, number> = { click: 0, drag: 0, keys: 0 };
      let made = 0;
      for (const move of line) {
        const way: Way = move.kind === 'discardDraw' ? (made % 2 === 0 ? 'click' : 'keys') : (['click', 'drag', 'keys'] as const)[made % 3]!;
        await make(page, model, move, way);
        applyMove(model, move);
        made++;
        if (move.kind !== 'discardDraw') ways[way]++;
        // Once every pile card is face up the page finishes the deal by itself (so its figures
        // move on at once, past this move's).
        if (allFaceUp(model)) break;
        await expectFigures(page, model, made);
      }
      expect(ways.click).toBeGreaterThan(5);
      expect(ways.drag).toBeGreaterThan(5);
      expect(ways.keys).toBeGreaterThan(5);
      expect(made).toBeLessThan(line.length);
      await expect.poll(() => gameStatus(page).textContent(), { timeout: 20_000 }).toMatch(/^You won! All 52 cards are on the foundations, in \d+ moves\.$/);
      expect(await page.locator('output[aria-label="Score"]').textContent()).toBe('52 of 52');
      // Statistics (localStorage): one deal played, one won.
      const statistics = page.getByRole('region', { name: 'Statistics' });
      expect(await statistics.locator('tr').evaluateAll((rows) => rows.map((r) => r.textContent))).toEqual(['Played1', 'Won1', 'Win rate100%', 'Current streak1', 'Best streak1', 'Best score52']);
      // The address holds every move: a reload shows the won game, and its moves replay to 52 on the model.
      const moves = new URL(page.url()).searchParams.get('moves')!;
      const replay = replayDeal(seed, 7, 1, textToMoves(moves).moves);
      expect(replay.error).toBeNull();
      expect(replay.model.getScore()).toBe(52);
      await page.reload();
      await expect.poll(() => gameStatus(page).textContent(), SLOW).toMatch(/^You won!/);
      expect(await statistics.locator('tr').evaluateAll((rows) => rows.map((r) => r.textContent))).toEqual(['Played1', 'Won1', 'Win rate100%', 'Current streak1', 'Best streak1', 'Best score52']);
      // Undo takes the last foundation move back, and the auto-finish waits (it would replay it at once).
      await button(page, 'Undo').click();
      await expect.poll(() => page.locator('output[aria-label="Score"]').textContent(), SLOW).toBe('51 of 52');
      await expect.poll(() => gameStatus(page).textContent(), SLOW).toBe('Every card is face up: press Finish to play the rest.');
      await page.waitForTimeout(400);
      expect(await page.locator('output[aria-label="Score"]').textContent()).toBe('51 of 52');
      await button(page, 'Finish').click();
      await expect.poll(() => gameStatus(page).textContent(), { timeout: 20_000 }).toMatch(/^You won!/);
    });
    // Some 200 moves, each checked on the page: on a machine busy with other work this takes minutes.
  }, 600_000);

  it('hints a move that keeps the deal winnable, follows it, explains an illegal move, and undoes', async () => {
    const seed = 21;
    await withPage(`/klondike?seed=${String(seed)}&draw=1&piles=7&auto=0`, async (page) => {
      const model = dealModel(seed, 7, 1);
      await button(page, 'Hint').click();
      const line = hintLine(seed, 7, 1, []);
      const expected = lineHint(model, movesToText(line));
      await expect.poll(() => hintStatus(page).textContent(), { timeout: 30_000 }).toBe(`Hint: ${expected.text}`);
      expect(await page.locator('.hinted').count()).toBeGreaterThan(0);
      // Follow the hint's move (with its draws) by keys; the next hint is asked afresh there.
      const made: KlondikeMove[] = [];
      for (const move of line.slice(0, expected.draws + 1)) {
        await make(page, model, move, 'keys');
        applyMove(model, move);
        made.push(move);
      }
      await expectFigures(page, model, made.length);
      await page.keyboard.press('h');
      const nextLine = hintLine(seed, 7, 1, made);
      const next = lineHint(model, movesToText(nextLine));
      await expect.poll(() => hintStatus(page).textContent(), { timeout: 30_000 }).toBe(`Hint: ${next.text}`);
      for (const move of nextLine.slice(0, next.draws + 1)) {
        await make(page, model, move, 'keys');
        applyMove(model, move);
        made.push(move);
      }
      await expectFigures(page, model, made.length);
      // An illegal move: the model's reason, and nothing changes.
      const piles = [0, 1, 2, 3, 4, 5, 6].filter((p) => model.getPileHeight(p) > 0);
      let shown = false;
      for (const src of piles) {
        for (const dest of piles) {
          if (src === dest || shown) continue;
          const card = model.getCardAt(src, model.getPileHeight(src) - 1);
          const onto = model.getCardAt(dest, model.getPileHeight(dest) - 1);
          if (card.value + 1 === onto.value && card.isRed !== onto.isRed) continue;
          await button(page, cardWords(card.index)).click({ position: CORNER });
          await button(page, cardWords(onto.index)).click({ position: CORNER });
          await expect.poll(() => page.locator('.notice').textContent(), SLOW).toBe(`${card.toString()} cannot go onto ${onto.toString()} (it must be one lower and of the other colour)`);
          shown = true;
        }
      }
      expect(shown).toBe(true);
      await expectFigures(page, model, made.length);
      // Undo, by button and by key, takes back the last two moves.
      await button(page, 'Undo').click();
      await page.keyboard.press('u');
      model.undo();
      model.undo();
      await expectFigures(page, model, made.length - 2);
      expect(new URL(page.url()).searchParams.get('moves') ?? '').toBe(movesToText(made.slice(0, -2)));
    });
  });

  it('keeps the settings in the address, opens a chosen deal, names bad values and fits a phone', async () => {
    await withPage('/klondike?seed=5&draw=3&piles=6&moves=d', async (page) => {
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe('Deal 5 · 6 piles · draw 3');
      expect(await page.getByRole('group', { name: /^Pile \d$/ }).count()).toBe(6);
      expect(await page.getByRole('group', { name: 'Draw cards' }).getByRole('img').count() + 1).toBe(3);
      await button(page, 'Draw').click();
      await expect.poll(() => new URL(page.url()).search, SLOW).toBe('?seed=5&draw=3&piles=6&moves=dd');
      await page.reload();
      await expect.poll(() => page.locator('output[aria-label="Moves"]').textContent(), SLOW).toBe('2');
      // The next deal's settings, chosen before it starts.
      await page.getByLabel('Deal number').fill('42');
      await page.getByRole('combobox', { name: 'Piles' }).selectOption('5');
      await page.getByRole('combobox', { name: 'Draw size' }).selectOption('2');
      await button(page, 'Open deal').click();
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe('Deal 42 · 5 piles · draw 2');
      expect(new URL(page.url()).search).toBe('?seed=42&draw=2&piles=5');
      expect(await page.getByRole('group', { name: /^Pile \d$/ }).count()).toBe(5);
    });
    await withPage('/klondike?seed=x1&piles=12&draw=9&moves=dq', async (page) => {
      await expect.poll(() => page.getByRole('alert').textContent(), SLOW).toContain('is not a whole number');
      const alert = await page.getByRole('alert').textContent();
      expect(alert).toContain('The number of piles "12" is not a whole number from 1 to 9');
      expect(alert).toContain('The draw size "9"');
      expect(alert).toContain('"q" in the moves is not a move');
      expect(await page.locator('output[aria-label="Moves"]').textContent()).toBe('1');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    }, { width: 360, height: 740 });
    // Nine piles and five draw cards fit a phone too.
    await withPage('/klondike?seed=9&draw=5&piles=9&moves=ddd', async (page) => {
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe('Deal 9 · 9 piles · draw 5');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // Every pile's last card is in view and can be clicked.
      for (let p = 1; p <= 9; p++) {
        const box = (await page.getByRole('group', { name: `Pile ${String(p)}`, exact: true }).locator('button').last().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(360);
      }
      // Esc drops a choice made by key.
      await page.keyboard.press('9');
      await expect.poll(() => page.locator('.k-card.selected').count(), SLOW).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('.k-card.selected').count(), SLOW).toBe(0);
    }, { width: 360, height: 740 });
  });

  it('says when no move can help any more, and the hint says the deal is lost', async () => {
    // Greedy hints on four-pile deals until no move can help (found in Node, then shown in the page).
    let found: { seed: number; moves: KlondikeMove[] } | null = null;
    for (let seed = 1; seed < 200 && found === null; seed++) {
      const model = dealModel(seed, 4, 1);
      const moves: KlondikeMove[] = [];
      for (let i = 0; i < 300; i++) {
        if (model.getScore() < 52 && !canStillProgress(model)) {
          found = { seed, moves };
          break;
        }
        const move = likelyMove(model);
        if (move === null) break;
        applyMove(model, move);
        moves.push(move);
      }
    }
    expect(found).not.toBeNull();
    const { seed, moves } = found!;
    await withPage(`/klondike?seed=${String(seed)}&draw=1&piles=4&moves=${movesToText(moves)}`, async (page) => {
      await expect.poll(() => gameStatus(page).textContent(), SLOW).toBe('No move can help any more: this deal cannot be won from here. Undo, or start a new deal.');
      await button(page, 'Hint').click();
      await expect.poll(() => hintStatus(page).textContent(), { timeout: 30_000 }).toMatch(/^Hint: No move can win this deal any more: the solver tried every line from here\./);
    });
  });

  it('plays by Enter on focused cards, and the focus stays where the player is (on the card moved)', async () => {
    // The first pile-to-pile move of a deal that has one at the start.
    let start: { seed: number; move: Extract<KlondikeMove, { kind: 'movePile' }> } | null = null;
    for (let seed = 1; start === null; seed++) {
      const move = legalMoves(dealModel(seed, 7, 1)).find((m) => m.kind === 'movePile');
      if (move?.kind === 'movePile') start = { seed, move };
    }
    const { seed, move } = start;
    await withPage(`/klondike?seed=${String(seed)}&draw=1&piles=7&auto=0`, async (page) => {
      const model = dealModel(seed, 7, 1);
      const card = cardWords(model.getCardAt(move.src, model.getPileHeight(move.src) - move.count).index);
      const onto = cardWords(model.getCardAt(move.dest, model.getPileHeight(move.dest) - 1).index);
      await button(page, card).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => button(page, card).getAttribute('aria-pressed'), SLOW).toBe('true');
      await button(page, onto).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.locator('output[aria-label="Moves"]').textContent(), SLOW).toBe('1');
      expect(await page.getByRole('group', { name: `Pile ${String(move.dest + 1)}`, exact: true }).getByRole('button', { name: card, exact: true }).count()).toBe(1);
      const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      expect(await focused()).toBe(onto);
      // Undo, then choose the card by Enter and its destination by key: the focused card moved to
      // another pile (a new element), and the focus went with it.
      await page.keyboard.press('u');
      await expect.poll(() => page.locator('output[aria-label="Moves"]').textContent(), SLOW).toBe('0');
      await button(page, card).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press(String(move.dest + 1));
      await expect.poll(() => page.locator('output[aria-label="Moves"]').textContent(), SLOW).toBe('1');
      expect(await focused()).toBe(card);
    });
  });

  it('answers a move while the solver thinks, and drops the stale hint', async () => {
    // Deal 158 (7 piles) is undecided within the page's whole hint budget (10 s, a million
    // positions: `tabletop klondike solve --seeds 158..158 --max-states 1000000`), so the draw comes
    // while the solver thinks however slowly the click arrives. In the worker, the draw cancels it
    // and no answer ever shows; on the page's thread the click would wait for the answer, which would
    // show before the draw cleared it. Every text the hint line ever shows is recorded.
    await withPage('/klondike?seed=158&draw=1&piles=7&auto=0', async (page) => {
      await page.waitForSelector('.k-hint', { state: 'attached' });
      await page.evaluate(() => {
        const w = window as unknown as { hintTexts: string[] };
        w.hintTexts = [];
        const line = document.querySelector('.k-hint')!;
        new MutationObserver(() => w.hintTexts.push(line.textContent ?? '')).observe(line, { subtree: true, childList: true, characterData: true });
      });
      await button(page, 'Hint').click();
      await button(page, 'Draw').click();
      await expect.poll(() => page.locator('output[aria-label="Moves"]').textContent(), SLOW).toBe('1');
      expect(await hintStatus(page).textContent()).toBe('');
      // The hint for the position before the draw: cancelled, never shown.
      await page.waitForTimeout(500);
      expect(await hintStatus(page).textContent()).toBe('');
      const texts = await page.evaluate(() => (window as unknown as { hintTexts: string[] }).hintTexts);
      expect(texts.filter((text) => text !== '' && !text.startsWith('Hint: the solver is thinking')), JSON.stringify(texts)).toEqual([]);
    });
  });

  it('deals only winnable deals when asked (the search runs in the worker)', async () => {
    await withPage('/klondike?seed=1&draw=1&piles=7', async (page) => {
      await page.getByRole('checkbox', { name: 'Winnable deals only' }).check();
      await expect.poll(() => new URL(page.url()).searchParams.get('winnable'), SLOW).toBe('1');
      await button(page, 'New deal').click();
      await expect.poll(() => page.locator('.notice').textContent(), { timeout: 60_000 }).toMatch(/^Deal \d+: the solver proved it can be won\.$/);
      // Good news looks like good news: the success colour, not the error colour of a refused move.
      const notice = page.locator('.notice');
      expect(await notice.evaluate((element) => element.classList.contains('notice-success'))).toBe(true);
      const colours = await notice.evaluate((element) => {
        const style = getComputedStyle(document.documentElement);
        const probe = (value: string): string => {
          const span = document.createElement('span');
          span.style.color = value;
          document.body.append(span);
          const colour = getComputedStyle(span).color;
          span.remove();
          return colour;
        };
        return { shown: getComputedStyle(element).color, good: probe(style.getPropertyValue('--good')), bad: probe(style.getPropertyValue('--bad')) };
      });
      expect(colours.shown).toBe(colours.good);
      expect(colours.shown).not.toBe(colours.bad);
      const seed = Number(new URL(page.url()).searchParams.get('seed'));
      expect(await page.locator('.k-deal').textContent()).toBe(dealLine(seed));
      expect(solve(seed, 7, 1, []).verdict).toBe('winnable');
    });
  });
  it('the first hint on deal 21 needs the fewest draws (not "Draw 23 times until A♣ shows") and names the card as the cards show it', async () => {
    await withPage('/klondike?seed=21', async (page) => {
      await button(page, 'Hint').click();
      const model = dealModel(21, 7, 1);
      const line = hintLine(21, 7, 1, []);
      const text = `Hint: ${lineHint(model, movesToText(line)).text}`;
      expect(text).toBe('Hint: Move 4♡ from pile 5 onto 5♣ (pile 3). This keeps the deal winnable.');
      await expect.poll(() => hintStatus(page).textContent(), { timeout: 30_000 }).toBe(text);
      // The solver's own line starts with 23 draws; A♠ is one draw away; the hint needs none.
      expect(lineStepWords(model[ENGINE_STATE](), solve(21, 7, 1, []).moves!).text).toMatch(/^Draw 23 times until A♣ shows/);
      expect(text).not.toMatch(/Draw/);
      // The hinted cards are marked, and their corners read as the hint writes them.
      const corners = await page.locator('.hinted .k-corner').allTextContents();
      expect(corners.sort()).toEqual(['4♡', '5♣']);
      // One way of writing suits on the whole page: the game's (♡ ♢), never ♥ ♦.
      expect(await page.locator('main').textContent()).not.toMatch(/[♥♦]/);
    });
  });

  it('a message stands right under the lowest card, with no blank gap', async () => {
    for (const width of [1000, 390]) {
      await withPage(
        '/klondike?seed=21&auto=0',
        async (page) => {
          // 10♡ (pile 1) onto 7♣ (pile 2): refused, with the model's reason.
          await button(page, cardWords(dealModel(21, 7, 1).getCardAt(0, 0).index)).click({ position: CORNER });
          await button(page, cardWords(dealModel(21, 7, 1).getCardAt(1, 1).index)).click({ position: CORNER });
          const notice = page.locator('.notice');
          await expect.poll(() => notice.textContent(), SLOW).toBe('10♡ cannot go onto 7♣ (it must be one lower and of the other colour)');
          const lowest = await page.locator('.k-piles .k-card').evaluateAll((cards) => Math.max(...cards.map((card) => card.getBoundingClientRect().bottom)));
          const top = (await notice.boundingBox())!.y;
          expect(top).toBeGreaterThanOrEqual(lowest - 1);
          expect(top - lowest, `at ${String(width)} px`).toBeLessThan(24);
          await button(page, 'Hint').click();
          await expect.poll(() => hintStatus(page).textContent(), { timeout: 30_000 }).toMatch(/^Hint: /);
          const hintTop = (await hintStatus(page).boundingBox())!.y;
          const noticeBottom = await notice.evaluate((element) => element.getBoundingClientRect().bottom);
          expect(hintTop - Math.max(lowest, noticeBottom)).toBeLessThan(24);
        },
        { width, height: 900 },
      );
    }
  });

  it('explains the draw rule of the assignment where the draw size is chosen', async () => {
    await withPage('/klondike?seed=21', async (page) => {
      const select = page.getByRole('combobox', { name: 'Draw size' });
      await select.selectOption('3');
      const describedBy = (await select.getAttribute('aria-describedby')) ?? '';
      await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^3 stock cards are shown, but only the first can be played/);
      await select.selectOption('1');
      await expect.poll(() => page.locator(`[id="${describedBy}"]`).textContent()).toMatch(/^One stock card is shown at a time/);
    });
  });

  it('shows no win rate ("–", not "0%") while the first deal is played', async () => {
    await withPage('/klondike?seed=21&auto=0', async (page) => {
      const rate = page.getByRole('row', { name: /^Win rate/ }).locator('td');
      expect(await rate.textContent()).toBe('–');
      await button(page, 'Draw').click();
      await expect.poll(() => page.getByRole('row', { name: /^Played/ }).locator('td').textContent(), SLOW).toBe('1');
      expect(await rate.textContent()).toBe('–');
    });
  });

  it('the coach: training warns before a poor move (Escape chooses again, Enter makes it), the panel flags it with its cost, and giving up sums the game up', async () => {
    // Deal 5 after seven moves of the likely-move hint: moving 2 cards from pile 2 onto pile 6 leaves
    // clearly fewer of the sampled deals provably winnable. The coach's rating, computed here as the
    // page's worker computes it (the same position and seed).
    const before = 'p7f1p2n1t5p6n1t2p7n1t5s1ds6';
    const poor: KlondikeMove = { kind: 'movePile', src: 1, count: 2, dest: 5 };
    const state = replayDeal(5, 7, 1, textToMoves(before).moves).model[ENGINE_STATE]();
    const rating = rateMove(state, poor, coachSeed(5, 7));
    expect(rating.verdict).not.toBe('best');
    const words = judgement(state, rating);
    // Every move of the game is the person's here (the address's too): each is rated.
    const decisions = decisionsOf({ seed: 5, piles: 7, draw: 1, order: null, ...ASSIGNMENT_RULES }, [...textToMoves(before).moves, poor], new Set()).length;
    const movesOf = (page: Page): string => new URL(page.url()).searchParams.get('moves') ?? '';
    await withPage(`/klondike?seed=5&draw=1&piles=7&auto=0&training=1&moves=${before}`, async (page) => {
      expect(await page.getByRole('checkbox', { name: 'Training', exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('checkbox', { name: 'Coach', exact: true }).isChecked()).toBe(true);
      await page.keyboard.press('2');
      await page.keyboard.press('6');
      const warning = page.getByRole('alertdialog', { name: "Coach's warning" });
      await expect.poll(() => warning.textContent(), SLOW).toContain(`Coach: “${moveWords(state, poor)}” would be ${words}.`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Make it anyway');
      await page.keyboard.press('Escape');
      await expect.poll(() => warning.count()).toBe(0);
      expect(movesOf(page)).toBe(before);
      await page.keyboard.press('2');
      await page.keyboard.press('6');
      await expect.poll(() => warning.count()).toBe(1);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Make it anyway');
      await page.keyboard.press('Enter');
      await expect.poll(() => movesOf(page)).toBe(`${before}p2n2t6`);
      // The shared panel: the verdict with its cost, then every move with its winnable share.
      const panel = page.getByRole('region', { name: 'Coach', exact: true });
      const verdict = panel.getByRole('paragraph').first();
      await expect.poll(() => verdict.textContent(), SLOW).toBe(`Move 8, ${lowerFirst(moveWords(state, poor))}: ${words}.`);
      expect(words).toMatch(/^(a mistake|an inaccuracy) \(cost \d+ points of the winnable share, ± \d+; best: /);
      const table = panel.getByRole('table', { name: `The coach on move 8: winnable share over ${String(rating.samples)} deals` });
      expect(await table.getByRole('row').count()).toBe(rating.moves.length);
      expect(await table.getByRole('row').filter({ hasText: 'your choice' }).textContent()).toMatch(/\d+%( \(\d undecided\))?your choice: (\?! inaccuracy|\?\? mistake)$/);
      await page.screenshot({ path: '/tmp/klondike-coach-rated.png', fullPage: true });
      // Giving up ends the game: the summary of every move rated, the poor one among the costliest.
      await button(page, 'Give up').click();
      const summary = page.getByRole('region', { name: "Coach's summary" });
      const tally = new RegExp(`^Coach's summary: ${String(decisions)} decisions, \\d+ best, .*; accuracy \\d+%; total cost \\d+ points of the winnable share\\.$`);
      await expect.poll(() => summary.getByRole('paragraph').first().textContent(), SLOW).toMatch(tally);
      const costly = summary.getByRole('listitem').filter({ hasText: 'Move 8, ' });
      expect(await costly.textContent()).toContain(`: ${words}. Rule `);
      await page.screenshot({ path: '/tmp/klondike-coach-summary.png', fullPage: true });
      await costly.getByRole('button', { name: 'Back to move 8' }).click();
      await expect.poll(() => movesOf(page)).toBe(before);
    });
  });
});
