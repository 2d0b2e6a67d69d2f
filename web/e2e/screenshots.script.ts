/**
 * `npm run screenshots`: pictures of the app for the README, saved in docs/screenshots/ (the
 * built app, served by `tabletop serve`, in headless Chromium).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHANCE } from '../../src/core/game.js';
import { rngFromSeed } from '../../src/core/random.js';
import { ConnectFwarState } from '../../src/games/connect-fwar/engine.js';
import { DISCARD } from '../../src/games/connect-fwar/rules.js';
import { legalSlots, replayGame } from '../src/uno-war/model.js';
import { ENGINE_STATE } from '../../src/games/klondike/engine.js';
import { solveKlondike } from '../../src/games/klondike/solver/solver.js';
import { applyMove, type KlondikeMove } from '../../src/games/klondike/moves.js';
import { allFaceUp } from '../../src/games/klondike/progress.js';
import { dealModel, movesToText, textToMoves } from '../src/klondike/model.js';
import { BatchPlayer, type ExperimentConfig, type PlayedGame } from '../../src/lab/experiment.js';
import { gameRecordLine, playedGameRecord } from '../../src/lab/game-record.js';
import { gameById } from '../../src/lab/registry.js';
import { toBase64Url } from '../src/replay/model.js';
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

/** The first `count` moves of deal `seed` (the last legal column, else discard) and a column then blocked. */
function connectFwarMoves(seed: number, count: number): { moves: string; blocked: number } {
  const state = new ConnectFwarState();
  const chance = rngFromSeed(seed);
  state.applyAction(state.sampleChance(chance));
  let moves = '';
  for (let i = 0; i < count && !state.isTerminal(); i++) {
    const legal = [0, 1, 2, 3].filter((col) => state.canPlay(state.drawn, col));
    const move = legal.length > 0 ? legal[legal.length - 1]! : DISCARD;
    moves += move === DISCARD ? 'd' : String(move + 1);
    state.applyAction(move);
    if (state.currentPlayer() === CHANCE) state.applyAction(state.sampleChance(chance));
  }
  const blocked = state.isTerminal() ? 0 : [0, 1, 2, 3].find((col) => !state.canPlay(state.drawn, col)) ?? 0;
  return { moves, blocked };
}

/** `count` plays of the person's on deal `seed` against `ai` (the first card that may go), as the address writes them. */
function unoWarMoves(seed: number, ai: string, count: number): string {
  const moves: number[] = [];
  for (let i = 0; i < count; i++) {
    const { state } = replayGame(seed, ai, moves);
    if (state.isTerminal()) break;
    moves.push(legalSlots(state)[0]!);
  }
  return moves.map((slot) => String(slot + 1)).join('');
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
  // 311165532 lies past the opening book and off the strategy book's lines: the perfect player
  // searches for most of its budget on the page (PERFECT_BUDGET_MS, 1.6 s; about 1.3 s in Node), so
  // the picture is taken half a second in.
  await shoot('connect-four-thinking.png', 'connect-four?red=human&yellow=perfect&pos=31116553', { width: 1000, height: 760 }, async (page) => {
    await page.getByRole('button', { name: 'Column 2', exact: true }).click();
    await expect.poll(() => page.getByRole('timer').textContent()).toContain('is thinking');
    await page.waitForTimeout(500);
  });
  const opening = connectFwarMoves(3, 6);
  await shoot('connect-fwar-play.png', `connect-fwar?seed=3&moves=${opening.moves}`, { width: 1000, height: 820 }, async (page) => {
    await page.getByRole('button', { name: `Column ${String(opening.blocked + 1)}`, exact: true }).click({ force: true });
    await expect.poll(() => page.locator('.notice').textContent()).toMatch(/cannot go on|is full/);
    for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Step' }).click();
  });
  await shoot('connect-fwar-done.png', `connect-fwar?seed=3&moves=${connectFwarMoves(3, 52).moves}&strategy=suits&speed=fast`, { width: 1000, height: 820 }, async (page) => {
    await page.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Strategy' }).textContent(), { timeout: 30_000 }).toMatch(/score/);
  });
  await shoot('connect-fwar-phone.png', `connect-fwar?seed=7&moves=${connectFwarMoves(7, 3).moves}`, { width: 390, height: 844 }, async (page) => {
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^Place the /);
  });
  await shoot('uno-war-play.png', `uno-war?seed=39&ai=smallest&auto=0&moves=${unoWarMoves(39, 'smallest', 40)}`, { width: 1000, height: 760 }, async (page) => {
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your turn/);
    const blocked = page.locator('.uno-card.blocked').first();
    if ((await blocked.count()) > 0) await blocked.click({ force: true });
  });
  await shoot('uno-war-phone.png', `uno-war?seed=7&ai=biggest&auto=0&moves=${unoWarMoves(7, 'biggest', 6)}`, { width: 390, height: 844 }, async (page) => {
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Your turn/);
  });
  await shoot('connect-four-phone.png', 'connect-four?red=human&yellow=alphabeta3&pos=5554224333234511764415115', { width: 390, height: 844 }, showSolution);
});

