/**
 * Ranges of game (or item) indices [start, end): how shards split a run, and what a journal or a
 * set of results files still lacks. Pure functions, shared by the lab's results (records.ts) and
 * its job journals (jobs.ts).
 */
import type { GameRange } from './batching.js';

/**
 * The first two of `items` whose ranges [start, end) overlap, in order of their starts (the one
 * starting first first); undefined when no two overlap. Sorted by start, ranges that overlap
 * nowhere each end before the next starts, so neighbours are all that need comparing.
 */
export function firstOverlap<T extends { readonly start: number; readonly end: number }>(items: readonly T[]): readonly [T, T] | undefined {
  const sorted = [...items].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let k = 1; k < sorted.length; k++) {
    if (sorted[k]!.start < sorted[k - 1]!.end) return [sorted[k - 1]!, sorted[k]!];
  }
  return undefined;
}

/** Sorts and joins touching or overlapping ranges. */
export function coalesce(ranges: readonly GameRange[]): GameRange[] {
  const out: [number, number][] = [];
  for (const [s, e] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last !== undefined && s <= last[1]) last[1] = Math.max(last[1], e);
    else if (s < e) out.push([s, e]);
  }
  return out;
}

/** The parts of `planned` not in `covered` (both sorted and coalesced). */
export function missingRanges(planned: readonly GameRange[], covered: readonly GameRange[]): GameRange[] {
  const out: GameRange[] = [];
  for (const [ps, pe] of planned) {
    let cursor = ps;
    for (const [cs, ce] of covered) {
      if (ce <= cursor || cs >= pe) continue;
      if (cs > cursor) out.push([cursor, cs]);
      cursor = Math.max(cursor, ce);
    }
    if (cursor < pe) out.push([cursor, pe]);
  }
  return out;
}

/** The games of shard `index` (1-based) of `count` over [0, games): contiguous, disjoint, covering. */
export function shardRange(games: number, index: number, count: number): GameRange {
  if (!(Number.isSafeInteger(count) && count >= 1 && Number.isSafeInteger(index) && index >= 1 && index <= count)) {
    throw new RangeError(`Invalid shard ${String(index)}/${String(count)} (expected 1 <= i <= n)`);
  }
  return [Math.floor((games * (index - 1)) / count), Math.floor((games * index) / count)];
}
