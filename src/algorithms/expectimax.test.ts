import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, TERMINAL, type GameDefinition, type GameState } from '../core/game.js';
import { randomInt, rngFromSeed } from '../core/random.js';
import { connectFourGame } from '../games/connect-four/definition.js';
import { Position } from '../games/connect-four/position.js';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { ConnectFwarState } from '../games/connect-fwar/engine.js';
import { expectimaxAgent, expectimaxSearch } from './expectimax.js';

/** The textbook recursion, written independently: max / min / probability-weighted mean, no pruning. */
function reference(definition: GameDefinition, state: GameState, depth: number, root: number): number {
  const player = state.currentPlayer();
  if (player === TERMINAL || depth === 0) return state.returns(root);
  const actions = new Int32Array(definition.maxActions);
  const probabilities = new Float64Array(definition.maxActions);
  const values: number[] = [];
  const count = player === CHANCE ? state.chanceOutcomes!(actions, probabilities) : state.legalActions(actions);
  for (let i = 0; i < count; i++) {
    const child = state.clone();
    child.applyAction(actions[i]!);
    values.push(reference(definition, child, depth - 1, root));
  }
  if (player === CHANCE) return values.reduce((sum, v, i) => sum + v * probabilities[i]!, 0);
  return definition.numPlayers === 1 || player === root ? Math.max(...values) : Math.min(...values);
}

/** A state after `steps` random legal nodes, stopped at a player node (or null if the game ended). */
function randomPlayerNode<S extends GameState>(definition: GameDefinition<S>, seed: number, steps: number): S | null {
  const state = definition.newInitialState();
  const rng = rngFromSeed(seed);
  const buffer = new Int32Array(definition.maxActions);
  for (let i = 0; (i < steps || state.currentPlayer() === CHANCE) && !state.isTerminal(); i++) {
    const count = state.legalActions(buffer);
    state.applyAction(state.currentPlayer() === CHANCE ? state.sampleChance(rng) : buffer[randomInt(rng, count)]!);
  }
  return state.isTerminal() ? null : state;
}

describe('expectimaxSearch (alpha-beta / expectimax over the contract)', () => {
  it('Connect Four: takes a win in one rather than the first column, which would only block', () => {
    // Red has columns 5, 6, 7 on the bottom row; yellow three in column 1. Red wins in column 4.
    const position = Position.fromMoves('516171');
    const result = expectimaxSearch(connectFourGame, position, { depth: 2 });
    expect(result.action).toBe(3);
    expect(result.value).toBe(1);
  });

  it('Connect Four: blocks a loss in one (column 4, not the first legal column)', () => {
    const position = Position.fromMoves('51617');
    expect(expectimaxSearch(connectFourGame, position, { depth: 2 }).action).toBe(3);
    // Every other column loses at once.
    expect(expectimaxSearch(connectFourGame, position, { depth: 2 }).value).toBe(0);
  });

  it('matches the textbook recursion, with and without pruning (Connect Four and ConnectFwar)', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 30 }), fc.constantFrom<GameDefinition[]>([connectFourGame as unknown as GameDefinition], [connectFwarGame as unknown as GameDefinition]), (seed, steps, [definition]) => {
        const state = randomPlayerNode(definition!, seed, steps);
        if (state === null) return;
        const depth = definition!.id === 'connect-four' ? 4 : 3;
        const pruned = expectimaxSearch(definition!, state, { depth, maxNodes: Infinity });
        const full = expectimaxSearch(definition!, state, { depth, maxNodes: Infinity, pruning: false });
        expect(pruned.value).toBeCloseTo(full.value, 12);
        expect(pruned.action).toBe(full.action);
        expect(full.value).toBeCloseTo(reference(definition!, state, depth, state.currentPlayer()), 12);
        // Pruning visits no more nodes than the full search.
        expect(pruned.nodes).toBeLessThanOrEqual(full.nodes);
      }),
      { numRuns: 40 },
    );
  });

  it('ConnectFwar: plays the card where it connects four now (score = cards left), not the first column', () => {
    // Column 3 holds three connected cards (♠2 ♠3 ♠4, ranks rising); the hand is ♠5.
    const cards = Array.from({ length: 16 }, () => -1);
    [1, 2, 3].forEach((card, row) => (cards[3 * 4 + row] = card));
    const deck = Array.from({ length: 52 }, (_, i) => i).filter((c) => ![1, 2, 3, 4].includes(c));
    const text = `${[...deck, 4, 3, 2, 1].join(',')}|48|${cards.join(',')}|4|playing`;
    const state = ConnectFwarState.deserialize(text);
    const result = expectimaxSearch(connectFwarGame, state, { depth: 3 });
    expect(result.action).toBe(3);
    expect(result.value).toBe(48);
  });

  it('keeps within its node budget and still answers a legal action', () => {
    const position = new Position();
    const result = expectimaxSearch(connectFourGame, position, { depth: 12, maxNodes: 2_000 });
    expect(result.nodes).toBeLessThanOrEqual(2_001);
    expect(result.depth).toBeLessThan(12);
    expect(position.canPlay(result.action)).toBe(true);
  });

  it('is deterministic and rejects nodes where nobody chooses', () => {
    const agent = expectimaxAgent(connectFourGame, { depth: 3 });
    const position = Position.fromMoves('4453');
    expect(agent.act(position, rngFromSeed(1))).toBe(agent.act(position, rngFromSeed(2)));
    expect(() => expectimaxSearch(connectFwarGame, new ConnectFwarState())).toThrow(RangeError);
    expect(() => expectimaxSearch(connectFourGame, Position.fromMoves('4455667'))).toThrow(RangeError);
    expect(() => expectimaxSearch(connectFourGame, new Position(), { depth: 0 })).toThrow(RangeError);
  });
});
