/**
 * `npm run bench:coach -- [--game connect-four|connect-fwar|uno-war|klondike] [--decisions N] [--skip K]
 * [--seed S] [--factor F] [--nodes N] [--samples N]`: how far a coach can be trusted, and how fast it
 * answers. N decisions (default 1,000) are sampled, after the first K (default 0); each is rated by the coach on its budget and by a reference with F
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
 * the game; the coach plays out `--samples` orders (default COACH_SAMPLES), the reference F times
 * as many, on other orders. Agreement: by the reference, the coach's best move is not significantly
 * worse than the reference's best (its lead under twice its standard error).
 *
 * UnoWar (src/games/uno-war/coach.ts): the decisions come from deals played by Smallest in both
 * seats, at player 0's first choice from a random round on; the opponent is Smallest; the coach
 * draws up to `--samples` states (default COACH_SAMPLES; it stops early when a card is clearly
 * best), the reference F times as many, other draws, all of them. Agreement as for ConnectFwar
 * (strict), and within the coach's tolerance: the reference's cost of the coach's best card is under
 * EQUAL_CHANCE (the coach would not mark it); also how many of these costs fall under 0.5, 1, 2, 3
 * and 5 points of the chance to win.
 *
 * Klondike (src/games/klondike/coach.ts): the decisions come from deals of `klondike play` (7
 * piles, draw 3, the assignment's rules) played by `greedy` with one move in four a random legal
 * one, stopped at a random move (0..79) where the person has more than one move; the coach samples
 * `--samples` deals (default COACH_SAMPLES) with `--nodes` positions a solve (default
 * COACH_STATES); the reference, on other deals, has √F times as many samples and √F times the
 * positions (F times the budget). Agreement as for ConnectFwar.
 */
import { DECK_SIZE } from '../core/cards.js';
import { deriveSeed, randomFloat, randomInt, rngFromSeed, shuffleInPlace } from '../core/random.js';
import { COACH_NODES, bestColumn, outcomeOf, scoreColumns, type ColumnScore } from '../games/connect-four/coach.js';
import { COACH_SAMPLES, rateDecision, type Situation } from '../games/connect-fwar/coach.js';
import { GreedyPolicy } from '../games/connect-fwar/players/honest.js';
import { COLUMNS, DISCARD } from '../games/connect-fwar/rules.js';
import { CHANCE } from '../core/game.js';
import type { SampledRating } from '../core/coach.js';
import { smallestCardAgent } from '../games/uno-war/agents.js';
import { COACH_SAMPLES as UNO_SAMPLES, EQUAL_CHANCE, playOutCards, rateDecision as rateUno, rateOutcomes } from '../games/uno-war/coach.js';
import { UnoWarState } from '../games/uno-war/engine.js';
import { HAND_SIZE as UNO_HAND, canPlayOn } from '../games/uno-war/rules.js';
import { Position } from '../games/connect-four/position.js';
import { createGreedyAgent } from '../games/klondike/agents.js';
import { COACH_SAMPLES as KLONDIKE_SAMPLES, COACH_STATES, candidateMoves, rateMove } from '../games/klondike/coach.js';
import type { KlondikeState } from '../games/klondike/engine.js';
import { legalMovesOfState } from '../games/klondike/moves.js';
import { seededDeal } from '../games/klondike/solver/deal.js';
import { samplePosition } from '../games/connect-four/players/tuning.js';
import { Solver } from '../games/connect-four/solver/solver.js';
import { loadDefaultBook, loadDefaultValues } from '../arena/connect-four/book-file.js';
import { option, usageFailure, wholeOption } from './test-set-args.js';

const fail: (message: string) => never = usageFailure('bench:coach');
const whole = (name: string, fallback: number, min: number): number => wholeOption(name, fallback, min, fail);

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(
    'usage: npm run bench:coach -- [--game connect-four|connect-fwar|uno-war|klondike] [--decisions N] [--skip K] [--seed S] [--factor F] [--nodes N] [--samples N]\n' +
      "A game's coach against a reference with F times its budget (see docs/benchmarks.md).\n",
  );
  process.exit(0);
}

