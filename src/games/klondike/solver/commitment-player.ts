/**
 * `planner`: an honest player that decides only where a decision cannot be taken back.
 *
 * Most Klondike moves can be undone by another move: a run moved between piles that turns nothing
 * up, a card put on a foundation and taken back (standard rules), the stock turned round (unlimited
 * passes). Such moves lose nothing and learn nothing, so the player weighs only **commitments**:
 * a move that turns a face-down card up, plays a stock card, puts a card on a foundation for good
 * (more cards there than ever before), shows a stock card never seen, or uses up a pass. Its
 * candidates are every commitment reachable through moves that can be undone (a breadth-first
 * walk over the positions those moves reach; commitments that move the same card onto the same
 * card, or turn up the same pile, are one candidate, the shortest way to it), and each is
 * valued as hindsight optimisation values a move: the share of sampled deals (the cards it cannot
 * see dealt afresh, consistently with what it has seen) that the solver wins after it. The same
 * samples value every candidate, so that the comparison is not blurred by their draws.
 *
 * The sampler (players.ts) instead plays the first move of the solver's winning lines: in a sampled
 * deal nearly every move still wins, so its samples agree on whatever move the solver tries first,
 * and its choice is the solver's move order. Valuing each commitment on every sample is what
 * tells them apart.
 *
 * - Candidates are valued in order of promise (a card turned up, then a card to a foundation, then
 *   a stock card played, shortest ways first); a later one replaces the choice so far only when it
 *   wins more than a margin of samples more (`bestCandidate`), and one that wins every sample is
 *   taken at once (none can do better), which keeps easy positions cheap.
 * - A commitment that turns no card up (a stock card played, a card put up, a pass), weighed
 *   against one that does, is valued by the best single commitment after it (`followUpWins`): it
 *   shows the player nothing, so the decision after it is taken knowing no more than now, where
 *   the solver's play after it would credit each sample with every hidden card.
 * - A sample the solver gives up on within its positions is solved again on more (`retryStates`,
 *   by default ten times as many): a tenth to a fifth of the solves of 2,000 positions give up,
 *   some 40% of those deals are winnable (docs/benchmarks.md), and counted as losses they lower
 *   most the candidates that lead into hard play. One still undecided counts as no win (as a lost
 *   one does).
 * - With nothing hidden any more, it solves the position itself and follows the winning line.
 * - A walk that finds one commitment or none walks again, further (`maxRewalk`), and keeps what
 *   it found by position. A commitment can lie more undoable moves away than the first walk's
 *   positions reach: cards taken back from the foundations and the stock turned before a stock
 *   card can be played, each undoable move multiplying the positions of the walk. Finding only a
 *   pass through the stock, the player would turn the stock round until the idle limit ended a
 *   game it could still win (standard draw-3 deal 1023: winnable after its 92nd move, the only
 *   candidate a pass; the solver's line takes two cards back from the foundations and turns the
 *   stock twice before playing a card).
 *
 * Honesty: the walk reads face-up cards and the stock cards already shown only (the moves it
 * makes are the legal moves of what the player sees; under unlimited passes it first turns the
 * stock over once, as the sampler does, so that every stock card has been shown), and the
 * candidates are told apart by what they do to cards already seen. The samples
 * come from `resample`, which reads nothing hidden.
 *
 * Determinism: budgets in positions only (no clock), samples from the game's generator.
 */
import type { Rng } from '../../../core/random.js';
import { createGreedyAgent, type KlondikeAgent } from '../agents.js';
import { decodeAction, DISCARD_ACTION, encodeMove, KlondikeState, MoveRank, type KlondikeConfig } from '../engine.js';
import { dealVerdict, solveDeal } from './deal.js';
import { stockToLookThrough, unseenCount } from './players.js';
import type { SolveBudget, SolveResult, SolveVerdict } from './solver.js';

