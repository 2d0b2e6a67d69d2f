import { describe, expect, it } from 'vitest';
import { randomInt, shuffleInPlace, toRng } from '../../../core/random.js';
import { BasicKlondike } from '../basic-klondike.js';
import { KlondikeConfig, KlondikeState } from '../engine.js';
import { applyMove } from '../moves.js';
import { deckOfRuns, parseDeck } from '../rigging.js';
import type { Card } from '../card.js';
import { DeadlockCheck } from './deadlock.js';
import { seededDeal } from './deal.js';
import { KeyTable } from './key-table.js';
import { searchCheckingKeys, solveKlondike, type SolveResult } from './solver.js';

/** No limit but the one a test sets: results then depend on positions searched only, not the machine. */
const NO_CLOCK = 600_000;
/** A deal the solver leaves undecided after 10 s (docs/klondike.md): budgets bind on it. */
const HARD_DEAL = 77;

/** The engine position dealt from `deck` exactly as written (no shuffle), as BasicKlondike deals it. */
function dealOf(deck: readonly Card[], piles: number, draw = 1): KlondikeState {
  const config = new KlondikeConfig({ piles, draw, idleLimit: Infinity, deck });
  return KlondikeState.fromDeck(
    config,
    deck.map((card) => card.index),
  );
}

/** Plays `result`'s line on a fresh BasicKlondike with the deck as dealt; returns the final score. */
function replay(deck: readonly Card[], piles: number, draw: number, result: SolveResult, seed?: number): BasicKlondike {
  const model = new BasicKlondike(seed);
  model.startGame(deck, seed !== undefined, piles, draw);
  for (const move of result.moves!) applyMove(model, move);
  return model;
}

/**
 * Whether the position can be won, by a plain exhaustive search over the engine's own states and
 * legal actions (discards included, the queue's rotation kept, no safe moves, no symmetry): the
 * reference the solver's prunings are checked against.
 */
function exhaustivelyWinnable(start: KlondikeState): boolean {
  const state = start.clone();
  const { piles, rows, stockSize, deckSize } = state.config;
  const actions = new Int32Array(state.config.numActions);
  const seen = new Set<string>();
  const key = (): string => {
    const parts: number[] = [];
    for (let p = 0; p < piles; p++) {
      parts.push(100 + state.hidden[p]!);
      for (let r = 0; r < state.heights[p]!; r++) parts.push(state.cells[p * rows + r]!);
    }
    parts.push(200);
    for (let i = 0; i < state.queueLength; i++) parts.push(state.queue[(state.head + i) % stockSize]!);
    parts.push(200, ...state.foundation);
    return parts.join(' ');
  };
  const search = (): boolean => {
    if (state.score === deckSize) return true;
    const k = key();
    if (seen.has(k)) return false;
    seen.add(k);
    const count = state.legalActions(actions);
    const mine = Array.from(actions.subarray(0, count));
    for (const action of mine) {
      state.applyAction(action);
      const won = search();
      state.undo();
      if (won) return true;
    }
    return false;
  };
  return search();
}

