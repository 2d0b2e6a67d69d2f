/**
 * The coach's rating latency in the page: from the key that makes a decision to the coach's panel
 * showing that decision rated (not "rating it…"), measured in the page itself, one sample per
 * decision (`Move 7 …`, `Card 4, …`: `decisionWord`). The decision's number is read at the key press from the address: one more than the
 * moves in its parameter `movesParam` (`pos` for Connect Four, `moves` for ConnectFwar).
 */
import type { Page } from 'playwright-core';

export async function recordRatingLatency(page: Page, movesParam: string, decisionWord: 'Move' | 'Card'): Promise<void> {
  await page.evaluate(([param, word]) => {
    const w = window as unknown as { ratingLatencies: number[] };
    w.ratingLatencies = [];
    const moveNumber = (): number => (new URLSearchParams(location.search).get(param) ?? '').length + 1;
    document.addEventListener(
      'keydown',
      (event) => {
        if (!/^[1-7d]$/i.test(event.key)) return;
        const started = event.timeStamp;
        const decision = new RegExp(`^${word} ${String(moveNumber())}\\D`);
        const rated = (): boolean => {
          const text = document.querySelector('.coach-verdict')?.textContent ?? '';
          return decision.test(text) && !text.endsWith('rating it…');
        };
        const observer = new MutationObserver(() => {
          if (!rated()) return;
          observer.disconnect();
          requestAnimationFrame(() => w.ratingLatencies.push(performance.now() - started));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      },
      { capture: true },
    );
  }, [movesParam, decisionWord] as const);
}

export function ratingLatencies(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { ratingLatencies: number[] }).ratingLatencies);
}

/** Median and maximum, and each in the order of the decisions, rounded to the millisecond, for the report. */
export function latencySummary(latencies: readonly number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const median = sorted.length === 0 ? NaN : sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
  const each = latencies.map((ms) => ms.toFixed(0)).join(', ');
  return `median ${median.toFixed(0)} ms, max ${(sorted[sorted.length - 1] ?? NaN).toFixed(0)} ms over ${String(sorted.length)} decisions (in order: ${each})`;
}
