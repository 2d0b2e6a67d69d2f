/**
 * The standard rules (a stock and a waste, draw 1 or 3, limited or unlimited passes, cards back from
 * the foundations, standard and Vegas points) on the one engine: property tests with fast-check
 * against a plain model of the stock and waste kept beside the engine, and the points table.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomInt, rngFromSeed, shuffleInPlace } from '../../core/random.js';
import { Card } from './card.js';
import { decodeAction, encodeMove, KlondikeConfig, KlondikeState, type KlondikeOptions } from './engine.js';
import { VALUE } from './rules.js';

const standardOptions = fc.record({
  draw: fc.constantFrom(1, 3),
  passes: fc.constantFrom(1, 3, Infinity),
  scoring: fc.constantFrom('standard' as const, 'vegas' as const),
  seed: fc.nat(),
});

/** A shuffled standard deal under the standard rules (no idle limit: the test bounds the moves). */
function deal(options: KlondikeOptions, seed: number): KlondikeState {
  const deck = Array.from({ length: 52 }, (_, c) => c);
  shuffleInPlace(deck, rngFromSeed(seed));
  return KlondikeState.fromDeck(new KlondikeConfig({ ...options, rules: 'standard', idleLimit: Infinity }), deck);
}

/** Everything the state holds that a move may change (cards in their places, the stock, the counters). */
function snapshot(s: KlondikeState): string {
  const { piles, rows } = s.config;
  const pileCards = Array.from({ length: piles }, (_, p) => Array.from(s.cells.subarray(p * rows, p * rows + s.heights[p]!)));
  return JSON.stringify({
    pileCards,
    hidden: Array.from(s.hidden),
    queue: Array.from(s.queue.subarray(0, s.queueLength)),
    waste: s.waste,
    recycles: s.recycles,
    unseen: s.stockUnseen,
    foundation: Array.from(s.foundation),
    score: s.score,
    best: s.bestScore,
    idle: s.idle,
    phase: s.phase,
    moves: s.getMoves(),
    points: s.points(),
    text: s.toString(),
  });
}

/** Every card of the deck exactly once: in a pile, in the stock or waste, or under a foundation's top. */
function cardsOf(s: KlondikeState): number[] {
  const cards: number[] = [];
  for (let p = 0; p < s.config.piles; p++) for (let r = 0; r < s.heights[p]!; r++) cards.push(s.cells[p * s.config.rows + r]!);
  for (let i = 0; i < s.queueLength; i++) cards.push(s.queue[i]!);
  for (const top of s.foundation) if (top >= 0) for (let c = top - VALUE[top]! + 1; c <= top; c++) cards.push(c);
  return cards.sort((a, b) => a - b);
}

const ALL_CARDS = Array.from({ length: 52 }, (_, c) => c);

