/**
 * `npm run bench:web`: how fast the Connect Four page answers a click while the perfect computer
 * thinks (the target: within 200 ms), next to the same clicks with nobody thinking. Each click
 * toggles `Show solution`, which also starts (or cancels) the solver in its own worker, so both
 * workers compete with the page for the machine's cores. Prints the figures; asserts nothing.
 */
import { expect, it } from 'vitest';
import { measureClickLatency, newPage, serverAndBrowser } from './harness.js';

const CLICKS = 20;
const env = serverAndBrowser();

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number): string => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `${label.padEnd(34)} n=${String(sorted.length)}  median ${at(0.5)} ms  p90 ${at(0.9)} ms  max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
}

it('measures click latency', async () => {
  const lines: string[] = [];
  {
    const { context, page } = await newPage(env.session);
    await page.goto(`${env.server.url}connect-four?red=human&yellow=human&pos=4453`);
    await page.getByRole('status').waitFor();
    lines.push(summary('idle (two humans)', await measureClickLatency(page, CLICKS)));
    await context.close();
  }
  {
    const { context, page } = await newPage(env.session);
    // An early position: the perfect player searches for most of its 18 s.
    await page.goto(`${env.server.url}connect-four?red=human&yellow=perfect&pos=4453`);
    await page.getByRole('button', { name: 'Column 4', exact: true }).click();
    await expect.poll(() => page.getByRole('timer').textContent()).toContain('is thinking');
    const latencies = await measureClickLatency(page, CLICKS);
    const stillThinking = (await page.getByRole('timer').textContent())?.includes('is thinking') ?? false;
    lines.push(summary('while the perfect computer thinks', latencies) + (stillThinking ? '' : '  (the computer had finished before the last click)'));
    await context.close();
  }
  console.log(['Connect Four page: pointer down to the next frame after the page changed', ...lines].join('\n'));
});
