/**
 * What an experiment is and how one batch of it is played. This module is shared by the worker
 * threads and the in-process mode, so both play exactly the same games.
 *
 * An experiment plays games 0 .. N-1 of one or more *lineups* (agent ids per seat) of one game.
 * Game i of a lineup is fully determined by (experiment seed, lineup, i): it never depends on which
 * worker plays it, in which batch, or in what order. Results are kept as integer tallies (counts and
 * sums), which add exactly in any order — so any split into batches, threads, shards or resumed runs
 * merges to the bit-identical result of one sequential run.
 */
import { CHANCE, TERMINAL, builtInAgent, type Agent, type GameDefinition, type GameState, playOut } from '../core/game.js';
import { ReseedableRng, deriveSeed, rngFromSeed, type Rng } from '../core/random.js';
import { printable, thrownText } from '../core/format.js';
import { gameById } from './registry.js';
import { isUserGameId } from './user-games.js';
import { Forfeit, agentLabel, externalCommandOf, faultsOf, isUserAgentId, userAgentFactory, userGame } from './user-agents.js';

export interface ExperimentConfig {
  /** Game id in the lab registry (src/lab/registry.ts). */
  readonly game: string;
  /** Agent ids per seat, one entry per lineup (e.g. [['basic'], ['random']] or [['random', 'biggest']]). */
  readonly lineups: readonly (readonly string[])[];
  readonly seed: number;
  /**
   * Common random numbers: every lineup plays game i from the same chance stream (same deal), with
   * the agents' own randomness from a second stream, so differences between lineups are measured
   * on identical deals (a paired comparison). Otherwise each lineup has independent games.
   */
  readonly paired: boolean;
  /**
   * Parameters of a custom batch source (`RunOptions.source`, e.g. a sequential test's settings
   * and openings), opaque to the lab but part of the experiment's identity: records
   * with different parameters never combine, and a resumed run keeps the saved ones. Absent for
   * ordinary games.
   */
  readonly params?: string;
  /**
   * A round robin's seat pairs (two-player games): game i of lineup [a, b] and game i of [b, a]
   * are one pair, played on the same deal — chance from a stream of the unordered pair and i, the
   * players' own random choices from a second stream — and from the same opening, so the seats
   * meet on equal terms. Absent: each lineup's games are independent.
   */
  readonly seatPairs?: boolean;
  /**
   * The name of one of the game's opening suites (`GameDefinition.openings`): game i starts from
   * opening i mod the suite's length, so deterministic players meet in different positions.
   * Absent: every game starts from the initial state.
   */
  readonly openings?: string;
  /**
   * What a paired experiment's per-game differences count: absent, the seat-0 returns (scores);
   * 'wins', whether the game reached the game's top score (a won Klondike deal: 1, else 0), so the
   * differences are of win shares. One-player paired experiments only.
   */
  readonly differences?: 'wins';
}

/** Per seat of a lineup: sums of returns plus the outcome counts. */
export interface SeatTally {
  sum: number;
  sumSq: number;
  wins: number;
  draws: number;
  losses: number;
  /** Games that ended with the lowest possible score (`scoreRange[0]`, e.g. ConnectFwar's 0). */
  atMin: number;
  /**
   * Games that ended with the highest possible score (`scoreRange[1]`: a won Klondike deal). NaN
   * once merged with a record saved before this count existed (the share is then unknown).
   */
  atMax: number;
  /** Games in which this seat's (user) player faulted — threw, or answered what the rules cannot read. Absent when 0. */
  faults?: number;
  /** The first faults by game index (at most MAX_FAULT_EXAMPLES), to replay. Absent when none. */
  faultExamples?: FaultExample[];
  /**
   * One-player games only: the score distribution, `scores[k]` = games that scored
   * `scoreRange[0] + k` (whole points: a fractional score counts in the bin below). Integer counts,
   * so it adds exactly like the sums. Absent for two-player games, and in records written before it
   * existed (a tally that merges such a record loses it: its distribution would be incomplete).
   */
  scores?: number[];
}

/** One faulted game: its index, its seed (replay it with the game's own class) and the first message. */
export interface FaultExample {
  readonly game: number;
  readonly seed: number;
  readonly message: string;
}