describe('solveKlondike on seeded standard deals', () => {
  it('returns winning lines that replay through BasicKlondike to a won game', () => {
    let winnable = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const result = solveKlondike(seededDeal(seed, 7, 3), { timeMs: NO_CLOCK, maxStates: 20_000 });
      if (result.verdict !== 'winnable') continue;
      winnable++;
      const model = new BasicKlondike(seed);
      model.startGame(model.getDeck(), true, 7, 3);
      for (const move of result.moves!) applyMove(model, move);
      expect(model.getScore()).toBe(52);
      expect(model.isGameOver()).toBe(true);
    }
    expect(winnable).toBeGreaterThanOrEqual(6);
  });

  it('solves the same deal with any draw size, the draw size changing only what is shown', () => {
    const one = solveKlondike(seededDeal(13, 7, 1), { timeMs: NO_CLOCK, maxStates: 20_000 });
    const three = solveKlondike(seededDeal(13, 7, 3), { timeMs: NO_CLOCK, maxStates: 20_000 });
    expect(one.verdict).toBe('winnable');
    expect(three.moves).toEqual(one.moves);
    const model = new BasicKlondike(13);
    model.startGame(model.getDeck(), true, 7, 1);
    for (const move of one.moves!) applyMove(model, move);
    expect(model.getScore()).toBe(52);
  });

  it('honours the position budget: undecided, and no more positions than allowed', () => {
    for (const maxStates of [1, 10, 500]) {
      const result = solveKlondike(seededDeal(HARD_DEAL, 7, 3), { timeMs: NO_CLOCK, maxStates });
      expect(result.verdict).toBe('undecided');
      expect(result.moves).toBeNull();
      expect(result.states).toBeLessThanOrEqual(maxStates);
    }
  });

  it('honours the time budget on a deal it cannot decide quickly', () => {
    const result = solveKlondike(seededDeal(HARD_DEAL, 7, 3), { timeMs: 30, maxStates: 10_000_000 });
    expect(result.verdict).toBe('undecided');
    // The clock is read every 4,096 search steps: a loose bound, the machine may be busy.
    expect(result.elapsedMs).toBeLessThan(2_000);
  });
});

describe('solveKlondike proves constructed deals unwinnable', () => {
  it('an Ace under a higher card of its own suit, nothing able to move', () => {
    // Pile 0: 2♣; pile 1: A♣ face-down under 3♣. Black on black never builds; no Ace is free.
    const deal = dealOf(parseDeck('2♣ A♣ 3♣'), 2);
    expect(solveKlondike(deal).verdict).toBe('unwinnable');
    expect(exhaustivelyWinnable(deal)).toBe(false);
  });

  it('both Aces buried in an all-black deck with a stock', () => {
    // Piles: [2♣], [A♠ 3♠], [A♣ 2♠ 3♣]; stock 4♣ 4♠ 5♣ 5♠. The face-up 2♣ 3♠ 3♣ and the stock never
    // build on each other (all black, no King), so no face-down card can ever turn up.
    const deck = parseDeck('2♣ A♠ A♣ 3♠ 2♠ 3♣ 4♣ 4♠ 5♣ 5♠');
    const deal = dealOf(deck, 3);
    const result = solveKlondike(deal);
    expect(result.verdict).toBe('unwinnable');
    expect(result.moves).toBeNull();
    expect(exhaustivelyWinnable(deal)).toBe(false);
  });

  it('the same cards in a winnable order are won, and the line replays', () => {
    const deck = parseDeck('A♣ 2♠ 3♠ A♠ 3♣ 2♣ 4♣ 4♠ 5♣ 5♠');
    const result = solveKlondike(dealOf(deck, 3));
    expect(result.verdict).toBe('winnable');
    expect(replay(deck, 3, 1, result).getScore()).toBe(10);
  });
});