const game = option('--game') ?? 'connect-four';
const GAMES = { 'connect-four': connectFour, 'connect-fwar': connectFwar, 'uno-war': unoWar, klondike } as const;
if (!Object.hasOwn(GAMES, game)) fail(`--game must be connect-four, connect-fwar, uno-war or klondike, got '${game}'`);
const decisions = whole('--decisions', 1000, 1);
/** Decisions passed over before the N rated (two runs, --skip 0 and --skip N, split a long bench between processes). */
const skip = whole('--skip', 0, 0);
const seed = whole('--seed', 1, 0);
const factor = whole('--factor', 100, 1);

/** Wall and CPU times of the coach's ratings. */
class Latency {
  readonly wall: number[] = [];
  readonly cpu: number[] = [];

  time<T>(rate: () => T): T {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = rate();
    const used = process.cpuUsage(cpu);
    this.wall.push(performance.now() - started);
    this.cpu.push((used.user + used.system) / 1000);
    return result;
  }

  report(): string {
    const line = (times: readonly number[]): string => {
      const sorted = [...times].sort((a, b) => a - b);
      const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
      return `median ${at(0.5).toFixed(0)} ms, 90th percentile ${at(0.9).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`;
    };
    return `coach rating: wall ${line(this.wall)}; CPU ${line(this.cpu)}`;
  }
}

/** Thresholds, in points of the chance to win, of the reference's cost of the coach's best choice that the UnoWar bench counts. */
const COST_POINTS = [0.5, 1, 2, 3, 5] as const;

/** The chance that a sampled ConnectFwar game's move is a random legal one rather than greedy's. */
const SLIP = 0.25;
/** Moves a sampled Klondike game may last before it is dropped. */
const KLONDIKE_MOVES = 300;
const share = (n: number, of: number): string => `${(of === 0 ? 0 : (100 * n) / of).toFixed(1)}%`;
const latency = new Latency();
/** A line on stderr every 100 decisions (a 1,000-decision run takes an hour or more), with the agreement so far when known. */
const progress = (done: number, agreed?: number, costs?: readonly number[]): void => {
  if (done % 100 === 0 && done < decisions) {
    const agreement = agreed === undefined ? '' : `, ${String(agreed)} agreed${costs === undefined ? '' : `; the reference's cost of the coach's best: ${costsUnder(costs)}`}`;
    process.stderr.write(`bench:coach: ${String(done)} of ${String(decisions)} decisions${agreement}\n`);
  }
};
process.stdout.write(`${GAMES[game as keyof typeof GAMES]().join('\n')}\n${latency.report()}\n`);