export interface PlannerOptions {
  /** Deals sampled for each decision (default 48). */
  readonly samples?: number;
  /** Positions the solver may search per sampled deal and candidate (default 2,000). */
  readonly maxStates?: number;
  /**
   * Positions the solver may search again for a sample it gave up on within `maxStates`, when more
   * than `maxStates` (default 20,000; 0: no second search). A sample still undecided counts as lost.
   */
  readonly retryStates?: number;
  /** Positions reachable without a commitment the walk visits at most (default 300). */
  readonly maxWalk?: number;
  /** Positions the walk visits at most when it is made again, having found one commitment or none within `maxWalk` (default 3,000). */
  readonly maxRewalk?: number;
  /** Positions the solver may search for the whole position once nothing is hidden (default 200,000). */
  readonly finalStates?: number;
  /** Samples a later candidate must win beyond the choice so far to replace it (default 2; 0: the most wins, the first of equals). See `bestCandidate`. */
  readonly margin?: number;
  /**
   * Whether a commitment that turns no card up, in a decision where another does, is valued by the
   * best single commitment after it instead of by the solver's play after it (default true). See
   * the file's comment.
   */
  readonly followUp?: boolean;
}

/**
 * The default budget. 48 samples: with the card-set solver, the candidates a decision weighs are
 * told apart by the few samples some of them lose, and 12 samples seldom hold one (draw-3 deals
 * 101..200: 37 won with 12, 47 with 48; docs/benchmarks.md).
 */
export const DEFAULT_PLANNER = { samples: 48, maxStates: 2_000, retryStates: 20_000, maxWalk: 300, maxRewalk: 3_000, finalStates: 200_000, margin: 2, followUp: true } as const;

/** What a planner has spent: for tests of its budget and for reports. */
export interface PlannerStats {
  /** Decisions valued on samples, solves made and positions searched by them. */
  decisions: number;
  solves: number;
  states: number;
  /** Solves that ran out of positions before deciding (second solves included). */
  undecided: number;
  /** Samples solved a second time, on `retryStates`, having run out of positions the first time. */
  retries: number;
  /** Decisions where no candidate won a sample (the order of promise chose). */
  blind: number;
  /** The most candidates one decision had. */
  maxCandidates: number;
  /** Walks made again, further, because the first found one commitment or none (`maxRewalk`). */
  rewalks: number;
  /** Candidates valued again by the best commitment after them (`followUp`), and those of them whose value that lowered. */
  followUps: number;
  followUpsLower: number;
}

export interface PlannerAgent extends KlondikeAgent {
  readonly stats: PlannerStats;
}

/**
 * The position as far as moves from it are concerned: the piles, the foundations, the stock and
 * waste, the passes used. Not the history, the idle count or the points, which differ between ways
 * to the same position.
 */
function positionKey(state: KlondikeState): string {
  const { piles, rows, stockSize } = state.config;
  const codes: number[] = [state.head, state.queueLength, state.waste, state.recycles, state.stockUnseen];
  for (let p = 0; p < piles; p++) {
    const height = state.heights[p]!;
    codes.push(height, state.hidden[p]!);
    for (let r = state.hidden[p]!; r < height; r++) codes.push(state.cells[p * rows + r]! + 2);
  }
  for (const top of state.foundation) codes.push(top + 2);
  for (let i = 0; i < state.queueLength; i++) codes.push(state.queue[(state.head + i) % stockSize]! + 2);
  return String.fromCharCode(...codes);
}

/**
 * What a commitment does, as the player sees it before making it: which card goes onto which (or
 * to a foundation), which pile turns a card up. Commitments alike in this are one candidate (the
 * first found: the shortest way), whatever the undoable moves before them rearranged.
 */
