/**
 * The game contract's rules as plain checks a program can run on any game — `tabletop check-game
 * ./my-game.mjs` runs them on a user's module (in a thread of its own, see game-modules.ts). The
 * test suite's property checks (src/test-support/conformance.ts, run over every registered game)
 * check the same rules with fast-check; this module is their counterpart without a test runner,
 * and the one place that says what "carries nothing hidden" means (`reachableContent`).
 *
 * Every check plays seeded games: node k of game s is reached by uniformly random legal actions
 * (chance by `sampleChance`) from the stream `rngFromSeed(s)`, so a broken rule is reported with
 * the seed, the node (ply) and the actions that lead to it, and replays exactly.
 */
import { CHANCE, TERMINAL, type Agent, type GameDefinition, type GameState } from '../core/game.js';
import { printable, thrownText } from '../core/format.js';
import { randomInt, rngFromSeed, type Rng } from '../core/random.js';

/**
 * Everything reachable from `root`, as one canonical string: every own property of every object
 * (symbol-keyed, non-enumerable and accessor ones too, getters read), array elements, the whole
 * buffer behind a typed array (not only its view's window), Map and Set entries, recursively, with
 * each object's class; an object met again is named by its first visit. Two values with equal
 * strings carry the same information, however a game stores it — a player that walks what it
 * receives can learn nothing more than this string. (What only a closure holds is out of reach of
 * any walk; observations hold data, not functions.)
 */
export function reachableContent(root: unknown): string {
  const visited = new Map<object, number>();
  const walk = (value: unknown): string => {
    switch (typeof value) {
      case 'undefined':
        return 'undefined';
      case 'number':
        return Object.is(value, -0) ? '-0' : String(value);
      case 'bigint':
        return `${value.toString()}n`;
      case 'string':
        return JSON.stringify(value);
      case 'boolean':
        return String(value);
      case 'symbol':
        return value.toString();
      default:
        break;
    }
    if (value === null) return 'null';
    const object = value as object;
    const earlier = visited.get(object);
    if (earlier !== undefined) return `@${String(earlier)}`;
    visited.set(object, visited.size);
    const className = (Object.getPrototypeOf(object) as { constructor?: { name?: string } } | null)?.constructor?.name ?? 'null-prototype';
    const parts: string[] = [];
    if (typeof object === 'function') parts.push(`function ${(object as { name: string }).name}`);
    if (ArrayBuffer.isView(object)) parts.push(`bytes ${String(object.byteOffset)}+${String(object.byteLength)} of [${new Uint8Array(object.buffer).join(',')}]`);
    else if (object instanceof ArrayBuffer) parts.push(`[${new Uint8Array(object).join(',')}]`);
    if (object instanceof Map) parts.push(`entries ${[...(object as Map<unknown, unknown>)].map(([key, entry]) => `${walk(key)}=>${walk(entry)}`).join(',')}`);
    if (object instanceof Set) parts.push(`values ${[...(object as Set<unknown>)].map(walk).join(',')}`);
    const keys = Reflect.ownKeys(object).filter((key) => !(ArrayBuffer.isView(object) && typeof key === 'string' && /^\d+$/.test(key)));
    const names = keys.map((key) => (typeof key === 'symbol' ? key.toString() : key));
    for (const [i, key] of keys.entries()) {
      let entry: string;
      try {
        entry = walk(Reflect.get(object, key));
      } catch (error) {
        entry = `throws ${String(error)}`;
      }
      parts.push(`${names[i]!}: ${entry}`);
    }
    parts.sort();
    return `${className} {${parts.join('; ')}}`;
  };
  return walk(root);
}

/** One broken rule: which, why, and the game (seed) and node (ply, reached by `actions`) that show it. */
export interface RuleFailure {
  readonly rule: string;
  readonly message: string;
  readonly seed?: number;
  readonly ply?: number;
  readonly actions?: readonly number[];
}

export interface ConformanceResult {
  /** Every rule checked, in order. */
  readonly rules: readonly { readonly id: string; readonly description: string }[];
  /** The first failure of each broken rule. */
  readonly failures: readonly RuleFailure[];
}