/** Fault examples kept per seat: the ones of the lowest game indices, so any batching keeps the same ones. */
export const MAX_FAULT_EXAMPLES = 3;

/**
 * Counts return `r` of one game into a seat's tally (`lowestBin`, `lastBin`: the score histogram's
 * bounds, see `scoreBins`). Small, so that the playout loops inline it.
 */
export function addSeatReturn(seat: SeatTally, r: number, minScore: number, maxScore: number, lowestBin: number, lastBin: number): void {
  seat.sum += r;
  seat.sumSq += r * r;
  if (r > 0) seat.wins++;
  else if (r < 0) seat.losses++;
  else seat.draws++;
  if (r === minScore) seat.atMin++;
  const scores = seat.scores;
  // Clamped, so a score outside the declared range cannot grow the array.
  if (scores !== undefined) scores[Math.min(lastBin, Math.max(0, Math.floor(r) - lowestBin))]!++;
  if (r === maxScore) seat.atMax++;
}

export function addFaults(into: SeatTally, count: number, examples: readonly FaultExample[]): void {
  into.faults = (into.faults ?? 0) + count;
  into.faultExamples = [...(into.faultExamples ?? []), ...examples].sort((x, y) => x.game - y.game).slice(0, MAX_FAULT_EXAMPLES);
}

export interface LineupTally {
  games: number;
  seats: SeatTally[];
}

/** Seat-0 returns of lineup `a` minus lineup `b` on the same game seeds (paired experiments only). */
export interface DifferenceTally {
  readonly a: number;
  readonly b: number;
  n: number;
  sum: number;
  sumSq: number;
}

/** Sufficient statistics of a set of games of an experiment. */
export interface Tally {
  lineups: LineupTally[];
  differences: DifferenceTally[];
}

/** Bins of a one-player game's score distribution (see SeatTally.scores), or 0 when it keeps none. */
export function scoreBins(game: GameDefinition<GameState>): number {
  const [low, high] = game.scoreRange;
  const bins = Math.floor(high) - Math.floor(low) + 1;
  return game.numPlayers === 1 && Number.isFinite(bins) && bins <= MAX_SCORE_BINS ? bins : 0;
}

/** Longer score ranges keep no distribution (a record would carry too many counts per batch). */
const MAX_SCORE_BINS = 1000;

export function emptyTally(config: ExperimentConfig): Tally {
  const bins = scoreBins(gameById(config.game));
  const lineups = config.lineups.map((lineup) => ({
    games: 0,
    seats: lineup.map((): SeatTally => (bins > 0 ? { sum: 0, sumSq: 0, wins: 0, draws: 0, losses: 0, atMin: 0, atMax: 0, scores: new Array<number>(bins).fill(0) } : { sum: 0, sumSq: 0, wins: 0, draws: 0, losses: 0, atMin: 0, atMax: 0 })),
  }));
  const differences: DifferenceTally[] = [];
  if (config.paired) {
    for (let a = 0; a < config.lineups.length; a++) {
      for (let b = a + 1; b < config.lineups.length; b++) differences.push({ a, b, n: 0, sum: 0, sumSq: 0 });
    }
  }
  return { lineups, differences };
}

/** Adds `from` into `into` (same experiment shape). Exact: integer sums. */
export function mergeTally(into: Tally, from: Readonly<Tally>): void {
  if (into.lineups.length !== from.lineups.length || into.differences.length !== from.differences.length) {
    throw new RangeError('Cannot merge tallies of different experiments');
  }
  from.lineups.forEach((lineup, l) => {
    const target = into.lineups[l]!;
    target.games += lineup.games;
    lineup.seats.forEach((seat, s) => {
      const t = target.seats[s]!;
      t.sum += seat.sum;
      t.sumSq += seat.sumSq;
      t.wins += seat.wins;
      t.draws += seat.draws;
      t.losses += seat.losses;
      t.atMin += seat.atMin;
      if (t.scores !== undefined) {
        if (seat.scores === undefined || seat.scores.length !== t.scores.length) delete t.scores;
        else for (let k = 0; k < t.scores.length; k++) t.scores[k]! += seat.scores[k]!;
      }
      // A record saved before `atMax` existed lacks it: the sum becomes NaN (unknown), never too low.
      t.atMax += (seat as Partial<SeatTally>).atMax ?? NaN;
      if (seat.faults !== undefined && seat.faults > 0) addFaults(t, seat.faults, seat.faultExamples ?? []);
    });
  });
  from.differences.forEach((d, k) => {
    const t = into.differences[k]!;
    t.n += d.n;
    t.sum += d.sum;
    t.sumSq += d.sumSq;
  });
}

