/**
 * The game contract: one shape for every game, so that the lab, the conformance suite and search
 * algorithms are written once (after OpenSpiel's State/Game API).
 *
 * A game is a tree of nodes. At each node either a player acts, *chance* acts (a card is drawn, a
 * face-down card is revealed), or the game is over. Actions are small non-negative integers whose
 * meaning each game documents (`actionToString`).
 *
 * Hot-path rules: states are mutable and reusable (`reset`), legal actions are written into a
 * caller-owned buffer, and returns are read per player — a simulation allocates nothing per move.
 */
import type { LineProtocol } from './line-protocol.js';
import type { UserPlayerRules } from './user-player-rules.js';
import type { Rng } from './random.js';

/** `currentPlayer()` when nature acts next. */
export const CHANCE = -1;
/** `currentPlayer()` when the game is over. */
export const TERMINAL = -2;

export interface GameState {
  /** 0 .. numPlayers-1 for the player to act, CHANCE, or TERMINAL. */
  currentPlayer(): number;

  isTerminal(): boolean;

  /**
   * Writes the legal actions of the node into `out` (ascending, no duplicates) and returns how many.
   * At a chance node these are the possible outcomes, the same ones `chanceOutcomes` lists with
   * their probabilities (every game here draws uniformly from the undealt cards).
   * At a terminal node: 0. `out` must hold at least `GameDefinition.maxActions` entries.
   */
  legalActions(out: Int32Array): number;

  /** Applies a legal action (or chance outcome). Throws a RangeError, changing nothing, if it is not legal. */
  applyAction(action: number): void;

  /**
   * At a chance node: draws an outcome with the chance probabilities from `rng` and returns it
   * (without applying it). Consumes no randomness when only one outcome is possible.
   */
  sampleChance(rng: Rng): number;

  /**
   * The result for `player` once terminal: a solitaire's score, or +1 / -1 / 0 for a two-player
   * win / loss / draw. Before the end: the result so far (0 for two-player games).
   */
  returns(player: number): number;

  /** Back to the initial node, reusing memory. */
  reset(): void;

  /** An independent copy: changing one never changes the other. */
  clone(): this;

  /** A human-readable action name at this node, e.g. `col 2`, `discard`, `draws ♠A`. */
  actionToString(action: number): string;

  /** A human-readable picture of the node. */
  toString(): string;

  // ---- Imperfect information (after OpenSpiel's information state and ChanceOutcomes) ----
  // Every game implements these; the conformance suite checks each of them.

  /**
   * At a chance node: writes each possible outcome into `outcomes` (ascending, as `legalActions`)
   * and its probability into `probabilities` (same order, each > 0, summing to 1); returns how many.
   * At any other node: 0.
   */
  chanceOutcomes(outcomes: Int32Array, probabilities: Float64Array): number;

  /**
   * Everything `player` has observed up to this node (its own private cards, public cards and
   * history), as a compact string for tests and table keys. Two states that differ only in what
   * `player` cannot see give equal strings; states the player can tell apart give different ones.
   * A game whose history is long may keep, instead of every past event, what of it still bears on
   * the game (each game documents what its string holds).
   */
  informationStateString(player: number): string;

  /** The same information as a typed, read-only view for agents; each game narrows the type. */
  observe(player: number): unknown;

  /**
   * Determinisation: a new state drawn from `rng` that `player` cannot tell apart from this one
   * (equal `informationStateString(player)`), with everything hidden from `player` sampled
   * according to the chance probabilities given what it has seen. This state is unchanged.
   * It depends only on what `player` has seen: from any state the player cannot tell apart (one
   * this method drew, in particular), the same stream draws the same state — so an agent that
   * searches samples chooses alike whatever the hidden part is.
   */
  resample(player: number, rng: Rng): this;

  /**
   * The state's full content — every card, hidden ones included, and whatever decides the game's
   * future — as a canonical string: two states serialise equally exactly when they are equal.
   */
  serialize(): string;
}

/**
 * A player of the lab: picks an action at the nodes where it is to act. It must return one of
 * the node's legal actions and must not change the state (it may clone it to search).
 *
 * Honesty: in a game with hidden information (one that implements `resample`) a built-in agent
 * reads only what its seat may see — `observe(player)`, `informationStateString(player)`,
 * `currentPlayer()` and `legalActions()` — and searches only states drawn with
 * `resample(player, rng)`, never the hidden fields (the other hands, the deck order). The conformance
 * suite checks it: an agent's choice must not change when the hidden part is rigged differently.
 */