/** A failed rule, thrown inside a check and caught by `checkConformance`. */
class Broken extends Error {
  constructor(
    message: string,
    readonly where: { readonly seed?: number; readonly ply?: number; readonly actions?: readonly number[] } = {},
  ) {
    super(message);
  }
}

/** The game played last: where the game's own code threw, when it throws (see `checkConformance`). */
let latestWalk: Walk<GameState> | undefined;

/** A game played by seeded random legal actions, node by node, with what led to each node. */
class Walk<S extends GameState> {
  readonly state: S;
  readonly rng: Rng;
  readonly actions: number[] = [];
  readonly #buffer: Int32Array;

  /** A game of `seed` from `start` (default: a new initial state). */
  constructor(
    readonly game: GameDefinition<S>,
    readonly seed: number,
    start?: S,
  ) {
    this.state = start ?? game.newInitialState();
    this.rng = rngFromSeed(seed);
    this.#buffer = new Int32Array(game.maxActions);
    latestWalk = this as unknown as Walk<GameState>;
  }

  get where(): { seed: number; ply: number; actions: readonly number[] } {
    return { seed: this.seed, ply: this.actions.length, actions: [...this.actions] };
  }

  fail(message: string): never {
    throw new Broken(message, this.where);
  }

  /** The node's legal actions, checked: ascending, unique, within maxActions. */
  legal(): number[] {
    const count = this.state.legalActions(this.#buffer);
    if (!Number.isInteger(count) || count < 0 || count > this.game.maxActions) this.fail(`legalActions returned ${String(count)}, not a count from 0 to maxActions (${String(this.game.maxActions)})`);
    const actions = Array.from(this.#buffer.subarray(0, count));
    for (let i = 1; i < actions.length; i++) if (actions[i]! <= actions[i - 1]!) this.fail(`legalActions are not ascending and unique: ${actions.join(',')}`);
    return actions;
  }

  /** Plays one random legal node (chance by sampleChance); false at the end. */
  step(): boolean {
    latestWalk = this as unknown as Walk<GameState>;
    const player = this.state.currentPlayer();
    if (player === TERMINAL) return false;
    const legal = this.legal();
    if (legal.length === 0) this.fail(`no legal action at a ${player === CHANCE ? 'chance' : `player ${String(player)}`} node that is not terminal`);
    const action = player === CHANCE ? this.state.sampleChance(this.rng) : legal[randomInt(this.rng, legal.length)]!;
    if (!legal.includes(action)) this.fail(`sampleChance drew ${String(action)}, not one of the chance node's outcomes ${legal.join(',')}`);
    this.state.applyAction(action);
    this.actions.push(action);
    return true;
  }

  /** Plays to the end, failing past maxGameLength nodes; `each` is called at every node reached. */
  playOut(each?: () => void): void {
    for (;;) {
      each?.();
      if (this.actions.length > this.game.maxGameLength) this.fail(`the game did not end within maxGameLength (${String(this.game.maxGameLength)}) nodes`);
      if (!this.step()) return;
    }
  }

  /** Plays `nodes` random nodes (fewer if the game ends first). */
  advance(nodes: number): void {
    for (let i = 0; i < nodes && this.actions.length <= this.game.maxGameLength && this.step(); i++);
  }
}

const content = (state: GameState): string => state.serialize();

function checkReturns(walk: Walk<GameState>): void {
  const { game, state } = walk;
  if (game.outcome === 'score') {
    const score = state.returns(0);
    if (!(Number.isFinite(score) && score >= game.scoreRange[0] && score <= game.scoreRange[1])) walk.fail(`returns(0) is ${String(score)} at the end, outside scoreRange [${game.scoreRange.join(', ')}]`);
    return;
  }
  const returns = Array.from({ length: game.numPlayers }, (_, p) => state.returns(p));
  if (!returns.every((r) => r === -1 || r === 0 || r === 1) || returns.reduce((a: number, b) => a + b, 0) !== 0) walk.fail(`the returns at the end are ${returns.join(', ')}: a 'win-loss' game's are +1 / -1 / 0 and sum to 0`);
}

/** The uniform-random playouts every rule starts from: `runs` games, seeds seed .. seed + runs - 1. */
interface Plan {
  readonly runs: number;
  readonly seed: number;
}

type Rule = (game: GameDefinition<GameState>, plan: Plan) => void;

const seedsOf = (plan: Plan): number[] => Array.from({ length: plan.runs }, (_, i) => plan.seed + i);

/** Nodes to play before checking something mid-game: spread over the game's length. */
const depthOf = (game: GameDefinition<GameState>, seed: number): number => seed % Math.min(game.maxGameLength + 1, 64);

const RULES: readonly { readonly id: string; readonly description: string; readonly check: Rule }[] = [
  {
    id: 'methods',
    description: 'a state has every method of the contract',
    check(game) {
      const state = game.newInitialState() as unknown as Record<string, unknown>;
      const methods = ['currentPlayer', 'isTerminal', 'legalActions', 'applyAction', 'sampleChance', 'returns', 'reset', 'clone', 'actionToString', 'toString', 'chanceOutcomes', 'informationStateString', 'observe', 'resample', 'serialize'];
      const missing = methods.filter((name) => typeof state[name] !== 'function');
      if (missing.length > 0) throw new Broken(`the initial state lacks ${missing.join(', ')}`);
    },
  },
  {
    id: 'ends',
    description: 'random playouts end within maxGameLength, with a valid player to act and legal actions ascending and unique at every node',
    check(game, plan) {
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.playOut(() => {
          const player = walk.state.currentPlayer();
          const valid = player === CHANCE || player === TERMINAL || (Number.isInteger(player) && player >= 0 && player < game.numPlayers);
          if (!valid) walk.fail(`currentPlayer() is ${String(player)}: not CHANCE (-1), TERMINAL (-2) nor a seat 0 .. ${String(game.numPlayers - 1)}`);
          if (walk.state.isTerminal() !== (player === TERMINAL)) walk.fail(`isTerminal() is ${String(walk.state.isTerminal())} where currentPlayer() is ${String(player)}`);
        });
      }
    },
  },
  {
    id: 'returns',
    description: "returns at the end are within scoreRange ('score') or +1 / -1 / 0 summing to 0 ('win-loss')",
    check(game, plan) {
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.playOut();
        checkReturns(walk);
      }
    },
  },
  {
    id: 'deterministic',
    description: 'all chance comes from the stream given: the same seed deals and plays the same game',
    check(game, plan) {
      if (content(game.newInitialState()) !== content(game.newInitialState())) throw new Broken('two initial states differ (newInitialState must not draw anything: chance belongs in chance nodes)', { ply: 0, actions: [] });
      for (const seed of seedsOf(plan)) {
        const first = new Walk(game, seed);
        const nodes: string[] = [];
        first.playOut(() => nodes.push(content(first.state)));
        const second = new Walk(game, seed);
        let k = 0;
        second.playOut(() => {
          if (content(second.state) !== nodes[k]) second.fail(`the same seed reached a different state (${printable(content(second.state), 120)} vs ${printable(nodes[k] ?? 'the end', 120)}): something draws randomness that is not the stream given (Math.random, the clock)`);
          k++;
        });
      }
    },
  },
  {
    id: 'illegal-actions',
    description: 'an illegal action throws a RangeError and changes nothing',
    check(game, plan) {
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.advance(depthOf(game, seed));
        const legal = new Set(walk.legal());
        const before = content(walk.state);
        for (const bad of [-1, game.maxActions + 7, 0.5, Number.NaN, ...Array.from({ length: game.maxActions + 2 }, (_, i) => i)]) {
          if (legal.has(bad)) continue;
          let thrown: unknown;
          try {
            walk.state.applyAction(bad);
          } catch (error) {
            thrown = error;
          }
          if (!(thrown instanceof RangeError)) walk.fail(`applyAction(${String(bad)}), not a legal action here, ${thrown === undefined ? 'was accepted' : `threw ${thrownText(thrown)}, not a RangeError`}`);
          if (content(walk.state) !== before) walk.fail(`applyAction(${String(bad)}), refused, changed the state`);
        }
      }
    },
  },
  {
    id: 'clone-reset',
    description: 'a clone is an independent equal copy, and reset() returns to the initial state',
    check(game, plan) {
      const fresh = content(game.newInitialState());
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.advance(depthOf(game, seed));
        const snapshot = content(walk.state);
        const copy = walk.state.clone();
        if (content(copy) !== snapshot) walk.fail('a clone differs from its original');
        new Walk(game, seed + 1, copy).playOut();
        if (content(walk.state) !== snapshot) walk.fail('playing a clone changed its original');
        walk.state.reset();
        if (content(walk.state) !== fresh) walk.fail('reset() did not return to the initial state');
      }
    },
  },
  {
    id: 'chance',
    description: 'chanceOutcomes lists the chance node\'s legal outcomes with probabilities > 0 summing to 1 (none elsewhere)',
    check(game, plan) {
      const outcomes = new Int32Array(game.maxActions);
      const probabilities = new Float64Array(game.maxActions);
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.playOut(() => {
          const n = walk.state.chanceOutcomes(outcomes, probabilities);
          if (walk.state.currentPlayer() !== CHANCE) {
            if (n !== 0) walk.fail(`chanceOutcomes gave ${String(n)} outcomes at a node that is not a chance node`);
            return;
          }
          const legal = walk.legal();
          if (Array.from(outcomes.subarray(0, n)).join(',') !== legal.join(',')) walk.fail(`chanceOutcomes gave ${Array.from(outcomes.subarray(0, n)).join(',')}, the legal outcomes are ${legal.join(',')}`);
          const total = probabilities.subarray(0, n).reduce((a, b) => a + b, 0);
          if (probabilities.subarray(0, n).some((p) => !(p > 0)) || Math.abs(total - 1) > 1e-9) walk.fail(`the chance probabilities ${Array.from(probabilities.subarray(0, n)).join(', ')} are not all > 0 summing to 1`);
        });
      }
    },
  },
  {
    id: 'resample',
    description: 'resample(player) gives a state the player cannot tell apart (same information state), leaves the state unchanged, depends only on what the player saw, and plays to the end',
    check(game, plan) {
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.advance(depthOf(game, seed));
        const before = content(walk.state);
        for (let player = 0; player < game.numPlayers; player++) {
          const info = walk.state.informationStateString(player);
          const sample = walk.state.resample(player, rngFromSeed(seed + 11));
          if (content(walk.state) !== before) walk.fail(`resample(${String(player)}) changed the state it was called on`);
          if (sample.informationStateString(player) !== info) walk.fail(`resample(${String(player)}) gave a state with another information state for the player (${printable(sample.informationStateString(player), 80)} vs ${printable(info, 80)})`);
          if (sample.currentPlayer() !== walk.state.currentPlayer()) walk.fail(`resample(${String(player)}) gave a state with another player to act`);
          if (content(sample.resample(player, rngFromSeed(seed + 5))) !== content(walk.state.resample(player, rngFromSeed(seed + 5)))) walk.fail(`resample(${String(player)}) depends on more than what the player saw: from a state it cannot tell apart, the same stream drew another state`);
          const rest = new Walk(game, seed + 3, sample);
          rest.playOut();
          checkReturns(rest);
        }
      }
    },
  },
  {
    id: 'observation',
    description: 'an observation carries nothing hidden: equal for states the player cannot tell apart, in everything reachable from it',
    check(game, plan) {
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.advance(depthOf(game, seed));
        for (let player = 0; player < game.numPlayers; player++) {
          const rigged = walk.state.resample(player, rngFromSeed(seed + 7));
          if (rigged.informationStateString(player) !== walk.state.informationStateString(player)) continue; // the resample rule reports it
          if (reachableContent(rigged.observe(player)) !== reachableContent(walk.state.observe(player))) {
            walk.fail(`observe(${String(player)}) differs between two states the player cannot tell apart (${printable(content(walk.state), 100)} and ${printable(content(rigged), 100)}): it shows what the player may not see`);
          }
        }
      }
    },
  },
  {
    id: 'own-move',
    description: "a player's own move changes its information state",
    check(game, plan) {
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.advance(depthOf(game, seed));
        while (walk.state.currentPlayer() === CHANCE) walk.step();
        const player = walk.state.currentPlayer();
        if (player === TERMINAL) continue;
        const before = walk.state.informationStateString(player);
        for (const action of walk.legal()) {
          const next = walk.state.clone();
          next.applyAction(action);
          if (next.informationStateString(player) === before) walk.fail(`after its own move ${String(action)}, player ${String(player)}'s information state is unchanged`);
        }
      }
    },
  },
  {
    id: 'agents',
    description: 'every agent plays only legal actions and never changes the state it is shown',
    check(game, plan) {
      for (const [id, factory] of Object.entries(game.agents)) {
        for (const seed of seedsOf(plan).slice(0, Math.max(5, Math.ceil(plan.runs / 4)))) {
          const agents: Agent[] = Array.from({ length: game.numPlayers }, () => factory.create());
          const walk = new Walk(game, seed);
          while (!walk.state.isTerminal()) {
            if (walk.actions.length > game.maxGameLength) walk.fail(`agent '${id}': the game did not end within maxGameLength (${String(game.maxGameLength)}) nodes`);
            const player = walk.state.currentPlayer();
            if (player === CHANCE) {
              walk.step();
              continue;
            }
            const before = content(walk.state);
            const action = agents[player]!.act(walk.state, walk.rng);
            if (content(walk.state) !== before) walk.fail(`agent '${id}' changed the state it was shown`);
            if (!walk.legal().includes(action)) walk.fail(`agent '${id}' answered ${String(action)}, not a legal action`);
            walk.state.applyAction(action);
            walk.actions.push(action);
          }
        }
      }
    },
  },
  {
    id: 'honest-agents',
    description: 'every agent but those marked seesHidden is honest: its choice does not change when what its seat cannot see is rigged differently',
    check(game, plan) {
      for (const [id, factory] of Object.entries(game.agents)) {
        if (factory.seesHidden === true) continue;
        for (const seed of seedsOf(plan).slice(0, Math.max(5, Math.ceil(plan.runs / 4)))) {
          const walk = new Walk(game, seed);
          walk.advance(depthOf(game, seed));
          while (walk.state.currentPlayer() === CHANCE) walk.step();
          const player = walk.state.currentPlayer();
          if (player === TERMINAL) continue;
          const rigged = walk.state.resample(player, rngFromSeed(seed + 13));
          const honest = factory.create().act(walk.state, rngFromSeed(seed + 17));
          const other = factory.create().act(rigged, rngFromSeed(seed + 17));
          if (other !== honest) walk.fail(`agent '${id}' chose ${String(honest)} here and ${String(other)} in a state its seat cannot tell apart (${printable(content(rigged), 100)}): it reads what it may not see (mark it seesHidden if it is meant to)`);
        }
      }
    },
  },
  {
    id: 'serialize',
    description: 'serialize() is canonical, and deserialize (when given) round-trips it',
    check(game, plan) {
      const deserialize = game.deserialize;
      for (const seed of seedsOf(plan)) {
        const walk = new Walk(game, seed);
        walk.advance(depthOf(game, seed));
        const text = content(walk.state);
        if (typeof text !== 'string') walk.fail(`serialize() returned ${typeof text}, not a string`);
        if (deserialize !== undefined && content(deserialize(text)) !== text) walk.fail('deserialize(serialize()) gives another state');
      }
    },
  },
];

/** Default playouts per rule: enough to reach the corners of a small game in a second or two. */
export const DEFAULT_CONFORMANCE_RUNS = 100;

/**
 * Checks `game` against every rule of the contract, on `runs` seeded games per rule from `seed`.
 * A rule whose check throws (the game's own code failing) is broken too, with what was thrown.
 */
export function checkConformance(game: GameDefinition<GameState>, options: { readonly runs?: number; readonly seed?: number } = {}): ConformanceResult {
  const plan: Plan = { runs: options.runs ?? DEFAULT_CONFORMANCE_RUNS, seed: options.seed ?? 1 };
  const failures: RuleFailure[] = [];
  for (const rule of RULES) {
    try {
      rule.check(game, plan);
    } catch (error) {
      const where = error instanceof Broken ? error.where : (latestWalk?.where ?? {});
      failures.push({ rule: rule.id, message: error instanceof Broken ? error.message : `the game threw ${thrownText(error)}`, ...where });
    }
  }
  return { rules: RULES.map(({ id, description }) => ({ id, description })), failures };
}