describe('solveKlondike agrees with an exhaustive search without prunings on small decks', () => {
  const cases = [
    { suits: '♣♡', length: 4, piles: 3 },
    { suits: '♣♡', length: 5, piles: 3 },
    { suits: '♠♢♣', length: 3, piles: 3 },
    { suits: '♡♣', length: 6, piles: 2 },
    { suits: '♣♡♠♢', length: 3, piles: 4 },
    { suits: '♡♡', length: 4, piles: 3 },
    { suits: '♣♣♡', length: 3, piles: 3 },
    { suits: '♣♡♠', length: 4, piles: 4 },
    { suits: '♣♡', length: 7, piles: 2 },
    // Ten stock cards of four suits: many stock chains, a slow exhaustive reference, fewer deals.
    { suits: '♣♡♠♢', length: 4, piles: 3, deals: 15 },
    // Longer runs and more piles: the wider safe rule and the deadlock proof at work.
    { suits: '♣♢', length: 8, piles: 3, deals: 15 },
    { suits: '♠♡', length: 7, piles: 4, deals: 15 },
    { suits: '♣♡♠', length: 6, piles: 5, deals: 40 },
  ];
  // KLONDIKE_CROSSCHECK_SCALE=N runs N times as many deals of each kind (a longer check, by hand).
  const scale = Number(process.env.KLONDIKE_CROSSCHECK_SCALE ?? 1);
  for (const { suits, length, piles, deals: base = 60 } of cases as { suits: string; length: number; piles: number; deals?: number }[]) {
    const deals = Math.max(1, Math.round(base * scale));
    it(`${suits} A..${String(length)}, ${String(piles)} piles: ${String(deals)} shuffled deals`, () => {
      const rng = toRng(1000 + length * 10 + piles);
      const verdicts = { winnable: 0, unwinnable: 0 };
      for (let deal = 0; deal < deals; deal++) {
        const deck = deckOfRuns(suits, length);
        shuffleInPlace(deck, rng);
        const state = dealOf(deck, piles, 1 + (deal % 3));
        const result = solveKlondike(state, { timeMs: NO_CLOCK });
        expect(result.verdict).not.toBe('undecided');
        const reference = exhaustivelyWinnable(state);
        expect(result.verdict, `deal ${deck.join(' ')}`).toBe(reference ? 'winnable' : 'unwinnable');
        if (result.verdict === 'winnable') {
          expect(replay(deck, piles, 1 + (deal % 3), result).getScore()).toBe(deck.length);
          verdicts.winnable++;
        } else verdicts.unwinnable++;
      }
      // The sample has both verdicts, so the agreement is tested both ways.
      expect(verdicts.winnable).toBeGreaterThan(0);
      expect(verdicts.unwinnable).toBeGreaterThan(0);
    });
  }
});

describe('the deadlock proof (deadlock.ts)', () => {
  // 4 piles dealt row by row from a 12-card deck (♣ ♡ ♢, A..4): pile 3 is 4♡ 4♢ A♣ under a face-up
  // 3♣. The 3♣ must leave before the A♣ under it can go up, so before 3♣ can; it cannot go to an
  // empty pile (no Kings), and both cards it could go onto, the red 4s, lie under it.
  const stuck = '2♣ A♡ 4♣ 4♡ 2♡ A♢ 4♢ 3♡ A♣ 3♣ 2♢ 3♢';
  // The same with 4♢ and 2♢ swapped: a red 4 in the stock, but no 5 it could be put on.
  const noPlace = '2♣ A♡ 4♣ 4♡ 2♡ A♢ 2♢ 3♡ A♣ 3♣ 4♢ 3♢';
  // A..5 (15 cards): pile 1 is a face-up 5♣, onto which the red 4 in the stock can be put, a way out.
  const open = '5♣ A♡ 4♣ 4♡ 2♡ A♢ 2♢ 3♡ A♣ 3♣ 4♢ 3♢ 2♣ 5♡ 5♢';
  const piles = (deal: KlondikeState): number[][] =>
    Array.from({ length: deal.config.piles }, (_, p) => Array.from({ length: deal.heights[p]! }, (_, r) => deal.cells[p * deal.config.rows + r]!));
  const stockOf = (deal: KlondikeState): number[] => Array.from({ length: deal.queueLength }, (_, i) => deal.queue[(deal.head + i) % deal.config.stockSize]!);
  const lost = (deal: KlondikeState): boolean => {
    const stock = stockOf(deal);
    const inDeck = new Uint8Array(52);
    for (const c of deal.dealOrder) inDeck[c] = 1;
    return new DeadlockCheck().lost(piles(deal), Array.from(deal.hidden), stock, new Uint8Array(stock.length).fill(1), inDeck);
  };

  it('proves a position lost when a card must move and nothing can ever take it', () => {
    const deal = dealOf(parseDeck(stuck), 4);
    expect(lost(deal)).toBe(true);
    const result = solveKlondike(deal, { timeMs: NO_CLOCK });
    expect(result.verdict).toBe('unwinnable');
    // The start only, once in each of the two passes: nothing searched beyond it.
    expect(result.states).toBe(2);
    expect(exhaustivelyWinnable(deal)).toBe(false);
  });

  it('counts a card in the stock as a way out only if it could be put on a pile: here no 5 can take the red 4', () => {
    const deal = dealOf(parseDeck(noPlace), 4);
    expect(lost(deal)).toBe(true);
    expect(solveKlondike(deal, { timeMs: NO_CLOCK }).verdict).toBe('unwinnable');
    expect(exhaustivelyWinnable(deal)).toBe(false);
  });

  it('claims nothing when a card that could take it is in the stock and could be put on a pile; the search then decides, as the exhaustive one does', () => {
    const deal = dealOf(parseDeck(open), 4);
    expect(lost(deal)).toBe(false);
    expect(solveKlondike(deal, { timeMs: NO_CLOCK }).verdict).toBe(exhaustivelyWinnable(deal) ? 'winnable' : 'unwinnable');
  });
  it('under the standard rules counts a card on a foundation as a way out when it can come back down onto a pile to take a card', () => {
    // 4♡ lies on 3♡ and must leave first; it cannot go up before the 3♡ under it, and the black 5s
    // it could go onto are on their foundations (♠ and ♣ up to 5, ♡ up to 2); a face-up 6♢ on
    // another pile could take one of them back.
    const [three, four, six] = parseDeck('3♡ 4♡ 6♢').map((card) => card.index);
    const inDeck = new Uint8Array(52);
    for (const card of parseDeck('A♡ 2♡ 3♡ 4♡ A♠ 2♠ 3♠ 4♠ 5♠ A♣ 2♣ 3♣ 4♣ 5♣ 6♢')) inDeck[card.index] = 1;
    const ask = (foundationsGiveBack: boolean): [boolean, boolean] => {
      const check = new DeadlockCheck(foundationsGiveBack);
      const board = check.lostBoard(Int8Array.of(three!, four!, six!, 0), 2, Int32Array.of(2, 1), Int32Array.of(1, 0), 2, new Int8Array(0), 0, inDeck);
      return [check.lost([[three!, four!], [six!]], [1, 0], [], new Uint8Array(0), inDeck), board];
    };
    expect(ask(false)).toEqual([true, true]);
    expect(ask(true)).toEqual([false, false]);
  });
});

