/**
 * The game contract's rules, written once, as plain checks a program can run on any game:
 * `tabletop check-game ./my-game.mjs` runs them on a user's module (in a thread of its own, see
 * game-modules.ts) through `checkConformance`, and the test suite (src/test-support/conformance.ts,
 * run over every registered game) runs the same checks as fast-check properties through
 * `checkRule`, letting fast-check choose and shrink the seed and the depth. This is also the one
 * place that says what "carries nothing hidden" means (`reachableContent`).
 *
 * Every check plays seeded games: node k of game s is reached by uniformly random legal actions
 * (chance by `sampleChance`) from the stream `rngFromSeed(s)`, so a broken rule is reported with
 * the seed, the node (ply) and the actions that lead to it, and replays exactly.
 */
import { CHANCE, TERMINAL, playOut, type Agent, type AgentFactory, type GameDefinition, type GameState } from '../core/game.js';
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
  /** Every rule checked, in order: those of the optional parts of the contract only where the game offers them. */
  readonly rules: readonly { readonly id: string; readonly description: string }[];
  /** The first failure of each broken rule. */
  readonly failures: readonly RuleFailure[];
}

/** A failed rule, thrown inside a check: caught by `checkConformance`, or failing a property of the test suite. */
export class RuleBroken extends Error {
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
    throw new RuleBroken(message, this.where);
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

/**
 * One case of a rule: the game of `seed` and, for a rule checked mid-game, the random nodes played
 * before (`depth`); for a rule about one agent, its id. `checkConformance` walks seeds and depths
 * in order; the test suite lets fast-check choose (and shrink) them.
 */
export interface RuleCase {
  readonly seed: number;
  readonly depth: number;
  readonly agent?: string;
}

/** What a game's own tests add to the rules: checks that know the game's insides. */
export interface ConformanceHooks<S extends GameState = GameState> {
  /** Checked at every node of the random playouts (e.g. "no card lost or duplicated"); throws to fail. */
  readonly invariant?: (state: S) => void;
  /**
   * Checks that a state drawn by `resample(player)` agrees with everything the player saw on the
   * way, not only with its information string: `trail` is every action and chance outcome applied
   * from the initial state to the state the sample was drawn from.
   */
  readonly sampleAgrees?: (sample: S, player: number, trail: readonly number[]) => void;
}

export interface ConformanceRule {
  readonly id: string;
  readonly description: string;
  /** 'once': one check per game; 'game': one per seeded game; 'agent': one per agent and seeded game. */
  readonly per: 'once' | 'game' | 'agent';
  /** For an agent rule: agents marked `seesHidden` are exempt. */
  readonly exceptSeesHidden?: boolean;
  /** Whether the rule concerns `game` at all (an optional part of the contract it does not offer); default yes. */
  readonly appliesTo?: (game: GameDefinition<GameState>) => boolean;
  /** Throws a `RuleBroken` (or whatever the game's own code throws) when the case breaks the rule. */
  readonly check: (game: GameDefinition<GameState>, where: RuleCase, hooks: ConformanceHooks) => void;
}

/** Nodes to play before checking something mid-game: spread over the game's length. */
const depthOf = (game: GameDefinition<GameState>, seed: number): number => seed % Math.min(game.maxGameLength + 1, 64);

/** The agent a case names, which the game must have. */
function agentOf(game: GameDefinition<GameState>, where: RuleCase): [string, AgentFactory] {
  const id = where.agent ?? '';
  const factory = Object.hasOwn(game.agents, id) ? game.agents[id] : undefined;
  if (factory === undefined) throw new RuleBroken(`the game has no agent '${id}'`);
  return [id, factory];
}

/** The agent a case names, one made for each seat, with its id for messages. */
function seatedAgentsOf(game: GameDefinition<GameState>, where: RuleCase): [string, Agent[]] {
  const [id, factory] = agentOf(game, where);
  return [id, Array.from({ length: game.numPlayers }, () => factory.create())];
}

/** Throws unless `fast`, a game's own playout (`what`), ended where the generic playOut of the same seed did. */
function expectSameEnd(fast: GameState, generic: GameState, what: string, seed: number): void {
  if (!fast.isTerminal() || content(fast) !== content(generic)) throw new RuleBroken(`${what} ended in ${printable(content(fast), 100)}, the generic one in ${printable(content(generic), 100)}`, { seed });
}

/** A walk of `where.seed` advanced `where.depth` random nodes. */
function walkTo(game: GameDefinition<GameState>, where: RuleCase): Walk<GameState> {
  const walk = new Walk(game, where.seed);
  walk.advance(where.depth);
  return walk;
}

/** A walk of `where.seed` advanced to its depth and then past chance nodes: a player's node, or the end. */
function walkToPlayer(game: GameDefinition<GameState>, where: RuleCase): Walk<GameState> {
  const walk = walkTo(game, where);
  while (walk.state.currentPlayer() === CHANCE) walk.step();
  return walk;
}

/** States that differ from `state` only in what `player` cannot see: one drawn by resample and, where the game can, the same rebuilt by deserialize. */
function riggedFor(game: GameDefinition<GameState>, state: GameState, player: number, rng: Rng): GameState[] {
  const drawn = state.resample(player, rng);
  return game.deserialize === undefined ? [drawn] : [drawn, game.deserialize(drawn.serialize())];
}

export const CONFORMANCE_RULES: readonly ConformanceRule[] = [
  {
    id: 'methods',
    description: 'a state has every method of the contract',
    per: 'once',
    check(game) {
      const state = game.newInitialState() as unknown as Record<string, unknown>;
      const methods = ['currentPlayer', 'isTerminal', 'legalActions', 'applyAction', 'sampleChance', 'returns', 'reset', 'clone', 'actionToString', 'toString', 'chanceOutcomes', 'informationStateString', 'observe', 'resample', 'serialize'];
      const missing = methods.filter((name) => typeof state[name] !== 'function');
      if (missing.length > 0) throw new RuleBroken(`the initial state lacks ${missing.join(', ')}`);
    },
  },
  {
    id: 'ends',
    description: 'random playouts end within maxGameLength, with a valid player to act and legal actions ascending and unique at every node (none at the end)',
    per: 'game',
    check(game, { seed }, { invariant }) {
      const walk = new Walk(game, seed);
      walk.playOut(() => {
        const player = walk.state.currentPlayer();
        const valid = player === CHANCE || player === TERMINAL || (Number.isInteger(player) && player >= 0 && player < game.numPlayers);
        if (!valid) walk.fail(`currentPlayer() is ${String(player)}: not CHANCE (-1), TERMINAL (-2) nor a seat 0 .. ${String(game.numPlayers - 1)}`);
        if (walk.state.isTerminal() !== (player === TERMINAL)) walk.fail(`isTerminal() is ${String(walk.state.isTerminal())} where currentPlayer() is ${String(player)}`);
        invariant?.(walk.state);
      });
      const left = walk.legal();
      if (left.length > 0) walk.fail(`legalActions lists ${left.join(',')} at the end of the game`);
    },
  },
  {
    id: 'returns',
    description: "returns at the end are within scoreRange ('score') or +1 / -1 / 0 summing to 0 ('win-loss')",
    per: 'game',
    check(game, { seed }) {
      const walk = new Walk(game, seed);
      walk.playOut();
      checkReturns(walk);
    },
  },
  {
    id: 'deterministic',
    description: 'all chance comes from the stream given: the same seed deals and plays the same game',
    per: 'game',
    check(game, { seed }) {
      if (content(game.newInitialState()) !== content(game.newInitialState())) throw new RuleBroken('two initial states differ (newInitialState must not draw anything: chance belongs in chance nodes)', { ply: 0, actions: [] });
      const first = new Walk(game, seed);
      const nodes: string[] = [];
      first.playOut(() => nodes.push(content(first.state)));
      const second = new Walk(game, seed);
      let k = 0;
      second.playOut(() => {
        if (content(second.state) !== nodes[k]) second.fail(`the same seed reached a different state (${printable(content(second.state), 120)} vs ${printable(nodes[k] ?? 'the end', 120)}): something draws randomness that is not the stream given (Math.random, the clock)`);
        k++;
      });
    },
  },
  {
    id: 'illegal-actions',
    description: 'an illegal action throws a RangeError and changes nothing',
    per: 'game',
    check(game, where) {
      const walk = walkTo(game, where);
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
    },
  },
  {
    id: 'clone-reset',
    description: 'a clone is an independent equal copy that plays on like its original, and reset() returns to the initial state',
    per: 'game',
    check(game, where) {
      const fresh = content(game.newInitialState());
      const walk = walkTo(game, where);
      const snapshot = content(walk.state);
      const copy = walk.state.clone();
      if (content(copy) !== snapshot || copy.toString() !== walk.state.toString()) walk.fail('a clone differs from its original');
      new Walk(game, where.seed + 1, copy).playOut();
      if (content(walk.state) !== snapshot) walk.fail('playing a clone changed its original');
      const twin = new Walk(game, where.seed + 2, walk.state.clone());
      twin.playOut();
      new Walk(game, where.seed + 2, walk.state).playOut();
      if (content(twin.state) !== content(walk.state)) walk.fail('a clone and its original, played on with the same stream, ended in different states');
      walk.state.reset();
      if (content(walk.state) !== fresh) walk.fail('reset() did not return to the initial state');
    },
  },
  {
    id: 'chance',
    description: "chanceOutcomes lists the chance node's legal outcomes with probabilities > 0 summing to 1 (none elsewhere)",
    per: 'game',
    check(game, { seed }) {
      const outcomes = new Int32Array(game.maxActions);
      const probabilities = new Float64Array(game.maxActions);
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
    },
  },
  {
    id: 'resample',
    description: 'resample(player) gives a state the player cannot tell apart (same information state, same legal actions when it is to act), leaves the state unchanged, depends only on what the player saw, and plays to the end',
    per: 'game',
    check(game, where, { invariant, sampleAgrees }) {
      const { seed } = where;
      const walk = walkTo(game, where);
      const before = content(walk.state);
      for (let player = 0; player < game.numPlayers; player++) {
        const info = walk.state.informationStateString(player);
        const sample = walk.state.resample(player, rngFromSeed(seed + 11));
        if (content(walk.state) !== before) walk.fail(`resample(${String(player)}) changed the state it was called on`);
        if (sample.informationStateString(player) !== info) walk.fail(`resample(${String(player)}) gave a state with another information state for the player (${printable(sample.informationStateString(player), 80)} vs ${printable(info, 80)})`);
        if (sample.currentPlayer() !== walk.state.currentPlayer()) walk.fail(`resample(${String(player)}) gave a state with another player to act`);
        if (walk.state.currentPlayer() === player) {
          const legal = walk.legal().join(',');
          const buffer = new Int32Array(game.maxActions);
          const sampled = Array.from(buffer.subarray(0, sample.legalActions(buffer))).join(',');
          if (sampled !== legal) walk.fail(`resample(${String(player)}) gave a state where the player to act has the legal actions ${sampled}, not ${legal}`);
        }
        sampleAgrees?.(sample, player, walk.actions);
        // A sample of a sample (the player cannot tell them apart either) agrees just as well.
        sampleAgrees?.(sample.resample(player, rngFromSeed(seed + 3)), player, walk.actions);
        if (content(sample.resample(player, rngFromSeed(seed + 5))) !== content(walk.state.resample(player, rngFromSeed(seed + 5)))) walk.fail(`resample(${String(player)}) depends on more than what the player saw: from a state it cannot tell apart, the same stream drew another state`);
        const rest = new Walk(game, seed + 3, sample);
        rest.playOut(invariant && (() => invariant(rest.state)));
        checkReturns(rest);
      }
    },
  },
  {
    id: 'observation',
    description: 'an observation, and a state drawn by resample, carry nothing hidden: equal for states the player cannot tell apart, in everything reachable from them',
    per: 'game',
    check(game, where) {
      const { seed } = where;
      const walk = walkTo(game, where);
      for (let player = 0; player < game.numPlayers; player++) {
        for (const rigged of riggedFor(game, walk.state, player, rngFromSeed(seed + 7))) {
          if (rigged.informationStateString(player) !== walk.state.informationStateString(player)) continue; // the resample rule reports it
          if (reachableContent(rigged.observe(player)) !== reachableContent(walk.state.observe(player))) {
            walk.fail(`observe(${String(player)}) differs between two states the player cannot tell apart (${printable(content(walk.state), 100)} and ${printable(content(rigged), 100)}): it shows what the player may not see`);
          }
          // A searching agent reads its samples freely: they too must hold nothing of the real deal.
          if (reachableContent(rigged.resample(player, rngFromSeed(seed + 5))) !== reachableContent(walk.state.resample(player, rngFromSeed(seed + 5)))) {
            walk.fail(`resample(${String(player)}) from two states the player cannot tell apart (${printable(content(walk.state), 100)} and ${printable(content(rigged), 100)}) gave states that differ in what is reachable from them: a sample carries what the player may not see`);
          }
        }
      }
    },
  },
  {
    id: 'own-move',
    description: "a player's own move changes its information state",
    per: 'game',
    check(game, where) {
      const walk = walkToPlayer(game, where);
      const player = walk.state.currentPlayer();
      if (player === TERMINAL) return;
      const before = walk.state.informationStateString(player);
      for (const action of walk.legal()) {
        const next = walk.state.clone();
        next.applyAction(action);
        if (next.informationStateString(player) === before) walk.fail(`after its own move ${String(action)}, player ${String(player)}'s information state is unchanged`);
      }
    },
  },
  {
    id: 'agents',
    description: 'every agent plays only legal actions and never changes the state it is shown',
    per: 'agent',
    check(game, where) {
      const [id, agents] = seatedAgentsOf(game, where);
      const walk = new Walk(game, where.seed);
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
      checkReturns(walk);
    },
  },
  {
    id: 'honest-agents',
    description: 'every agent but those marked seesHidden is honest: its choice does not change when what its seat cannot see is rigged differently',
    per: 'agent',
    exceptSeesHidden: true,
    check(game, where) {
      const [id, factory] = agentOf(game, where);
      const walk = walkToPlayer(game, where);
      const player = walk.state.currentPlayer();
      if (player === TERMINAL) return;
      const rigged = walk.state.resample(player, rngFromSeed(where.seed + 13));
      // Fresh agents and the same stream on both sides: only the hidden part differs.
      const honest = factory.create().act(walk.state, rngFromSeed(where.seed + 17));
      const other = factory.create().act(rigged, rngFromSeed(where.seed + 17));
      if (other !== honest) walk.fail(`agent '${id}' chose ${String(honest)} here and ${String(other)} in a state its seat cannot tell apart (${printable(content(rigged), 100)}): it reads what it may not see (mark it seesHidden if it is meant to)`);
    },
  },
  {
    id: 'serialize',
    description: 'serialize() is canonical, and deserialize (when given) round-trips it to a state that plays on identically and rejects garbage with a RangeError',
    per: 'game',
    check(game, where) {
      const deserialize = game.deserialize;
      const walk = walkTo(game, where);
      const text = content(walk.state);
      if (typeof text !== 'string') walk.fail(`serialize() returned ${typeof text}, not a string`);
      if (deserialize === undefined) return;
      const copy = deserialize(text);
      if (content(copy) !== text || copy.toString() !== walk.state.toString()) walk.fail('deserialize(serialize()) gives another state');
      new Walk(game, where.seed + 1, copy).playOut();
      new Walk(game, where.seed + 1, walk.state).playOut();
      if (content(copy) !== content(walk.state)) walk.fail('a deserialized copy, played on with the same stream as its original, ended in another state');
      for (const bad of ['nonsense', `${text}|extra`, text.replace(/\d+/, '99999')]) {
        if (bad === text) continue;
        let thrown: unknown;
        try {
          deserialize(bad);
        } catch (error) {
          thrown = error;
        }
        if (!(thrown instanceof RangeError)) walk.fail(`deserialize(${printable(JSON.stringify(bad), 80)}) ${thrown === undefined ? 'was accepted' : `threw ${thrownText(thrown)}, not a RangeError`}`);
      }
    },
  },
  {
    id: 'undo',
    description: 'undo(), where a state offers it, takes back the last action exactly',
    per: 'game',
    appliesTo: (game) => typeof (game.newInitialState() as unknown as { undo?: unknown }).undo === 'function',
    check(game, where) {
      const walk = walkTo(game, where);
      const undoable = walk.state as unknown as { undo: () => unknown };
      const snapshots: string[] = [];
      walk.playOut(() => snapshots.push(content(walk.state)));
      snapshots.pop(); // the end itself
      while (snapshots.length > 0) {
        undoable.undo();
        const expected = snapshots.pop();
        if (content(walk.state) !== expected) walk.fail(`undo() did not return to the state before the last action (${printable(content(walk.state), 100)} vs ${printable(expected ?? '', 100)})`);
      }
    },
  },
  {
    id: 'play-out',
    description: "a specialised playOut, where the game gives one, plays exactly the game the generic playOut plays",
    per: 'agent',
    appliesTo: (game) => game.playOut !== undefined,
    check(game, where) {
      const special = game.playOut;
      if (special === undefined) throw new RuleBroken('the game has no specialised playOut to check');
      const [id, agents] = seatedAgentsOf(game, where);
      const generic = game.newInitialState();
      playOut(generic, agents, rngFromSeed(where.seed));
      const fast = game.newInitialState();
      special(fast, agents, rngFromSeed(where.seed));
      expectSameEnd(fast, generic, `with agent '${id}', the specialised playOut of seed ${String(where.seed)}`, where.seed);
    },
  },
  {
    id: 'recorded-play-out',
    description: 'a recording playOut, where the game gives one, plays the generic playOut\'s game and records exactly its actions',
    per: 'agent',
    appliesTo: (game) => game.recordedPlayOut !== undefined,
    check(game, where) {
      const recorded = game.recordedPlayOut;
      if (recorded === undefined) throw new RuleBroken('the game has no recording playOut to check');
      const [id, agents] = seatedAgentsOf(game, where);
      const generic = game.newInitialState();
      const expected: number[] = [];
      const rng = rngFromSeed(where.seed);
      for (let player = generic.currentPlayer(); player !== TERMINAL; player = generic.currentPlayer()) {
        const action = player === CHANCE ? generic.sampleChance(rng) : agents[player]!.act(generic, rng);
        expected.push(action);
        generic.applyAction(action);
      }
      const fast = game.newInitialState();
      const actions: number[] = [];
      recorded(fast, agents, rngFromSeed(where.seed), actions);
      expectSameEnd(fast, generic, `with agent '${id}', the recording playOut of seed ${String(where.seed)}`, where.seed);
      const at = actions.findIndex((action, k) => action !== expected[k]);
      if (at >= 0 || actions.length !== expected.length) {
        const k = at >= 0 ? at : Math.min(actions.length, expected.length);
        throw new RuleBroken(`with agent '${id}', the recording playOut of seed ${String(where.seed)} recorded ${String(actions.length)} actions, the generic one played ${String(expected.length)}; they differ from action ${String(k + 1)} (${String(actions[k])} vs ${String(expected[k])})`, { seed: where.seed });
      }
    },
  },
];

/** Default playouts per rule: enough to reach the corners of a small game in a second or two. */
export const DEFAULT_CONFORMANCE_RUNS = 100;

/**
 * Checks one case of one rule, as `checkConformance` does for each of its cases: returns nothing
 * when the rule holds, throws a `RuleBroken` naming the seed, ply and actions when it does not, or
 * whatever the game's own code throws.
 */
export function checkRule<S extends GameState>(game: GameDefinition<S>, ruleId: string, where: RuleCase, hooks: ConformanceHooks<S> = {}): void {
  const rule = CONFORMANCE_RULES.find((candidate) => candidate.id === ruleId);
  if (rule === undefined) throw new RangeError(`no conformance rule '${ruleId}' (known: ${CONFORMANCE_RULES.map(({ id }) => id).join(', ')})`);
  rule.check(game as unknown as GameDefinition<GameState>, where, hooks as ConformanceHooks);
}

/** Whether `rule` concerns `game`; a game whose code throws on the question gets the rule, whose check reports the throw. */
export function ruleApplies(rule: ConformanceRule, game: GameDefinition<GameState>): boolean {
  try {
    return rule.appliesTo?.(game) !== false;
  } catch {
    return true;
  }
}

/** The agents an agent rule checks: all the game's, but those marked seesHidden where the rule exempts them. */
export function agentsChecked(game: GameDefinition<GameState>, rule: ConformanceRule): string[] {
  return Object.keys(game.agents).filter((id) => rule.exceptSeesHidden !== true || game.agents[id]!.seesHidden !== true);
}

/** The cases `checkConformance` checks a rule on: `runs` seeded games from `seed`, each agent on a quarter of them (at least 5). */
function casesOf(game: GameDefinition<GameState>, rule: ConformanceRule, runs: number, first: number): RuleCase[] {
  const seeds = Array.from({ length: runs }, (_, i) => first + i);
  switch (rule.per) {
    case 'once':
      return [{ seed: first, depth: 0 }];
    case 'game':
      return seeds.map((seed) => ({ seed, depth: depthOf(game, seed) }));
    case 'agent': {
      return agentsChecked(game, rule).flatMap((agent) => seeds.slice(0, Math.max(5, Math.ceil(runs / 4))).map((seed) => ({ seed, depth: depthOf(game, seed), agent })));
    }
  }
}

/**
 * Checks `game` against every rule of the contract, on `runs` seeded games per rule from `seed`.
 * A rule whose check throws (the game's own code failing) is broken too, with what was thrown.
 */
export function checkConformance(game: GameDefinition<GameState>, options: { readonly runs?: number; readonly seed?: number } = {}): ConformanceResult {
  const runs = options.runs ?? DEFAULT_CONFORMANCE_RUNS;
  const first = options.seed ?? 1;
  const failures: RuleFailure[] = [];
  const rules = CONFORMANCE_RULES.filter((rule) => ruleApplies(rule, game));
  for (const rule of rules) {
    try {
      for (const where of casesOf(game, rule, runs, first)) rule.check(game, where, {});
    } catch (error) {
      const where = error instanceof RuleBroken ? error.where : (latestWalk?.where ?? {});
      failures.push({ rule: rule.id, message: error instanceof RuleBroken ? error.message : `the game threw ${thrownText(error)}`, ...where });
    }
  }
  return { rules: rules.map(({ id, description }) => ({ id, description })), failures };
}