describe('Klondike standard rules (engine)', () => {
  it('conserves the 52 cards, lists exactly the legal moves, follows a plain stock-and-waste model and counts passes', () => {
    fc.assert(
      fc.property(standardOptions, ({ draw, passes, scoring, seed }) => {
        const state = deal({ draw, passes, scoring }, seed);
        const rng = rngFromSeed(seed ^ 0x5eed);
        // The plain model: the stock from its bottom to its top card, the waste from its bottom to its top card.
        let stock = Array.from(state.queue.subarray(0, state.queueLength)).reverse();
        let waste: number[] = [];
        let recycles = 0;
        const buffer = new Int32Array(state.config.numActions);
        for (let step = 0; step < 200; step++) {
          expect(cardsOf(state)).toEqual(ALL_CARDS);
          expect(Array.from(state.queue.subarray(0, state.queueLength))).toEqual([...waste, ...stock.slice().reverse()]);
          expect(state.waste).toBe(waste.length);
          expect(state.recycles).toBe(recycles);
          expect(recycles).toBeLessThan(passes);
          const count = state.legalActions(buffer);
          const legal = Array.from(buffer.subarray(0, count));
          const expected = Array.from({ length: state.config.numActions }, (_, a) => a).filter((a) => state.isLegalMove(a));
          expect(legal).toEqual(expected);
          // Turning the stock is legal exactly while it holds cards or the waste may be turned over.
          expect(legal.includes(0)).toBe(stock.length > 0 || (waste.length > 0 && recycles + 1 < passes));
          if (count === 0) {
            expect(state.isTerminal()).toBe(true);
            break;
          }
          const action = legal[randomInt(rng, count)]!;
          expect(encodeMove(state.config, decodeAction(state.config, action))).toBe(action);
          const move = decodeAction(state.config, action);
          if (move.kind === 'discardDraw') {
            if (stock.length === 0) {
              stock = waste.reverse();
              waste = [];
              recycles++;
            } else for (let i = 0; i < draw && stock.length > 0; i++) waste.push(stock.pop()!);
          } else if (move.kind === 'moveDraw' || move.kind === 'moveDrawToFoundation') {
            expect(state.drawCard()).toBe(waste[waste.length - 1]);
            waste.pop();
          }
          state.applyAction(action);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('undo restores the exact previous state, move by move back to the deal', () => {
    fc.assert(
      fc.property(standardOptions, ({ draw, passes, scoring, seed }) => {
        const state = deal({ draw, passes, scoring }, seed);
        const rng = rngFromSeed(seed + 1);
        const buffer = new Int32Array(state.config.numActions);
        const before: string[] = [];
        for (let step = 0; step < 150; step++) {
          const count = state.legalActions(buffer);
          if (count === 0) break;
          before.push(snapshot(state));
          state.applyAction(buffer[randomInt(rng, count)]!);
          if (randomInt(rng, 3) === 0) {
            state.undo();
            expect(snapshot(state)).toBe(before.pop());
          }
        }
        while (before.length > 0) {
          state.undo();
          expect(snapshot(state)).toBe(before.pop());
        }
        expect(state.moves).toBe(0);
      }),
      { numRuns: 25 },
    );
  });

  it('ends every lab game (idle limit) and a copy made mid-game plays on alike; serialise round-trips', () => {
    fc.assert(
      fc.property(standardOptions, ({ draw, passes, scoring, seed }) => {
        const config = new KlondikeConfig({ rules: 'standard', draw, passes, scoring });
        const rng = rngFromSeed(seed);
        const state = new KlondikeState(config);
        const buffer = new Int32Array(config.numActions);
        let nodes = 0;
        while (!state.isTerminal()) {
          if (state.currentPlayer() < 0) state.applyAction(state.sampleChance(rng));
          else {
            const count = state.legalActions(buffer);
            state.applyAction(buffer[randomInt(rng, count)]!);
          }
          nodes++;
          expect(nodes).toBeLessThanOrEqual(config.maxGameLength);
          if (nodes === 80) {
            const copy = KlondikeState.deserialize(state.serialize(), config);
            expect(snapshot(copy)).toBe(snapshot(state));
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('the resampled deal keeps what the player has seen and only redeals the unseen stock cards and face-down cards', () => {
    const state = deal({ draw: 3 }, 7);
    const rng = rngFromSeed(3);
    const buffer = new Int32Array(state.config.numActions);
    for (let step = 0; step < 12; step++) {
      const count = state.legalActions(buffer);
      state.applyAction(buffer[randomInt(rng, count)]!);
    }
    const seen = state.observe(0).toString();
    const sample = state.resample(0, rngFromSeed(11));
    expect(sample.observe(0).toString()).toBe(seen);
    expect(cardsOf(sample)).toEqual(ALL_CARDS);
  });

  it('refuses passes and scoring under the assignment rules, and bad values', () => {
    expect(() => new KlondikeConfig({ passes: 3 })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ scoring: 'vegas' })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ rules: 'standard', passes: 0 })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ rules: 'nonsense' as never })).toThrow(RangeError);
    // The assignment rules keep their action count (677 codes with 7 piles).
    expect(new KlondikeConfig().numActions).toBe(677);
    expect(new KlondikeConfig({ rules: 'standard' }).numActions).toBe(705);
  });
});

describe('Klondike points', () => {
  /** A deal with A♣ alone on pile 0, 3♢ face-up on pile 1 (deal position 7) and 2♣ first in the stock (position 28). */
  function rigged(options: KlondikeOptions): KlondikeState {
    const placed = new Map([
      [0, Card.parse('A♣').index],
      [7, Card.parse('3♢').index],
      [28, Card.parse('2♣').index],
    ]);
    const rest = ALL_CARDS.filter((c) => ![...placed.values()].includes(c));
    const deck = ALL_CARDS.map((k) => placed.get(k) ?? rest.shift()!);
    return KlondikeState.fromDeck(new KlondikeConfig({ rules: 'standard', draw: 1, idleLimit: Infinity, ...options }), deck);
  }
  const act = (s: KlondikeState, move: Parameters<typeof encodeMove>[1]): void => s.applyAction(encodeMove(s.config, move));

  it('standard: +10 to a foundation, −15 back, +5 waste to pile, −100 for turning the waste over by ones, never below 0', () => {
    const s = rigged({});
    act(s, { kind: 'moveToFoundation', src: 0, foundation: 0 });
    expect(s.points()).toBe(10);
    act(s, { kind: 'discardDraw' }); // turns 2♣ onto the waste
    act(s, { kind: 'moveDrawToFoundation', foundation: 0 });
    expect(s.points()).toBe(20);
    // Through the stock and over: the waste turned over costs 100, floored at 0.
    while (s.waste < s.queueLength) act(s, { kind: 'discardDraw' });
    act(s, { kind: 'discardDraw' });
    expect(s.recycles).toBe(1);
    expect(s.points()).toBe(0);
    s.undo();
    expect(s.points()).toBe(20);
  });

  it('vegas: −52 to start, +5 per card to a foundation, −5 per card taken back', () => {
    const s = rigged({ scoring: 'vegas', passes: 1 });
    expect(s.points()).toBe(-52);
    act(s, { kind: 'moveToFoundation', src: 0, foundation: 0 });
    act(s, { kind: 'discardDraw' });
    act(s, { kind: 'moveDrawToFoundation', foundation: 0 });
    expect(s.points()).toBe(-42);
    // One pass: once the stock is through, it cannot be turned again.
    while (s.waste < s.queueLength) act(s, { kind: 'discardDraw' });
    expect(s.isLegalMove(0)).toBe(false);
  });

  it('a card back from a foundation is a legal move under the standard rules only, costs 15 points and is no progress', () => {
    const s = rigged({});
    act(s, { kind: 'moveToFoundation', src: 0, foundation: 0 });
    act(s, { kind: 'discardDraw' });
    act(s, { kind: 'moveDrawToFoundation', foundation: 0 });
    const back = encodeMove(s.config, { kind: 'moveFoundationToPile', foundation: 0, dest: 1 });
    expect(s.isLegalMove(back)).toBe(true);
    expect(s.isLegalMove(encodeMove(s.config, { kind: 'moveFoundationToPile', foundation: 0, dest: 2 }))).toBe(false);
    const idle = s.idle;
    s.applyAction(back);
    expect(s.getCardAt(1, 2).toString()).toBe('2♣');
    expect([s.score, s.bestScore, s.idle, s.points()]).toEqual([1, 2, idle + 1, 20 - 15]);
    // Back up again: no progress either, as the foundations held two cards before.
    act(s, { kind: 'moveToFoundation', src: 1, foundation: 0 });
    expect([s.score, s.bestScore, s.idle]).toEqual([2, 2, idle + 2]);
    expect(() => encodeMove(new KlondikeConfig(), { kind: 'moveFoundationToPile', foundation: 0, dest: 0 })).toThrow(RangeError);
  });
});