export interface Agent<S extends GameState = GameState> {
  readonly name: string;
  act(state: S, rng: Rng): number;
}

export interface AgentFactory<S extends GameState = GameState> {
  /** One line for `--help` listings. */
  readonly description: string;
  /**
   * True for an agent that reads what its seat may not see (a bound such as ConnectFwar's
   * `clairvoyant`, not a player). Such agents are left out of the honesty checks and out of the
   * strategies offered to people; everything else must be honest.
   */
  readonly seesHidden?: boolean;
  /**
   * True for an agent whose move depends on the state alone, never on its random stream. In a game
   * without chance (`chanceFree`) two such agents play the same game every time they start from
   * the same position, so a tournament must not count those games as independent.
   */
  readonly deterministic?: boolean;
  create(): Agent<S>;
}

/** How a game's returns are read in reports. */
export type OutcomeKind =
  /** One player; `returns(0)` is a score in `scoreRange`. */
  | 'score'
  /** Two players; returns are +1 / -1 / 0 for win / loss / draw (zero-sum). */
  | 'win-loss';

export interface GameDefinition<S extends GameState = GameState> {
  /** Command-line id, e.g. `connect-fwar`. */
  readonly id: string;
  readonly title: string;
  readonly numPlayers: number;
  readonly outcome: OutcomeKind;
  /** Inclusive range of `returns` for 'score' games. */
  readonly scoreRange: readonly [number, number];
  /** Upper bound on the number of legal actions (and chance outcomes) at any node. */
  readonly maxActions: number;
  /** Upper bound on the number of nodes (moves + chance events) of any game: playouts end. */
  readonly maxGameLength: number;
  /** A state at the initial node. */
  newInitialState(): S;
  /** The named players the lab and the CLI can field, by id. */
  readonly agents: Readonly<Record<string, AgentFactory<S>>>;
  /**
   * Optional specialised `playOut` for the simulation hot path. It must play exactly the game the
   * generic `playOut` plays from the same state, agents and random stream (the conformance suite
   * checks this).
   */
  readonly playOut?: (state: S, agents: readonly Agent<S>[], rng: Rng) => void;
  /**
   * Optional: `playOut` that also pushes every action it plays to `actions` — chance outcomes
   * included, and the moves `playRecordedAction` plays — exactly as the generic playout takes them
   * (the lab's game records; the conformance suite checks this).
   */
  readonly recordedPlayOut?: (state: S, agents: readonly Agent<S>[], rng: Rng, actions: number[]) => void;
  /**
   * Optional: plays at `state` an action of the player to move that is no action of the game
   * contract but that the rules still give a meaning (UnoWar's conceded round, which a player
   * module or program may choose), and returns true; false when `action` is no such action there.
   * Game records hold these actions as played, and replays take them through this.
   */
  readonly playRecordedAction?: (state: S, action: number) => boolean;
  /** Optional inverse of `GameState.serialize`: `deserialize(s.serialize())` equals `s`. */
  readonly deserialize?: (text: string) => S;
  /** True for a game without chance nodes: its games differ only by the players' choices and the opening. */
  readonly chanceFree?: boolean;
  /**
   * Named suites of openings (action sequences from the initial state) that tournaments start their
   * games from, so that deterministic players meet in different positions; the first suite is the
   * default. Absent for games whose deals already differ.
   */
  readonly openings?: Readonly<Record<string, readonly (readonly number[])[]>>;
  /**
   * Optional: how the lab fields the players users write for this game (user-player-rules.ts).
   * Without it the game takes no players from modules.
   */
  readonly userPlayers?: UserPlayerRules<S>;
  /** Optional: the line protocol programs play the game by (docs/player-protocol.md); without it the game takes no external programs. */
  readonly lineProtocol?: LineProtocol<S>;
  /**
   * Optional: how a student's Java player of the game is recognised in its source (the assignment's
   * interface or class), for `java:<path>` players run by the harness in harness/java/<game id>.
   */
  readonly javaPlayer?: { readonly classPattern: RegExp; readonly expected: string };
  /** Optional: the players (and games per lineup) a front end starts with: its command's default players. */
  readonly defaultLineup?: { readonly players: readonly string[]; readonly games: number };
  /**
   * Optional, one-player games: what a game at the top of `scoreRange` is called (Klondike: `won`);
   * reports then show its share with a CI, the figure players of such a game ask for.
   */
  readonly topScoreName?: string;
  /**
   * Optional: the `tabletop …` command that prints a lab run's figures, from its lineups (player
   * labels), the `--games N --seed S` options and whether the deals were paired.
   */
  readonly labCommand?: (lineups: readonly (readonly string[])[], gamesAndSeed: string, paired: boolean) => string;
  /**
   * Optional: the sequential test (`sprt`) a front end offers first — players A and B, pairs between
   * two looks at the LLR (default 100), the most games — sized to how long the game's games take,
   * and for a one-player game the difference of mean scores H1 names (default 2% of the score range).
   * The /lab page offers the test only for games that have it.
   */
  readonly defaultSprt?: { readonly a: string; readonly b: string; readonly every?: number; readonly maxGames: number; readonly delta1?: number };
  /**
   * Optional: the game's variants that have ids of their own (Klondike under the standard rules:
   * `klondike-standard-d3-pu-standard`), the definition for such an id, else undefined. The lab's
   * registry asks each built-in game, so worker threads rebuild a variant from its id alone.
   */
  readonly variantById?: (id: string) => GameDefinition<S> | undefined;
  /**
   * Optional: a player's move as a person reads it, counted as people count the game (columns, slots
   * and piles from 1: `column 4`, `plays 7♠ (slot 2)`), where `actionToString` keeps the engine's
   * names; `state` is the position the move is made in. Front ends fall back on `actionToString`.
   */
  readonly moveName?: (state: S, action: number) => string;
  /**
   * Optional: how game records (src/lab/game-record.ts) write the game's moves and name its ends,
   * when not as action numbers and `game-over` (Connect Four: one digit 1-7 per move, as its
   * tournament has always written them, and `four-in-a-row` or `board-full`).
   */
  readonly recordNotation?: {
    /** The actions as a record's `moves`. */
    readonly write: (actions: readonly number[]) => string;
    /** A record's `moves` as actions, or undefined for text that is not moves. */
    readonly read: (moves: string) => number[] | undefined;
    /** What `read` accepts, for the error about text it refuses ("Connect Four columns (one digit 1-7 per move)"). */
    readonly expected: string;
    /** How a game that ended by the rules ended: its reason and message, from the winning seat (null: a draw) and the players' labels by seat. */
    readonly end: (winner: number | null, labels: readonly string[]) => { readonly reason: string; readonly message: string };
  };
}

