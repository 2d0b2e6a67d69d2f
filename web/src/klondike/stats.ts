/**
 * Statistics kept in the browser's localStorage, as solitaire programs keep them: deals played
 * (a deal counts once its first move is made), deals won, the current and the best winning streak,
 * the best score. A deal is its number with its piles and draw size; replaying one counts it once.
 * A streak ends when a deal that was started is left unwon for another. Each rule set keeps its own
 * (`ruleSetKey`): a draw-3 Vegas game and the assignment's game are not the same contest. The
 * assignment's statistics stay under the key they had before there were other rule sets.
 *
 * For the validation of the difficulty grades by people (docs/klondike.md, "Difficulty"), each
 * rule set also counts its graded deals played and won **without help**, per grade: a deal counts
 * at its first move unless a hint was asked or the coach was on before, and stops counting (played,
 * and won if it was) once either happens.
 */
import { DIFFICULTY_GRADES, type DifficultyGrade } from '../../../src/games/klondike/difficulty.js';
import type { RuleSet } from './model.js';

/** Hint-free games of one grade. */
export interface GradeStats {
  readonly played: number;
  readonly won: number;
}

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
  /** Graded deals played and won without a hint or the coach, per grade. */
  readonly hintFree: Readonly<Record<DifficultyGrade, GradeStats>>;
  /** Deals a hint was asked in, or the coach was on (most recent last), at most KEEP of them: they count in no grade. */
  readonly helped: readonly string[];
}

export const STATS_KEY = 'tabletop-lab.klondike.stats';
const KEEP = 500;

const NO_GRADE_STATS: GradeStats = { played: 0, won: 0 };
const NO_HINT_FREE = Object.fromEntries(DIFFICULTY_GRADES.map((grade) => [grade, NO_GRADE_STATS])) as Record<DifficultyGrade, GradeStats>;

export const NO_STATS: KlondikeStats = { played: 0, won: 0, streak: 0, bestStreak: 0, started: [], wonDeals: [], bestScore: null, hintFree: NO_HINT_FREE, helped: [] };

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
      hintFree: hintFreeOf(data['hintFree']),
      helped: keys(data['helped']),
    };
  } catch {
    return NO_STATS;
  }
}

function hintFreeOf(value: unknown): Record<DifficultyGrade, GradeStats> {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(
    DIFFICULTY_GRADES.map((grade) => {
      const g = (typeof data[grade] === 'object' && data[grade] !== null ? data[grade] : {}) as Record<string, unknown>;
      const played = count(g['played']);
      return [grade, { played, won: Math.min(played, count(g['won'])) }];
    }),
  ) as Record<DifficultyGrade, GradeStats>;
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

/**
 * Before `recordStart`/`recordWin` of deal `key` of grade `grade` (null: not graded): counts it as
 * a hint-free game played (its first move) and won, unless help was had in it.
 */
export function recordHintFree(stats: KlondikeStats, key: string, grade: DifficultyGrade | null, won: boolean): KlondikeStats {
  if (grade === null || stats.helped.includes(key)) return stats;
  const first = !stats.started.includes(key);
  const newWin = won && !stats.wonDeals.includes(key);
  if (!first && !newWin) return stats;
  const g = stats.hintFree[grade];
  return { ...stats, hintFree: { ...stats.hintFree, [grade]: { played: g.played + (first ? 1 : 0), won: g.won + (newWin ? 1 : 0) } } };
}

/** Help was had in deal `key` (a hint, or the coach on): it counts in no grade from now on, nor did it. */
export function recordHelp(stats: KlondikeStats, key: string, grade: DifficultyGrade | null): KlondikeStats {
  if (stats.helped.includes(key)) return stats;
  const helped = [...stats.helped, key].slice(-KEEP);
  if (grade === null || !stats.started.includes(key)) return { ...stats, helped };
  const g = stats.hintFree[grade];
  const won = stats.wonDeals.includes(key) ? 1 : 0;
  return { ...stats, helped, hintFree: { ...stats.hintFree, [grade]: { played: Math.max(0, g.played - 1), won: Math.max(0, g.won - won) } } };
}
