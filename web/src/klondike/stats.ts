/**
 * Statistics kept in the browser's localStorage, as solitaire programs keep them: deals played
 * (a deal counts once its first move is made), deals won, the current and the best winning streak,
 * the best score. A deal is its number with its piles and draw size; replaying one counts it once.
 * A streak ends when a deal that was started is left unwon for another. Each rule set keeps its own
 * (`ruleSetKey`): a draw-3 Vegas game and the assignment's game are not the same contest. The
 * assignment's statistics stay under the key they had before there were other rule sets.
 */
import type { RuleSet } from './model.js';

export interface KlondikeStats {
  readonly played: number;
  readonly won: number;
  readonly streak: number;
  readonly bestStreak: number;
  /** Deals started (most recent last), at most KEEP of them. */
  readonly started: readonly string[];
  /** Deals won (most recent last), at most KEEP of them. */
  readonly wonDeals: readonly string[];
  /** The best score reached in a deal (the rule set's points; cards on the foundations under the assignment's rules); null before any. */
  readonly bestScore: number | null;
}

export const STATS_KEY = 'tabletop-lab.klondike.stats';
const KEEP = 500;

export const NO_STATS: KlondikeStats = { played: 0, won: 0, streak: 0, bestStreak: 0, started: [], wonDeals: [], bestScore: null };

/** The rule set's name in storage: "assignment", or e.g. "standard/draw3/passes1/vegas". */
export function ruleSetKey(rules: RuleSet): string {
  if (rules.rules === 'assignment') return 'assignment';
  return `standard/draw${String(rules.draw)}/passes${rules.passes === Infinity ? 'unlimited' : String(rules.passes)}/${rules.scoring}`;
}

/** Where a rule set's statistics are stored (the assignment's where they always were). */
export function storageKey(ruleSet: string): string {
  return ruleSet === 'assignment' ? STATS_KEY : `${STATS_KEY}.${ruleSet}`;
}

export function dealKey(seed: number, piles: number, draw: number): string {
  return `${String(seed)}/${String(piles)}/${String(draw)}`;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0);
const keys = (value: unknown): string[] => (Array.isArray(value) ? value.filter((k): k is string => typeof k === 'string').slice(-KEEP) : []);

/** The stored statistics; anything unreadable (no storage, bad JSON, wrong shapes) reads as none. */
export function loadStats(storage: Pick<Storage, 'getItem'> | null, ruleSet = 'assignment'): KlondikeStats {
  try {
    const text = storage?.getItem(storageKey(ruleSet));
    if (text === null || text === undefined) return NO_STATS;
    const data = JSON.parse(text) as Record<string, unknown>;
    return {
      played: count(data['played']),
      won: count(data['won']),
      streak: count(data['streak']),
      bestStreak: count(data['bestStreak']),
      started: keys(data['started']),
      wonDeals: keys(data['wonDeals']),
      bestScore: typeof data['bestScore'] === 'number' && Number.isSafeInteger(data['bestScore']) ? data['bestScore'] : null,
    };
  } catch {
    return NO_STATS;
  }
}

export function saveStats(storage: Pick<Storage, 'setItem'> | null, stats: KlondikeStats, ruleSet = 'assignment'): void {
  try {
    storage?.setItem(storageKey(ruleSet), JSON.stringify(stats));
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

/** When a deal reaches `score`. */
export function recordScore(stats: KlondikeStats, score: number): KlondikeStats {
  return stats.bestScore !== null && stats.bestScore >= score ? stats : { ...stats, bestScore: score };
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