/** FNV-1a: a stable 32-bit hash, so a lineup's stream depends on its agents, not its position. */
function hashString(text: string): number {
  let h = 0x811c_9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x0100_0193);
  }
  return h >>> 0;
}

/**
 * The seed from which lineup `lineup`'s games are derived in an unpaired experiment: independent
 * of the other lineups listed, so `--players basic` and `--players random,basic` give the same
 * figures for basic.
 */
export function lineupSeed(seed: number, lineup: readonly string[]): number {
  // By label, not id: a user player's games depend on its name, not on its file's path or version,
  // so the module and the object form of one player are dealt the same games.
  return deriveSeed(seed, hashString(lineup.map(agentLabel).join(',')));
}

/**
 * The seed game `index` of a seat pair (`ExperimentConfig.seatPairs`) derives from: the same for
 * [a, b] and [b, a], whatever order the lineups are listed in.
 */
export function seatPairSeed(seed: number, lineup: readonly string[]): number {
  return deriveSeed(seed, hashString(`pair:${lineup.map(agentLabel).sort().join(',')}`));
}

/** The seed of game `index` of `lineup` (unpaired), of the shared deal of game `index` (paired), or of the seat pair's game `index`. */
export function gameSeed(config: ExperimentConfig, lineup: number, index: number): number {
  if (config.paired) return deriveSeed(config.seed, index);
  const lineupAgents = config.lineups[lineup]!;
  return deriveSeed(config.seatPairs === true ? seatPairSeed(config.seed, lineupAgents) : lineupSeed(config.seed, lineupAgents), index);
}

/** The opening game `index` of the experiment starts from (empty without `openings`). */
export function openingOf(suite: readonly (readonly number[])[] | undefined, index: number): readonly number[] {
  return suite === undefined || suite.length === 0 ? NO_OPENING : suite[index % suite.length]!;
}

const NO_OPENING: readonly number[] = [];

/** The opening suite a config names (undefined without `openings`); a RangeError for one the game lacks or cannot play. */
export function openingSuite(game: GameDefinition<GameState>, config: ExperimentConfig): readonly (readonly number[])[] | undefined {
  if (config.openings === undefined) return undefined;
  const suites = game.openings ?? {};
  const suite = suites[config.openings];
  if (suite === undefined) {
    const names = Object.keys(suites);
    throw new RangeError(`${game.title} has no opening suite '${config.openings}' (${names.length === 0 ? 'it has none' : `it has ${names.join(', ')}`})`);
  }
  return suite;
}

/** Checks that every opening of a suite is a sequence of legal moves that leaves the game unfinished. */
function checkOpenings(game: GameDefinition<GameState>, name: string, suite: readonly (readonly number[])[]): void {
  const state = game.newInitialState();
  const legal = new Int32Array(game.maxActions);
  for (const opening of suite) {
    state.reset();
    for (const action of opening) {
      const count = state.currentPlayer() === TERMINAL ? 0 : state.legalActions(legal);
      if (!legal.subarray(0, count).includes(action)) throw new RangeError(`Opening ${opening.join(',')} of the suite '${name}' is not a sequence of legal moves of ${game.title}`);
      state.applyAction(action);
    }
    if (state.currentPlayer() === TERMINAL) throw new RangeError(`Opening ${opening.join(',')} of the suite '${name}' ends the game`);
  }
}

