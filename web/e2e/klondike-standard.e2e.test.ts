/**
 * The Klondike page under the standard rules, end to end in headless Chromium against `tabletop
 * serve`: the rule set chosen by the selects' accessible names and kept in the address, a few moves
 * (one a foundation card taken back) checked against `EngineKlondike` with the Vegas score and the
 * passes left, Finish withheld (and the reason said) where the finish would need a pass that is not
 * left, statistics kept apart for each rule set (and in storage, over a reload), a pasted deal
 * opened (and a malformed paste refused, nothing lost), and a hint that is the next move of the
 * standard solver's winning line.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toPysol } from '../../src/games/klondike/deal-formats.js';
import { ENGINE_STATE } from '../../src/games/klondike/engine.js';
import { applyMove, hint as likelyMove, legalMoves, type KlondikeMove } from '../../src/games/klondike/moves.js';
import { planFinish } from '../../src/games/klondike/progress.js';
import { solveStandard } from '../../src/games/klondike/solver/standard-solver.js';
import { lineHint } from '../src/klondike/hints.js';
import { cardWords, dealOf, movesToText, tableOf, textToMoves, type DealSpec, type PageModel } from '../src/klondike/model.js';
import { pageOpener, serverAndBrowser } from './harness.js';
import { dealsOfGrade } from '../../src/games/klondike/difficulty.js';
import { difficultyTableFor } from '../../src/games/klondike/difficulty-data.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);
/** Polls wait this long (generous: the machine may be busy with other work; only a hang should fail). */
const SLOW = { timeout: 60_000 };

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const output = (page: Page, name: string) => page.locator(`output[aria-label="${name}"]`);

/** Makes `move` on the page by keys, or (a foundation card back) by clicking the foundation, then the pile's key. */
async function make(page: Page, model: PageModel, move: KlondikeMove): Promise<void> {
  const keys: Record<KlondikeMove['kind'], () => string[]> = {
    discardDraw: () => ['d'],
    moveDraw: () => ['s', String((move as { dest: number }).dest + 1)],
    moveDrawToFoundation: () => ['s', 'f'],
    moveToFoundation: () => [String((move as { src: number }).src + 1), 'f'],
    movePile: () => [String((move as { src: number }).src + 1), String((move as { dest: number }).dest + 1)],
    moveFoundationToPile: () => [String((move as { dest: number }).dest + 1)],
  };
  if (move.kind === 'moveFoundationToPile') {
    const top = model.getCardAt(move.foundation)!;
    await button(page, `Foundation ${String(move.foundation + 1)}, ${cardWords(top.index)}`).click();
  }
  for (const key of keys[move.kind]()) await page.keyboard.press(key);
}

/** Drags from near the top-left corner of `from` to that of `to` with the mouse, in steps. */
async function drag(page: Page, from: ReturnType<typeof button>, to: ReturnType<typeof button>): Promise<void> {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + 12, a.y + 6);
  await page.mouse.down();
  await page.mouse.move(a.x + 22, a.y + 16, { steps: 2 });
  await page.mouse.move(b.x + 12, b.y + 6, { steps: 4 });
  await page.mouse.up();
}

