import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DECK_SIZE, cardIndex } from '../../../core/cards.js';
import { Deck } from '../../../core/deck.js';
import { rngFromSeed } from '../../../core/random.js';
import { ConnectFwarState } from '../engine.js';
import { CELLS, COLUMNS, LINES, ROWS, columnFloor, fitsColumn, isConnectedFour } from '../rules.js';
import { ClairvoyantAgent } from './clairvoyant.js';
import { EarliestFourSolver, NO_FOUR } from './earliest-four.js';
import { GreedyAgent, LookaheadAgent } from './honest.js';

/** The order `Deck(seed)` deals its cards in — the order the engine deals them for the same seed. */
function dealOf(seed: number): number[] {
  const deck = new Deck(seed);
  const deal: number[] = [];
  for (let card = deck.draw(); card !== null; card = deck.draw()) deal.push(card.index);
  return deal;
}

/**
 * The reference: every play of every card (each legal column, or discard) tried on the plain
 * board, no pruning but the depth already beaten. The earliest number of cards dealt when a
 * connected four stands, or NO_FOUR.
 */
function bruteForceEarliestFour(deal: readonly number[]): number {
  const cells = new Int8Array(CELLS).fill(-1);
  const heights = new Uint8Array(COLUMNS);
  const won = (): boolean => LINES.some(([a, b, c, d]) => isConnectedFour(cells[a]!, cells[b]!, cells[c]!, cells[d]!));
  let best = Infinity;
  const visit = (t: number): void => {
    if (t >= deal.length || t + 1 >= best) return;
    const card = deal[t]!;
    for (let col = 0; col < COLUMNS; col++) {
      const height = heights[col]!;
      const top = height === 0 ? -1 : cells[col * ROWS + height - 1]!;
      if (!fitsColumn(card, columnFloor(height, top))) continue;
      cells[col * ROWS + height] = card;
      heights[col] = height + 1;
      if (won()) best = Math.min(best, t + 1);
      else visit(t + 1);
      heights[col] = height;
      cells[col * ROWS + height] = -1;
    }
    visit(t + 1);
  };
  visit(0);
  return best === Infinity ? NO_FOUR : best;
}

/** Seven cards no four of which connect along a path: only same-suit pairs connect, in three disjoint pairs. */
const LONERS = [
  [1, 1], [9, 1], [3, 2], [11, 2], [5, 3], [13, 3], [7, 4],
].map(([rank, suit]) => cardIndex(rank!, suit!));

describe('EarliestFourSolver', () => {
  const solver = new EarliestFourSolver();

  it('agrees with the brute force on the first cards of random deals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 4, max: 7 }), (seed, length) => {
        const deal = dealOf(seed).slice(0, length);
        expect(solver.earliestFour(deal)).toBe(bruteForceEarliestFour(deal));
      }),
      { numRuns: 60 },
    );
  });

  it('agrees with the brute force on rigged decks that defeat row 0 and the columns for a long time', () => {
    // After seven cards that cannot make a path of four, the four must use later cards — or rows
    // above row 0, built on the loners as supports.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 8, max: 10 }), (seed, length) => {
        const rest = dealOf(seed).filter((card) => !LONERS.includes(card));
        const deal = [...LONERS, ...rest].slice(0, length);
        expect(solver.earliestFour(deal)).toBe(bruteForceEarliestFour(deal));
      }),
      { numRuns: 12 },
    );
  });

  it('finds the four of a hand-made deal on the cards that make it, and its plan plays it', () => {
    // 9♣ and K♦ connect to nothing here; 2♠ 3♠ 4♥ 4♦ connect as a path (suit, rank gap 1, rank),
    // in row 0 or stacked in a column, so the four comes with the sixth card and no sooner.
    const deal = [cardIndex(2, 1), cardIndex(9, 3), cardIndex(3, 1), cardIndex(4, 2), cardIndex(13, 4), cardIndex(4, 4)];
    expect(solver.earliestFour(deal)).toBe(6);
    expect(solver.bestScore(deal)).toBe(DECK_SIZE - 6);
    const plan = solver.plan();
    expect(plan).toHaveLength(6);
    // Replaying the plan on the engine completes the four on the sixth card.
    const state = new ConnectFwarState();
    for (let t = 0; t < deal.length && !state.isTerminal(); t++) {
      state.applyAction(deal[t]!);
      state.applyAction(plan[t]!);
    }
    expect(state.isTerminal()).toBe(true);
    expect(state.returns(0)).toBe(DECK_SIZE - 6);
  });

  it('says NO_FOUR when no play completes a four', () => {
    expect(solver.earliestFour(LONERS)).toBe(NO_FOUR);
    expect(solver.bestScore(LONERS)).toBe(0);
    expect(solver.plan()).toHaveLength(0);
    expect(() => solver.earliestFour(new Array<number>(53).fill(0))).toThrow(RangeError);
  });

  it('is never beaten by an honest player on the same deal', () => {
    const players = [new GreedyAgent(), new LookaheadAgent()];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const bound = solver.bestScore(dealOf(seed));
        for (const player of players) {
          const state = new ConnectFwarState();
          state.playToEnd(player, rngFromSeed(seed));
          expect(state.returns(0)).toBeLessThanOrEqual(bound);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('ClairvoyantAgent', () => {
  it('scores exactly the bound of the deal it is dealt, in the lab’s playout', () => {
    const agent = new ClairvoyantAgent();
    const solver = new EarliestFourSolver();
    const state = new ConnectFwarState();
    for (let seed = 0; seed < 200; seed++) {
      state.reset(); // one agent and one state across games, as the lab uses them
      state.playToEnd(agent, rngFromSeed(seed));
      expect(state.returns(0)).toBe(solver.bestScore(dealOf(seed)));
    }
  });

  it('refuses to play on when the stream it reads is not the one the deal comes from', () => {
    const agent = new ClairvoyantAgent();
    const state = new ConnectFwarState();
    const deal = rngFromSeed(1);
    const other = rngFromSeed(2);
    expect(() => {
      while (!state.isTerminal()) {
        state.applyAction(state.currentPlayer() === 0 ? agent.act(state, other) : state.sampleChance(deal));
      }
    }).toThrow(/not the one foreseen/);
  });

  it('plans only from an empty board', () => {
    const state = new ConnectFwarState();
    state.applyAction(0);
    state.applyAction(0);
    state.applyAction(1);
    expect(() => new ClairvoyantAgent().act(state, rngFromSeed(0))).toThrow(/empty board/);
  });
});