/**
 * The built-in agent `id` of `game`, or undefined: its own entries only, so a name such as
 * `constructor`, `toString` or `__proto__` is no built-in (a plain object's prototype answers them).
 */
export function builtInAgent<S extends GameState>(game: GameDefinition<S>, id: string): AgentFactory<S> | undefined {
  return Object.hasOwn(game.agents, id) ? game.agents[id] : undefined;
}

/**
 * Plays one game from the state's current node to the end: chance from `rng`, player p's moves
 * from `agents[p]`. Returns the number of nodes visited. Allocation-free.
 */
export function playOut<S extends GameState>(state: S, agents: readonly Agent<S>[], rng: Rng): number {
  let steps = 0;
  for (;;) {
    const player = state.currentPlayer();
    if (player === TERMINAL) return steps;
    const action = player === CHANCE ? state.sampleChance(rng) : agents[player]!.act(state, rng);
    state.applyAction(action);
    steps++;
  }
}

/** Uniform sampling over the legal actions, for `sampleChance` implementations and random agents. */
export function sampleUniform(state: GameState, rng: Rng, buffer: Int32Array, randomIndex: (rng: Rng, n: number) => number): number {
  const count = state.legalActions(buffer);
  if (count === 0) throw new RangeError('No legal action to sample: the game is over');
  return count === 1 ? buffer[0]! : buffer[randomIndex(rng, count)]!;
}

/**
 * `chanceOutcomes` for a game whose chance nodes draw uniformly among the legal outcomes: writes
 * them with probability 1/n each (0 at other nodes).
 */
export function uniformChanceOutcomes(state: GameState, outcomes: Int32Array, probabilities: Float64Array): number {
  if (state.currentPlayer() !== CHANCE) return 0;
  const count = state.legalActions(outcomes);
  probabilities.fill(1 / count, 0, count);
  return count;
}