it('takes the UnoWar coach screenshot', async () => {
  // Deal 5's first decision: the Ten of Hearts (position 1) on the Nine of Diamonds, which the coach marks an inaccuracy.
  await shoot('uno-war-coach.png', 'uno-war?seed=5&ai=smallest&coach=1&moves=1', { width: 1000, height: 900 }, async (page) => {
    await page.getByRole('table', { name: 'The coach on decision 1: the chance to win after each card' }).waitFor({ timeout: 120_000 });
  });
});

/** The first `count` moves of the solver's winning line for a Klondike deal, as the address writes them. */
function klondikeLine(seed: number, piles: number, draw: number, count: number): string {
  return movesToText(winningLine(seed, piles, draw).slice(0, count));
}

function winningLine(seed: number, piles: number, draw: number): KlondikeMove[] {
  return [...(solveKlondike(dealModel(seed, piles, draw)[ENGINE_STATE]().clone(), { timeMs: 10_000 }).moves ?? [])];
}

/** The solver's line for a deal up to the move that turns the last pile card face up (then the page finishes by itself). */
function untilFaceUp(seed: number, piles: number, draw: number): string {
  const model = dealModel(seed, piles, draw);
  const made: KlondikeMove[] = [];
  for (const move of winningLine(seed, piles, draw)) {
    if (allFaceUp(model)) break;
    applyMove(model, move);
    made.push(move);
  }
  return movesToText(made.slice(0, -1));
}

it('takes the coach screenshots', async () => {
  // Red, with three in column 1, plays column 2 instead of winning: the coach's rating.
  await shoot('connect-four-coach.png', 'connect-four?red=human&yellow=human&coach=1&pos=141414', { width: 1000, height: 900 }, async (page) => {
    await page.getByRole('button', { name: 'Column 2', exact: true }).click();
    await expect.poll(() => page.locator('.coach-verdict').textContent()).toMatch(/^Move 7 .*a mistake/);
  });
  // Deal 56: the second card stacked on the first; the deal's end and the coach's summary.
  await shoot('connect-fwar-coach.png', 'connect-fwar?seed=56&moves=2231&coach=1', { width: 1000, height: 900 }, async (page) => {
    await page.getByRole('button', { name: 'Column 4', exact: true }).click({ force: true });
    await expect.poll(() => page.getByRole('region', { name: "Coach's summary" }).textContent()).toContain('5 decisions');
  });
});

