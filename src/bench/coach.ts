/**
 * `npm run bench:coach -- [--game connect-four|connect-fwar|uno-war] [--decisions N] [--seed S] [--factor F]
 * [--nodes N] [--samples N]`: how far a coach can be trusted, and how fast it answers. N decisions
 * (default 1,000) are sampled; each is rated by the coach on its budget and by a reference with F
 * times that budget (default 100). Latency: the wall and CPU time of each coach rating (median,
 * 90th percentile, max).
 *
 * Connect Four (src/games/connect-four/coach.ts): the decisions come from imperfect games
 * (players/tuning.ts samplePosition: plies 8-30, the positions a person meets once the opening
 * book is behind); the coach's budget is `--nodes` (default COACH_NODES; one solver, its table
 * kept from decision to decision, as in a game), the reference has its own solver. Agreement: the
 * reference proves the coach's best column as good as any other; disagreement: it proves another
 * column better; otherwise it could not tell. Also counted: decisions where the coach's best column
 * keeps the position's outcome (win, draw or loss) by the reference.
 *
 * ConnectFwar (src/games/connect-fwar/coach.ts): the decisions come from deals played by `greedy`
 * with one move in four a random legal one (so that poor boards come up too), at a random card of
 * the game; the coach plays out up to `--samples` orders (default COACH_SAMPLES; it stops early
 * when a move is clearly best), the reference F times as many, on other orders, all of them. Agreement: by the reference, the coach's best move is not significantly
 * worse than the reference's best (its lead under twice its standard error).
 *
 * UnoWar (src/games/uno-war/coach.ts): the decisions come from deals played by Smallest in both
 * seats, at player 0's first choice from a random round on; the opponent is Smallest; the coach
 * draws up to `--samples` states (default COACH_SAMPLES; it stops early when a card is clearly
 * best) and plays each card to the round's end (the round-value table), the reference F times as
 * many, other draws, all of them. Agreement as for ConnectFwar. `--reference full`: the reference
 * plays each card out to the game's end instead (no table), so that the table's bias counts too.
 * `--truncation-bias`: no agreement, but on each decision every card's chance by both methods on
 * the same `--reference-samples` states (unoTruncationBias).
 *
 * Klondike (src/games/klondike/coach.ts): the decisions come from deals of `klondike play` (7
 * piles, draw 3, the assignment's rules) played by `greedy` with one move in four a random legal
 * one, stopped at a random move (0..79) where the person has more than one move; the coach samples
 * `--samples` deals (default COACH_SAMPLES) with `--nodes` positions a solve (default
 * COACH_STATES); the reference, on other deals, has √F times as many samples and √F times the
 * positions (F times the budget). Agreement as for ConnectFwar.
 *
 * `--reference-samples N` / `--reference-nodes N` set the reference's budget outright (samples,
 * and nodes or positions a solve) instead of F times the coach's. `--journal FILE` keeps the
 * reference's answers, one line a decision (the house's job records, lab/jobs.ts): every choice's
 * verdict, or Connect Four's column scores, so the coach's best can be judged whatever it is. A
 * run finds the answers its journal already holds and appends the others as it goes: a run
 * stopped part way resumes where it stopped, and a coach changed later is judged again at the
 * cost of its own ratings. `--from A --to B` takes decisions A..B-1 only (a shard). `--latency-only`
 * times the coach's ratings and computes no reference. `--times FILE` writes every rating's CPU and
 * wall time, a line a decision.
 *
 * Latency: `coach rating` is the compute time of a rating from scratch (wall and CPU). The
 * terminals of Connect Four, Klondike and UnoWar prepare a position while the person thinks (the
 * columns scored; every move rated; every card played out) and finish the rating when they decide
 * (the verdict on the choice; a look-up); both parts are timed apart, and `as a person sees it` is the wait from the decision to the rating of a person who
 * decides `--think MS` after the position shows (default THINK_MS): the part of the preparation
 * still running then, plus the rest of the rating, max(0, prepare - think) + finish, from the
 * measured wall times, and from the CPU times (the wait on a core of its own). (The terminal
 * prepares on its one thread: a line typed meanwhile is read when the preparation ends.)
 */