describe('Klondike page, standard rules', () => {
  it('chooses standard draw 3, one pass, Vegas scoring by name; plays moves with the Vegas score and passes left; takes a card back from a foundation', async () => {
    const spec: DealSpec = { seed: 18, piles: 7, draw: 3, order: null, rules: 'standard', passes: 1, scoring: 'vegas' };
    await withPage('/klondike?seed=18&draw=1&piles=7&auto=0', async (page) => {
      await page.getByLabel('Rules').selectOption('standard');
      await page.getByLabel('Draw size').selectOption('3');
      await page.getByLabel('Passes').selectOption('1');
      await page.getByLabel('Scoring').selectOption('vegas');
      await button(page, 'Open deal').click();
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe('Deal 18 · 7 piles · standard rules, draw 3, 1 pass, Vegas scoring');
      const params = new URL(page.url()).searchParams;
      expect([params.get('rules'), params.get('draw'), params.get('passes'), params.get('scoring')]).toEqual(['standard', '3', '1', 'vegas']);
      expect([await output(page, 'Score').textContent(), await output(page, 'Passes left').textContent()]).toEqual(['-52', '1']);

      // The likeliest moves until a foundation card may come back, then that move: each by keys.
      const model = dealOf(spec);
      const made: KlondikeMove[] = [];
      for (;;) {
        const back = legalMoves(model).find((m) => m.kind === 'moveFoundationToPile');
        const move = back ?? likelyMove(model)!;
        await make(page, model, move);
        applyMove(model, move);
        made.push(move);
        await expect.poll(() => output(page, 'Moves').textContent(), SLOW).toBe(String(made.length));
        expect(await output(page, 'Score').textContent()).toBe(String(tableOf(model).points));
        if (back !== undefined) break;
        expect(made.length).toBeLessThan(10);
      }
      // Three cards up (+15), one back (−5).
      expect(tableOf(model).points).toBe(-52 + 15 - 5);
      // Undone, and made again by dragging the foundation's card onto the pile.
      const back = made.at(-1) as Extract<KlondikeMove, { kind: 'moveFoundationToPile' }>;
      await page.keyboard.press('u');
      await expect.poll(() => output(page, 'Score').textContent(), SLOW).toBe(String(-52 + 15));
      model.undo();
      const top = model.getCardAt(back.foundation)!;
      const height = model.getPileHeight(back.dest);
      const onto = height === 0 ? button(page, `Pile ${String(back.dest + 1)}, empty`) : button(page, cardWords(model.getCardAt(back.dest, height - 1).index));
      await drag(page, button(page, `Foundation ${String(back.foundation + 1)}, ${cardWords(top.index)}`), onto);
      applyMove(model, back);
      await expect.poll(() => output(page, 'Score').textContent(), SLOW).toBe(String(-52 + 15 - 5));
      expect(new URL(page.url()).searchParams.get('moves')).toBe(movesToText(made));

      // The stock turned three at a time shows a fan of three; after one pass Draw is spent.
      await button(page, 'Draw').click();
      applyMove(model, { kind: 'discardDraw' });
      await expect.poll(() => page.locator('.k-window .k-card').count(), SLOW).toBe(3);
      while (tableOf(model).canDraw) {
        await page.keyboard.press('d');
        applyMove(model, { kind: 'discardDraw' });
      }
      await expect.poll(() => output(page, 'Cards in the stock').textContent(), SLOW).toBe('0');
      expect(await button(page, 'Draw').isDisabled()).toBe(true);
      expect(await output(page, 'Passes left').textContent()).toBe('1');
      await page.screenshot({ path: '/tmp/klondike-standard-vegas.png' });
      // The statistics are this rule set's: one deal played, its best score so far.
      const statistics = page.getByRole('region', { name: 'Statistics' });
      const rows = await statistics.locator('tr').evaluateAll((trs) => trs.map((r) => r.textContent));
      expect(rows[0]).toBe('Played1');
      expect(rows.at(-1)).toBe(`Best score${String(-52 + 15)}`);
    });
  });

  it('does not offer Finish when the finish cannot win (no pass left), and says why; the page plays nothing by itself', async () => {
    // Deal 170, standard rules, draw 1, one pass: these moves turn every card face up with one stock
    // card left. The finish would turn it, and then need the waste turned over, and this pass is the last. (A
    // person can still win: the solver finds a line, playing waste cards onto piles.)
    const moves =
      'p3f1p7f2p7f3p2n1t5p3n1t4p3f1p4n2t1p7n1t2p7n1t2p5n2t7p5f4p5f2p5f1p5f4p7f2p7n2t1dsf2ds3dsf4p1f4p1f2p2f4p1f4p2f2p2f4ddsf2p4f2p4n1t2dsf3p4f3ddsf1p7f1ds6dds6ds2p6n3t2ds6ds2dds4p6n2t4p6f3sf3dsf3dsf2ds4s4ds4ddsf2dsf3p2f3p7f3p6f3p6n1t5';
    const spec: DealSpec = { seed: 170, piles: 7, draw: 1, order: null, rules: 'standard', passes: 1, scoring: 'standard' };
    const model = dealOf(spec);
    for (const move of textToMoves(moves).moves) applyMove(model, move);
    expect(planFinish(model)?.stop).toBe('passes');
    await withPage(`/klondike?seed=170&draw=1&piles=7&rules=standard&passes=1&scoring=standard&moves=${moves}`, async (page) => {
      await expect
        .poll(() => page.getByRole('status', { name: 'Game' }).textContent(), SLOW)
        .toBe('Every card is face up, but the finish cannot play every card: it needs another pass through the stock, and this pass is the last. Play on by hand, or undo.');
      expect(await button(page, 'Finish').count()).toBe(0);
      expect([await output(page, 'Moves').textContent(), await output(page, 'Cards in the stock').textContent(), await output(page, 'Passes left').textContent()]).toEqual([String(textToMoves(moves).moves.length), '1', '1']);
      await page.screenshot({ path: '/tmp/klondike-finish-stops.png' });
    });
  });

  it('keeps statistics per rule set: a game under the assignment rules, two under standard draw 3 Vegas, each set its own, kept over a reload', async () => {
    const statistics = (page: Page) => page.getByRole('region', { name: 'Statistics' });
    const rows = (page: Page) => statistics(page).locator('tr').evaluateAll((trs) => trs.map((r) => r.textContent));
    const note = (page: Page) => statistics(page).locator('.field-note').textContent();
    /** Opens deal `seed` under the rule set chosen in the form, then turns the stock once (a deal counts as played at its first move). */
    const playOne = async (page: Page, seed: number): Promise<void> => {
      await page.getByLabel('Deal number').fill(String(seed));
      await button(page, 'Open deal').click();
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toMatch(new RegExp(`^Deal ${String(seed)} `));
      await button(page, 'Draw').click();
      await expect.poll(() => output(page, 'Moves').textContent(), SLOW).toBe('1');
    };
    const assignmentRows = ['Played1', 'Won0', 'Win rate–', 'Current streak0', 'Best streak0', 'Best score0'];
    await withPage('/klondike?seed=30&draw=1&piles=7&auto=0', async (page) => {
      await playOne(page, 30);
      expect(await note(page)).toBe("For the assignment's rules.");
      await expect.poll(() => rows(page), SLOW).toEqual(assignmentRows);

      await page.getByLabel('Rules').selectOption('standard');
      await page.getByLabel('Draw size').selectOption('3');
      await page.getByLabel('Scoring').selectOption('vegas');
      await playOne(page, 31);
      expect(await note(page)).toBe('For standard rules, draw 3, unlimited passes, Vegas scoring.');
      // The first deal of this rule set: none of the assignment's games counts here.
      await expect.poll(() => rows(page), SLOW).toEqual(['Played1', 'Won0', 'Win rate–', 'Current streak0', 'Best streak0', 'Best score-52']);
      await playOne(page, 32);
      await expect.poll(() => rows(page), SLOW).toEqual(['Played2', 'Won0', 'Win rate0%', 'Current streak0', 'Best streak0', 'Best score-52']);

      // Back to the assignment's rules: its own statistics, as they were, and after a reload.
      await page.getByLabel('Rules').selectOption('assignment');
      await page.getByLabel('Deal number').fill('30');
      await button(page, 'Open deal').click();
      await expect.poll(() => note(page), SLOW).toBe("For the assignment's rules.");
      expect(await rows(page)).toEqual(assignmentRows);
      await page.reload();
      await expect.poll(() => rows(page), SLOW).toEqual(assignmentRows);
      // And the standard set's survive the reload too, when its deal is opened from its address.
      await page.goto(page.url().replace(/\?.*$/, '?seed=32&draw=3&piles=7&rules=standard&passes=unlimited&scoring=vegas'));
      await expect.poll(() => note(page), SLOW).toBe('For standard rules, draw 3, unlimited passes, Vegas scoring.');
      expect(await rows(page)).toEqual(['Played2', 'Won0', 'Win rate0%', 'Current streak0', 'Best streak0', 'Best score-52']);
      // Reset clears the statistics shown, this rule set's only.
      await button(page, 'Reset statistics').click();
      await expect.poll(() => rows(page), SLOW).toEqual(['Played0', 'Won0', 'Win rate–', 'Current streak0', 'Best streak0', 'Best score–']);
      await page.goto(page.url().replace(/\?.*$/, '?seed=30&draw=1&piles=7'));
      await expect.poll(() => note(page), SLOW).toBe("For the assignment's rules.");
      expect(await rows(page)).toEqual(assignmentRows);
    });
  });

  it('opens a pasted PySol board and shows its first cards; a malformed paste is named and kept', async () => {
    const order = Array.from(dealOf({ seed: 77, piles: 7, draw: 1, order: null, rules: 'standard', passes: Infinity, scoring: 'standard' })[ENGINE_STATE]().dealOrder);
    const board = toPysol({ piles: 7, order });
    await withPage('/klondike?seed=3&draw=1&piles=7', async (page) => {
      const box = page.getByLabel("Deal text (Solvitaire's JSON or PySol's board)");
      const broken = board.replace(/^Talon: (\S+)/m, 'Talon: 1X');
      await box.fill(broken);
      await button(page, 'Play this deal').click();
      await expect.poll(() => page.getByRole('alert').textContent(), SLOW).toMatch(/^This is not a deal the page can open: PySol's board, line 1: '1X' is not a card/);
      expect(await box.inputValue()).toBe(broken);
      expect(await page.locator('.k-deal').textContent()).toBe('Deal 3 · 7 piles · draw 1 · Difficulty medium');

      await box.fill(board);
      await button(page, 'Play this deal').click();
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe('A pasted deal · 7 piles · draw 1');
      // The face-up card of each pile is the board's last card of that line.
      const lastCards = board
        .trim()
        .split('\n')
        .slice(2)
        .map((line) => line.split(' ').at(-1)!);
      const expected = tableOf(dealOf({ seed: 0, piles: 7, draw: 1, order, rules: 'assignment', passes: Infinity, scoring: 'standard' })).piles.map((p) => cardWords(p.cards.at(-1)!));
      expect(lastCards).toHaveLength(7);
      for (let p = 0; p < 7; p++) expect(await page.getByRole('group', { name: `Pile ${String(p + 1)}` }).getByRole('button').last().getAttribute('aria-label')).toBe(expected[p]);
      // The address holds the deal: a reload deals it again.
      expect(new URL(page.url()).searchParams.get('deal')).toHaveLength(52);
      await page.reload();
      await expect.poll(() => page.locator('.k-deal').textContent(), SLOW).toBe('A pasted deal · 7 piles · draw 1');
      await page.screenshot({ path: '/tmp/klondike-pasted.png', fullPage: true });
    });
  });

  it('deals, with "winnable deals only", a deal the standard solver proves winnable under the chosen rules', async () => {
    await withPage('/klondike?seed=1&draw=3&piles=7&rules=standard&passes=unlimited&scoring=standard&winnable=1', async (page) => {
      await button(page, 'New deal').click();
      await expect.poll(() => page.locator('.notice').textContent(), SLOW).toMatch(/^Deal \d+: the solver proved it can be won\.$/);
      const params = new URL(page.url()).searchParams;
      expect([params.get('rules'), params.get('draw'), params.get('passes')]).toEqual(['standard', '3', 'unlimited']);
      const seed = Number(params.get('seed'));
      const spec: DealSpec = { seed, piles: 7, draw: 3, order: null, rules: 'standard', passes: Infinity, scoring: 'standard' };
      expect(solveStandard(dealOf(spec)[ENGINE_STATE](), { timeMs: 10_000, maxStates: 300_000 }).verdict).toBe('winnable');
    });
  });

  it('hints, under the standard rules, the next move of the standard solver’s winning line', async () => {
    const spec: DealSpec = { seed: 5, piles: 7, draw: 3, order: null, rules: 'standard', passes: Infinity, scoring: 'standard' };
    const model = dealOf(spec);
    const solved = solveStandard(model[ENGINE_STATE](), { timeMs: 10_000, maxStates: 1_000_000 });
    expect(solved.verdict).toBe('winnable');
    const expected = lineHint(model, movesToText(solved.moves!));
    await withPage('/klondike?seed=5&draw=3&piles=7&rules=standard&passes=unlimited&scoring=standard&auto=0', async (page) => {
      await button(page, 'Hint').click();
      await expect.poll(() => page.getByRole('status', { name: 'Hint' }).textContent(), SLOW).toBe(`Hint: ${expected.text}`);
      // The hinted move is legal here, and the page makes it.
      const move = expected.move!;
      expect(legalMoves(model)).toContainEqual(move);
      await make(page, model, move);
      await expect.poll(() => output(page, 'Moves').textContent(), SLOW).toBe('1');
      expect(textToMoves(new URL(page.url()).searchParams.get('moves')!).moves).toEqual([move]);
      await page.screenshot({ path: '/tmp/klondike-standard-hint.png' });
    });
  });

  it('deals, on New deal, a deal of the difficulty chosen from the shipped table, kept in the address; says where no deals are graded; counts hint-free games by grade', async () => {
    const table = difficultyTableFor({ rules: 'standard', draw: 3, passes: Infinity })!;
    await withPage('/klondike?seed=30&draw=3&piles=7&rules=standard&passes=unlimited&scoring=standard&auto=0', async (page) => {
      const choice = page.getByRole('combobox', { name: 'Difficulty' });
      expect(await choice.isDisabled()).toBe(false);
      await choice.selectOption('hard');
      expect(await choice.evaluate((select) => document.getElementById(select.getAttribute('aria-describedby')!)?.textContent)).toMatch(/^New deal deals a hard deal, proved winnable/);
      await button(page, 'New deal').click();
      await expect.poll(() => page.locator('.notice').textContent(), SLOW).toMatch(/^Deal \d+: a hard deal, proved winnable\.$/);
      const params = new URL(page.url()).searchParams;
      const seed = Number(params.get('seed'));
      expect(params.get('difficulty')).toBe('hard');
      expect(dealsOfGrade(table, 'hard')).toContain(seed);
      expect(await page.getByLabel('Difficulty of this deal').textContent()).toBe('hard');
      // A first move without a hint counts the deal as a hint-free hard game.
      await button(page, 'Draw').click();
      const hintFree = page.getByRole('region', { name: 'Hint-free games by difficulty' });
      await expect.poll(() => hintFree.locator('tbody tr').evaluateAll((trs) => trs.map((r) => r.textContent)), SLOW).toEqual(['Easy00', 'Medium00', 'Hard10', 'Expert00']);
      await page.screenshot({ path: '/tmp/klondike-difficulty.png', fullPage: true });
      // One pass through the stock: no table, so the choice is disabled and says why.
      await page.getByLabel('Passes').selectOption('1');
      expect(await choice.isDisabled()).toBe(true);
      expect(await choice.evaluate((select) => document.getElementById(select.getAttribute('aria-describedby')!)?.textContent)).toBe('No deals are graded for standard rules, draw 3, 1 pass yet.');
    });
  });
});
