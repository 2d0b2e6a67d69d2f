/**
 * Game records replayed in their games' pages, end to end in headless Chromium against `tabletop
 * serve`: a record the CLI wrote (`--records FILE`) is pasted into "Open a game record", stepped to
 * its end (which shows the record's result and the engine's final state), stepped back, reloaded at
 * the same move, played with the keyboard; a bad record gives a clear message.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseGameRecords, replayGameRecord, type GameRecord } from '../../src/lab/game-record.js';
import { gameById } from '../../src/lab/registry.js';
import { runCli } from '../../src/test-support/cli.js';
import type { ConnectFwarState } from '../../src/games/connect-fwar/engine.js';
import { boardCells } from '../src/connect-fwar/model.js';
import { pageOpener, serverAndBrowser } from './harness.js';

const env = serverAndBrowser();
const withPage = pageOpener(env);
const dir = mkdtempSync(join(tmpdir(), 'tabletop-replay-e2e-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Where screenshots go for a person to look at (TABLETOP_SCREENSHOTS, or nowhere). */
const shots = process.env['TABLETOP_SCREENSHOTS'];

/** The first record of what `args --records FILE` writes. */
async function cliRecord(name: string, args: readonly string[]): Promise<{ line: string; record: GameRecord }> {
  const path = join(dir, `${name}.jsonl`);
  const result = await runCli([...args, '--records', path]);
  expect([result.status, result.stderr]).toEqual([0, '']);
  const line = readFileSync(path, 'utf8').split('\n')[0]!;
  return { line, record: parseGameRecords(line, path)[0]! };
}

const ply = async (page: Page): Promise<number> => Number(await page.getByTestId('ply').textContent());
const picture = (page: Page) => page.getByTestId('picture').textContent();

async function pasteRecord(page: Page, line: string): Promise<void> {
  await page.getByText('Open a game record').click();
  await page.getByRole('textbox', { name: 'Game record' }).fill(line);
  await page.getByRole('button', { name: 'Open the record' }).click();
}

const CASES: { game: string; args: string[]; shownCards: RegExp | undefined }[] = [
  { game: 'connect-four', args: ['connect-four', 'sprt', '--a', 'alphabeta2', '--b', 'random', '--max-games', '2', '--seed', '3', '--threads', '1'], shownCards: undefined },
  { game: 'uno-war', args: ['uno-war', 'sprt', '--a', 'random', '--b', 'biggest', '--max-games', '2', '--every', '1', '--seed', '3', '--threads', '1'], shownCards: /shows every card/ },
  { game: 'connect-fwar', args: ['connect-fwar', 'compare', '--players', 'greedy', '--games', '1', '--seed', '3', '--threads', '1'], shownCards: /every card/ },
  { game: 'klondike', args: ['klondike', 'compare', '--players', 'greedy', '--games', '1', '--seed', '3', '--threads', '1'], shownCards: /shows every card/ },
];