import { writeFileSync } from 'node:fs';
import { DECK_SIZE } from '../core/cards.js';
import { deriveSeed, randomFloat, randomInt, rngFromSeed, shuffleInPlace } from '../core/random.js';
import { COACH_NODES, bestColumn, outcomeOf, scoreColumns, type ColumnScore } from '../games/connect-four/coach.js';
import { COACH_SAMPLES, rateDecision, rateEveryMove, type Situation } from '../games/connect-fwar/coach.js';
import { GreedyPolicy } from '../games/connect-fwar/players/honest.js';
import { COLUMNS, DISCARD } from '../games/connect-fwar/rules.js';
import { CHANCE } from '../core/game.js';
import type { SampledRating, Verdict } from '../core/coach.js';
import { smallestCardAgent } from '../games/uno-war/agents.js';
import { COACH_SAMPLES as UNO_SAMPLES, EQUAL_CHANCE, playOutCards, prepareDecision as prepareUno, rateOutcomes, warmUpCoach } from '../games/uno-war/coach.js';
import { UnoWarState } from '../games/uno-war/engine.js';
import { HAND_SIZE as UNO_HAND, canPlayOn } from '../games/uno-war/rules.js';
import { Position } from '../games/connect-four/position.js';
import { createGreedyAgent } from '../games/klondike/agents.js';
import { COACH_SAMPLES as KLONDIKE_SAMPLES, COACH_STATES, PreparedDecision, candidateMoves, rateEveryMove as rateEveryKlondikeMove } from '../games/klondike/coach.js';
import type { KlondikeState } from '../games/klondike/engine.js';
import { legalMovesOfState } from '../games/klondike/moves.js';
import { seededDeal } from '../games/klondike/solver/deal.js';
import { samplePosition } from '../games/connect-four/players/tuning.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { loadDefaultBook, loadDefaultValues, SHIPPED_BOOK_PATHS } from '../arena/connect-four/book-file.js';
import { JOB_FORMAT, canonicalJson, parseJobRecord, type JsonValue } from '../lab/jobs.js';
import { JournalFile } from '../lab/journal-file.js';
import { option, usageFailure, wholeOption } from './test-set-args.js';
import { checkBenchArgs } from './args.js';

const fail: (message: string) => never = usageFailure('bench:coach');
const whole = (name: string, fallback: number, min: number): number => wholeOption(name, fallback, min, fail);

checkBenchArgs(
  'bench:coach',
  'usage: npm run bench:coach -- [--game connect-four|connect-fwar|uno-war|klondike] [--decisions N] [--seed S] [--factor F] [--nodes N] [--samples N]\n' +
      '       [--reference-samples N] [--reference-nodes N] [--journal FILE] [--from A] [--to B] [--latency-only] [--think MS] [--times FILE]\n' +
      '       uno-war only: [--reference same|clear|full] [--truncation-bias]\n' +
      "A game's coach against a reference with F times its budget (see docs/benchmarks.md).\n",
  { valued: ['--game', '--decisions', '--seed', '--factor', '--nodes', '--samples', '--reference-samples', '--reference-nodes', '--journal', '--from', '--to', '--think', '--times', '--reference'], flags: ['--latency-only', '--truncation-bias'] },
);

const game = option('--game') ?? 'connect-four';
const GAMES = { 'connect-four': connectFour, 'connect-fwar': connectFwar, 'uno-war': unoWar, klondike } as const;
if (!Object.hasOwn(GAMES, game)) fail(`--game must be connect-four, connect-fwar, uno-war or klondike, got '${game}'`);
const decisions = whole('--decisions', 1000, 1);
const seed = whole('--seed', 1, 0);
const factor = whole('--factor', 100, 1);
const from = whole('--from', 0, 0);
const to = whole('--to', decisions, 1);

/**
 * The decisions this run rates, in order: the situation of each game index that has one (a game
 * index without a decision is skipped, not counted), numbered from 0, those in [from, to) only.
 */
function* decisionsOf<S>(situation: (index: number) => S | null): Generator<{ readonly at: S; readonly index: number; readonly decision: number }> {
  let sampled = 0;
  for (let index = 0; sampled < to; index++) {
    const at = situation(index);
    if (at === null) continue;
    const decision = sampled++;
    if (decision >= from) yield { at, index, decision };
  }
}
if (from >= to || to > decisions) fail(`--from and --to must satisfy 0 <= from < to <= ${String(decisions)} (the decisions), got ${String(from)} and ${String(to)}`);
/** The decisions judged. */
const judgedCount = to - from;
const journalPath = option('--journal');
/** `--latency-only`: the coach's ratings alone, timed; no reference, no agreement. */
const latencyOnly = process.argv.includes('--latency-only');
/** `--times FILE`: every rating's time, a line a decision, for a look at particular decisions. */
const timesPath = option('--times');
/** A person's time to decide after a position shows (ms): how long a prepared rating's preparation may take unseen. */
const THINK_MS = 1000;
const thinkMs = whole('--think', THINK_MS, 0);