describe('the position key kept up to date by the moves', () => {
  it('equals the key computed afresh at every position of complete searches (standard deals, small decks, one and eight piles)', () => {
    // Every move, undo, turned-up card and emptied pile of these searches passes through the check.
    for (const seed of [3, 5, 77]) expect(['won', 'exhausted', 'budget']).toContain(searchCheckingKeys(seededDeal(seed, 7, 1), 3_000));
    expect(searchCheckingKeys(seededDeal(5, 8, 1), 3_000)).not.toBe('won');
    expect(searchCheckingKeys(seededDeal(9, 1, 1), 3_000)).not.toBe('budget');
    const rng = toRng(7);
    for (let deal = 0; deal < 20; deal++) {
      const deck = deckOfRuns('♣♡♠', 6);
      shuffleInPlace(deck, rng);
      expect(searchCheckingKeys(dealOf(deck, 5), 5_000)).not.toBe('budget');
    }
  });
});

describe('KeyTable (key-table.ts)', () => {
  it('adds exactly the keys a Set of their texts adds, through many growths, collisions of the low bits included', () => {
    const rng = toRng(99);
    const table = new KeyTable(8, 16);
    const reference = new Set<string>();
    const key = new Uint32Array(8);
    for (let i = 0; i < 60_000; i++) {
      // Few distinct values per word, so keys repeat often and differ in a single word.
      for (let w = 0; w < 8; w++) key[w] = w === 7 ? randomInt(rng, 40) : randomInt(rng, 3) * 0x10000001;
      const text = key.join(',');
      expect(table.add(key)).toBe(!reference.has(text));
      reference.add(text);
    }
    expect(table.size).toBe(reference.size);
    expect(reference.size).toBeGreaterThan(10_000);
  });
});
