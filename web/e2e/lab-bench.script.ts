/**
 * Part of `npm run bench:web`: the /lab page's throughput in Chromium against the CLI's on the same
 * experiment — `connect-fwar compare` of random, basic, suits and ranks, GAMES games each, seed 1,
 * on 2 threads (the CLI's `--threads 2`; the page's pool of Web Workers, one per hardware thread,
 * 2 here). Alternates page and CLI runs so both see the same machine load. The page's time runs
 * from the click on Run to the results (workers started in it); the CLI's is the process's wall
 * time (Node's start-up in it), and its own run time without start-up is printed too. Also checks
 * that both give the same JSON. Prints the figures; asserts only that equality.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runCli } from '../../src/test-support/cli.js';
import { newPage, serverAndBrowser } from './harness.js';

const GAMES = Number(process.env['LAB_BENCH_GAMES'] ?? 100_000);
const ROUNDS = Number(process.env['LAB_BENCH_ROUNDS'] ?? 3);
const PLAYERS = 'random,basic,suits,ranks';
const TOTAL = GAMES * PLAYERS.split(',').length;
const env = serverAndBrowser();

const rate = (seconds: number): string => `${Math.round(TOTAL / seconds).toLocaleString('en-US')} games/s`;

it('measures the lab page against the CLI', async () => {
  const lines: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { context, page } = await newPage(env.session);
    await page.goto(`${env.server.url}lab?game=connect-fwar&players=${PLAYERS}&games=${String(GAMES)}&seed=1`);
    const started = Date.now();
    await page.getByRole('button', { name: 'Run' }).click();
    const link = page.getByRole('link', { name: 'Download JSON' });
    await link.waitFor({ timeout: 600_000 });
    const pageSeconds = (Date.now() - started) / 1000;
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const pageJson = readFileSync((await download.path())!, 'utf8');
    const threads = await page.evaluate(() => navigator.hardwareConcurrency);
    await context.close();

    const cliStarted = Date.now();
    const cli = await runCli(['connect-fwar', 'compare', '--players', PLAYERS, '--games', String(GAMES), '--seed', '1', '--threads', '2', '--json'], { timeoutMs: 600_000 });
    const cliSeconds = (Date.now() - cliStarted) / 1000;
    const startup = Date.now();
    await runCli(['--version']);
    const startupSeconds = (Date.now() - startup) / 1000;
    expect(pageJson).toBe(cli.stdout);
    lines.push(
      `round ${String(round)}: page (${String(threads)} workers) ${pageSeconds.toFixed(2)} s = ${rate(pageSeconds)};  ` +
        `CLI --threads 2 ${cliSeconds.toFixed(2)} s = ${rate(cliSeconds)} (without Node's start-up, ${startupSeconds.toFixed(2)} s: ${rate(cliSeconds - startupSeconds)})`,
    );
  }
  process.stdout.write(`\nLab throughput, connect-fwar compare --players ${PLAYERS} --games ${GAMES.toLocaleString('en-US')} --seed 1 (${TOTAL.toLocaleString('en-US')} games):\n${lines.join('\n')}\n`);
});