/** Checks that the config names a registered game and agents that exist, with one id per seat. */
export function validateConfig(config: ExperimentConfig): GameDefinition<GameState> {
  const game = gameById(config.game);
  if (config.lineups.length === 0) throw new RangeError('An experiment needs at least one lineup');
  for (const lineup of config.lineups) {
    if (lineup.length !== game.numPlayers) {
      throw new RangeError(`${game.title} has ${String(game.numPlayers)} seat(s); lineup '${lineup.join(',')}' has ${String(lineup.length)}`);
    }
    for (const agent of lineup) {
      // A user agent's id is checked for its form only: its module is loaded (and its hash checked) by the runner.
      if (builtInAgent(game, agent) === undefined && !isUserAgentId(agent)) throw new RangeError(`Unknown ${game.title} agent '${agent}' (known: ${Object.keys(game.agents).join(', ')})`);
    }
  }
  // External programs play in lockstep, game by game paused at their moves (external-players.ts),
  // which a player module, running where its thread's watchdog can stop it, cannot join.
  const ids = config.lineups.flat();
  const moduleAmongPrograms = ids.some((id) => externalCommandOf(id) !== undefined) ? ids.find((id) => isUserAgentId(id) && externalCommandOf(id) === undefined) : undefined;
  if (moduleAmongPrograms !== undefined) throw new RangeError(`The player '${agentLabel(moduleAmongPrograms)}' cannot play in a run with external programs: give it as a program too, or run it apart`);
  if (config.differences !== undefined && (config.differences !== 'wins' || game.numPlayers !== 1 || !config.paired)) {
    throw new RangeError(`Differences of wins are for paired experiments of one-player games, got '${String(config.differences)}' for ${game.title}${config.paired ? '' : ' (unpaired)'}`);
  }
  if (config.seatPairs === true && (game.numPlayers !== 2 || config.paired)) throw new RangeError('Seat pairs are for the round robins of two-player games, not paired comparisons');
  const suite = openingSuite(game, config);
  if (suite !== undefined) checkOpenings(game, config.openings!, suite);
  return game;
}

/**
 * A user player's move that failed where the player cannot answer for it — it ran past the lab's
 * time limit, or its thread died under it: the `call`-th move asked of a user player in game
 * `game` of lineup `lineup` (see `userGame`). Replayed, that move is played as a fault.
 */
export interface FailedMove {
  readonly lineup: number;
  readonly game: number;
  readonly call: number;
  /** What went wrong, for the fault's message: "gave no answer within the time limit of 10 s". */
  readonly fault: string;
}

/**
 * One game as played, for game records (game-record.ts): every action from the initial state —
 * the opening, each chance outcome (the deal) and each player's move — and how it ended.
 */
export interface PlayedGame {
  /** The lineup that played it (its index in the config's lineups). */
  readonly lineup: number;
  /** Its game index i in the lineup: in a paired run, the games of every lineup with the same i share the deal. */
  readonly index: number;
  /** The seed of the game's streams (`gameSeed`). */
  readonly seed: number;
  /** How many of `actions` are the opening the game was started from. */
  readonly openingLength: number;
  readonly actions: readonly number[];
  /** Each seat's result (the game's returns, or a forfeit's). */
  readonly returns: readonly number[];
  /**
   * For a game ended by a player's fault (a forfeit): that seat and the first fault's message. A
   * referee's forfeit (Connect Four's refereed games) names its `reason` ('timeout',
   * 'illegal-move', …), and its message is then a whole sentence.
   */
  readonly forfeit?: { readonly seat: number; readonly message: string; readonly reason?: string };
}

const NO_CALLS: readonly number[] = [];
const NO_FAULTS: readonly string[] = [];

/**
 * Reusable per-thread playing kit for one experiment: one state (reset between games) and the
 * agents of each lineup, so a batch allocates nothing per game beyond its generator.
 */