function commitmentKey(before: KlondikeState, action: number): string {
  const { rows } = before.config;
  const move = decodeAction(before.config, action);
  const top = (p: number): number => (before.heights[p]! > before.hidden[p]! ? before.cells[p * rows + before.heights[p]! - 1]! : -1);
  switch (move.kind) {
    case 'discardDraw':
      return `D${String(before.recycles)}:${String(before.stockUnseen)}`;
    case 'moveDraw':
      return `S${String(before.drawCard())}>${String(top(move.dest))}`;
    case 'moveDrawToFoundation':
      return `T${String(before.drawCard())}`;
    case 'moveToFoundation':
      return `T${String(top(move.src))}`;
    case 'movePile':
      return `F${String(move.src)}:${String(before.cells[move.src * rows + before.heights[move.src]! - move.count]!)}>${String(top(move.dest))}`;
    case 'moveFoundationToPile':
      return `B${String(move.foundation)}>${String(move.dest)}`;
  }
}

/** Whether `after`, the position a move made of one with `before`'s unseen stock cards and passes, is past a commitment (see the file's comment). */
function isCommitment(before: { readonly stockUnseen: number; readonly recycles: number }, after: KlondikeState): boolean {
  return after.idle === 0 || after.stockUnseen !== before.stockUnseen || after.recycles !== before.recycles || after.isTerminal();
}

/**
 * The order in which commitments are valued, and so which of equally valued ones is taken: a card
 * turned up first, then a card to a foundation, then a stock card played, then the rest. Valuing
 * by samples solved with every card known gives a look at a hidden card no value (each sample
 * already "knows" it), so among equals the move that shows a card goes first; on deals 101..160
 * (draw 3) this order won 25 of the 60, a card to a foundation first 22 (docs/benchmarks.md).
 */
function promise(rank: MoveRank): number {
  return rank === MoveRank.Uncover ? -1 : rank;
}

/**
 * States the walks reuse, by variant (their arrays are sized by it): a walk takes its copies from
 * here and gives them all back when it ends. Never more than the most one walk held at once.
 */
const SPARE_STATES = new WeakMap<KlondikeConfig, KlondikeState[]>();

/**
 * The candidates of a decision (see the file's comment): every commitment reachable from `start`
 * through moves that are not, each as the action codes from `start` that end in it, the shortest
 * way first; commitments alike (`commitmentKey`) once. In the order of valuation (`promise`), each
 * kind in the walk's order. The walk visits at most `maxWalk` positions.
 */
export function commitmentsOf(start: KlondikeState, maxWalk: number): number[][] {
  const buffer = new Int32Array(start.config.numActions);
  const legalActions = (state: KlondikeState): Int32Array => buffer.slice(0, state.legalActions(buffer));
  const candidates: { actions: number[]; rank: number; order: number }[] = [];
  const seen = new Set<string>([positionKey(start)]);
  const reached = new Set<string>();
  // The walk's own copies: each move is made and taken back on them (a copy per move tried cost
  // the planner more than its searches), and a copy is kept only of a position new to the walk. The
  // copies hold positions without their history (`copyPositionFrom`) and are reused, level after
  // level and walk after walk (`SPARE_STATES`): cloning each new position, with the game's history,
  // took a third of the planner's time.
  let spare = SPARE_STATES.get(start.config);
  if (spare === undefined) SPARE_STATES.set(start.config, (spare = []));
  const copyOf = (state: KlondikeState): KlondikeState => {
    const copy = spare.pop() ?? new KlondikeState(start.config);
    copy.copyPositionFrom(state);
    return copy;
  };
  let frontier: { state: KlondikeState; actions: number[] }[] = [{ state: copyOf(start), actions: [] }];
  let walked = 0;
  while (frontier.length > 0 && walked < maxWalk) {
    const next: typeof frontier = [];
    for (const { state, actions } of frontier) {
      if (walked++ >= maxWalk) break;
      for (const action of legalActions(state)) {
        const before = { stockUnseen: state.stockUnseen, recycles: state.recycles };
        state.applyAction(action);
        const committed = isCommitment(before, state);
        const key = committed ? '' : positionKey(state);
        const fresh = !committed && !seen.has(key);
        const after = fresh ? copyOf(state) : undefined;
        state.undo();
        if (committed) {
          const kind = commitmentKey(state, action);
          if (!reached.has(kind)) {
            reached.add(kind);
            candidates.push({ actions: [...actions, action], rank: promise(state.rankMove(action)), order: candidates.length });
          }
        } else if (after !== undefined) {
          seen.add(key);
          next.push({ state: after, actions: [...actions, action] });
        }
      }
    }
    for (const { state } of frontier) spare.push(state);
    frontier = next;
  }
  for (const { state } of frontier) spare.push(state);
  return candidates.sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ actions }) => actions);
}

