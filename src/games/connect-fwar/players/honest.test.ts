import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Card, DECK_SIZE, cardIndex } from '../../../core/cards.js';
import { Deck } from '../../../core/deck.js';
import { rngFromSeed, shuffleInPlace, type Rng } from '../../../core/random.js';
import { basicAgent } from '../agents.js';
import { Board } from '../board.js';
import { ConnectFwar } from '../connect-fwar.js';
import { DISCARD_MOVE } from '../player.js';
import { ConnectFwarState } from '../engine.js';
import { connectFwarGame } from '../definition.js';
import { CELLS } from '../rules.js';
import { GreedyPlayer, LookaheadPlayer } from './honest-players.js';
import { playStyle } from './play-style.js';
import { GreedyAgent, LookaheadAgent } from './honest.js';
import { CardSet, DEFAULT_WEIGHTS, Potential } from './potential.js';

type Honest = GreedyAgent | LookaheadAgent;

function dealOf(seed: number): number[] {
  const deck = new Deck(seed);
  const deal: number[] = [];
  for (let card = deck.draw(); card !== null; card = deck.draw()) deal.push(card.index);
  return deal;
}

/** Plays `agent` on an explicit deal (cards in drawing order); returns its moves and score. */
function playDeal(agent: Honest, deal: readonly number[], agentRng: Rng = rngFromSeed(0)): { moves: number[]; score: number } {
  const state = new ConnectFwarState();
  const moves: number[] = [];
  for (let t = 0; !state.isTerminal(); t++) {
    state.applyAction(deal[t]!);
    const move = agent.act(state, agentRng);
    moves.push(move);
    state.applyAction(move);
  }
  return { moves, score: state.returns(0) };
}

/** `deal` with its cards from `from` on put in another order (the same dealt cards before `from`). */
function rigFrom(deal: readonly number[], from: number, seed: number): number[] {
  const rest = deal.slice(from);
  shuffleInPlace(rest, rngFromSeed(seed));
  return [...deal.slice(0, from), ...rest];
}

/** Each player, how many property runs it can afford, and its work bound per move (positions estimated). */
const PLAYERS: [string, () => Honest, number, number][] = [
  // One estimate before the move and one after each legal column.
  ['greedy', () => new GreedyAgent(), 40, 1 + 4],
  // The greedy pass, then for up to five moves a greedy pass on each of up to 51 next cards.
  ['lookahead', () => new LookaheadAgent(), 6, 5 + 5 * 51 * 5],
  ['lookahead-full', () => new LookaheadAgent(Infinity), 3, 5 + 5 * 51 * 5],
];

describe.each(PLAYERS)('honest player %s', (_name, create, runs, workPerMove) => {
  it('stays within its work bound on every move', () => {
    const agent = create();
    const state = new ConnectFwarState();
    const rng = rngFromSeed(11);
    let moves = 0;
    for (let game = 0; game < 5; game++) {
      state.reset();
      while (!state.isTerminal()) {
        if (state.currentPlayer() !== 0) {
          state.applyAction(state.sampleChance(rng));
          continue;
        }
        const before = agent.evaluations;
        state.applyAction(agent.act(state, rng));
        moves++;
        expect(agent.evaluations - before).toBeGreaterThan(0);
        expect(agent.evaluations - before).toBeLessThanOrEqual(workPerMove);
      }
    }
    expect(moves).toBeGreaterThan(5 * 3);
  });

  it('plays the same moves on a rigged future deck until a card that differs is dealt', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 2 ** 31 }), (seed, from, rigSeed) => {
        const deal = dealOf(seed);
        const rigged = rigFrom(deal, from, rigSeed);
        const real = playDeal(create(), deal);
        const fake = playDeal(create(), rigged);
        // Decision t is taken with cards 0..t dealt: identical up to the last card both deals share.
        const shared = Math.min(from, real.moves.length, fake.moves.length);
        expect(fake.moves.slice(0, shared)).toEqual(real.moves.slice(0, shared));
      }),
      { numRuns: runs },
    );
  });

  it('is deterministic for a seed and never draws on its random stream', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 }), (seed) => {
        const deal = dealOf(seed);
        const first = playDeal(create(), deal, rngFromSeed(1));
        const second = playDeal(create(), deal, rngFromSeed(2));
        expect(second).toEqual(first);
        // Through the lab's playout, where the agent shares the deal's stream: the same game again.
        const state = new ConnectFwarState();
        state.playToEnd(create(), rngFromSeed(seed));
        expect(state.returns(0)).toBe(first.score);
      }),
      { numRuns: runs },
    );
  });

  it('is listed as a lab agent', () => {
    const agent = create();
    expect(connectFwarGame.agents[agent.name]?.create().name).toBe(agent.name);
    expect(connectFwarGame.agents[agent.name]?.description).not.toMatch(/NOT a fair player/);
  });
});

