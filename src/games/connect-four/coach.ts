/**
 * The coach: after each decision of a person, the solver's score of every column they had, their
 * choice marked with what it cost, and at the end of the game a summary (total cost, the costliest
 * decisions, accuracy, the rule of thumb of docs/what-wins.md each costly decision broke).
 *
 * Scores are the solver's (Pascal Pons' convention, the mover's view: 22 - k when the mover wins
 * with its k-th stone, 0 a draw, negative a loss). Each rating has a fixed node budget
 * (COACH_NODES, about 100 ms of search on one core), so a rating is the same on any machine and
 * under any load; a column the budget does not settle gets the bounds proven (a column's
 * win/draw/loss is settled far more often than its exact score). Nothing is claimed beyond what
 * was proven: a choice is a mistake or an inaccuracy only when another column is proven better.
 *
 * This module knows nothing of terminals or pages; the CLI's `play --coach` prints its ratings and
 * the browser app can run it in a Web Worker.
 */
import { WIDTH, immediateWinScore, type Position } from './position.js';
import { positionTerms } from './players/tuning.js';
import { boundsText, narrowBySign } from './solver/answers.js';
import type { Solver } from './solver/solver.js';
import { tallyVerdicts, type RuleOfThumb, type Verdict, type VerdictTally } from '../../core/coach.js';

/**
 * Nodes the solver may search for one rating (all columns together): about 100 ms at the
 * solver's 30-40 million nodes a second on one quiet core (docs/connect-four-solver.md).
 */
export const COACH_NODES = 2_500_000;

/** What a column is proven worth to the mover: the score lies in [lower, upper] (equal: exact). */
export interface ColumnScore {
  readonly lower: number;
  readonly upper: number;
}

/**
 * The verdicts here: best: no column was proven better; inaccuracy: the same outcome, proven
 * slower to win (or faster to lose); mistake: a worse outcome.
 */
export type { Verdict, RuleOfThumb } from '../../core/coach.js';

/** A game's outcome for the mover with best play from then on. */
export type Outcome = 'win' | 'draw' | 'loss';

/** The rules of thumb of docs/what-wins.md (Connect Four, "What a person should learn"). */
export const RULES_OF_THUMB = {
  rightRow: { number: 1, title: 'A threat is only as good as its row' },
  stack: { number: 2, title: 'Stack your threats' },
  centre: { number: 3, title: 'Take the centre, but not at any price' },
  lookAhead: { number: 4, title: 'Look one move further than your opponent' },
  deep: { number: 5, title: 'Perfect play is far deeper than any search a person can do' },
} as const satisfies Record<string, RuleOfThumb>;

/**
 * Material (lines through the mover's stones, see what-wins.md rule 3) by which the best column
 * must lead the chosen one for the centre rule to be the one broken: a centre stone against an
 * edge one on the bottom row is 4 (7 against 3).
 */
const CENTRE_MARGIN = 4;

/** One decision of the person, rated. */
export interface Rating {
  /** The moves before the decision, 1-based column digits (`play --pos` reads them). */
  readonly before: string;
  /** The scores of the seven columns (null: full), column 1 first. */
  readonly columns: readonly (ColumnScore | null)[];
  /** The column chosen and the best one (0-based): the best proven lower bound, the centre first among equals. */
  readonly chosen: number;
  readonly best: number;
  readonly verdict: Verdict;
  /** Score points proven lost by the choice (0 for best), and at most this many (equal: exact). */
  readonly cost: number;
  readonly costAtMost: number;
  /** The outcomes before and after the choice, where proven. */
  readonly outcomeBefore: Outcome | null;
  readonly outcomeAfter: Outcome | null;
  /** The rule of thumb the choice broke, for a mistake or an inaccuracy. */
  readonly rule: RuleOfThumb | null;
  /** Nodes the solver searched for this rating. */
  readonly nodes: number;
}

/** Columns from the centre outwards: the order of preference among equally scored columns. */
const CENTRE_ORDER = [3, 2, 4, 1, 5, 0, 6] as const;

/** Share of the budget the first round gives all columns (the rest goes to those that may still be best). */
const FIRST_ROUND_SHARE = 0.5;

/**
 * The scores of the seven columns of a playable `position` for the side to move, within about
 * `maxNodes` nodes in all, in two rounds: every column gets an even share of half the budget
 * (what one does not use passes to the next), then the rest goes to the columns still unsettled
 * that may yet be the best (their upper bound above the best lower bound), searched again on the
 * table the first round filled. (One round of even shares left the centre column, the hardest
 * and the most often best, unsettled where the others were exact.) `position` is left as it was.
 */
