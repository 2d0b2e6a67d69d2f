/**
 * Lab players built on the solvers (`solveKlondike` for the assignment's rules, `solveStandard` for
 * the standard ones: `solveDeal` picks the position's).
 *
 * - `solver` sees every card (a bound, like ConnectFwar's `clairvoyant`, not an honest player): it
 *   solves the true deal (100,000 positions) and plays the winning line; when it finds none it plays
 *   as `greedy`. Over many deals its win rate is at most the winnable share (a line may also break
 *   the lab's idle limit, which then ends the game).
 * - `sampler` is honest: it never reads a face-down card or a stock card it has not seen. When the
 *   stock can be gone through again (the assignment's rules, or standard rules with unlimited
 *   passes) it first turns the stock over once to see every stock card (turns only; a player at
 *   the table may do the same: under draw 3 every turned card shows, fanned, before it is covered).
 *   With passes limited that look would cost a pass, so it plays without it and the stock cards not
 *   shown yet are sampled like the face-down ones. Then, whenever what it knows changes (a card
 *   turns up) it draws `samples` deals consistent with what it has seen (`resample`: the hidden
 *   cards shuffled among their places), solves each with a small position budget, and keeps the
 *   winning lines. Each move is the first move most of the kept lines agree on; the lines that made
 *   another move are dropped, the rest follow on, until a card turns up and it samples afresh. When
 *   no sample is won within the budget it plays as `greedy` until the next card turns up (the
 *   assignment's solver also offers the line to the furthest position it reached; it follows that).
 *
 * Determinism: the sampler's budget is in positions only (no clock), and its samples come from the
 * game's generator, so a game replays exactly for a seed whatever the machine's load.
 */
import type { Rng } from '../../../core/random.js';
import { createGreedyAgent, type KlondikeAgent } from '../agents.js';
import { DISCARD_ACTION, encodeMove, type KlondikeState } from '../engine.js';
import { solveDeal } from './deal.js';
import type { SolveBudget } from './solver.js';

export interface SamplerOptions {
  /** Deals sampled each time a card turns up (default 6). */
  readonly samples?: number;
  /** Positions searched per sampled deal (default 1,500). */
  readonly maxStates?: number;
  /**
   * Positions per sampled deal of a second try, with fresh samples, when no sample of the first gave
   * a line (default none: then it plays as greedy). The standard rules' solver gives no line for
   * an unfinished search, and greedy play from there seldom wins.
   */
  readonly retryStates?: number;
  /** Sample afresh after every move other than a discard, not only when a card turns up or the lines disagree (default false: on deals 1..30 it won no more, at 2.6 times the cost). */
  readonly replanEachStep?: boolean;
}

export const DEFAULT_SAMPLER = { samples: 6, maxStates: 1_500 } as const;

/** The sampler's budget under the standard rules (tuned for won deals per CPU second: docs/benchmarks.md). */
export const DEFAULT_STANDARD_SAMPLER = { samples: 6, maxStates: 3_000, retryStates: 30_000 } as const;

/** What a sampler has spent: for tests of its budget and for reports. */
export interface SamplerStats {
  /** Sampled deals solved. */
  solves: number;
  /** Positions searched in all, and the most in one solve. */
  states: number;
  maxStatesInOneSolve: number;
  /** Times it sampled afresh, and of those the times no sample gave a line (it then played as greedy). */
  plans: number;
  fallbacks: number;
}

export interface SamplerAgent extends KlondikeAgent {
  readonly stats: SamplerStats;
}

/** Cards the player cannot see: face-down cards and stock cards never shown. Visible to the player as a count. */
export function unseenCount(state: KlondikeState): number {
  let n = state.stockUnseen;
  for (let p = 0; p < state.config.piles; p++) n += state.hidden[p]!;
  return n;
}

/**
 * Whether an honest player should turn the stock first: some stock card was never shown, and the
 * stock can be gone through again (the assignment's rules, or unlimited passes), so looking costs
 * nothing. A person at the table may do the same.
 */
export function stockToLookThrough(state: KlondikeState): boolean {
  return state.stockUnseen > 0 && state.config.passes === Infinity;
}

/**
 * A line's next step: its leading discards (which only turn the stock) and the move after them, so
 * lines that bring up the same stock card agree.
 */
function stepKey(line: readonly number[]): string {
  let discards = 0;
  while (discards < line.length - 1 && line[discards] === DISCARD_ACTION) discards++;
  return `${String(line[discards]).padStart(4, '0')}:${String(discards).padStart(3, '0')}`;
}

/** Whether every line takes the same next step. */
function agree(lines: readonly (readonly number[])[]): boolean {
  const first = lines.length === 0 ? '' : stepKey(lines[0]!);
  return lines.every((line) => stepKey(line) === first);
}

