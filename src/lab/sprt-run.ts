/**
 * An SPRT of player A against player B (sprt.ts) as a lab run: the pairs are game indices of a
 * paired experiment — two-player: lineups [A, B] and [B, A] on the same deal (common random
 * numbers), so game i of both is pair i; solitaire: lineups [A] and [B] on the same deal — played
 * by the lab's runner (threads, batches, results file, resume) and stopped by the test through
 * the session's `stopWhen`, which looks only at fixed pair counts (multiples of `every`) and only
 * at exactly the pairs before each: same seed, same decision, whatever the threads or batches,
 * and a resumed run stops where the uninterrupted one did.
 *
 * No I/O here: the caller passes the lab run to use (`runLabOnNode` with its files, or the browser's).
 */
import type { Moments } from '../core/stats.js';
import type { BatchSource, CompletedBatch, GameRange, UntilCi } from './batching.js';
import { emptyTally, mergeTally, validateConfig, type ExperimentConfig } from './experiment.js';
import { gameById } from './registry.js';
import type { Executor, LabRunOutcome, LabRunPlan, LabRunRequest } from './session.js';
import { PlanError } from './session.js';
import { checkSprtSettings, parseSprtParams, sprtBounds, sprtEstimate, sprtLineups, sprtLook, sprtParams, type Estimate, type SprtLook, type SprtSettings } from './sprt.js';

export interface SprtRequest {
  /** Game id in the lab registry. */
  readonly game: string;
  /** Agent ids of A and B (built-in ids or user players' ids). Absent when resuming (the log names them). */
  readonly a?: string;
  readonly b?: string;
  /** The test. Absent when resuming (the log holds it); given when resuming, it must match. */
  readonly settings?: SprtSettings;
  /** The most pairs (two-player) or deals (solitaire) to play. Absent when resuming. */
  readonly maxPairs?: number;
  readonly seed?: number;
  /** What a pair is when the game's seed does not deal it (Connect Four's openings: arena/connect-four/opening-pairs.ts). */
  readonly source?: BatchSource;
  /** Continue the run in the log instead of starting one (the lab run passed to runSprt has the log). */
  readonly resuming?: boolean;
  readonly threads?: number;
  readonly moveTimeLimitMs?: number;
  readonly signal?: AbortSignal;
  readonly onPlan?: LabRunRequest['onPlan'];
  readonly onProgress?: LabRunRequest['onProgress'];
  /** Called at each look at the LLR during the run (not for looks replayed from a resumed log). */
  readonly onLook?: (look: SprtLook) => void;
}

export type SprtResult = 'H0' | 'H1' | 'inconclusive';

export interface SprtOutcome {
  readonly settings: SprtSettings;
  /** 'inconclusive' too when interrupted before a decision (see `lab.aborted`). */
  readonly result: SprtResult;
  /** Pairs (deals for a solitaire) counted: up to the look that decided, else all played in order. */
  readonly pairs: number;
  /** Games counted: two per pair (each deal of a solitaire is played by A and by B). */
  readonly games: number;
  readonly llr: number;
  readonly bounds: [number, number];
  readonly estimate: Estimate;
  /** Every look, in order, up to the deciding one. */
  readonly looks: readonly SprtLook[];
  readonly lab: LabRunOutcome;
}

/** The per-pair differences of a tally of the test's experiment (two lineups, paired). */
const differencesOf = (tally: ReturnType<typeof emptyTally>): Moments => {
  const d = tally.differences[0]!;
  return { n: d.n, sum: d.sum, sumSq: d.sumSq };
};

/** The settings of a planned config (the saved ones when resuming): a PlanError if it is not an SPRT's. */
export function settingsOf(config: ExperimentConfig): SprtSettings {
  const settings = parseSprtParams(config.params);
  if (settings === undefined) throw new PlanError('The results file does not hold an SPRT run (its experiment has no SPRT settings).');
  return settings;
}

/** The lab run of a test: its lineups, pairing, size and stopping rule. */
export function sprtLabRequest(request: SprtRequest, onLook?: (look: SprtLook) => void): LabRunRequest {
  const game = gameById(request.game);
  if (game.numPlayers > 2) throw new PlanError(`${game.title} has ${String(game.numPlayers)} seats: the SPRT compares two players in one- or two-player games.`);
  const resuming = request.resuming === true;
  let params: string | undefined;
  if (request.settings !== undefined) {
    try {
      params = sprtParams(checkSprtSettings(request.settings));
    } catch (error) {
      throw new PlanError((error as Error).message);
    }
  }
  if (!resuming && (request.a === undefined || request.b === undefined || params === undefined || request.maxPairs === undefined)) {
    throw new PlanError('A new SPRT needs players A and B, its settings and its most pairs');
  }
  const lineups = request.a === undefined || request.b === undefined ? undefined : sprtLineups(request.a, request.b, game.numPlayers);
  const stopWhen = (config: ExperimentConfig): UntilCi => {
    const settings = settingsOf(config);
    return {
      roundGames: settings.every,
      satisfied: (tally) => {
        const look = sprtLook(settings, differencesOf(tally));
        onLook?.(look);
        return look.decision !== undefined;
      },
    };
  };
  const threads = request.threads;
  return {
    game: request.game,
    lineups,
    paired: resuming ? undefined : true,
    differences: resuming ? undefined : request.settings?.measure,
    games: request.maxPairs,
    seed: request.seed,
    params: resuming && request.settings === undefined ? undefined : params,
    source: request.source,
    // Without a source of its own (the browser's pool), a test whose pairs start from an opening
    // suite has the lab play it (ExperimentConfig.openings): pair i from opening i, as the source does.
    ...(request.source === undefined && request.settings?.openings !== undefined && !resuming ? { openings: request.settings.openings } : {}),
    stopWhen,
    resume: resuming,
    threads,
    // Enough batches per look for every thread (a look waits for all of its pairs); the batches
    // never change the results. (Resumed without the settings: the runner's default batches.)
    batchSize: request.settings === undefined ? undefined : Math.max(1, Math.ceil(request.settings.every / Math.max(1, threads ?? 1))),
    moveTimeLimitMs: request.moveTimeLimitMs,
    signal: request.signal,
    onPlan: request.onPlan,
    onProgress: request.onProgress,
  };
}