/** Wall and CPU times of the coach's ratings. */
class Latency {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];
  /** The decision of each time. */
  readonly decisions: number[] = [];

  /** With prepared ratings: the wait a person sees from their decision to the rating (see the top of the file). */
  readonly seen: number[] = [];
  /** The same from the CPU times: the wait on a core of its own (where wall time is CPU time). */
  readonly seenCpu: number[] = [];

  time<T>(decision: number, rate: () => T): T {
    const { result, wall, cpu } = measured(rate);
    this.wall.push(wall);
    this.cpu.push(cpu);
    this.decisions.push(decision);
    return result;
  }

  /** A rating in two parts: `prepare` while the person thinks, `finish` once they decide. */
  timePrepared<P, T>(decision: number, prepare: () => P, finish: (prepared: P) => T): T {
    const before = measured(prepare);
    const after = measured(() => finish(before.result));
    this.wall.push(before.wall + after.wall);
    this.cpu.push(before.cpu + after.cpu);
    this.seen.push(Math.max(0, before.wall - thinkMs) + after.wall);
    this.seenCpu.push(Math.max(0, before.cpu - thinkMs) + after.cpu);
    this.decisions.push(decision);
    return after.result;
  }

  /** Every rating's decision, CPU and wall time (ms), tab-separated under a header. */
  table(): string {
    return `decision\tcpu_ms\twall_ms\n${this.decisions.map((decision, i) => `${String(decision)}\t${this.cpu[i]!.toFixed(1)}\t${this.wall[i]!.toFixed(1)}\n`).join('')}`;
  }

  report(): string {
    const line = (times: readonly number[]): string => {
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return `median ${at(0.5).toFixed(0)} ms, 90th percentile ${at(0.9).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
    };
    const slowest = this.cpu.map((cpu, i) => ({ cpu, decision: this.decisions[i]! })).sort((a, b) => b.cpu - a.cpu).slice(0, 5);
    const over = (times: readonly number[]): string => `${String(times.filter((ms) => ms > 100).length)} over 100 ms`;
    return [
      `coach rating, computed from scratch: wall ${line(this.wall)} (${over(this.wall)}); CPU ${line(this.cpu)} (${over(this.cpu)})`,
      `the most CPU: ${slowest.map(({ cpu, decision }) => `decision ${String(decision)} ${cpu.toFixed(0)} ms`).join(', ')}`,
      ...(this.seen.length === 0 ? [] : [`as a person sees it, deciding ${String(thinkMs)} ms after the position shows (prepared meanwhile): wall ${line(this.seen)} (${over(this.seen)}); from the CPU times ${line(this.seenCpu)} (${over(this.seenCpu)})`]),
    ].join('\n');
  }
}

/** `run`'s result with its wall and CPU time (ms). */
function measured<T>(run: () => T): { result: T; wall: number; cpu: number } {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = run();
  const used = process.cpuUsage(cpu);
  return { result, wall: performance.now() - started, cpu: (used.user + used.system) / 1000 };
}

/** The chance that a sampled ConnectFwar game's move is a random legal one rather than greedy's. */
const SLIP = 0.25;
/** Thresholds, in points of the chance to win, of the reference's cost of the coach's best choice that the UnoWar bench counts. */
const COST_POINTS = [0.5, 1, 2, 3, 5] as const;
/** Thresholds, in points, of how far the reference's second-best card trails its best that the UnoWar bench counts. */
const RUNNER_UP_POINTS = [0.05, 0.1, 0.25, 0.5, 1] as const;
/** Moves a sampled Klondike game may last before it is dropped. */
const KLONDIKE_MOVES = 300;
const share = (n: number, of: number): string => `${(of === 0 ? 0 : (100 * n) / of).toFixed(1)}%`;
const latency = new Latency();
/** A line on stderr every 100 decisions (a 1,000-decision run takes an hour or more), with the agreement so far when known. */
const progress = (done: number, agreed?: number): void => {
  if (done % 100 === 0 && done < judgedCount) process.stderr.write(`bench:coach: ${String(done)} of ${String(judgedCount)} decisions${agreed === undefined ? '' : `, ${String(agreed)} agreed`}\n`);
};
/** Decisions `from`..`to`-1 in words, for the report's first line. */
const decisionsText = (): string => (judgedCount === decisions ? `${String(decisions)} decisions` : `decisions ${String(from)}..${String(to - 1)} of ${String(decisions)}`);

/**
 * The reference's answers, by decision: read from `--journal` (records of the same reference, the
 * same game, seed and budget) and appended to it as they are computed. Without a journal, each is
 * computed.
 */
class ReferenceJournal<R> {
  readonly #params: JsonValue;
  readonly #known = new Map<number, R>();
  readonly #file: JournalFile | undefined;
  /** Answers read from the journal and used. */
  reused = 0;

  constructor(params: JsonValue) {
    this.#params = params;
    if (journalPath === undefined) return;
    this.#file = JournalFile.read(journalPath, 'the journal');
    const wanted = canonicalJson(params);
    this.#file.lines.forEach((line, i) => {
      if (line.trim() === '') return;
      const record = parseJobRecord(line, `${journalPath}:${String(i + 1)}`);
      // A journal may hold other references too (another game or budget): only this one's count.
      if (record.job === REFERENCE_JOB && canonicalJson(record.params as JsonValue) === wanted) this.#known.set(record.start, record.result as R);
    });
  }

  answer(decision: number, compute: () => R): R {
    const known = this.#known.get(decision);
    if (known !== undefined) {
      this.reused++;
      return known;
    }
    const result = compute();
    this.#file?.append(JSON.stringify({ format: JOB_FORMAT, job: REFERENCE_JOB, params: this.#params, count: decisions, part: [from, to], start: decision, end: decision + 1, result }));
    return result;
  }

  /** The report's line on the journal ('' without one). */
  note(): string[] {
    return journalPath === undefined ? [] : [`reference answers: ${String(this.reused)} from ${journalPath}, ${String(judgedCount - this.reused)} computed and added to it`];
  }
}
const REFERENCE_JOB = 'bench:coach reference';
const lines = GAMES[game as keyof typeof GAMES]();
process.stdout.write(`${(latencyOnly ? lines.slice(0, 1) : lines).join('\n')}\n${latency.wall.length === 0 ? '' : `${latency.report()}\n`}`);
if (timesPath !== undefined) writeFileSync(timesPath, latency.table());

function connectFour(): string[] {
  const nodes = whole('--nodes', COACH_NODES, 1);
  const referenceNodes = whole('--reference-nodes', nodes * factor, 1);
  const warn = (message: string): void => void process.stderr.write(`bench:coach: ${message}\n`);
  const books = { book: loadDefaultBook(warn, SHIPPED_BOOK_PATHS), values: loadDefaultValues(warn) };
  const withBooks = { ...(books.book === undefined ? {} : { book: books.book }), ...(books.values === undefined ? {} : { values: books.values }) };
  const coach = new Solver(withBooks);
  const reference = new Solver(withBooks);
  const journal = new ReferenceJournal<([number, number] | null)[]>({ game, seed, nodes: referenceNodes });
  let agree = 0;
  let disagree = 0;
  let keepsOutcome = 0;
  let outcomeKnown = 0;
  let coachNodes = 0;
  const disagreements: string[] = [];
  for (const { at: moves, decision } of decisionsOf((index) => samplePosition(seed, index))) {
    progress(decision - from);
    const position = Position.fromMoves(moves);
    const before = coach.nodes;
    // As the terminal does: the columns scored while the person thinks, the best one found when they decide.
    const best = latency.timePrepared(decision, () => scoreColumns(coach, position, nodes), bestColumn);
    coachNodes += coach.nodes - before;
    if (latencyOnly) continue;
    const truth = journal
      .answer(decision, () => scoreColumns(reference, position, referenceNodes).map((score) => (score === null ? null : [score.lower, score.upper])))
      .map((score) => (score === null ? null : { lower: score[0], upper: score[1] }));
    const verdict = judged(truth, best);
    if (verdict === 1) agree++;
    else if (verdict === -1) {
      disagree++;
      disagreements.push(moves);
    }
    const whole = outcomeOf({ lower: Math.max(...truth.map((s) => s?.lower ?? -Infinity)), upper: Math.max(...truth.map((s) => s?.upper ?? -Infinity)) });
    const kept = outcomeOf(truth[best]!);
    if (whole !== null && kept !== null) {
      outcomeKnown++;
      if (whole === kept) keepsOutcome++;
    }
  }
  return [
    `connect-four: ${decisionsText()} (seed ${String(seed)}), coach ${String(nodes)} nodes, reference ${String(referenceNodes)} nodes (${(referenceNodes / nodes).toFixed(0)}x)`,
    `best column: agrees ${String(agree)} (${share(agree, judgedCount)}), disagrees ${String(disagree)} (${share(disagree, judgedCount)}), reference cannot tell ${String(judgedCount - agree - disagree)}`,
    `keeps the outcome: ${String(keepsOutcome)} of ${String(outcomeKnown)} settled by the reference (${share(keepsOutcome, outcomeKnown)})`,
    `nodes a rating: ${(coachNodes / judgedCount / 1e6).toFixed(2)} M on average`,
    ...(disagreements.length === 0 ? [] : [`disagreements: ${disagreements.slice(0, 10).join(' ')}`]),
    ...journal.note(),
  ];
}

/** 1: the reference proves `column` as good as any other; -1: it proves another better; 0: it cannot tell. */
function judged(scores: readonly (ColumnScore | null)[], column: number): -1 | 0 | 1 {
  const mine = scores[column]!;
  const others = scores.filter((score, index): score is ColumnScore => score !== null && index !== column);
  if (others.every((score) => mine.lower >= score.upper)) return 1;
  if (others.some((score) => score.lower > mine.upper)) return -1;
  return 0;
}

/** Decision `index`: a deal played by greedy with slips, stopped at a random card before its end; null if it ended first. */
function fwarSituation(index: number): Situation | null {
  const rng = rngFromSeed(deriveSeed(seed, index));
  const deck = Array.from({ length: DECK_SIZE }, (_, card) => card);
  shuffleInPlace(deck, rng);
  const stop = randomInt(rng, 8);
  const policy = new GreedyPolicy();
  policy.position.setBoard(new Array<number>(16).fill(-1), [0, 0, 0, 0], [1, 1, 1, 1]);
  policy.unseen.setFromCards(deck, DECK_SIZE);
  for (let drawn = 0; drawn < DECK_SIZE; drawn++) {
    const card = deck[drawn]!;
    policy.unseen.remove(card);
    if (drawn === stop) return { cells: Array.from(policy.position.cells), card, unseen: deck.slice(drawn + 1) };
    let move = policy.bestMove(card);
    if (policy.bestWins) return null;
    if (randomFloat(rng) < SLIP) {
      const legal = [DISCARD, ...Array.from({ length: COLUMNS }, (_, col) => col).filter((col) => policy.position.canPlay(card, col))];
      move = legal[randomInt(rng, legal.length)]!;
    }
    if (move !== DISCARD && policy.position.completesFour(policy.position.place(card, move))) return null;
  }
  return null;
}

function connectFwar(): string[] {
  const samples = whole('--samples', COACH_SAMPLES, 1);
  const referenceSamples = whole('--reference-samples', samples * factor, 1);
  const { agree, same, notes } = sampledAgreement(
    fwarSituation,
    (situation, at) => rateDecision(situation, DISCARD, at, samples).best,
    (situation, at) => rateEveryMove(situation, at, referenceSamples, false),
    { game, seed, samples: referenceSamples },
  );
  return [
    `connect-fwar: ${decisionsText()} (seed ${String(seed)}), coach ${String(samples)} play-outs a move, reference ${String(referenceSamples)} (${(referenceSamples / samples).toFixed(0)}x) on other orders`,
    `best move: as good as the reference's best ${String(agree)} (${share(agree, judgedCount)}); the same move ${String(same)} (${share(same, judgedCount)})`,
    ...notes,
  ];
}

