/**
 * `npm run bench:solution`: how long Show solution takes in Chromium beside `tabletop connect-four
 * solve --analyze` for the same positions (the target: the page at most 1.5 times the command
 * line). Each side starts cold, as a user meets it, and is timed to the answer:
 * - the command line: from spawning `node dist/cli/main.js connect-four solve --analyze` (Node's
 *   start, loading the command's modules, reading and checking both books, making the solver) to
 *   the process's exit after it printed the seven values;
 * - the page: from asking a blank tab, in a browser context of its own (an empty cache: a first
 *   visit), for the page's address with `solution=1` (the HTML, the app's scripts, the solver's
 *   worker, the books' download and check, the page's render) to the page showing every column
 *   (its note then starts "Scores for", looked for every 20 ms). Opening the blank tab is not
 *   timed, as the shell the command is typed in is not.
 * `SOLUTION_VISIT=returning` times a returning visitor instead: the same tab has opened the
 * Connect Four page once before (not timed), so the browser's cache holds the app and the books;
 * everything else (the page, its worker, the books' check) starts again.
 * `SOLUTION_VISIT=open` times the analysis alone, as a person on the page meets it: the page is
 * open at the position with Show solution off and its solver's worker ready (not timed), then
 * the timing runs from checking Show solution to the seven columns shown. The command line is
 * timed whole, as always.
 * The two alternate, ROUNDS times each, so that a change in the machine's load falls on both.
 * Prints the figures and checks only that the page shows what the command line prints.
 *
 * `SOLUTION_FILE=F` times the positions of a test set in Pons' format instead (one `<moves> <score>`
 * a line: Begin-Hard, which is not in the repository, for one), every `SOLUTION_EVERY`-th line
 * (default 1) from the first; the summary then gives each side's mean and maximum and how many
 * positions took over a second.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { mix32 } from '../../src/core/random.js';
import { runCli } from '../../src/test-support/cli.js';
import { parseTestSet } from '../../src/games/connect-four/testdata/test-sets.js';
import type { Page } from 'playwright-core';
import { newPage, serverAndBrowser, solutionTexts } from './harness.js';

/** Measurements per position and side (`SOLUTION_ROUNDS`), the median reported. */
const ROUNDS = Number(process.env['SOLUTION_ROUNDS'] ?? 3);
const VISITS = ['first', 'returning', 'open'] as const;
/** How the page is met (see above): a first visit, a returning visitor, or Show solution checked on the open page. */
const VISIT = (process.env['SOLUTION_VISIT'] ?? 'first') as (typeof VISITS)[number];
if (!VISITS.includes(VISIT)) throw new Error(`SOLUTION_VISIT must be ${VISITS.join(', ')}, not ${String(process.env['SOLUTION_VISIT'])}`);
const SEED = 26;
const env = serverAndBrowser();

/** The positions of SOLUTION_FILE (every SOLUTION_EVERY-th line), or the default choice. */
function positions(): string[] {
  const file = process.env['SOLUTION_FILE'];
  if (file === undefined) return defaultPositions();
  const every = Number(process.env['SOLUTION_EVERY'] ?? 1);
  if (!Number.isInteger(every) || every < 1) throw new Error(`SOLUTION_EVERY must be a whole number from 1, not ${String(process.env['SOLUTION_EVERY'])}`);
  return parseTestSet(readFileSync(file, 'utf8'))
    .filter((_, i) => i % every === 0)
    .map(({ moves }) => moves);
}

/** The issue's positions, then one of 6 to 30 stones from each of Pons' sets here but Begin-Hard (SOLUTION_FILE times that one), picked by SEED. */
function defaultPositions(): string[] {
  const chosen = ['4444422456', '444444', '13314', '11114', '123'];
  for (const [set, file] of ['Test_L1_R1', 'Test_L1_R2', 'Test_L2_R1', 'Test_L2_R2', 'Test_L3_R1'].entries()) {
    const lines = parseTestSet(readFileSync(new URL(`../../src/games/connect-four/testdata/${file}`, import.meta.url), 'utf8'));
    const fits = lines.filter(({ moves }) => moves.length >= 6 && moves.length <= 30);
    chosen.push(fits[(mix32(SEED + 16 * set) >>> 0) % fits.length]!.moves);
  }
  return chosen;
}

