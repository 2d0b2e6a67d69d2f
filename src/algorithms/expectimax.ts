/**
 * Depth-limited game-tree search over the game contract, written once for every perfect-information
 * game: negamax-style alpha-beta at the nodes of a two-player zero-sum game (max for one player,
 * min for the other), plain maximisation in a one-player game, and expectimax at chance nodes
 * (each outcome weighted by `chanceOutcomes`, or uniformly over the legal outcomes if the game
 * does not state probabilities).
 *
 * Values are from the point of view of the player to move at the root. At the depth limit (or when
 * the node budget runs out) a node is valued by `evaluate` (default: `returns`, so a search that does
 * not reach the end sees 0 for an unfinished two-player game). Alpha-beta windows are not carried
 * through chance nodes (their children are searched with the full window), which keeps the values
 * exact: a pruned search returns exactly what an unpruned one does (tested).
 *
 * Deterministic: actions are tried in `legalActions` order and ties go to the first; the budget is
 * a number of nodes, not a time. The search clones at every node (the contract has no undo), so it
 * is general, not fast: Connect Four's bitboard AlphaBetaPlayer stays for speed (see its header).
 */
import { CHANCE, TERMINAL, type GameDefinition, type GameState, type Agent } from '../core/game.js';

export interface ExpectimaxOptions<S extends GameState> {
  /** Plies to search (player and chance nodes both count). Default 4. */
  readonly depth?: number;
  /** Most nodes one search may visit; iterative deepening keeps the deepest finished depth. Default 200,000. */
  readonly maxNodes?: number;
  /** The value of an unfinished node for `player` at the horizon. Default: `state.returns(player)`. */
  readonly evaluate?: (state: S, player: number) => number;
  /** Prune with alpha-beta at player nodes (default true; false for tests and comparison). */
  readonly pruning?: boolean;
}

export interface SearchResult {
  /** The chosen action: the first of the best. */
  readonly action: number;
  /** Its value for the player to move at the root. */
  readonly value: number;
  /** The deepest iteration that finished. */
  readonly depth: number;
  /** Nodes visited, all iterations together. */
  readonly nodes: number;
}

class OutOfNodes extends Error {}

/**
 * Searches `state` (a player node of `definition`) and returns the best action for the player to
 * move, by iterative deepening from 1 ply to `depth` within `maxNodes`.
 * @throws RangeError at a chance or terminal node, or for a game of more than two players
 */
export function expectimaxSearch<S extends GameState>(definition: GameDefinition<S>, state: S, options: ExpectimaxOptions<S> = {}): SearchResult {
  const root = state.currentPlayer();
  if (root < 0) throw new RangeError(`expectimaxSearch: not a player node (${root === CHANCE ? 'chance' : root === TERMINAL ? 'terminal' : String(root)})`);
  if (definition.numPlayers > 2) throw new RangeError('expectimaxSearch: one- or two-player games only');
  const maxDepth = options.depth ?? 4;
  const maxNodes = options.maxNodes ?? 200_000;
  if (!(Number.isInteger(maxDepth) && maxDepth >= 1)) throw new RangeError(`expectimaxSearch: depth must be a whole number >= 1, got ${String(maxDepth)}`);
  const evaluate = options.evaluate ?? ((s: S, p: number) => s.returns(p));
  const pruning = options.pruning ?? true;
  const zeroSum = definition.numPlayers === 2;
  const buffers: Int32Array[] = [];
  const probabilityBuffers: Float64Array[] = [];
  const bufferAt = (ply: number): Int32Array => (buffers[ply] ??= new Int32Array(definition.maxActions));
  const probabilitiesAt = (ply: number): Float64Array => (probabilityBuffers[ply] ??= new Float64Array(definition.maxActions));
  let nodes = 0;

  /** The value of `node` for the root player, searched `depth` more plies, within (alpha, beta). */
  const value = (node: S, depth: number, alpha: number, beta: number, ply: number): number => {
    if (++nodes > maxNodes) throw new OutOfNodes();
    const player = node.currentPlayer();
    if (player === TERMINAL || depth === 0) return player === TERMINAL ? node.returns(root) : evaluate(node, root);
    const actions = bufferAt(ply);
    if (player === CHANCE) {
      const probabilities = probabilitiesAt(ply);
      let count = node.chanceOutcomes?.(actions, probabilities) ?? 0;
      if (count === 0) {
        count = node.legalActions(actions);
        probabilities.fill(1 / count, 0, count);
      }
      let expected = 0;
      for (let i = 0; i < count; i++) {
        const child = node.clone();
        child.applyAction(actions[i]!);
        expected += probabilities[i]! * value(child, depth - 1, -Infinity, Infinity, ply + 1);
      }
      return expected;
    }
    const maximising = !zeroSum || player === root;
    const count = node.legalActions(actions);
    let best = maximising ? -Infinity : Infinity;
    for (let i = 0; i < count; i++) {
      const child = node.clone();
      child.applyAction(actions[i]!);
      const v = value(child, depth - 1, alpha, beta, ply + 1);
      if (maximising) {
        if (v > best) best = v;
        if (pruning && best > alpha) alpha = best;
      } else {
        if (v < best) best = v;
        if (pruning && best < beta) beta = best;
      }
      if (pruning && alpha >= beta) break;
    }
    return best;
  };

  const rootActions = new Int32Array(definition.maxActions);
  const rootCount = state.legalActions(rootActions);
  let result: SearchResult = { action: rootActions[0]!, value: evaluate(state, root), depth: 0, nodes: 0 };
  for (let depth = 1; depth <= maxDepth; depth++) {
    try {
      let bestAction = rootActions[0]!;
      let bestValue = -Infinity;
      for (let i = 0; i < rootCount; i++) {
        const child = state.clone();
        child.applyAction(rootActions[i]!);
        // Only strictly better values count, so the window opens just below the best so far.
        const v = value(child, depth - 1, pruning ? bestValue : -Infinity, Infinity, 1);
        if (v > bestValue) {
          bestValue = v;
          bestAction = rootActions[i]!;
        }
      }
      result = { action: bestAction, value: bestValue, depth, nodes };
    } catch (error) {
      if (!(error instanceof OutOfNodes)) throw error;
      break;
    }
  }
  return { ...result, nodes };
}

/** `expectimaxSearch` as a lab agent (deterministic; `rng` is not used). */
export function expectimaxAgent<S extends GameState>(definition: GameDefinition<S>, options: ExpectimaxOptions<S> = {}, name = 'expectimax'): Agent<S> {
  return {
    name,
    act: (state) => expectimaxSearch(definition, state, options).action,
  };
}