/**
 * The reference's answer on a sampled decision: its best choice, and for each choice (by its
 * number) its verdict and its cost against the best with that cost's standard error.
 */
interface ReferenceAnswer {
  readonly best: number;
  readonly verdicts: Readonly<Record<string, Verdict>>;
  readonly costs?: Readonly<Record<string, readonly [cost: number, standardError: number]>>;
}

/** The reference's cost of the coach's choice and its standard error, by decision. */
interface CoachCost {
  readonly cost: number;
  readonly standardError: number;
}

/** How far the reference's second-best choice trails its best (the second-lowest cost), when it rated two choices or more. */
function runnerUpCost(answer: ReferenceAnswer): number | undefined {
  if (answer.costs === undefined) return undefined;
  const sorted = Object.values(answer.costs)
    .map(([cost]) => cost)
    .sort((a, b) => a - b);
  return sorted[1];
}

/** A coach whose terminal prepares a situation while the person thinks (`prepare`) and rates their choice when they make it (`finish`: the best choice). */
interface PreparedCoach<S, P> {
  prepare(situation: S, seed: number): P;
  finish(prepared: P): number;
}

/**
 * How often a sampling coach's best choice is, by a reference with more samples (on other draws),
 * as good as the reference's best (`agree`), and the same choice (`same`). `coach` gives the
 * coach's best choice in a situation (at once or prepared first), `reference` the reference's
 * rating of every choice there; `params` name the reference in the journal.
 */