/** Resolves once the page's Show solution worker says it is ready (its books loaded, its solver made). */
const solverReady = (page: Page): Promise<unknown> =>
  page.waitForFunction(() => document.querySelector('label.switch')?.getAttribute('data-solver') === 'ready', undefined, { timeout: 600_000 });

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

it('measures Show solution against solve --analyze', { timeout: 4 * 3_600_000 }, async () => {
  const lines = ['position                 CLI s (median)  page s (median)  page/CLI'];
  console.log(lines[0]);
  let cliTotal = 0;
  let pageTotal = 0;
  const cliMedians: number[] = [];
  const pageMedians: number[] = [];
  for (const moves of positions()) {
    const cliTimes: number[] = [];
    const pageTimes: number[] = [];
    let cliTexts: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      const cli = await runCli(['connect-four', 'solve', '--analyze'], { input: `${moves}\n`, timeoutMs: 600_000 });
      cliTimes.push((performance.now() - started) / 1000);
      expect(cli.status).toBe(0);
      cliTexts = cli.stdout.trim().split(' ').slice(1);

      const { context, page } = await newPage(env.session);
      if (VISIT === 'returning') {
        // A visit before, not timed: the context's cache then holds the app's files and the books.
        await page.goto(`${env.server.url}connect-four?red=human&yellow=human`);
        await solverReady(page);
        await page.goto('about:blank');
      }
      if (VISIT === 'open') {
        await page.goto(`${env.server.url}connect-four?red=human&yellow=human&pos=${moves}`);
        await solverReady(page);
        started = performance.now();
        await page.getByRole('checkbox', { name: 'Show solution' }).check();
      } else {
        started = performance.now();
        await page.goto(`${env.server.url}connect-four?red=human&yellow=human&solution=1&pos=${moves}`);
      }
      await page.waitForFunction(() => document.querySelector('.solution-note')?.textContent?.startsWith('Scores for') === true, undefined, { timeout: 600_000, polling: 20 });
      pageTimes.push((performance.now() - started) / 1000);
      const shown = await solutionTexts(page);
      expect({ moves, shown }).toEqual({ moves, shown: cliTexts });
      await context.close();
    }
    const cliS = median(cliTimes);
    const pageS = median(pageTimes);
    cliMedians.push(cliS);
    pageMedians.push(pageS);
    cliTotal += cliS;
    pageTotal += pageS;
    lines.push(`${moves.padEnd(24)} ${cliS.toFixed(2).padStart(14)}  ${pageS.toFixed(2).padStart(15)}  ${(pageS / cliS).toFixed(2).padStart(8)}`);
    console.log(lines[lines.length - 1]); // as it goes: a run on a busy machine takes long
  }
  lines.push(`${'total'.padEnd(24)} ${cliTotal.toFixed(2).padStart(14)}  ${pageTotal.toFixed(2).padStart(15)}  ${(pageTotal / cliTotal).toFixed(2).padStart(8)}`);
  const spread = (times: number[]): string =>
    `mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)} s, max ${Math.max(...times).toFixed(2)} s, over 1 s: ${String(times.filter((t) => t > 1).length)} of ${String(times.length)}`;
  lines.push(`command line: ${spread(cliMedians)}`, `page:         ${spread(pageMedians)}`);
  const visit = { first: 'a first visit', returning: 'a returning visit', open: 'Show solution checked on the open page' }[VISIT];
  console.log([`Show solution in Chromium (${visit}) beside solve --analyze (wall seconds, ${VISIT === 'open' ? 'the command cold, the page open' : 'cold start each'}, median of ${String(ROUNDS)})`, ...lines].join('\n'));
});
