import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, TERMINAL, playOut } from '../../core/game.js';
import { randomInt, rngFromSeed } from '../../core/random.js';
import { describeConformance } from '../../test-support/conformance.js';
import { BasicKlondike } from './basic-klondike.js';
import { Card } from './card.js';
import { klondikeGame, makeKlondikeGame } from './definition.js';
import { decodeAction, encodeMove, KlondikeConfig, KlondikeState, UNSEEN } from './engine.js';
import { legalMoves } from './moves.js';
import { KlondikeTextualView } from './view.js';

/**
 * Every card is in exactly one place: a pile, the stock, a foundation, or not seen yet; face-down
 * slots hold no card; the score counts the foundations. Checked at every node of the conformance
 * playouts, so it throws (cheaply) rather than calling expect() per card.
 */
function expectEveryCardOnce(s: KlondikeState): void {
  const seen = new Uint8Array(52);
  let unseenSlots = 0;
  const fail = (why: string): never => {
    throw new Error(`${why}\n${s.toString()}`);
  };
  const count = (c: number): void => {
    if (c === UNSEEN) unseenSlots++;
    else if (seen[c]!++ !== 0) fail(`card ${Card.fromIndex(c).toString()} is in two places`);
  };
  const { piles, rows, stockSize } = s.config;
  for (let p = 0; p < piles; p++) {
    for (let r = 0; r < s.heights[p]!; r++) {
      const c = s.cells[p * rows + r]!;
      if (r < s.hidden[p]! && c !== UNSEEN) fail(`a face-down slot of pile ${String(p)} holds a card`);
      count(c);
    }
  }
  for (let i = 0; i < s.queueLength; i++) count(s.queue[(s.head + i) % stockSize]!);
  let score = 0;
  for (let f = 0; f < 4; f++) {
    const suit = s.foundationSuit[f]!;
    if (suit >= 0) for (let v = 1; v <= s.foundationTop[f]!; v++) count(suit * 13 + v - 1);
    score += s.foundationTop[f]!;
  }
  for (let i = 0; i < s.unseenCount; i++) count(s.unseen[i]!);
  if (seen.some((n) => n !== 1)) fail('a card is lost');
  if (unseenSlots !== s.unseenCount) fail(`${String(unseenSlots)} unseen slots for ${String(s.unseenCount)} unseen cards`);
  if (score !== s.score) fail('the score does not count the foundations');
}

describeConformance(klondikeGame, { invariant: expectEveryCardOnce, runs: 30 });
describeConformance(makeKlondikeGame({ piles: 3, draw: 1, idleLimit: 30 }), { invariant: expectEveryCardOnce, runs: 15 });

describe('KlondikeState', () => {
  it('starts by revealing the 7 last pile cards, then the 3 draw cards, by chance', () => {
    const s = klondikeGame.newInitialState();
    const buffer = new Int32Array(klondikeGame.maxActions);
    for (let i = 0; i < 10; i++) {
      expect(s.currentPlayer()).toBe(CHANCE);
      expect(s.legalActions(buffer)).toBe(52 - i);
      s.applyAction(buffer[0]!); // the lowest unseen card: ♣A, ♣2, …
    }
    expect(s.currentPlayer()).toBe(0);
    expect(s.toString()).toBe(
      [
        'Draw: 8♣, 9♣, 10♣',
        'Stock: ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?',
        'Foundation: <none>, <none>, <none>, <none>',
        ' A♣  ?  ?  ?  ?  ?  ?',
        '    2♣  ?  ?  ?  ?  ?',
        '       3♣  ?  ?  ?  ?',
        '          4♣  ?  ?  ?',
        '             5♣  ?  ?',
        '                6♣  ?',
        '                   7♣',
        'Score: 0, moves without progress: 0',
      ].join('\n'),
    );
    // ♣A to a foundation (any of the four empty ones), ♣8 could go nowhere, discard is legal.
    const count = s.legalActions(buffer);
    expect(Array.from(buffer.subarray(0, count)).map((a) => s.actionToString(a))).toEqual([
      'discardDraw()',
      'moveToFoundation(0, 0)',
      'moveToFoundation(0, 1)',
      'moveToFoundation(0, 2)',
      'moveToFoundation(0, 3)',
    ]);
    s.applyAction(encodeMove(s.config, { kind: 'moveToFoundation', src: 0, foundation: 2 }));
    expect(s.currentPlayer()).toBe(0); // pile 0 is empty now: nothing to turn up
    expect(s.returns(0)).toBe(1);
    s.applyAction(0); // discard ♣8: the window shows a new, unseen stock card
    expect(s.currentPlayer()).toBe(CHANCE);
    expect(s.legalActions(buffer)).toBe(42);
    s.applyAction(Card.parse('K♠').index);
    expect(s.toString().split('\n').slice(0, 2)).toEqual(['Draw: 9♣, 10♣, K♠', 'Stock: ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 8♣']);
    expect(s.idle).toBe(1);
  });

  it('rejects chance outcomes that were already seen, and player moves at chance nodes', () => {
    const s = klondikeGame.newInitialState();
    s.applyAction(5);
    expect(() => s.applyAction(5)).toThrow(RangeError);
    expect(() => s.applyAction(52)).toThrow(RangeError);
    expect(() => s.sampleChance(rngFromSeed(1))).not.toThrow();
  });

  it('encodes and decodes every action code both ways', () => {
    for (const config of [new KlondikeConfig(), new KlondikeConfig({ piles: 1 }), new KlondikeConfig({ piles: 9 })]) {
      for (let a = 0; a < config.numActions; a++) {
        const move = decodeAction(config, a);
        if (move.kind === 'movePile' && move.src === move.dest) continue; // codes that are never legal
        expect(encodeMove(config, move)).toBe(a);
      }
      expect(() => decodeAction(config, config.numActions)).toThrow(RangeError);
    }
    expect(new KlondikeConfig().numActions).toBe(677);
    expect(() => encodeMove(new KlondikeConfig(), { kind: 'moveDraw', dest: 7 })).toThrow(RangeError);
  });

  it('validates its options', () => {
    expect(() => new KlondikeConfig({ piles: 10 })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ draw: 0 })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ idleLimit: 0 })).toThrow(RangeError);
  });

  it('ends a game after idleLimit moves without progress', () => {
    const game = makeKlondikeGame({ idleLimit: 5 });
    const s = game.newInitialState();
    const rng = rngFromSeed(3);
    while (s.currentPlayer() === CHANCE) s.applyAction(s.sampleChance(rng));
    for (let i = 0; i < 5; i++) {
      expect(s.isTerminal()).toBe(false);
      s.applyAction(0); // discard: no progress
      while (s.currentPlayer() === CHANCE) s.applyAction(s.sampleChance(rng));
    }
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect(s.idle).toBe(5);
  });

  it('both agents put cards on the foundations over 40 deals', () => {
    let random = 0;
    let greedy = 0;
    for (let seed = 0; seed < 40; seed++) {
      const a = klondikeGame.newInitialState();
      playOut(a, [klondikeGame.agents.random!.create()], rngFromSeed(seed));
      random += a.returns(0);
      const b = klondikeGame.newInitialState();
      playOut(b, [klondikeGame.agents.greedy!.create()], rngFromSeed(seed));
      greedy += b.returns(0);
    }
    expect(random).toBeGreaterThan(0);
    expect(greedy).toBeGreaterThan(0);
  });
});