describe('replaying a game record in its page', () => {
  for (const { game, args, shownCards } of CASES) {
    it(`${game}: a CLI record steps to its result, steps back, and a reload keeps the move`, async () => {
      const { line, record } = await cliRecord(game, args);
      const replayed = replayGameRecord(gameById(game), record);
      const total = replayed.steps.length - 1;
      await withPage(`/${game}`, async (page) => {
        await pasteRecord(page, line);
        await page.waitForURL(/\?replay=/);
        await expect.poll(() => page.getByTestId('total').textContent()).toBe(String(total));
        expect(await ply(page)).toBe(0);
        expect(await picture(page)).toBe(replayed.steps[0]!.state.toString());
        if (shownCards === undefined) expect(await page.locator('.replay-shown').count()).toBe(0);
        else expect(await page.locator('.replay-shown').textContent()).toMatch(shownCards);

        // Forward by the button and the arrow key, then to the end.
        await page.getByRole('button', { name: 'Step forward' }).click();
        await expect.poll(() => ply(page)).toBe(1);
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => ply(page)).toBe(2);
        expect(await picture(page)).toBe(replayed.steps[2]!.state.toString());
        if (game === 'klondike') {
          // Once dealt, the 21 face-down cards and the 21 of the stock behind the draw window (which
          // shows 3) are named under the table: with the 7 face-up, every one of the 52.
          await page.keyboard.press('End');
          await page.getByRole('slider', { name: 'Position' }).fill('52');
          await expect.poll(() => ply(page)).toBe(52);
          const hidden = (await page.getByTestId('hidden').textContent()) ?? '';
          expect(hidden.match(/[♣♢♡♠]/g)).toHaveLength(21 + 21);
        }
        await page.keyboard.press('End');
        await expect.poll(() => ply(page)).toBe(total);
        expect(await picture(page)).toBe(replayed.steps[total]!.state.toString());
        expect(await page.getByTestId('result').textContent()).toBe(`The game is over: ${record.result.message}.`);
        if (game === 'connect-fwar') {
          // The page's own board: as many cards as the engine's final board holds.
          const placed = boardCells(replayed.steps[total]!.state as ConnectFwarState).flat().filter((card) => card !== null).length;
          expect(placed).toBeGreaterThan(0);
          expect(await page.getByRole('group', { name: 'Board' }).locator('.fwar-cell > *').count()).toBe(placed);
          expect(await page.getByTestId('hand').textContent()).toMatch(/deck: \d+$/);
        }
        if (game === 'connect-four') {
          // The page's own board: a stone per move, the four lit.
          expect(await page.locator('.board .token').count()).toBe(total);
          expect(await page.locator('.board .token.win').count()).toBeGreaterThanOrEqual(4);
        }
        expect(await page.getByRole('button', { name: 'Step forward' }).isDisabled()).toBe(true);
        if (shots !== undefined) await page.screenshot({ path: join(shots, `replay-${game}-end.png`), fullPage: true });

        // Back one move, by the button and then the key; the address follows.
        await page.getByRole('button', { name: 'Step back' }).click();
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => ply(page)).toBe(total - 2);
        await expect.poll(() => new URL(page.url()).searchParams.get('ply')).toBe(String(total - 2));
        expect(await picture(page)).toBe(replayed.steps[total - 2]!.state.toString());
        expect(await page.getByTestId('result').count()).toBe(0);

        await page.reload();
        await expect.poll(() => ply(page)).toBe(total - 2);
        expect(await picture(page)).toBe(replayed.steps[total - 2]!.state.toString());
        expect(await page.getByRole('slider', { name: 'Position' }).inputValue()).toBe(String(total - 2));

        // Space plays on to the end by itself, the button then offering Play again.
        await page.keyboard.press(' ');
        await expect.poll(() => ply(page), { timeout: 60_000 }).toBe(total);
        await expect.poll(() => page.getByRole('button', { name: 'Play' }).count()).toBe(1);
        await page.keyboard.press('Home');
        await expect.poll(() => ply(page)).toBe(0);
        if (shots !== undefined) {
          await page.keyboard.press('ArrowRight');
          await page.screenshot({ path: join(shots, `replay-${game}-start.png`), fullPage: true });
        }
      });
    });
  }

  it('a bad record gives a clear message and leaves the page as it was', async () => {
    await withPage('/uno-war', async (page) => {
      await pasteRecord(page, '{"format":"tabletop-game@1","game":"uno-war"');
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/This game record cannot be replayed: the pasted record: not a game record \(not valid JSON\)/);
      expect(new URL(page.url()).searchParams.has('replay')).toBe(false);
      // The game itself still plays.
      expect(await page.getByRole('button', { name: /^Play / }).count()).toBeGreaterThan(0);
      const { line } = await cliRecord('other-game', ['klondike', 'compare', '--players', 'greedy', '--games', '1', '--seed', '4', '--threads', '1']);
      await page.getByRole('textbox', { name: 'Game record' }).fill(line);
      await page.getByRole('button', { name: 'Open the record' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/this is a record of klondike: open it in the klondike page/);
    });
    // A record in the address whose moves the rules refuse: named, with the form to open another.
    const { record } = await cliRecord('tampered', ['connect-four', 'sprt', '--a', 'alphabeta2', '--b', 'random', '--max-games', '2', '--seed', '5', '--threads', '1']);
    const tampered = JSON.stringify({ ...record, moves: `${record.moves}${record.moves}` });
    const encoded = Buffer.from(tampered).toString('base64url');
    await withPage(`/connect-four?replay=${encoded}&ply=3`, async (page) => {
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/This game record cannot be replayed: move \d+ \(\d\) is not possible: the game was over/);
      expect(await page.getByRole('textbox', { name: 'Game record' }).isVisible()).toBe(true);
    });
    await withPage('/klondike?replay=@@', async (page) => {
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/not base64url/);
    });
  });
});