/**
 * The looks at the LLR a run's batches give, in order, up to the first that decides: at every
 * multiple of `every` pairs, and at the last pair of a run that reached its most pairs.
 */
export function replayLooks(config: ExperimentConfig, settings: SprtSettings, batches: readonly CompletedBatch[], total: number): { looks: SprtLook[]; differences: Moments } {
  const sorted = [...batches].sort((x, y) => x.start - y.start);
  const tally = emptyTally(config);
  const looks: SprtLook[] = [];
  let end = 0;
  let next = 0;
  let counted: Moments = differencesOf(tally);
  for (let boundary = Math.min(settings.every, total); ; boundary = Math.min(boundary + settings.every, total)) {
    while (next < sorted.length && sorted[next]!.start === end && sorted[next]!.end <= boundary) {
      mergeTally(tally, sorted[next]!.tally);
      end = sorted[next]!.end;
      next++;
    }
    // Pairs missing before this look (an interrupted run): the test stops where it had complete pairs.
    if (end !== boundary) break;
    const differences = differencesOf(tally);
    const look = sprtLook(settings, differences);
    looks.push(look);
    counted = differences;
    if (look.decision !== undefined || boundary >= total) break;
  }
  return { looks, differences: counted };
}

/**
 * The pairs a finished test counted (up to its deciding look, or all of its most pairs), for the
 * game records to keep; undefined for a test interrupted before it finished (its records are kept
 * whole, so that a resume finds every game the results file holds).
 */
export function countedPairs(lab: LabRunOutcome): number | undefined {
  const { config } = lab.plan;
  const settings = settingsOf(config);
  const { looks, differences } = replayLooks(config, settings, lab.batches, lab.plan.total);
  const last = looks.at(-1);
  const finished = last?.decision !== undefined || (last !== undefined && last.pairs === lab.plan.total);
  return finished ? differences.n : undefined;
}

/**
 * An executor that keeps a stopping rule's rounds (`untilCi`) on top of one that plays fixed
 * ranges only (the lab page's worker pool): each round is played as one run of `execute`, and
 * the rule is asked at each round's end, on the games before it, as the Node runner asks it.
 */
export function inRounds(execute: Executor): Executor {
  return async (options) => {
    const { untilCi } = options;
    if (untilCi?.roundGames === undefined) return execute(options);
    const end = options.ranges.reduce((m, [, e]) => Math.max(m, e), 0);
    const lineups = options.config.lineups.length;
    const total = options.ranges.reduce((n, [s, e]) => n + e - s, 0) * lineups;
    const tally = emptyTally(options.config);
    const earlier = options.earlier ?? [];
    for (const batch of earlier) mergeTally(tally, batch.tally);
    const batches: CompletedBatch[] = [];
    let played = 0;
    for (let lo = 0; lo < end; lo += untilCi.roundGames) {
      const hi = Math.min(end, lo + untilCi.roundGames);
      const ranges = options.ranges.map(([s, e]): GameRange => [Math.max(s, lo), Math.min(e, hi)]).filter(([s, e]) => s < e);
      if (ranges.length > 0) {
        const before = played;
        const result = await execute({ ...options, ranges, untilCi: undefined, earlier: undefined, onProgress: (done) => options.onProgress?.(before + done, total) });
        for (const batch of result.batches) {
          mergeTally(tally, batch.tally);
          batches.push(batch);
          played += (batch.end - batch.start) * lineups;
        }
        if (result.aborted) return { tally, batches, aborted: true, stoppedByCi: false };
      }
      if (hi < end) {
        const prefix = emptyTally(options.config);
        for (const batch of [...earlier, ...batches]) if (batch.end <= hi) mergeTally(prefix, batch.tally);
        if (untilCi.satisfied(prefix)) return { tally, batches, aborted: false, stoppedByCi: true };
      }
    }
    return { tally, batches, aborted: false, stoppedByCi: false };
  };
}

/** Plans and plays a test on `runLab` (the session's, with the caller's log), and reads its outcome. */
export async function runSprt(request: SprtRequest, runLab: (request: LabRunRequest) => Promise<LabRunOutcome>): Promise<SprtOutcome> {
  let plan: LabRunPlan | undefined;
  const labRequest = sprtLabRequest(request, request.onLook);
  const lab = await runLab({
    ...labRequest,
    onPlan: (planned, log) => {
      plan = planned;
      request.onPlan?.(planned, log);
    },
  });
  const config = (plan ?? lab.plan).config;
  validateConfig(config);
  const settings = settingsOf(config);
  const { looks, differences } = replayLooks(config, settings, lab.batches, lab.plan.total);
  const last = looks.at(-1);
  const decision = last?.decision;
  const finished = decision !== undefined || (last !== undefined && last.pairs === lab.plan.total);
  return {
    settings,
    result: decision ?? 'inconclusive',
    pairs: differences.n,
    games: 2 * differences.n,
    llr: last?.llr ?? 0,
    bounds: sprtBounds(settings.alpha, settings.beta),
    estimate: sprtEstimate(settings, differences, lab.plan.total),
    looks,
    lab: finished ? { ...lab, aborted: false } : lab,
  };
}
