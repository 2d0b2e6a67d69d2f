/**
 * Statistics kept in the browser's localStorage, as solitaire programs keep them: deals played
 * (a deal counts once its first move is made), deals won, the current and the best winning streak.
 * A deal is its number with its piles and draw size; replaying one counts it once. A streak ends
 * when a deal that was started is left unwon for another.
 */
export interface KlondikeStats {
  readonly played: number;
  readonly won: number;
  readonly streak: number;
  readonly bestStreak: number;
  /** Deals started (most recent last), at most KEEP of them. */
  readonly started: readonly string[];
  /** Deals won (most recent last), at most KEEP of them. */
  readonly wonDeals: readonly string[];
}

export const STATS_KEY = 'tabletop-lab.klondike.stats';
const KEEP = 500;

export const NO_STATS: KlondikeStats = { played: 0, won: 0, streak: 0, bestStreak: 0, started: [], wonDeals: [] };

export function dealKey(seed: number, piles: number, draw: number): string {
  return `${String(seed)}/${String(piles)}/${String(draw)}`;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const keys = (value: unknown): string[] => (Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string').slice(-KEEP) : []);

/** The stored statistics; anything unreadable (no storage, bad JSON, wrong shapes) reads as none. */
export function loadStats(storage: Pick<Storage, 'getItem'> | null): KlondikeStats {
  try {
    const text = storage?.getItem(STATS_KEY);
    if (text === null || text === undefined) return NO_STATS;
    const data = JSON.parse(text) as Record<string, unknown>;
    return {
      played: count(data['played']),
      won: count(data['won']),
      streak: count(data['streak']),
      bestStreak: count(data['bestStreak']),
      started: keys(data['started']),
      wonDeals: keys(data['wonDeals']),
    };
  } catch {
    return NO_STATS;
  }
}

export function saveStats(storage: Pick<Storage, 'setItem'> | null, stats: KlondikeStats): void {
  try {
    storage?.setItem(STATS_KEY, JSON.stringify(stats));
  } catch {
    // Storage full or refused (private mode): the statistics are a convenience, play goes on.
  }
}

/** After the first move of deal `key`. */
export function recordStart(stats: KlondikeStats, key: string): KlondikeStats {
  if (stats.started.includes(key)) return stats;
  const previous = stats.started.at(-1);
  const brokeStreak = previous !== undefined && !stats.wonDeals.includes(previous);
  return { ...stats, played: stats.played + 1, streak: brokeStreak ? 0 : stats.streak, started: [...stats.started, key].slice(-KEEP) };
}

/** When deal `key` is won. */
export function recordWin(stats: KlondikeStats, key: string): KlondikeStats {
  if (stats.wonDeals.includes(key)) return stats;
  const started = recordStart(stats, key);
  const streak = started.streak + 1;
  return { ...started, won: started.won + 1, streak, bestStreak: Math.max(started.bestStreak, streak), wonDeals: [...started.wonDeals, key].slice(-KEEP) };
}

/**
 * "42%" of the deals decided, or "–" before any. The deal started last and not won is still being
 * played: it counts once it is won, or as lost once another deal is started (so the first deal
 * never shows "0%" while it is played).
 */
export function winRate(stats: KlondikeStats): string {
  const last = stats.started.at(-1);
  const open = last !== undefined && !stats.wonDeals.includes(last) ? 1 : 0;
  const decided = stats.played - open;
  return decided <= 0 ? '–' : `${String(Math.round((100 * stats.won) / decided))}%`;
}