/** The honest sampling player (see the file's comment). */
export function createSamplerAgent(options: SamplerOptions = {}): SamplerAgent {
  const samples = options.samples ?? DEFAULT_SAMPLER.samples;
  const maxStates = options.maxStates ?? DEFAULT_SAMPLER.maxStates;
  if (!Number.isSafeInteger(samples) || samples < 1 || !Number.isSafeInteger(maxStates) || maxStates < 1) {
    throw new RangeError(`The sampler needs samples ≥ 1 and maxStates ≥ 1, got ${String(samples)} and ${String(maxStates)}`);
  }
  const retryStates = options.retryStates;
  if (retryStates !== undefined && (!Number.isSafeInteger(retryStates) || retryStates < 1)) throw new RangeError(`The sampler needs retryStates ≥ 1, got ${String(retryStates)}`);
  // A position budget only: a clock would make the moves depend on the machine's load.
  const budgets: SolveBudget[] = [maxStates, ...(retryStates === undefined ? [] : [retryStates])].map((states) => ({ maxStates: states, timeMs: Number.MAX_SAFE_INTEGER }));
  const greedy = createGreedyAgent();
  const stats: SamplerStats = { solves: 0, states: 0, maxStatesInOneSolve: 0, plans: 0, fallbacks: 0 };
  /** Lines of the kept samples (winning lines, else lines to the furthest position), as action codes from the current position on. */
  let lines: number[][] = [];
  /** What the player will see next if its move shows nothing new (then the lines still hold). */
  let expectedInfo = '';
  let plannedUnseen = -1;
  /** Lines the last plan found, and how many must still agree to be followed without planning afresh. */
  let plannedLines = 0;
  const keep = Math.ceil(samples / 2);
  const replanEachStep = options.replanEachStep ?? false;
  let stepDone = false;
  /** Set when the last plan found no line at all: play as greedy until a card turns up. */
  let greedyMode = false;

  const plan = (state: KlondikeState, unseen: number, rng: Rng): void => {
    stats.plans++;
    lines = [];
    for (const tryBudget of budgets) {
      const won: number[][] = [];
      const furthest: number[][] = [];
      // With nothing hidden every sample is the position itself: one solve says all.
      for (let k = 0; k < (unseen === 0 ? 1 : samples); k++) {
        const result = solveDeal(state.resample(0, rng), tryBudget);
        stats.solves++;
        stats.states += result.states;
        stats.maxStatesInOneSolve = Math.max(stats.maxStatesInOneSolve, result.states);
        const line = result.moves ?? result.furthest ?? [];
        if (line.length > 0) (result.moves === null ? furthest : won).push(line.map((move) => encodeMove(state.config, move)));
      }
      lines = won.length > 0 ? won : furthest;
      if (lines.length > 0) break;
    }
    plannedLines = lines.length;
    plannedUnseen = unseen;
    greedyMode = lines.length === 0;
    if (greedyMode) stats.fallbacks++;
  };

  return {
    name: 'sampler',
    stats,
    act(state, rng) {
      // See the stock first, when it can be gone through again: until every stock card has been shown, turn it over.
      if (stockToLookThrough(state)) return DISCARD_ACTION;
      const info = state.informationStateString(0);
      const unseen = unseenCount(state);
      // Plan afresh when something new shows (a card turned up), when this is not the position the
      // lines lead to (another game, say), when the lines are used up, or when the lines kept
      // disagree on the next step or too few are left: following one sample's line for long would
      // trust its guess of the hidden cards.
      if (
        info !== expectedInfo ||
        unseen !== plannedUnseen ||
        (!greedyMode && (stepDone || lines.length < Math.min(keep, plannedLines) || !agree(lines)))
      ) {
        plan(state, unseen, rng);
      }
      let best: number;
      if (lines.length === 0) best = greedy.act(state, rng);
      else {
        // The step most lines start with (ties: the first in order of the lowest action codes, so the choice is stable).
        const votes = new Map<string, number>();
        for (const line of lines) {
          const key = stepKey(line);
          votes.set(key, (votes.get(key) ?? 0) + 1);
        }
        let bestKey = '';
        let bestVotes = 0;
        for (const [key, count] of votes) {
          if (count > bestVotes || (count === bestVotes && key < bestKey)) {
            bestKey = key;
            bestVotes = count;
          }
        }
        lines = lines.filter((line) => stepKey(line) === bestKey);
        best = lines[0]![0]!;
        lines = lines.filter((line) => line.length > 1).map((line) => line.slice(1));
      }
      // Only compared with what the player sees next: when the move turns a card up, the unseen
      // count changes and the player plans afresh whatever this says.
      const next = state.clone();
      next.applyAction(best);
      expectedInfo = next.informationStateString(0);
      stepDone = replanEachStep && best !== DISCARD_ACTION;
      return best;
    },
  };
}

export interface SolverAgentOptions {
  /** Per position solved (once a deal, unless it strays from the line): default 100,000 positions and no clock. */
  readonly maxStates?: number;
  /** A wall-clock limit too (default none: a clock would make lab results depend on the machine's load). */
  readonly timeMs?: number;
}

/** The player that sees every card (see the file's comment); `seesHidden` in the registry. */
export function createSolverAgent(options: SolverAgentOptions = {}): KlondikeAgent {
  const budget: SolveBudget = { timeMs: options.timeMs ?? Number.MAX_SAFE_INTEGER, maxStates: options.maxStates ?? 100_000 };
  const greedy = createGreedyAgent();
  let line: number[] = [];
  /** The position the line continues from (serialised): another position is solved afresh. */
  let expected = '';
  return {
    name: 'solver',
    act(state, rng) {
      if (state.serialize() !== expected) {
        const result = solveDeal(state, budget);
        line = (result.moves ?? []).map((move) => encodeMove(state.config, move));
      }
      const move = line.shift() ?? greedy.act(state, rng);
      const next = state.clone();
      next.applyAction(move);
      expected = next.serialize();
      return move;
    },
  };
}
