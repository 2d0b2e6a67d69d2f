/**
 * The browser tests' harness: the built app served by `tabletop serve --port 0` (the way a user
 * runs it, not a dev server) and Debian's Chromium driven by playwright-core. Playwright cannot
 * download browsers here, so the system's /usr/bin/chromium is used; when it is missing the tests
 * fail with a message saying how to install it (`.ci/run` does so before `npm test`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CLI_PATH } from '../../src/test-support/cli.js';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * How long starting the server or the browser may take. Generous: they start in a second or two
 * on an idle machine, but the tests must pass on one busy with other work too, where a cold Node
 * or Chromium start can take a minute. A limit is there only to turn a hang into an error.
 */
const START_LIMIT_MS = 180_000;

/** Flags that keep Chromium from reaching out to the (closed) network and from needing a sandbox as root. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Server {
  readonly url: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `tabletop serve --port 0` from dist/ and waits for the URL it prints. */
export function startServer(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, 'serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`tabletop serve printed no URL within ${String(START_LIMIT_MS / 1000)} s. stdout: ${out} stderr: ${err}`));
    }, START_LIMIT_MS);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /http:\/\/\S+\//.exec(out);
      if (match === null) return;
      clearTimeout(timer);
      resolve({
        url: match[0],
        process: child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tabletop serve exited (${String(code)}) before printing its URL. stderr: ${err}`));
    });
  });
}

export interface BrowserSession {
  readonly browser: Browser;
  close(): Promise<void>;
}

/** Launches Chromium with a fresh profile; throws a clear error if it is not installed. */
export async function launchBrowser(): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM_PATH}: the browser tests need it. Install it with ` +
        '`apt-get update && apt-get install -y chromium` (.ci/run does this), or set CHROMIUM_PATH.',
    );
  }
  // Playwright's launch gives every browser a fresh, empty profile of its own (deleted on close).
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: START_LIMIT_MS });
  return { browser, close: () => browser.close() };
}

export async function newPage(session: BrowserSession, options: { reducedMotion?: boolean; width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await session.browser.newContext({
    viewport: { width: options.width ?? 1000, height: options.height ?? 760 },
    reducedMotion: options.reducedMotion === false ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  // Generous for the same reason: a wait that ends early only fails a test on a busy machine.
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * Clicks `Show solution` `times` times through the browser's real input path and returns, per
 * click, the ms from the pointer going down (the input event's own time stamp) to the first frame
 * after the page changed in answer. A busy main thread would delay both the handler and the frame.
 */
export async function measureClickLatency(page: Page, times: number): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { latencies: number[] };
    w.latencies = [];
    document.addEventListener(
      'pointerdown',
      (event) => {
        const started = event.timeStamp;
        const observer = new MutationObserver(() => {
          observer.disconnect();
          requestAnimationFrame(() => w.latencies.push(performance.now() - started));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      },
      { capture: true },
    );
  });
  const checkbox = page.getByRole('checkbox', { name: 'Show solution' });
  for (let i = 0; i < times; i++) {
    const wasChecked = await checkbox.isChecked();
    await checkbox.click();
    await page.waitForFunction((expected) => {
      const box = document.querySelector<HTMLInputElement>('input[type=checkbox]');
      return box?.checked === expected && (window as unknown as { latencies: number[] }).latencies.length > 0;
    }, !wasChecked);
    // Let the frame of this click land before the next one, so that each sample is its own.
    await page.waitForFunction((count) => (window as unknown as { latencies: number[] }).latencies.length >= count, i + 1);
  }
  return page.evaluate(() => (window as unknown as { latencies: number[] }).latencies);
}

/** Registers hooks that start the server and the browser before a file's tests and stop them after. */
export function serverAndBrowser(): { readonly server: Server; readonly session: BrowserSession } {
  // A browser test plays whole games through the page: minutes on a machine busy with other work.
  // The limit only turns a hang into a failure; no test's result depends on the machine's speed.
  vi.setConfig({ testTimeout: 600_000 });
  const env = {} as { server: Server; session: BrowserSession };
  beforeAll(async () => {
    [env.server, env.session] = await Promise.all([startServer(), launchBrowser()]);
  }, START_LIMIT_MS + 10_000);
  afterAll(async () => {
    await env.session?.close();
    await env.server?.stop();
  }, START_LIMIT_MS);
  return env;
}

/**
 * `withPage(path, body)`: opens `path` of the served app in a fresh context, runs `body`, and checks
 * that the page threw nothing meanwhile.
 */
export function pageOpener(env: { readonly server: Server; readonly session: BrowserSession }) {
  return async (path: string, body: (page: Page) => Promise<void>, options: { reducedMotion?: boolean; width?: number; height?: number } = {}): Promise<void> => {
    const { context, page, errors } = await newPage(env.session, options);
    try {
      await page.goto(env.server.url + path.replace(/^\//, ''));
      await body(page);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  };
}

/** The Connect Four solution row as `solve --analyze` writes it: `+2` shown as `2`, a full column as `-` ('…' while computing). */
export async function solutionTexts(page: Page): Promise<string[]> {
  const texts: string[] = [];
  for (let n = 1; n <= 7; n++) {
    const text = (await page.getByLabel(`Column ${String(n)} score`, { exact: true }).textContent()) ?? '';
    texts.push(text === '' ? '-' : text.replace(/^\+/, ''));
  }
  return texts;
}