function connectFour(): string[] {
  const nodes = whole('--nodes', COACH_NODES, 1);
  const warn = (message: string): void => void process.stderr.write(`bench:coach: ${message}\n`);
  const books = { book: loadDefaultBook(warn), values: loadDefaultValues(warn) };
  const withBooks = { ...(books.book === undefined ? {} : { book: books.book }), ...(books.values === undefined ? {} : { values: books.values }) };
  const coach = new Solver(withBooks);
  const reference = new Solver(withBooks);
  let agree = 0;
  let disagree = 0;
  let keepsOutcome = 0;
  let outcomeKnown = 0;
  let coachNodes = 0;
  const disagreements: string[] = [];
  let sampled = 0;
  for (let index = 0, passed = 0; sampled < decisions; index++) {
    const moves = samplePosition(seed, index);
    if (moves === null || passed++ < skip) continue;
    progress(++sampled);
    const position = Position.fromMoves(moves);
    const before = coach.nodes;
    const best = latency.time(() => bestColumn(scoreColumns(coach, position, nodes)));
    coachNodes += coach.nodes - before;
    const truth = scoreColumns(reference, position, nodes * factor);
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
    `connect-four: ${String(decisions)} decisions (seed ${String(seed)}), coach ${String(nodes)} nodes, reference ${String(factor)}x`,
    `best column: agrees ${String(agree)} (${share(agree, decisions)}), disagrees ${String(disagree)} (${share(disagree, decisions)}), reference cannot tell ${String(decisions - agree - disagree)}`,
    `keeps the outcome: ${String(keepsOutcome)} of ${String(outcomeKnown)} settled by the reference (${share(keepsOutcome, outcomeKnown)})`,
    `nodes a rating: ${(coachNodes / decisions / 1e6).toFixed(2)} M on average`,
    ...(disagreements.length === 0 ? [] : [`disagreements: ${disagreements.slice(0, 10).join(' ')}`]),
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
  const { agree, same } = sampledAgreement(fwarSituation, (situation, chosen, at, count) => rateDecision(situation, chosen ?? DISCARD, at, count), samples);
  return [
    `connect-fwar: ${String(decisions)} decisions (seed ${String(seed)}), coach ${String(samples)} play-outs a move, reference ${String(factor)}x on other orders`,
    `best move: as good as the reference's best ${String(agree)} (${share(agree, decisions)}); the same move ${String(same)} (${share(same, decisions)})`,
  ];
}

/**
 * How often a sampling coach's best choice is, by a reference with `factor` times its samples (on
 * other draws), as good as the reference's best (`agree`), and the same choice (`same`). `rate`
 * rates `chosen` (null: any legal choice) in a situation.
 */
function sampledAgreement<S>(situation: (index: number) => S | null, rate: (situation: S, chosen: number | null, seed: number, samples: number) => SampledRating, samples: number): { agree: number; same: number; costs: number[] } {
  let agree = 0;
  let same = 0;
  const costs: number[] = [];
  let sampled = 0;
  for (let index = 0, passed = 0; sampled < decisions; index++) {
    const at = situation(index);
    if (at === null || passed++ < skip) continue;
    sampled++;
    const best = latency.time(() => rate(at, null, deriveSeed(seed, 2 * index), samples).best);
    const reference = rate(at, best, deriveSeed(seed, 2 * index + 1), samples * factor);
    if (reference.best === best) same++;
    // Strict: the reference's lead over the coach's choice is under twice its standard error (whatever a coach's own tolerance of small losses).
    if (reference.cost <= 2 * reference.standardError) agree++;
    costs.push(reference.cost);
    progress(sampled, agree, costs);
  }
  return { agree, same, costs };
}

/** How many of `costs` (0..1) fall under each of COST_POINTS: `< 0.5 points 80, < 1 point 90, …`. */
function costsUnder(costs: readonly number[]): string {
  return COST_POINTS.map((points) => `< ${String(points)} ${points === 1 ? 'point' : 'points'} ${String(costs.filter((cost) => cost < points / 100).length)}`).join(', ');
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
  const samples = whole('--samples', UNO_SAMPLES, 1);
  const anyCard = (state: UnoWarState): number => state.handCard(0, [0, 1, 2, 3, 4].find((slot) => canPlayOn(state.top, state.handCard(0, slot)))!);
  // The coach may stop sampling early once a card is clearly best; the reference never does.
  const { agree, same, costs } = sampledAgreement(
    unoSituation,
    (state, chosen, at, count) => (chosen === null ? rateUno(state, anyCard(state), smallestCardAgent, at, count) : rateOutcomes(playOutCards(state, smallestCardAgent, at, count, false), chosen)),
    samples,
  );
  const tolerated = costs.filter((cost) => cost < EQUAL_CHANCE).length;
  return [
    `uno-war: ${String(decisions)} decisions (seed ${String(seed)}${skip === 0 ? '' : `, after ${String(skip)}`}), against Smallest, coach ${String(samples)} states, reference ${String(factor)}x on other draws`,
    `best card: as good as the reference's best ${String(agree)} (${share(agree, decisions)}); the same card ${String(same)} (${share(same, decisions)})`,
    `best card: within the coach's tolerance (the reference's cost of it under ${(100 * EQUAL_CHANCE).toFixed(1)} points) ${String(tolerated)} (${share(tolerated, decisions)})`,
    `the reference's cost of the coach's best card: ${costsUnder(costs)}`,
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
  const { agree, same } = sampledAgreement(
    klondikeSituation,
    (state, chosen, at, count) => {
      const reference = count !== samples;
      const budget = reference ? { samples: Math.round(samples * root), maxStates: Math.round(nodes * root) } : { samples, maxStates: nodes };
      return rateMove(state, candidateMoves(state)[chosen ?? 0]!, at, budget);
    },
    samples,
  );
  return [
    `klondike: ${String(decisions)} decisions (seed ${String(seed)}), coach ${String(samples)} deals x ${String(nodes)} positions, reference ${String(factor)}x (${String(Math.round(samples * root))} deals x ${String(Math.round(nodes * root))}) on other deals`,
    `best move: as good as the reference's best ${String(agree)} (${share(agree, decisions)}); the same move ${String(same)} (${share(same, decisions)})`,
  ];
}