it('takes the Klondike screenshots', async () => {
  await shoot('klondike-hint.png', `klondike?seed=21&draw=1&piles=7&moves=${klondikeLine(21, 7, 1, 60)}`, { width: 1000, height: 900 }, async (page) => {
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await expect.poll(() => page.getByRole('status', { name: 'Hint' }).textContent(), { timeout: 30_000 }).toMatch(/keeps the deal winnable/);
  });
  await shoot('klondike-won.png', `klondike?seed=21&draw=1&piles=7&moves=${untilFaceUp(21, 7, 1)}`, { width: 1000, height: 900 }, async (page) => {
    // The last face-down card turned up by keys (only pile moves turn cards up); the page then finishes by itself.
    const move = winningLine(21, 7, 1)[textToMoves(untilFaceUp(21, 7, 1)).moves.length]!;
    // The page's code loads after the document: keys pressed before it shows would be lost.
    await expect.poll(() => page.getByRole('status', { name: 'Game' }).textContent()).toMatch(/^Build the foundations/);
    if (move.kind === 'movePile') for (const key of [move.src + 1, move.dest + 1]) await page.keyboard.press(String(key));
    else if (move.kind === 'moveToFoundation') for (const key of [String(move.src + 1), 'f']) await page.keyboard.press(key);
    else throw new Error(`a ${move.kind} turns no card up`);
    await expect.poll(() => page.getByRole('status', { name: 'Game' }).textContent(), { timeout: 20_000 }).toMatch(/^You won!/);
  });
  await shoot('klondike-phone.png', `klondike?seed=8&draw=3&piles=7&moves=${klondikeLine(8, 7, 3, 30)}`, { width: 390, height: 844 }, async (page) => {
    await page.getByRole('status', { name: 'Game' }).waitFor();
    // A card chosen: it waits for its destination.
    await page.locator('.k-pile button.k-card').first().click({ position: { x: 12, y: 6 } });
  });
  // The coach beside the table on a wide window, under it on a phone: deal 5's eighth move, a mistake (web/e2e/klondike.e2e.test.ts).
  const coached = 'klondike?seed=5&draw=1&piles=7&auto=0&coach=1&moves=p7f1p2n1t5p6n1t2p7n1t5s1ds6p2n2t6';
  await shoot('klondike-coach.png', coached, { width: 1280, height: 800 }, async (page) => {
    await page.getByRole('table', { name: /^The coach on move 8: / }).waitFor({ timeout: 120_000 });
  });
  await shoot('klondike-coach-phone.png', coached, { width: 390, height: 844 }, async (page) => {
    await page.getByRole('table', { name: /^The coach on move 8: / }).waitFor({ timeout: 120_000 });
    await page.getByRole('button', { name: 'Give up', exact: true }).click();
    await page.getByRole('button', { name: 'Back to move 8' }).waitFor({ timeout: 120_000 });
  });
});

/** The lab page after a run: the tables and the charts (`-t lab` remakes only these). */
it('takes the lab screenshots', async () => {
  const ran = async (page: Page): Promise<void> => {
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByRole('link', { name: 'Download JSON' }).waitFor({ timeout: 120_000 });
    // Park the pointer away from the charts so no tip shows.
    await page.mouse.move(0, 0);
  };
  await shoot('lab-compare.png', 'lab?game=connect-fwar&players=random,basic,ranks&games=20000&seed=1', { width: 1000, height: 900 }, ran);
  await shoot('lab-tournament.png', 'lab?game=uno-war&players=random,smallest,biggest&games=2000&seed=1', { width: 1000, height: 900 }, ran);
  await shoot('lab-phone.png', 'lab?game=connect-fwar&players=basic,suits&games=5000&seed=2&paired=1', { width: 390, height: 844 }, ran);
});

it('takes the game record replay', async () => {
  // Game 0 of random against biggest, as `uno-war sprt --seed 4 --records` writes it.
  const config: ExperimentConfig = { game: 'uno-war', lineups: [['random', 'biggest']], seed: 4, paired: true };
  const games: PlayedGame[] = [];
  new BatchPlayer(config).play(0, 1, undefined, undefined, games);
  const record = playedGameRecord(gameById('uno-war'), games[0]!, ['random', 'biggest']);
  await shoot('replay-uno-war.png', `uno-war?replay=${toBase64Url(gameRecordLine(record))}&ply=${String(games[0]!.actions.length)}`, { width: 1000, height: 620 }, async (page) => {
    await expect.poll(() => page.getByTestId('result').count()).toBe(1);
  });
});