/**
 * The engine and the seed's model are two implementations of one rule set: deal a model, make the
 * engine's chance nodes reveal the model's cards, and both must agree on the picture, the legal
 * moves and the end of every game played with random legal moves.
 */
describe('KlondikeState agrees with BasicKlondike', () => {
  for (const [piles, draw] of [[7, 3], [7, 1], [4, 2], [9, 5]] as const) {
    it(`on random games with ${String(piles)} piles, draw ${String(draw)}`, () => {
      fc.assert(
        fc.property(fc.nat(), (seed) => {
          const model = new BasicKlondike(seed);
          model.startGame(model.getDeck(), true, piles, draw);
          const state = new KlondikeState(new KlondikeConfig({ piles, draw, idleLimit: 60 }));
          const rng = rngFromSeed(seed);
          const buffer = new Int32Array(state.config.numActions);
          while (!state.isTerminal()) {
            if (state.currentPlayer() === CHANCE) {
              state.applyAction(nextRevealed(state, model));
              continue;
            }
            const view = state.toString().split('\n');
            expect([view[0], ...view.slice(2, -1)].join('\n')).toBe(new KlondikeTextualView(model).toString());
            const count = state.legalActions(buffer);
            const actions = Array.from(buffer.subarray(0, count));
            expect(legalMoves(model).map((m) => encodeMove(state.config, m)).sort((a, b) => a - b)).toEqual(actions);
            expect(model.isGameOver()).toBe(false);
            const action = actions[randomInt(rng, count)]!;
            state.applyAction(action);
            const move = decodeAction(state.config, action);
            applyMoveTo(model, move);
          }
          if (state.idle < state.config.idleLimit) expect(model.isGameOver()).toBe(true);
          expect(state.returns(0)).toBe(model.getScore());
        }),
        { numRuns: 25 },
      );
    });
  }
});

/** The card the model shows in the place the engine is about to reveal. */
function nextRevealed(state: KlondikeState, model: BasicKlondike): number {
  for (let p = 0; p < state.config.piles; p++) {
    const h = state.heights[p]!;
    if (h > 0 && state.hidden[p] === h) return model.getCardAt(p, h - 1).index;
  }
  const window = model.getDrawCards();
  for (let i = 0; i < window.length; i++) {
    if (state.queue[(state.head + i) % state.config.stockSize] === UNSEEN) return window[i]!.index;
  }
  throw new Error('nothing to reveal');
}

function applyMoveTo(model: BasicKlondike, move: ReturnType<typeof decodeAction>): void {
  switch (move.kind) {
    case 'movePile':
      model.movePile(move.src, move.count, move.dest);
      break;
    case 'moveDraw':
      model.moveDraw(move.dest);
      break;
    case 'moveToFoundation':
      model.moveToFoundation(move.src, move.foundation);
      break;
    case 'moveDrawToFoundation':
      model.moveDrawToFoundation(move.foundation);
      break;
    case 'discardDraw':
      model.discardDraw();
      break;
  }
}