describe('GreedyAgent', () => {
  it('scores far above basic on the same deals', () => {
    let greedy = 0;
    let basic = 0;
    const state = new ConnectFwarState();
    for (let seed = 0; seed < 300; seed++) {
      state.reset();
      state.playToEnd(new GreedyAgent(), rngFromSeed(seed));
      greedy += state.returns(0);
      state.reset();
      state.playToEnd(basicAgent, rngFromSeed(seed));
      basic += state.returns(0);
    }
    // basic averages about 30; one ply on the potential about 44.5 (docs/what-wins.md).
    expect(greedy / 300).toBeGreaterThan(basic / 300 + 10);
  });

  it('completes a four whenever the card in hand can', () => {
    // Row 0 holds 2♠ 3♠ 4♠ in columns 0..2: 5♠ on column 3 wins (and would be a fine support elsewhere).
    const state = new ConnectFwarState();
    [cardIndex(2, 1), cardIndex(3, 1), cardIndex(4, 1)].forEach((card, col) => {
      state.applyAction(card);
      state.applyAction(col);
    });
    state.applyAction(cardIndex(5, 1));
    expect(new GreedyAgent().act(state, rngFromSeed(0))).toBe(3);
    expect(new LookaheadAgent().act(state, rngFromSeed(0))).toBe(3);
  });
});

describe('Potential', () => {
  it('on a line one card from complete, estimates the draws to find a card that fits: unseen / fitting', () => {
    const p = new ConnectFwarState();
    const cells = new Int8Array(CELLS).fill(-1);
    // Row 0: 2♠ 3♠ 4♠ in columns 0..2; column 3 empty. Only row 0 estimated.
    cells[0] = cardIndex(2, 1);
    cells[4] = cardIndex(3, 1);
    cells[8] = cardIndex(4, 1);
    p.setBoard(cells, [1, 1, 1, 0], [2, 3, 4, 1]);
    const unseenCards = [cardIndex(5, 1), cardIndex(4, 2), cardIndex(9, 3), cardIndex(12, 4)];
    const unseen = new CardSet();
    unseen.setFromCards(unseenCards, unseenCards.length);
    const estimate = new Potential({ ...DEFAULT_WEIGHTS, lines: 1 });
    // 5♠ (suit) and 4♥ (rank) connect to 4♠; 9♣ and Q♦ do not: 4 unseen / 2 fitting = 2 draws.
    expect(estimate.evaluate(p, unseen)).toBeCloseTo(2, 12);
    // With no unseen card that connects, the line is dead.
    const none = new CardSet();
    none.setFromCards([cardIndex(9, 3), cardIndex(12, 4)], 2);
    expect(estimate.evaluate(p, none)).toBeGreaterThanOrEqual(1e9);
  });

  it('declares a line dead once two neighbours on it do not connect', () => {
    const p = new ConnectFwarState();
    const cells = new Int8Array(CELLS).fill(-1);
    cells[0] = cardIndex(2, 1);
    cells[4] = cardIndex(9, 3); // 2♠ and 9♣ do not connect
    p.setBoard(cells, [1, 1, 0, 0], [2, 9, 1, 1]);
    const all = new CardSet();
    const rest = Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => c !== cells[0] && c !== cells[4]);
    all.setFromCards(rest, rest.length);
    expect(new Potential({ ...DEFAULT_WEIGHTS, lines: 1 }).evaluate(p, all)).toBeGreaterThanOrEqual(1e9);
  });
});

describe.each([
  ['GreedyPlayer', () => new GreedyPlayer(), () => new GreedyAgent(), 40],
  ['LookaheadPlayer', () => new LookaheadPlayer(), () => new LookaheadAgent(), 8],
] as const)('%s', (_name, createPlayer, createAgent, games) => {
  it('plays through ConnectFwar.play exactly the games its agent plays in the engine', () => {
    const reused = createPlayer();
    const state = new ConnectFwarState();
    for (let seed = 0; seed < games; seed++) {
      state.reset();
      state.playToEnd(createAgent(), rngFromSeed(seed));
      expect(ConnectFwar.play(createPlayer(), { seed })).toBe(state.returns(0));
      reused.newGame();
      expect(ConnectFwar.play(reused, { seed })).toBe(state.returns(0));
    }
  });
});

describe('GreedyPlayer', () => {
  it('answers DISCARD_MOVE when it keeps the card off the board', () => {
    // Every column topped by a Two: an Ace fits nowhere.
    const board = new Board();
    for (let col = 0; col < 4; col++) board.play(new Card(2, col + 1), col);
    expect(new GreedyPlayer().nextMove(new Card(1, 1), board.readOnlyView())).toBe(DISCARD_MOVE);
  });
});

describe('playStyle', () => {
  it('accounts for every game and card, and shows greedy building row 0 from an inner column', () => {
    const style = playStyle(new GreedyAgent(), 200, 0);
    expect(style.rowZero + style.column + style.otherLine + style.noFour).toBeCloseTo(1, 12);
    expect(style.placed + style.discarded).toBeCloseTo(style.drawn, 12);
    expect(style.rowZero).toBeGreaterThan(0.8);
    expect(style.firstRowZeroColumn[1]! + style.firstRowZeroColumn[2]!).toBeGreaterThan(0.9);
    expect(style.rowZeroOrders.reduce((sum, [, share]) => sum + share, 0)).toBeCloseTo(1, 12);
    expect(style.rowZeroOrders[0]![0]).toMatch(/^[12]/);
    const basic = playStyle(basicAgent, 200, 0);
    // basic starts every game on column 0 and often ends with no four at all.
    expect(basic.firstRowZeroColumn[0]).toBe(1);
    expect(basic.noFour).toBeGreaterThan(0);
  });
});
