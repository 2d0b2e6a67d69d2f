/**
 * How hard a winnable Klondike deal is, graded from two measurements of the deal under a rule set:
 *
 * - **the honest player's win share**: the lab's `sampler` (whatever the game's registry makes of
 *   it: it sees only what a person sees) plays the deal `runs` times. The deal is the same every
 *   run; what varies is the player's generator — run r of deal d uses
 *   `rngFromSeed(deriveSeed(deriveSeed(seed, d), r))` — and with it the deals it samples for the
 *   cards it cannot see (and greedy's random choices when no sample gives a line).
 * - **the solver's effort**: the positions the rule set's solver searched to prove the deal
 *   winnable (a position budget and no clock, so the figure is the same on any machine).
 *
 * The grade (`gradeOf`, thresholds in `GRADE_THRESHOLDS`): the win share places the deal — won
 * at least 3 runs of 4: easy; at least 1 of 4: medium; less: hard — and a deal the solver needed
 * many positions to prove (`effortPositions` of its rule set or more) goes one grade harder, so a deal the player
 * never won is expert when its proof was long. The player's wins come first because they are the
 * nearer measure of a person's chances; the effort splits the deals the runs leave alike (4 runs
 * give few distinct shares, and most deals are won every time or never). Deals the solver did not
 * prove winnable within the budget get no grade. Everything is deterministic from the deal, the
 * rule set and the seed.
 *
 * The measuring is difficulty-measure.ts's (`measureDeal`); this file reads no player, so the page
 * loads it without them. A grading table (`formatDifficultyTable`, `parseDifficultyTable`) is text, one deal a line, so
 * the game module ships tables without reading files (difficulty-data.ts) and a damaged one is a
 * clear error naming its line. `pickGradedDeal` picks a deal of a grade from a table, by a seed.
 */
import { randomInt, rngFromSeed } from '../../core/random.js';
import type { SolveVerdict } from './solver/solver.js';

export const DIFFICULTY_GRADES = ['easy', 'medium', 'hard', 'expert'] as const;
export type DifficultyGrade = (typeof DIFFICULTY_GRADES)[number];

/**
 * The grade's thresholds: the least win share of easy and of medium (by the share alone; below
 * medium's: hard), and the solver effort that makes a deal one grade harder. The effort is counted
 * by each rule set's own solver, on scales far apart, so each has its threshold, set between the
 * proofs of the deals the player won every time and those of the deals it never won: the value
 * that puts fewest of the first at or above it and of the second below it.
 *
 * - The assignment's rules (solver.ts): 2,000. The deals won every time mostly take under 300
 *   positions, those never won mostly thousands.
 * - The standard rules (the card-set search): 100. It proves a deal whose line needs no going back
 *   in about 80 to 100 positions, and a deal the player won every time seldom needs more (median
 *   89 drawing 3, 83 drawing 1), where the player's lost deals mostly need hundreds (medians 687
 *   and 1,755). Over deals 1..600 of both draws, 100 leaves 70 deals on the wrong side (40 drawing
 *   3, 30 drawing 1), fewer than any other threshold from 85 to 130 in steps of 5 (300: 172; 2,000,
 *   the old value: 277). docs/benchmarks.md, "Klondike difficulty grades", has the check.
 */
export const GRADE_THRESHOLDS = {
  /** Least win share of easy and of medium, before the effort. */
  share: { easy: 0.75, medium: 0.25 },
  /** Positions the rule set's solver searched to prove the deal winnable, from which the deal goes one grade harder. */
  effortPositions: { assignment: 2_000, standard: 100 },
} as const;

/** What grading measured of one deal. */
export interface DealMeasure {
  /** The deal number (`klondike play --seed N`, the page's deal N with 7 piles). */
  readonly deal: number;
  /** The solver's verdict within the budget; only winnable deals are played and graded. */
  readonly verdict: SolveVerdict;
  /** Positions the solver searched. */
  readonly positions: number;
  /** Grading runs the honest player won (of the table's `runs`); 0 for a deal not proved winnable. */
  readonly wins: number;
  /** Check runs (other generators than the grading runs': out of sample) it won, of `checkRuns`. */
  readonly checkWins: number;
}

/** How a table was measured: the rule set, the player's runs and the solver's budget. */
export interface GradingParams {
  /** 'standard' or 'assignment', the cards turned (or shown) at a time, and the passes (null: unlimited). */
  readonly rules: 'assignment' | 'standard';
  readonly draw: number;
  readonly passes: number | null;
  /** Runs of the honest player that grade a deal, and further runs that check the grades. */
  readonly runs: number;
  readonly checkRuns: number;
  /** The solver's position budget per deal. */
  readonly maxStates: number;
  /** The seed the player's generators derive from. */
  readonly seed: number;
}

/** The grade of a deal whose grading runs won `wins` of `runs` and whose proof under `rules` took `positions` positions. */
export function gradeOf(wins: number, runs: number, positions: number, rules: GradingParams['rules']): DifficultyGrade {
  if (!(Number.isSafeInteger(runs) && runs >= 1 && Number.isSafeInteger(wins) && wins >= 0 && wins <= runs)) throw new RangeError(`A grade needs 0 ≤ wins ≤ runs and runs ≥ 1, got ${String(wins)} of ${String(runs)}`);
  const share = wins / runs;
  const { easy, medium } = GRADE_THRESHOLDS.share;
  const byShare = share >= easy ? 0 : share >= medium ? 1 : 2;
  const harder = positions >= GRADE_THRESHOLDS.effortPositions[rules] ? 1 : 0;
  return DIFFICULTY_GRADES[Math.min(byShare + harder, DIFFICULTY_GRADES.length - 1)]!;
}

// ---- Tables ----