/** How a sample ends after a candidate, in the order of what it costs to learn: a loss the solver proves, one it gives up on, a win. */
export const SampleOutcome = { Lost: 0, GaveUp: 1, Won: 2 } as const;
export type SampleOutcome = (typeof SampleOutcome)[keyof typeof SampleOutcome];

/**
 * The candidate chosen among `candidates`, and its wins of `samples` samples; `outcome(c, k)` says
 * how sample k ends after candidate c. Candidates are valued in order (the order of promise: a
 * card turned up first), the first is the choice to begin with, and a later one replaces the choice
 * only if it wins more than `margin` samples more. With margin 0 that is the one that wins the most,
 * the first of equals. Why a margin: valued by samples solved with every card known, a move's sight
 * of a hidden card is worth nothing (each sample already knows it), so a move that turns a card up
 * is worth more than its count says; on draw-3 deals 1001..1800, a margin of 2 of 48 samples won
 * 351 where 0 won 323, at three quarters of the CPU (docs/benchmarks.md). One that wins every
 * sample ends the valuation (none can win more).
 *
 * A candidate is dropped as soon as its losses show that it cannot replace the choice, so the
 * samples are visited in the order that shows them soonest: first those the choice lost (the cheap
 * proofs, then those the solver gave up on), then those it won. The choice does not depend on that
 * order; only what it costs does (standard draw-3 deals 101..106: 8% fewer positions searched).
 *
 * `revalue(c, outcomes, wins)`, when given, is asked the value of a candidate about to become the
 * choice, its outcome on every sample in hand (at most `wins`, the samples it won): the candidate
 * becomes the choice only if that value still reaches what it needs, and the value is what later
 * candidates must then beat.
 */
export function bestCandidate(
  candidates: number,
  samples: number,
  outcome: (candidate: number, sample: number) => SampleOutcome,
  margin = 0,
  revalue?: (candidate: number, outcomes: Readonly<Uint8Array>, wins: number) => number,
): { readonly index: number; readonly wins: number } {
  let index = 0;
  let bestWins = 0;
  let order = Array.from({ length: samples }, (_, k) => k);
  const outcomes = new Uint8Array(samples);
  for (let c = 0; c < candidates; c++) {
    // The wins this candidate needs to become the choice (the first needs none).
    const needed = c === 0 ? 0 : bestWins + margin + 1;
    let wins = 0;
    for (let i = 0; i < samples; i++) {
      if (wins + (samples - i) < needed) break;
      const k = order[i]!;
      outcomes[k] = outcome(c, k);
      if (outcomes[k] === SampleOutcome.Won) wins++;
    }
    // A candidate that reached what it needs was valued on every sample: nothing dropped it.
    const value = wins >= needed && revalue !== undefined ? revalue(c, outcomes, wins) : wins;
    if (wins >= needed && value >= needed) {
      index = c;
      bestWins = value;
      if (value === samples) break;
      order = order.slice().sort((a, b) => outcomes[a]! - outcomes[b]! || a - b);
    }
  }
  return { index, wins: bestWins };
}

/**
 * What `read` says of `sample` after the lines given, made one after the other (up to the end of
 * the game) and taken back after: the sample is left as it was.
 */
function readAfter<T>(sample: KlondikeState, lines: readonly (readonly number[])[], read: (state: KlondikeState) => T): T {
  let made = 0;
  for (const line of lines) {
    if (sample.isTerminal()) break;
    for (const action of line) sample.applyAction(action);
    made += line.length;
  }
  const result = read(sample);
  for (let undone = 0; undone < made; undone++) sample.undo();
  return result;
}