function sampledAgreement<S, P = never>(
  situation: (index: number) => S | null,
  coach: ((situation: S, seed: number) => number) | PreparedCoach<S, P>,
  reference: (situation: S, seed: number) => readonly SampledRating[],
  params: JsonValue,
): { agree: number; same: number; costs: CoachCost[]; runnerUps: number[]; notes: string[] } {
  const journal = new ReferenceJournal<ReferenceAnswer>(params);
  let agree = 0;
  let same = 0;
  const costs: CoachCost[] = [];
  const runnerUps: number[] = [];
  for (const { at, index, decision } of decisionsOf(situation)) {
    const coachSeed = deriveSeed(seed, 2 * index);
    const best =
      typeof coach === 'function'
        ? latency.time(decision, () => coach(at, coachSeed))
        : latency.timePrepared(
            decision,
            () => coach.prepare(at, coachSeed),
            (prepared) => coach.finish(prepared),
          );
    if (latencyOnly) continue;
    const answer = journal.answer(decision, () => {
      const ratings = reference(at, deriveSeed(seed, 2 * index + 1));
      return {
        best: ratings[0]!.best,
        verdicts: Object.fromEntries(ratings.map((rating) => [String(rating.chosen), rating.verdict])),
        costs: Object.fromEntries(ratings.map((rating) => [String(rating.chosen), [rating.cost, rating.standardError] as const])),
      };
    });
    if (answer.best === best) same++;
    if (answer.verdicts[String(best)] === 'best') agree++;
    const cost = answer.costs?.[String(best)];
    if (cost !== undefined) costs.push({ cost: cost[0], standardError: cost[1] });
    const runnerUp = runnerUpCost(answer);
    if (runnerUp !== undefined) runnerUps.push(runnerUp);
    progress(decision - from + 1, agree);
  }
  return { agree, same, costs, runnerUps, notes: journal.note() };
}