export function scoreColumns(solver: Solver, position: Position, maxNodes = COACH_NODES): (ColumnScore | null)[] {
  const columns: (ColumnScore | null)[] = Array.from({ length: WIDTH }, () => null);
  const toSearch: number[] = [];
  for (const column of CENTRE_ORDER) {
    if (!position.canPlay(column)) continue;
    if (position.isWinningMove(column)) {
      const score = immediateWinScore(position.moves);
      columns[column] = { lower: score, upper: score };
    } else toSearch.push(column);
  }
  const startNodes = solver.nodes;
  const searchRound = (round: readonly number[], budget: number): void => {
    const roundStart = solver.nodes;
    round.forEach((column, index) => {
      const left = Math.max(0, budget - (solver.nodes - roundStart));
      // At least one node: a budget of 0 would be read as no budget at all.
      const share = Math.max(1, Math.floor(left / (round.length - index)));
      position.playUnchecked(column);
      try {
        if (position.isTie()) columns[column] = { lower: 0, upper: 0 };
        else {
          const theirs = settledScore(solver, position, share);
          const earlier = columns[column];
          // 0 - x: never -0. A second search may prove less than the first did (it can stop early): keep both.
          columns[column] = { lower: Math.max(0 - theirs.upper, earlier?.lower ?? -Infinity), upper: Math.min(0 - theirs.lower, earlier?.upper ?? Infinity) };
        }
      } finally {
        position.undo();
      }
    });
  };
  searchRound(toSearch, Math.floor(maxNodes * FIRST_ROUND_SHARE));
  const bestLower = Math.max(...columns.map((score) => score?.lower ?? -Infinity));
  const open = toSearch.filter((column) => columns[column]!.lower < columns[column]!.upper && columns[column]!.upper > bestLower);
  const left = maxNodes - (solver.nodes - startNodes);
  if (open.length > 0 && left > 0) searchRound(open, left);
  return columns;
}

/** Share of a column's budget its weak search may take first (what it leaves goes to the exact score). */
const SIGN_SHARE = 0.6;

/**
 * Bounds of a playable position's score within about `maxNodes`: the sign first (a weak search
 * settles win, draw or loss far sooner, and the verdict mistake or not rests on it), then the
 * exact score on what the sign left, narrowed by the sign.
 */
function settledScore(solver: Solver, position: Position, maxNodes: number): ColumnScore {
  const start = solver.nodes;
  const sign = solver.search(position, { weak: true, maxNodes: Math.max(1, Math.floor(maxNodes * SIGN_SHARE)) });
  if (sign.lower === 0 && sign.upper === 0) return { lower: 0, upper: 0 };
  const strong = solver.search(position, { maxNodes: Math.max(1, maxNodes - (solver.nodes - start)) });
  return narrowBySign(strong, sign);
}

/** Rates the choice of `chosen` (0-based) in a playable `position`, where the side to move is the person. */
export function rateDecision(solver: Solver, position: Position, chosen: number, maxNodes = COACH_NODES): Rating {
  const startNodes = solver.nodes;
  const columns = scoreColumns(solver, position, maxNodes);
  return judge(position, columns, chosen, solver.nodes - startNodes);
}

/** The rating of `chosen` among `columns` (as scoreColumns gives them for `position`). */
export function judge(position: Position, columns: readonly (ColumnScore | null)[], chosen: number, nodes = 0): Rating {
  const mine = columns[chosen];
  if (mine === null || mine === undefined) throw new RangeError(`Column ${String(chosen + 1)} cannot be played`);
  const best = bestColumn(columns);
  const top = columns[best]!;
  const highestUpper = Math.max(...columns.map((score) => score?.upper ?? -Infinity));
  const cost = Math.max(0, top.lower - mine.upper);
  const costAtMost = Math.max(0, highestUpper - mine.lower);
  const outcomeBefore = outcomeOf({ lower: top.lower, upper: highestUpper });
  const outcomeAfter = outcomeOf(mine);
  const worseOutcome = floorRank(top) > ceilingRank(mine);
  const verdict: Verdict = worseOutcome ? 'mistake' : cost > 0 ? 'inaccuracy' : 'best';
  const rule = verdict === 'best' ? null : ruleBroken(position, chosen, best);
  return { before: position.toMoves(), columns, chosen, best, verdict, cost, costAtMost, outcomeBefore, outcomeAfter, rule, nodes };
}

/** The column with the highest proven lower bound; among equals the highest upper bound, then the one nearest the centre. */
export function bestColumn(columns: readonly (ColumnScore | null)[]): number {
  let best = -1;
  for (const column of CENTRE_ORDER) {
    const score = columns[column];
    if (score === null || score === undefined) continue;
    const top = columns[best];
    if (top === undefined || top === null || score.lower > top.lower || (score.lower === top.lower && score.upper > top.upper)) best = column;
  }
  if (best < 0) throw new RangeError('No column can be played');
  return best;
}

/** The outcome a score proves, or null if its bounds straddle two. */
export function outcomeOf(score: ColumnScore): Outcome | null {
  if (score.lower > 0) return 'win';
  if (score.upper < 0) return 'loss';
  if (score.lower === 0 && score.upper === 0) return 'draw';
  return null;
}

