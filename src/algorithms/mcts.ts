/**
 * Monte-Carlo tree search (UCT) over the game contract, written once for every game, with
 * determinisation for hidden information: each iteration searches one state drawn with
 * `resample(player, rng)` — a state the searching player cannot tell from the real one — so the
 * search is honest (it never reads what its seat may not see) and its choice depends only on the
 * player's information and the random stream. Games without `resample` (perfect information) search
 * clones of the state itself.
 *
 * The tree is *open-loop* and shared across determinisations (single-observer information-set MCTS,
 * after Cowling, Powley and Whitehouse 2012): a node is the sequence of player actions from the root,
 * chance outcomes are sampled, not stored, and a child is scored by UCB1 against the number of
 * iterations in which it was available (its action legal), since determinisations differ in what
 * is legal. Rewards are the game's returns scaled to [0, 1] (a score over `scoreRange`, or win /
 * draw / loss as 1 / ½ / 0), each node keeping the reward of the player who chose its action.
 *
 * Deterministic from the `rng` given to `act`: the budget is a number of iterations (an optional
 * deadline makes it time-dependent, which the lab never uses).
 */
import { CHANCE, playOut, type Agent, type GameDefinition, type GameState } from '../core/game.js';
import { randomInt, type Rng } from '../core/random.js';

export interface MctsOptions<S extends GameState> {
  /** Iterations (determinisations, each one descent and one playout) per move. Default 1,000. */
  readonly iterations?: number;
  /** UCB1's exploration constant (rewards are in [0, 1]). Default √2. */
  readonly exploration?: number;
  /**
   * Plays a determinised state to the end after the tree (default: uniformly random legal actions).
   * It sees the whole sample — the searcher's own imagination, not the real hidden cards.
   */
  readonly playout?: (state: S, rng: Rng) => void;
  /** Stop early at this `performance.now()` time (not deterministic; off by default). */
  readonly deadline?: () => number;
}

/** A tree node: the statistics of the action that leads to it, and its children by action. */
class Node {
  /** Iterations through this node. */
  visits = 0;
  /** Iterations in which this node's action was legal at its parent. */
  availability = 0;
  /** Sum of rewards, for the player who chose this node's action. */
  reward = 0;
  readonly children = new Map<number, Node>();

  constructor(
    /** The player who chose this node's action (-1 at the root). */
    readonly player: number,
  ) {}
}

/** Scales a return to [0, 1]. */
function rewardScale<S extends GameState>(definition: GameDefinition<S>): (state: S, player: number) => number {
  if (definition.outcome === 'score') {
    const [low, high] = definition.scoreRange;
    return (state, player) => (state.returns(player) - low) / (high - low);
  }
  return (state, player) => (state.returns(player) + 1) / 2;
}

/** Uniformly random legal actions to the end (chance from `rng` too). */
function randomPlayout<S extends GameState>(definition: GameDefinition<S>): (state: S, rng: Rng) => void {
  const buffer = new Int32Array(definition.maxActions);
  const random: Agent<S> = {
    name: 'random',
    act(state, rng) {
      return buffer[randomInt(rng, state.legalActions(buffer))]!;
    },
  };
  const agents = Array.from({ length: definition.numPlayers }, () => random);
  return (state, rng) => {
    playOut(state, agents, rng);
  };
}

/**
 * Chooses an action for the player to move at `state` (a player node) by `iterations` of UCT over
 * determinisations; the most visited root action wins (ties: the lowest action).
 */
export function mctsSearch<S extends GameState>(definition: GameDefinition<S>, state: S, rng: Rng, options: MctsOptions<S> = {}): number {
  const me = state.currentPlayer();
  if (me < 0) throw new RangeError('mctsSearch: not a player node');
  const iterations = options.iterations ?? 1000;
  if (!(Number.isInteger(iterations) && iterations >= 1)) throw new RangeError(`mctsSearch: iterations must be a whole number >= 1, got ${String(iterations)}`);
  const c = options.exploration ?? Math.SQRT2;
  const playout = options.playout ?? randomPlayout(definition);
  const reward = rewardScale(definition);
  const buffer = new Int32Array(definition.maxActions);
  const rootActions = new Int32Array(definition.maxActions);
  const rootCount = state.legalActions(rootActions);
  if (rootCount === 1) return rootActions[0]!;
  const root = new Node(-1);
  const path: Node[] = [];
  for (let iteration = 0; iteration < iterations; iteration++) {
    if (options.deadline !== undefined && iteration > 0 && performance.now() > options.deadline()) break;
    const sample = state.resample?.(me, rng) ?? state.clone();
    path.length = 0;
    let node = root;
    // Selection and expansion: descend while every available child has been tried.
    for (;;) {
      const player = sample.currentPlayer();
      if (player < 0) {
        if (player !== CHANCE) break; // terminal
        sample.applyAction(sample.sampleChance(rng));
        continue;
      }
      const count = sample.legalActions(buffer);
      let untried = 0;
      let best: Node | null = null;
      let bestAction = -1;
      let bestScore = -Infinity;
      for (let i = 0; i < count; i++) {
        const child = node.children.get(buffer[i]!);
        if (child === undefined) {
          untried++;
          continue;
        }
        child.availability++;
        if (untried > 0) continue;
        const score = child.reward / child.visits + c * Math.sqrt(Math.log(child.availability) / child.visits);
        if (score > bestScore) {
          bestScore = score;
          best = child;
          bestAction = buffer[i]!;
        }
      }
      if (untried > 0) {
        // Expand one untried action, chosen at random, and play out from there.
        let k = randomInt(rng, untried);
        let action = -1;
        for (let i = 0; i < count; i++) {
          if (node.children.has(buffer[i]!)) continue;
          if (k-- === 0) {
            action = buffer[i]!;
            break;
          }
        }
        const child = new Node(player);
        child.availability = 1;
        node.children.set(action, child);
        sample.applyAction(action);
        path.push(child);
        break;
      }
      sample.applyAction(bestAction);
      node = best!;
      path.push(node);
    }
    if (!sample.isTerminal()) playout(sample, rng);
    for (const visited of path) {
      visited.visits++;
      visited.reward += reward(sample, visited.player);
    }
  }
  let choice = rootActions[0]!;
  let most = -1;
  for (let i = 0; i < rootCount; i++) {
    const visits = root.children.get(rootActions[i]!)?.visits ?? 0;
    if (visits > most) {
      most = visits;
      choice = rootActions[i]!;
    }
  }
  return choice;
}

/** `mctsSearch` as a lab agent. */
export function mctsAgent<S extends GameState>(definition: GameDefinition<S>, options: MctsOptions<S> = {}, name = 'mcts'): Agent<S> {
  return {
    name,
    act: (state, rng) => mctsSearch(definition, state, rng, options),
  };
}