export class BatchPlayer {
  readonly #config: ExperimentConfig;
  readonly #game: GameDefinition<GameState>;
  /** Replaced when a user agent leaves it unusable (froze it, changed its prototype, …). */
  #state: GameState;
  readonly #agents: Agent[][];
  /** Per lineup and seat, the agent's fault list (user agents), or undefined. */
  readonly #faults: (string[] | undefined)[][];
  readonly #seatReturns: Float64Array;
  /** Per lineup, the seed its games derive from (unpaired runs): computed once, not per game. */
  readonly #lineupSeeds: number[];
  /** Per lineup, whether it has a user agent (whose games are announced to it: `userGame`). */
  readonly #userLineups: boolean[];
  /** The state class's own `currentPlayer`, to read a state whose methods an agent replaced. */
  readonly #currentPlayer: () => number;
  /** Re-seeded for every game (unpaired runs): the same stream as rngFromSeed, no allocation. */
  readonly #rng = new ReseedableRng();
  readonly #prepare: ((state: GameState, index: number) => void) | undefined;
  /** Seat pairs: the players' own stream, apart from the chance stream `#rng` (see `#seatPairAgents`). */
  readonly #agentRng = new ReseedableRng();
  /**
   * Seat pairs: each lineup's agents, handed `#agentRng` whatever stream they are called with. The
   * game's own playout (its fast path and its fault actions, such as UnoWar's conceded round) then
   * draws chance alone from the stream it is given, so both seat orders of a pair see the same deal.
   */
  readonly #seatPairAgents: Agent[][] | undefined;
  /** The openings games start from (undefined: the initial state). */
  readonly #openings: readonly (readonly number[])[] | undefined;
  /** A user's game module: what it throws is its own failure, which stops the run (never a player's fault). */
  readonly #gameModule: boolean;

  /**
   * `prepare`: called on the fresh state of game `index` (of every lineup) before it is played —
   * e.g. to play the opening a tournament deals game `index` from (arena/connect-four). Like the
   * game itself, what it does must depend on the index only.
   */
  constructor(config: ExperimentConfig, prepare?: (state: GameState, index: number) => void) {
    this.#config = config;
    this.#prepare = prepare;
    this.#game = validateConfig(config);
    this.#state = this.#game.newInitialState();
    this.#currentPlayer = (Object.getPrototypeOf(this.#state) as GameState).currentPlayer;
    this.#agents = config.lineups.map((lineup) => lineup.map((id) => this.#createAgent(id)));
    this.#faults = this.#agents.map((agents) => agents.map(faultsOf));
    this.#seatReturns = new Float64Array(config.lineups.length);
    this.#lineupSeeds = config.lineups.map((lineup) => (config.seatPairs === true ? seatPairSeed(config.seed, lineup) : lineupSeed(config.seed, lineup)));
    this.#openings = openingSuite(this.#game, config);
    const agentRng = this.#agentRng;
    // An agent that never draws from its stream (`deterministic`) is kept as it is: the game's fast
    // playout may know it (UnoWar plays its built-ins without asking them).
    const ownStream = (id: string, agent: Agent): Agent => (this.#game.agents[id]?.deterministic === true ? agent : { name: agent.name, act: (state) => agent.act(state, agentRng) });
    this.#seatPairAgents = config.seatPairs === true ? this.#agents.map((agents, l) => agents.map((agent, seat) => ownStream(config.lineups[l]![seat]!, agent))) : undefined;
    this.#userLineups = config.lineups.map((lineup) => lineup.some(isUserAgentId));
    this.#gameModule = isUserGameId(config.game);
  }

  #createAgent(id: string): Agent {
    const create = builtInAgent(this.#game, id)?.create ?? userAgentFactory(id);
    if (create === undefined) throw new RangeError(`The player '${agentLabel(id)}' (${id}) is not loaded in this thread`);
    return create();
  }

  /**
   * Ends a game of lineup `l` that the engine could not go on with (it threw `error`) as a fault of
   * the user agent to move (the first user agent when that cannot be read): it loses, scoring the
   * game's lowest score, the others its highest. The state is replaced by a fresh one.
   */
  #brokenGame(l: number, error: unknown): number[] {
    const faults = this.#faults[l]!;
    let seat = -1;
    try {
      // The prototype's own method: the agent may have replaced the state's.
      const toMove = this.#currentPlayer.call(this.#state) as number;
      if (faults[toMove] !== undefined) seat = toMove;
    } catch {
      // unreadable: the first user agent
    }
    if (seat < 0) seat = faults.findIndex((f) => f !== undefined);
    faults[seat]!.push(printable(`left the game unable to go on (${thrownText(error)}): the state an agent is handed must not be changed`));
    this.#state = this.#game.newInitialState();
    const [lowest, highest] = this.#game.scoreRange;
    return faults.map((_, s) => (s === seat ? lowest : highest));
  }

  get config(): ExperimentConfig {
    return this.#config;
  }