/** The honest planning player (see the file's comment). */
export function createPlannerAgent(options: PlannerOptions = {}): PlannerAgent {
  const samples = options.samples ?? DEFAULT_PLANNER.samples;
  const maxStates = options.maxStates ?? DEFAULT_PLANNER.maxStates;
  const maxWalk = options.maxWalk ?? DEFAULT_PLANNER.maxWalk;
  const maxRewalk = options.maxRewalk ?? DEFAULT_PLANNER.maxRewalk;
  const finalStates = options.finalStates ?? DEFAULT_PLANNER.finalStates;
  const margin = options.margin ?? DEFAULT_PLANNER.margin;
  const followUp = options.followUp ?? DEFAULT_PLANNER.followUp;
  const retryStates = options.retryStates ?? DEFAULT_PLANNER.retryStates;
  if (!Number.isSafeInteger(retryStates) || retryStates < 0) throw new RangeError(`The planner needs retryStates ≥ 0, got ${String(retryStates)}`);
  for (const [name, value] of Object.entries({ samples, maxStates, maxWalk, maxRewalk, finalStates })) {
    if (!Number.isSafeInteger(value) || value < 1) throw new RangeError(`The planner needs ${name} ≥ 1, got ${String(value)}`);
  }
  if (!Number.isSafeInteger(margin) || margin < 0) throw new RangeError(`The planner needs margin ≥ 0, got ${String(margin)}`);
  const budget: SolveBudget = { maxStates, timeMs: Number.MAX_SAFE_INTEGER };
  const finalBudget: SolveBudget = { maxStates: finalStates, timeMs: Number.MAX_SAFE_INTEGER };
  const retryBudget: SolveBudget | undefined = retryStates > maxStates ? { maxStates: retryStates, timeMs: Number.MAX_SAFE_INTEGER } : undefined;
  const greedy = createGreedyAgent();
  const stats: PlannerStats = { decisions: 0, solves: 0, states: 0, undecided: 0, retries: 0, blind: 0, maxCandidates: 0, rewalks: 0, followUps: 0, followUpsLower: 0 };
  /**
   * The commitments the second walk found, by position (`positionKey`): a player left with only a
   * pass through the stock comes back to the same positions at every round of the stock, and need
   * not walk from them again.
   */
  const walkedFar = new Map<string, number[][]>();
  /** The moves still to play, and what the player expects to see before the next. */
  let plan: number[] = [];
  let expected = '';
  const count = (result: { readonly verdict: SolveVerdict; readonly states: number }): void => {
    stats.solves++;
    stats.states += result.states;
    if (result.verdict === 'undecided') stats.undecided++;
  };
  /** The position's solution, its line to follow. */
  const solve = (state: KlondikeState, solveBudget: SolveBudget): SolveResult => {
    const result = solveDeal(state, solveBudget);
    count(result);
    return result;
  };
  /** How the sample ends (its line is not needed). */
  const outcomeOf = (sample: KlondikeState): SampleOutcome => {
    if (sample.isTerminal()) return sample.score === sample.config.deckSize ? SampleOutcome.Won : SampleOutcome.Lost;
    let result = dealVerdict(sample, budget);
    count(result);
    if (result.verdict === 'undecided' && retryBudget !== undefined) {
      stats.retries++;
      result = dealVerdict(sample, retryBudget);
      count(result);
    }
    return result.verdict === 'winnable' ? SampleOutcome.Won : result.verdict === 'undecided' ? SampleOutcome.GaveUp : SampleOutcome.Lost;
  };

  const decide = (state: KlondikeState, rng: Rng): number[] => {
    if (unseenCount(state) === 0) {
      // Nothing hidden: the position itself decides.
      const result = solve(state, finalBudget);
      const line = result.moves ?? result.furthest ?? [];
      if (line.length > 0) return line.map((move) => encodeMove(state.config, move));
    }
    // Positions before progress never come back after it (nor those of another game): only the
    // stretch since the last progress is remembered.
    if (state.idle === 0) walkedFar.clear();
    // A position remembered is one whose first walk found one commitment or none: neither walk is made again.
    const key = positionKey(state);
    let further = walkedFar.get(key);
    let candidates = further ?? commitmentsOf(state, maxWalk);
    if (further === undefined && candidates.length <= 1 && maxRewalk > maxWalk) {
      stats.rewalks++;
      further = commitmentsOf(state, maxRewalk);
      walkedFar.set(key, further);
    }
    // Copies of what is remembered: the plan returned is used up move by move.
    if (further !== undefined) candidates = further.map((line) => [...line]);
    stats.maxCandidates = Math.max(stats.maxCandidates, candidates.length);
    if (candidates.length === 0) return [greedy.act(state, rng)];
    if (candidates.length === 1) return candidates[0]!;
    stats.decisions++;
    const dealt = Array.from({ length: samples }, () => state.resample(0, rng));
    /** How sample k ends after the lines given, made one after the other (see `readAfter`). */
    const endAfter = (k: number, ...lines: readonly (readonly number[])[]): SampleOutcome => readAfter(dealt[k]!, lines, outcomeOf);
    // Whether each candidate turns a card up: the same on every sample (the count of face-down cards is seen).
    const turnsUp = !followUp ? [] : candidates.map((line) => readAfter(dealt[0]!, [line], unseenCount) < unseenCount(dealt[0]!));
    /**
     * A commitment that turns no card up (a stock card played, a card put up, a pass) shows the
     * player nothing, so the decision after it is taken knowing no more than now. Valued by the
     * solver's play after it, each sample is credited with choosing that next commitment knowing
     * every hidden card; after a commitment that turns a card up, the player does know one more.
     * Here it is valued as the player would go on: the one next commitment that wins the most
     * samples (those of the walk from the position after it). Only the samples it won are asked:
     * one it did not win counts as not won after any next commitment, as it did for it.
     */
    const followUpWins = (line: readonly number[], outcomes: Readonly<Uint8Array>, wins: number): number => {
      const won: number[] = [];
      for (let k = 0; k < outcomes.length; k++) if (outcomes[k] === SampleOutcome.Won) won.push(k);
      const after = dealt[0]!.clone();
      for (const action of line) after.applyAction(action);
      if (after.isTerminal()) return wins;
      const next = commitmentsOf(after, maxWalk);
      if (next.length <= 1) return wins;
      let best = 0;
      for (const nextLine of next) {
        let nextWins = 0;
        for (let i = 0; i < won.length && nextWins + (won.length - i) > best; i++) {
          if (endAfter(won[i]!, line, nextLine) === SampleOutcome.Won) nextWins++;
        }
        best = Math.max(best, nextWins);
        if (best === won.length) break;
      }
      return best;
    };
    const revalue = turnsUp.includes(true) ? (c: number, outcomes: Readonly<Uint8Array>, wins: number): number => {
      if (turnsUp[c] === true) return wins;
      stats.followUps++;
      const value = followUpWins(candidates[c]!, outcomes, wins);
      if (value < wins) stats.followUpsLower++;
      return value;
    } : undefined;
    const { index, wins } = bestCandidate(candidates.length, dealt.length, (c, k) => endAfter(k, candidates[c]!), margin, revalue);
    if (wins === 0) stats.blind++;
    return candidates[index]!;
  };

  return {
    name: 'planner',
    stats,
    act(state, rng) {
      // See the stock first, when it can be gone through again: until every stock card has been shown, turn it over.
      if (stockToLookThrough(state)) return DISCARD_ACTION;
      // Undoable moves show nothing new, so a plan holds until its commitment is played.
      const seen = state.informationStateString(0);
      if (plan.length === 0 || seen !== expected || !state.isLegalMove(plan[0]!)) plan = decide(state, rng);
      const action = plan.shift()!;
      const next = state.clone();
      next.applyAction(action);
      expected = next.informationStateString(0);
      return action;
    },
  };
}