/**
 * UnoWar decision `index`: a deal played by Smallest in both seats, stopped at the first decision
 * of player 0 with a choice from a random round (0..9) on; null if the game ended first.
 */
function unoSituation(index: number): UnoWarState | null {
  const rng = rngFromSeed(deriveSeed(seed, index));
  const fromRound = randomInt(rng, 10);
  const state = new UnoWarState();
  while (!state.isTerminal()) {
    const player = state.currentPlayer();
    if (player === CHANCE) {
      state.applyAction(state.sampleChance(rng));
      continue;
    }
    let choices = 0;
    for (let slot = 0; slot < UNO_HAND; slot++) if (canPlayOn(state.top, state.handCard(player, slot))) choices++;
    if (player === 0 && choices > 1 && state.rounds >= fromRound) return state;
    state.applyAction(smallestCardAgent.act(state, rng));
  }
  return null;
}

function unoWar(): string[] {
  if (process.argv.includes('--truncation-bias')) return unoTruncationBias();
  // As the terminal and the page's worker do when the coach starts (not timed).
  warmUpCoach();
  const samples = whole('--samples', UNO_SAMPLES, 1);
  // `--reference full`: the reference plays every card out to the game's end (the evaluator
  // without the round-value table), so that the truncation's bias counts against the coach too.
  // `--reference clear`: the same method, stopping as the coach does once one card is clearly best
  // (looks after 500 states and whenever they have doubled): its full budget goes to the near-ties,
  // the decisions a reference is for, and a decision settled by a few thousand states costs no more.
  const method = option('--reference') ?? 'same';
  if (method !== 'same' && method !== 'full' && method !== 'clear') fail(`--reference must be same, clear or full, got '${method}'`);
  const toGameEnd = method === 'full';
  const stopWhenClear = method === 'clear';
  const referenceSamples = whole('--reference-samples', samples * factor, 1);
  const anyCard = (state: UnoWarState): number => state.handCard(0, [0, 1, 2, 3, 4].find((slot) => canPlayOn(state.top, state.handCard(0, slot)))!);
  // The coach may stop sampling early once a card is clearly best; the reference only with `--reference clear`.
  const { same, costs, runnerUps, notes } = sampledAgreement(
    unoSituation,
    // As the terminal and the page do: every card played out while the person thinks, their card rated when they choose it.
    { prepare: (state, at) => ({ outcomes: prepareUno(state, smallestCardAgent, at, samples), chosen: anyCard(state) }), finish: ({ outcomes, chosen }) => rateOutcomes(outcomes, chosen).best },
    (state, at) => {
      const outcomes = playOutCards(state, smallestCardAgent, at, referenceSamples, { stopWhenClear, toGameEnd });
      return outcomes.cards.map((card) => rateOutcomes(outcomes, card));
    },
    // The other references are a journal's other jobs: their parameters name the method.
    method === 'same' ? { game, seed, samples: referenceSamples } : { game, seed, samples: referenceSamples, reference: method },
  );
  const strict = costs.filter((c) => c.cost <= 2 * c.standardError).length;
  const tolerated = costs.filter((c) => c.cost < EQUAL_CHANCE).length;
  // A full play-out costs many round play-outs: the ratio of states is no ratio of budgets then.
  const reference = toGameEnd
    ? "each card played out to the game's end"
    : `${(referenceSamples / samples).toFixed(0)}x, the same method${stopWhenClear ? ', stopping once a card is clearly best' : ''}`;
  return [
    `uno-war: ${decisionsText()} (seed ${String(seed)}), against Smallest, coach ${String(samples)} states, reference ${String(referenceSamples)} (${reference}) on other draws`,
    // Strict: the reference's lead over the coach's card is under twice its standard error, whatever the coach's own tolerance of small losses.
    `best card: as good as the reference's best ${String(strict)} (${share(strict, judgedCount)}); the same card ${String(same)} (${share(same, judgedCount)})`,
    `best card: within the coach's tolerance (the reference's cost of it under ${(100 * EQUAL_CHANCE).toFixed(1)} points) ${String(tolerated)} (${share(tolerated, judgedCount)})`,
    `the reference's cost of the coach's best card: ${costsUnder(costs.map((c) => c.cost))}`,
    // How many decisions are near-ties: a runner-up a tenth of a point behind is one that no coach with the coach's standard error (about a quarter of a point) can order.
    `the reference's second-best card behind its best: ${costsUnder(runnerUps, RUNNER_UP_POINTS)} (of ${String(runnerUps.length)} decisions with two cards or more)`,
    ...notes,
  ];
}