/** A grading table: how it was measured, and each deal's measurements, by deal number. */
export interface DifficultyTable {
  readonly params: GradingParams;
  readonly deals: ReadonlyMap<number, DealMeasure>;
}

/** A table that cannot be read: what is wrong, and where. */
export class DifficultyTableError extends Error {
  override readonly name = 'DifficultyTableError';
}

const TABLE_FORMAT = 'tabletop-klondike-grades/1';
const VERDICT_LETTER: Record<SolveVerdict, string> = { winnable: 'w', unwinnable: 'u', undecided: '?' };

/**
 * The table as text: a header line naming the format and the parameters, then one line per deal —
 * `deal verdict positions wins checkWins`, the verdict a letter (w winnable, u unwinnable, ? undecided).
 */
export function formatDifficultyTable(table: DifficultyTable): string {
  const p = table.params;
  const header = [TABLE_FORMAT, `rules=${p.rules}`, `draw=${String(p.draw)}`, `passes=${p.passes === null ? 'unlimited' : String(p.passes)}`, `runs=${String(p.runs)}`, `checkRuns=${String(p.checkRuns)}`, `maxStates=${String(p.maxStates)}`, `seed=${String(p.seed)}`];
  const lines = [...table.deals.values()].sort((a, b) => a.deal - b.deal).map((d) => `${String(d.deal)} ${VERDICT_LETTER[d.verdict]} ${String(d.positions)} ${String(d.wins)} ${String(d.checkWins)}`);
  return `${header.join(' ')}\n${lines.join('\n')}\n`;
}

const WHOLE = /^(0|[1-9]\d{0,15})$/;

/** Reads a table written by `formatDifficultyTable`; a DifficultyTableError naming `name` and the line for anything else. */
export function parseDifficultyTable(text: string, name = 'the difficulty table'): DifficultyTable {
  const lines = text.split('\n');
  const fail = (line: number, problem: string): never => {
    throw new DifficultyTableError(`${name}, line ${String(line)}: ${problem}`);
  };
  const [format, ...fields] = (lines[0] ?? '').trim().split(/\s+/);
  if (format !== TABLE_FORMAT) fail(1, `not a grading table (it should begin with '${TABLE_FORMAT}', found '${(lines[0] ?? '').slice(0, 40)}')`);
  const header = new Map(fields.map((field) => field.split('=', 2) as [string, string | undefined]));
  const whole = (key: string, least: number): number => {
    const value = header.get(key);
    if (value === undefined || !WHOLE.test(value) || Number(value) < least) fail(1, `${key} should be a whole number from ${String(least)}, found '${String(value)}'`);
    return Number(value);
  };
  const rules = header.get('rules');
  if (rules !== 'standard' && rules !== 'assignment') fail(1, `rules should be standard or assignment, found '${String(rules)}'`);
  const passesText = header.get('passes');
  const passes = passesText === 'unlimited' ? null : whole('passes', 1);
  const params: GradingParams = { rules: rules as GradingParams['rules'], draw: whole('draw', 1), passes, runs: whole('runs', 1), checkRuns: whole('checkRuns', 0), maxStates: whole('maxStates', 1), seed: whole('seed', 0) };
  const deals = new Map<number, DealMeasure>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const [dealText, letter, positionsText, winsText, checkText, extra] = line.split(/\s+/);
    const verdict = (Object.keys(VERDICT_LETTER) as SolveVerdict[]).find((v) => VERDICT_LETTER[v] === letter);
    const numbers = [dealText, positionsText, winsText, checkText];
    if (extra !== undefined || verdict === undefined || !numbers.every((n) => n !== undefined && WHOLE.test(n))) fail(i + 1, `'${line.slice(0, 60)}' is not 'deal verdict positions wins checkWins' (the verdict w, u or ?)`);
    const [deal, positions, wins, checkWins] = numbers.map(Number) as [number, number, number, number];
    if (wins > params.runs || checkWins > params.checkRuns) fail(i + 1, `deal ${String(deal)} won ${String(wins)} of ${String(params.runs)} runs and ${String(checkWins)} of ${String(params.checkRuns)} check runs: more than were played`);
    if (verdict !== 'winnable' && wins + checkWins > 0) fail(i + 1, `deal ${String(deal)} is not proved winnable, yet won runs`);
    if (deals.has(deal)) fail(i + 1, `deal ${String(deal)} is listed twice`);
    deals.set(deal, { deal, verdict: verdict!, positions, wins, checkWins });
  }
  return { params, deals };
}

/** A graded deal's grade under the table, or null for a deal it does not list as winnable. */
export function gradeInTable(table: DifficultyTable, deal: number): DifficultyGrade | null {
  const measure = table.deals.get(deal);
  return measure === undefined || measure.verdict !== 'winnable' ? null : gradeOf(measure.wins, table.params.runs, measure.positions, table.params.rules);
}

/** The table's deals of `grade` ('any': every winnable one), by number. */
export function dealsOfGrade(table: DifficultyTable, grade: DifficultyGrade | 'any'): number[] {
  return [...table.deals.values()]
    .filter((d) => d.verdict === 'winnable' && (grade === 'any' || gradeOf(d.wins, table.params.runs, d.positions, table.params.rules) === grade))
    .map((d) => d.deal)
    .sort((a, b) => a - b);
}

/** A winnable deal of `grade` from the table, chosen by `seed` (the same seed, the same deal); null when the table has none of that grade. */
export function pickGradedDeal(table: DifficultyTable, grade: DifficultyGrade | 'any', seed: number): number | null {
  const deals = dealsOfGrade(table, grade);
  return deals.length === 0 ? null : deals[randomInt(rngFromSeed(seed), deals.length)]!;
}