  /**
   * Plays games [start, end) of every lineup and returns their tally. With `progress`, writes the
   * game under way there ([lineup, game index], and user agents their move: `userGame`) for a
   * watchdog on another thread. The `failed` moves are played as faults (an earlier attempt at this
   * batch timed out or died on them). With `games`, every game is also pushed there as played, by
   * game index and then lineup (through the game's `recordedPlayOut` when it has one, else the
   * generic playout, which the conformance suite checks plays the same games).
   */
  play(start: number, end: number, progress?: Int32Array, failed: readonly FailedMove[] = [], games?: PlayedGame[]): Tally {
    const config = this.#config;
    const tally = emptyTally(config);
    let state = this.#state;
    const game = this.#game;
    const fastPlayOut = game.playOut;
    const minScore = game.scoreRange[0];
    const lowestBin = Math.floor(minScore);
    const lastBin = scoreBins(game) - 1;
    const maxScore = game.scoreRange[1];
    const winsOnly = config.differences === 'wins';
    const lineups = this.#agents.length;
    const firstReturns = this.#seatReturns;
    userGame.progress = progress;
    for (let i = start; i < end; i++) {
      for (let l = 0; l < lineups; l++) {
        const agents = this.#agents[l]!;
        if (progress !== undefined) {
          // Plain stores, as the user agents' per-move ones (user-adapters.ts): the watchdog needs
          // only to see them eventually (a move under way for its whole limit has long been
          // visible), and an Atomics store is a full fence, a cost per game that built-ins never pay.
          progress[0] = l;
          progress[1] = i | 0;
          progress[2] = 0;
        }
        if (this.#userLineups[l]!) {
          const lost = failed.length === 0 ? failed : failed.filter((h) => h.lineup === l && h.game === i);
          if (lost.length === 0) userGame.begin(NO_CALLS, NO_FAULTS, game.maxGameLength);
          else userGame.begin(lost.map((h) => h.call), lost.map((h) => h.fault), game.maxGameLength);
        }
        state.reset();
        const actions: number[] | undefined = games === undefined ? undefined : [];
        const recorded = actions === undefined ? state : recordingState(state, actions);
        if (this.#prepare !== undefined) this.#prepare(recorded, i);
        if (this.#openings !== undefined) for (const action of openingOf(this.#openings, i)) recorded.applyAction(action);
        const openingLength = actions?.length ?? 0;
        // A user agent's fault that ends the game (Connect Four, Klondike) is thrown as a Forfeit,
        // with the game's returns.
        let forfeit: readonly number[] | undefined;
        try {
          if (config.paired) {
            const seed = deriveSeed(config.seed, i);
            playSplitStreams(game, state, agents, rngFromSeed(seed), rngFromSeed(deriveSeed(seed, 1)), actions);
          } else if (this.#seatPairAgents !== undefined) {
            const seed = deriveSeed(this.#lineupSeeds[l]!, i);
            this.#rng.reseed(seed);
            this.#agentRng.reseed(deriveSeed(seed, 1));
            const seatPairAgents = this.#seatPairAgents[l]!;
            if (actions !== undefined) playRecorded(game, state, seatPairAgents, this.#rng, actions);
            else if (fastPlayOut === undefined) playOut(state, seatPairAgents, this.#rng);
            else fastPlayOut(state, seatPairAgents, this.#rng);
          } else {
            const rng = this.#rng;
            rng.reseed(deriveSeed(this.#lineupSeeds[l]!, i));
            if (actions !== undefined) playRecorded(game, state, agents, rng, actions);
            else if (fastPlayOut === undefined) playOut(state, agents, rng);
            else fastPlayOut(state, agents, rng);
          }
        } catch (error) {
          if (error instanceof Forfeit) forfeit = error.returns;
          // A game with a user agent that the engine cannot finish: the agent changed the state it
          // was handed (froze it, replaced its prototype, wrote values the rules never make).
          else if (this.#gameModule) throw new Error(`game ${String(i)} of ${config.lineups[l]!.map(agentLabel).join(' vs ')} (seed ${String(gameSeed(config, l, i))}) threw ${thrownText(error)}`);
          else if (this.#userLineups[l]!) {
            forfeit = this.#brokenGame(l, error);
            state = this.#state;
          } else throw error;
        }
        const lineupTally = tally.lineups[l]!;
        lineupTally.games++;
        const faults = this.#faults[l]!;
        if (games !== undefined) {
          const returns = agents.map((_, s) => (forfeit === undefined ? state.returns(s) : forfeit[s]!));
          const offender = forfeit === undefined ? -1 : faults.findIndex((f) => f !== undefined && f.length > 0);
          games.push({
            lineup: l,
            index: i,
            seed: config.paired ? deriveSeed(config.seed, i) : deriveSeed(this.#lineupSeeds[l]!, i),
            openingLength,
            actions: actions!,
            returns,
            ...(offender < 0 ? {} : { forfeit: { seat: offender, message: faults[offender]![0]! } }),
          });
        }
        for (let s = 0; s < agents.length; s++) {
          const r = forfeit === undefined ? state.returns(s) : forfeit[s]!;
          const seat = lineupTally.seats[s]!;
          addSeatReturn(seat, r, minScore, maxScore, lowestBin, lastBin);
          const seatFaults = faults[s];
          if (seatFaults !== undefined && seatFaults.length > 0) {
            const seed = config.paired ? deriveSeed(config.seed, i) : deriveSeed(this.#lineupSeeds[l]!, i);
            addFaults(seat, 1, [{ game: i, seed, message: seatFaults[0]! }]);
            seatFaults.length = 0;
          }
        }
        const first = forfeit === undefined ? state.returns(0) : forfeit[0]!;
        firstReturns[l] = winsOnly ? (first === maxScore ? 1 : 0) : first;
      }
      addPairedDifferences(tally, firstReturns);
    }
    return tally;
  }
}

/** Adds one deal's paired differences (each lineup's first-seat return on it) to the tally. */
export function addPairedDifferences(tally: Tally, firstReturns: ArrayLike<number>): void {
  for (const d of tally.differences) {
    const x = firstReturns[d.a]! - firstReturns[d.b]!;
    d.n++;
    d.sum += x;
    d.sumSq += x * x;
  }
}

/**
 * The generic playout with chance and the agents on separate streams: the deal (every chance
 * outcome, given the cards still unseen) comes from `chance` alone, whatever the agents do with
 * theirs — common random numbers for paired comparisons.
 */
function playSplitStreams(game: GameDefinition<GameState>, state: GameState, agents: readonly Agent[], chance: Rng, agentRng: Rng, actions?: number[]): void {
  // A player's move the rules read though it is no contract action (UnoWar's conceded round, which
  // user players may choose): played as the game's fast playout plays it.
  const offContract = game.playRecordedAction;
  for (;;) {
    const player = state.currentPlayer();
    if (player === TERMINAL) return;
    const action = player === CHANCE ? state.sampleChance(chance) : agents[player]!.act(state, agentRng);
    if (offContract === undefined || player === CHANCE || !offContract(state, action)) state.applyAction(action);
    actions?.push(action);
  }
}

/** A game played on one stream with its actions pushed to `actions`: the game's own recording playout if it has one (its fast path), else the generic one. */
function playRecorded(game: GameDefinition<GameState>, state: GameState, agents: readonly Agent[], rng: Rng, actions: number[]): void {
  if (game.recordedPlayOut === undefined) playSplitStreams(game, state, agents, rng, rng, actions);
  else game.recordedPlayOut(state, agents, rng, actions);
}

/** `state` with every action applied through it also pushed to `actions` (an opening played by a `prepare` hook). */
function recordingState(state: GameState, actions: number[]): GameState {
  return new Proxy(state, {
    get(target, key) {
      if (key === 'applyAction') {
        return (action: number) => {
          target.applyAction(action);
          actions.push(action);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Plays one batch task (a worker's `BatchTask`) on `player`: its tally, or with `record` its tally
 * and games as played.
 */
export function playTask(player: BatchPlayer, task: { readonly start: number; readonly end: number; readonly progress?: Int32Array; readonly failed?: readonly FailedMove[]; readonly record?: boolean }): Tally | { tally: Tally; games: PlayedGame[] } {
  if (task.record !== true) return player.play(task.start, task.end, task.progress, task.failed);
  const games: PlayedGame[] = [];
  const tally = player.play(task.start, task.end, task.progress, task.failed, games);
  return { tally, games };
}