/**
 * `--truncation-bias`: on each decision, every card's chance by the coach's method (each card
 * played to the round's end, the round-value table) and by full play-outs to the game's end, both
 * on the same `--reference-samples` drawn states and random streams (so their difference is
 * measured precisely): how far the table's chances and the cards' leads over each other lie from
 * the play-outs', and how often the coach's method's best card is, by the full play-outs,
 * significantly worse than their best (its lead over twice its standard error).
 */
function unoTruncationBias(): string[] {
  const samples = whole('--reference-samples', UNO_SAMPLES * 10, 1);
  const chanceDifferences: number[] = [];
  const leadDifferences: number[] = [];
  let worse = 0;
  let sameBest = 0;
  for (const { at: state, index, decision } of decisionsOf(unoSituation)) {
    const at = deriveSeed(seed, 2 * index + 1);
    const truncated = playOutCards(state, smallestCardAgent, at, samples, { stopWhenClear: false });
    const full = playOutCards(state, smallestCardAgent, at, samples, { stopWhenClear: false, toGameEnd: true });
    const truncatedRatings = truncated.cards.map((card) => rateOutcomes(truncated, card));
    const fullRatings = full.cards.map((card) => rateOutcomes(full, card));
    const fullBest = fullRatings[0]!.best;
    truncatedRatings.forEach((rating, i) => {
      const chance = rating.cards[i]!.chance;
      chanceDifferences.push(chance - fullRatings[i]!.cards[i]!.chance);
      // A card's lead over the full play-outs' best card, by each method.
      const lead = (ratings: typeof truncatedRatings): number => ratings[i]!.cards[i]!.chance - ratings[i]!.cards[full.cards.indexOf(fullBest)]!.chance;
      leadDifferences.push(lead(truncatedRatings) - lead(fullRatings));
    });
    const best = truncatedRatings[0]!.best;
    if (best === fullBest) sameBest++;
    const { cost, standardError } = rateOutcomes(full, best);
    if (cost > 2 * standardError) worse++;
    progress(decision - from + 1);
  }
  const points = (values: readonly number[]): string => {
    const absolute = values.map(Math.abs);
    return `mean ${(100 * (values.reduce((a, b) => a + b, 0) / values.length)).toFixed(2)}, mean absolute ${(100 * (absolute.reduce((a, b) => a + b, 0) / absolute.length)).toFixed(2)}, max absolute ${(100 * Math.max(...absolute)).toFixed(2)} points`;
  };
  return [
    `uno-war truncation bias: ${decisionsText()} (seed ${String(seed)}), against Smallest, both methods on the same ${String(samples)} states and streams, ${String(chanceDifferences.length)} cards`,
    `a card's chance, table minus full play-outs: ${points(chanceDifferences)}`,
    `a card's lead over the full play-outs' best card, table minus full play-outs: ${points(leadDifferences)}`,
    `the table's best card: the full play-outs' best ${String(sameBest)} (${share(sameBest, judgedCount)}); significantly worse than it by the full play-outs (over twice the standard error) ${String(worse)} (${share(worse, judgedCount)})`,
  ];
}