/** A column's score as text: exact (`-2`), or the bounds proven (`>=1`, `<=-1`, `-3..2`). */
export function scoreText(score: ColumnScore): string {
  return boundsText(score, 1);
}

/** The least outcome the score allows, ranked loss -1, draw 0, win 1. */
function floorRank(score: ColumnScore): number {
  return score.lower > 0 ? 1 : score.lower >= 0 ? 0 : -1;
}

/** The greatest outcome the score allows. */
function ceilingRank(score: ColumnScore): number {
  return score.upper < 0 ? -1 : score.upper <= 0 ? 0 : 1;
}

/**
 * Which rule of thumb a costly choice broke, from what the two columns leave on the board: a win
 * missed or one left to the opponent (look one move further); else fewer right-row threats than
 * the best column leaves, fewer stacked threats, clearly less material (the centre); else none a
 * person can see at a glance (perfect play is deeper).
 */
export function ruleBroken(position: Position, chosen: number, best: number): RuleOfThumb {
  const after = (column: number): { readonly terms: number[]; readonly theyWin: boolean; readonly won: boolean } => {
    const won = position.isWinningMove(column);
    position.playUnchecked(column);
    try {
      // The terms are the opponent's view (it moves next): negated, they are the mover's.
      return { terms: positionTerms(position).map((term) => 0 - term), theyWin: !won && position.canWinNext(), won };
    } finally {
      position.undo();
    }
  };
  const mine = after(chosen);
  const top = after(best);
  if ((top.won && !mine.won) || (mine.theyWin && !top.theyWin)) return RULES_OF_THUMB.lookAhead;
  // positionTerms: material, threats, right-row threats, stacked threats.
  const [myMaterial, , myRightRow, myStacked] = mine.terms as [number, number, number, number];
  const [topMaterial, , topRightRow, topStacked] = top.terms as [number, number, number, number];
  if (topRightRow > myRightRow) return RULES_OF_THUMB.rightRow;
  if (topStacked > myStacked) return RULES_OF_THUMB.stack;
  if (topMaterial - myMaterial >= CENTRE_MARGIN) return RULES_OF_THUMB.centre;
  return RULES_OF_THUMB.deep;
}

/** The verdict on a choice in words: `best`, or what kind of error, what it cost and the best column (the terminal and the page say it alike). */
export function judgementText(rating: Rating): string {
  if (rating.verdict === 'best') return rating.costAtMost === 0 ? 'best' : `no column proven better (${costText(0, rating.costAtMost)})`;
  return `${rating.verdict === 'mistake' ? 'a mistake' : 'an inaccuracy'}, ${changeText(rating)} (${costText(rating.cost, rating.costAtMost)}; best ${String(rating.best + 1)})`;
}

/** What the choice did to the outcome. */
function changeText(rating: Rating): string {
  const { outcomeBefore: before, outcomeAfter: after } = rating;
  if (rating.verdict === 'inaccuracy') return before === 'loss' && after === 'loss' ? 'it loses sooner' : before === 'win' && after === 'win' ? 'it wins later' : 'it scores less';
  return before === null || after === null ? `it gives up ${rating.cost > 1 ? 'points' : 'a point'} of the outcome` : `it turns ${outcomeWithArticle(before)} into ${outcomeWithArticle(after)}`;
}

function outcomeWithArticle(outcome: Outcome): string {
  return outcome === 'win' ? 'a win' : outcome === 'draw' ? 'a draw' : 'a loss';
}

/** A cost in score points, proven (`cost 2 points`) or bounded (`cost at most 3 points`, `cost 1 to 4 points`). */
export function costText(cost: number, atMost: number): string {
  const points = (n: number): string => `${String(n)} point${n === 1 ? '' : 's'}`;
  if (cost === atMost) return `cost ${points(cost)}`;
  return cost === 0 ? `cost at most ${points(atMost)}` : `cost ${String(cost)} to ${points(atMost)}`;
}

/** A game's decisions summed up (best: no column was proven better than the one chosen). */
export interface Summary extends VerdictTally {
  /** The score points proven lost, summed over the decisions, and at most this many (equal: exact). */
  readonly totalCost: number;
  readonly totalCostAtMost: number;
  /** Up to three decisions that cost the most (mistakes before inaccuracies, then by cost, then the earliest). */
  readonly costliest: readonly Rating[];
}

export function summarize(ratings: readonly Rating[]): Summary {
  const costly = ratings.filter((rating) => rating.verdict !== 'best');
  const severity = (rating: Rating): number => (rating.verdict === 'mistake' ? 1 : 0);
  const costliest = [...costly].sort((a, b) => severity(b) - severity(a) || b.cost - a.cost || a.before.length - b.before.length).slice(0, 3);
  return {
    ...tallyVerdicts(ratings.map((rating) => rating.verdict)),
    totalCost: ratings.reduce((sum, rating) => sum + rating.cost, 0),
    totalCostAtMost: ratings.reduce((sum, rating) => sum + rating.costAtMost, 0),
    costliest,
  };
}