/** Klondike decision `index`: a deal played by greedy with slips, stopped at a random move with a choice; null if it ended first. */
function klondikeSituation(index: number): KlondikeState | null {
  const rng = rngFromSeed(deriveSeed(seed, index));
  const state = seededDeal(deriveSeed(seed, index) % 1_000_000_000);
  const stop = randomInt(rng, 80);
  const greedy = createGreedyAgent();
  // The deal has no idle limit (as in `klondike play`): a game with nothing left but discards would never end.
  for (let move = 0; move < KLONDIKE_MOVES && !state.isTerminal(); move++) {
    const legal = legalMovesOfState(state, true);
    if (move >= stop && candidateMoves(state).length > 1) return state;
    state.applyAction(randomFloat(rng) < SLIP ? legal[randomInt(rng, legal.length)]!.action : greedy.act(state, rng));
  }
  return null;
}

function klondike(): string[] {
  const samples = whole('--samples', KLONDIKE_SAMPLES, 1);
  const nodes = whole('--nodes', COACH_STATES, 1);
  // The reference's budget, F times the coach's, split evenly between samples and positions.
  const root = Math.sqrt(factor);
  const referenceBudget = { samples: whole('--reference-samples', Math.round(samples * root), 1), maxStates: whole('--reference-nodes', Math.round(nodes * root), 1) };
  const { agree, same, notes } = sampledAgreement(
    klondikeSituation,
    // As the terminal does: the samples solved while the person thinks, the (first) move rated when they make it.
    {
      prepare: (state, at) => ({ prepared: new PreparedDecision(state, at, { samples, maxStates: nodes }), chosen: candidateMoves(state)[0]! }),
      finish: ({ prepared, chosen }) => prepared.rate(chosen).best,
    },
    (state, at) => rateEveryKlondikeMove(state, at, referenceBudget),
    { game, seed, ...referenceBudget },
  );
  const times = (referenceBudget.samples * referenceBudget.maxStates) / (samples * nodes);
  return [
    `klondike: ${decisionsText()} (seed ${String(seed)}), coach ${String(samples)} deals x ${String(nodes)} positions, reference ${String(referenceBudget.samples)} deals x ${String(referenceBudget.maxStates)} (${times.toFixed(0)}x) on other deals`,
    `best move: as good as the reference's best ${String(agree)} (${share(agree, judgedCount)}); the same move ${String(same)} (${share(same, judgedCount)})`,
    ...notes,
  ];
}

/** How many of `costs` (0..1) fall under each threshold in points (COST_POINTS unless given): `< 0.5 points 80, < 1 point 90, …`. */
function costsUnder(costs: readonly number[], thresholds: readonly number[] = COST_POINTS): string {
  return thresholds.map((points) => `< ${String(points)} ${points === 1 ? 'point' : 'points'} ${String(costs.filter((cost) => cost < points / 100).length)}`).join(', ');
}
