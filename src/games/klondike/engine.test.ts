import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CHANCE, TERMINAL, playOut, type GameDefinition } from '../../core/game.js';
import { randomInt, rngFromSeed, type Rng } from '../../core/random.js';
import { describeConformance } from '../../test-support/conformance.js';
import { expectEveryCardOnce } from '../../test-support/game-checks.js';
import { BasicKlondike } from './basic-klondike.js';
import { Card } from './card.js';
import { klondikeGame, makeKlondikeGame } from './definition.js';
import { decodeAction, encodeMove, KlondikeConfig, KlondikeState, UNSEEN } from './engine.js';
import { applyMove, legalMoves } from './moves.js';
import { deckOfRuns } from './rigging.js';
import { KlondikeTextualView } from './view.js';

/** Two decks' worth of clubs and one of hearts, runs A..6: duplicates, so chance is not uniform. */
const flexibleGame = makeKlondikeGame({ deck: deckOfRuns('♣♡♣', 6), piles: 4, draw: 2, idleLimit: 20 });


// The registered klondikeGame is checked with every registered game (src/lab/registry.test.ts); here, two variants.
describeConformance(makeKlondikeGame({ piles: 3, draw: 1, idleLimit: 30 }), { invariant: expectEveryCardOnce, runs: 15 });
describeConformance(flexibleGame, { invariant: expectEveryCardOnce, runs: 15 });

/** Where every card is (piles with their face-down counts, the stock in order, foundations), as arrays. */
function content(s: KlondikeState): unknown {
  const { piles, rows, stockSize } = s.config;
  return {
    piles: Array.from({ length: piles }, (_, p) => Array.from(s.cells.subarray(p * rows, p * rows + s.heights[p]!))),
    hidden: Array.from(s.hidden),
    stock: Array.from({ length: s.queueLength }, (_, i) => s.queue[(s.head + i) % stockSize]),
    stockUnseen: s.stockUnseen,
    foundations: Array.from(s.foundation),
    score: s.score,
    idle: s.idle,
    phase: s.phase,
  };
}

/** Plays chance from `rng` until the player (or the end) is to act. */
function dealOut(s: KlondikeState, rng: Rng): void {
  while (s.currentPlayer() === CHANCE) s.applyAction(s.sampleChance(rng));
}

/** A random node of a random game: the deal, then `steps` random moves (fewer if the game ends). */
function playedState(game: GameDefinition<KlondikeState>, seed: number, steps: number): KlondikeState {
  const s = game.newInitialState();
  const rng = rngFromSeed(seed);
  const buffer = new Int32Array(game.maxActions);
  dealOut(s, rng);
  for (let i = 0; i < steps && !s.isTerminal(); i++) s.applyAction(buffer[randomInt(rng, s.legalActions(buffer))]!);
  return s;
}

/** The unshuffled standard deck dealt with 7 piles, draw 3: the spec's example. */
function specExample(idleLimit = 100): KlondikeState {
  return KlondikeState.fromDeck(new KlondikeConfig({ idleLimit }), Array.from({ length: 52 }, (_, i) => i));
}

describe('KlondikeState', () => {
  it('deals one card per chance node in the spec\'s order; the spec\'s view renders it', () => {
    const s = specExample();
    expect(s.currentPlayer()).toBe(0);
    // One view for both: the state and the spec's model dealt the same deck draw the same picture
    // (view.test.ts checks the model's against the spec's example, verbatim).
    const model = new BasicKlondike();
    model.startGame(model.getDeck(), false, 7, 3);
    expect(new KlondikeTextualView(s).toString()).toBe(new KlondikeTextualView(model).toString());
    const buffer = new Int32Array(klondikeGame.maxActions);
    const count = s.legalActions(buffer);
    // A discard, ♣A and ♢A to any of the four foundations, ♣A onto 2♡.
    expect(Array.from(buffer.subarray(0, count), (a) => s.actionToString(a))).toEqual([
      'discardDraw()',
      ...[0, 1, 2, 3].map((f) => `moveToFoundation(0, ${String(f)})`),
      ...[0, 1, 2, 3].map((f) => `moveToFoundation(2, ${String(f)})`),
      'movePile(0, 1, 6)',
    ]);
    s.applyAction(encodeMove(s.config, { kind: 'moveToFoundation', src: 0, foundation: 2 }));
    expect(s.returns(0)).toBe(1);
    s.applyAction(0); // discard 3♡: 6♡ is shown for the first time
    expect(s.toString().split('\n').slice(0, 2)).toEqual(['Draw: 4♡, 5♡, 6♡', `Stock: ${Array(20).fill('?').join(', ')}, 3♡`]);
    expect(s.idle).toBe(1);
  });

  it('states each chance outcome with its probability, summing to 1, and samples by them', () => {
    for (const game of [klondikeGame, flexibleGame]) {
      const s = game.newInitialState();
      const rng = rngFromSeed(5);
      const outcomes = new Int32Array(game.maxActions);
      const probabilities = new Float64Array(game.maxActions);
      const legal = new Int32Array(game.maxActions);
      while (s.currentPlayer() === CHANCE) {
        const count = s.chanceOutcomes(outcomes, probabilities);
        expect(Array.from(outcomes.subarray(0, count))).toEqual(Array.from(legal.subarray(0, s.legalActions(legal))));
        let total = 0;
        for (let i = 0; i < count; i++) {
          expect(probabilities[i]!).toBeGreaterThan(0);
          // Each distinct card: its copies left over the cards left.
          const copies = Array.from(s.pool.subarray(0, s.poolCount)).filter((c) => c === outcomes[i]).length;
          expect(probabilities[i]).toBeCloseTo(copies / s.poolCount, 12);
          total += probabilities[i]!;
        }
        expect(total).toBeCloseTo(1, 12);
        s.applyAction(s.sampleChance(rng));
      }
      expect(s.chanceOutcomes(outcomes, probabilities)).toBe(0);
    }
    // With duplicates: 18 cards, ♣A twice, ♡A once.
    const s = flexibleGame.newInitialState();
    const outcomes = new Int32Array(flexibleGame.maxActions);
    const probabilities = new Float64Array(flexibleGame.maxActions);
    expect(s.chanceOutcomes(outcomes, probabilities)).toBe(12);
    expect(probabilities[0]).toBeCloseTo(2 / 18, 12); // ♣A
    expect(probabilities[6]).toBeCloseTo(1 / 18, 12); // ♡A
  });

  it('samples a duplicated card with its frequency', () => {
    // First card of the ♣♡♣ deck: ♣ cards have 2 copies of 3 suits' worth: P(a club) = 12/18.
    let clubs = 0;
    const rng = rngFromSeed(11);
    for (let i = 0; i < 3000; i++) if (flexibleGame.newInitialState().sampleChance(rng) < 13) clubs++;
    expect(clubs / 3000).toBeGreaterThan(0.62);
    expect(clubs / 3000).toBeLessThan(0.71);
  });

  it('rejects chance outcomes not left to deal, and player moves at chance nodes', () => {
    const s = klondikeGame.newInitialState();
    s.applyAction(5);
    expect(() => {
      s.applyAction(5);
    }).toThrow(RangeError);
    expect(() => {
      s.applyAction(52);
    }).toThrow(RangeError);
    expect(() => KlondikeState.fromDeck(new KlondikeConfig(), [0, 1, 2])).toThrow(RangeError);
    expect(() => KlondikeState.fromDeck(new KlondikeConfig(), Array<number>(52).fill(0))).toThrow(RangeError);
  });

  it('encodes and decodes every action code both ways', () => {
    const twoDecks = new KlondikeConfig({ deck: [...deckOfRuns('♣♢♡♠', 13), ...deckOfRuns('♣♢♡♠', 13)], piles: 9 });
    for (const config of [new KlondikeConfig(), new KlondikeConfig({ piles: 1 }), new KlondikeConfig({ piles: 9 }), twoDecks]) {
      for (let a = 0; a < config.numActions; a++) {
        const move = decodeAction(config, a);
        if (move.kind === 'movePile' && move.src === move.dest) continue; // codes that are never legal
        expect(encodeMove(config, move)).toBe(a);
      }
      expect(() => decodeAction(config, config.numActions)).toThrow(RangeError);
    }
    expect(new KlondikeConfig().numActions).toBe(677);
    expect(twoDecks.foundations).toBe(8);
    expect(() => encodeMove(new KlondikeConfig(), { kind: 'moveDraw', dest: 7 })).toThrow(RangeError);
    expect(() => encodeMove(new KlondikeConfig(), { kind: 'moveDrawToFoundation', foundation: 4 })).toThrow(RangeError);
  });

  it('validates its options', () => {
    expect(() => new KlondikeConfig({ piles: 10 })).toThrow(RangeError); // 55 cascade cards > 52
    expect(() => new KlondikeConfig({ draw: 0 })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ idleLimit: 0 })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ deck: [] })).toThrow(RangeError);
    expect(() => new KlondikeConfig({ deck: deckOfRuns('♣', 5), piles: 3 })).toThrow(RangeError);
    expect(new KlondikeConfig({ deck: deckOfRuns('♣♣♡♡♢♢♠♠', 13), piles: 10 }).cascadeSize).toBe(55);
  });

  it('ends a game after idleLimit moves without progress, and not before', () => {
    const s = specExample(5);
    for (let i = 0; i < 5; i++) {
      expect(s.isTerminal()).toBe(false);
      s.applyAction(0); // discard: no progress
    }
    expect(s.currentPlayer()).toBe(TERMINAL);
    expect(s.idle).toBe(5);
    // A progress move resets the count: ♣A up, then five more discards.
    const t = specExample(5);
    for (let i = 0; i < 4; i++) t.applyAction(0);
    t.applyAction(encodeMove(t.config, { kind: 'moveToFoundation', src: 0, foundation: 0 }));
    expect(t.idle).toBe(0);
    for (let i = 0; i < 4; i++) t.applyAction(0);
    expect(t.isTerminal()).toBe(false);
    t.applyAction(0);
    expect(t.isTerminal()).toBe(true);
    // Undo from the end takes back the last idle move: the player is to act again.
    t.undo();
    expect(t.currentPlayer()).toBe(0);
    expect(t.idle).toBe(4);
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
    expect(greedy).toBeGreaterThan(random);
  });
});

describe('what the player sees', () => {
  it('gives equal information states to deals that differ only in face-down and never-shown cards', () => {
    // Swap two face-down cards (deal positions 1 and 2: piles 1 and 2, row 0) and two stock cards
    // behind the window (positions 40 and 51).
    const order = Array.from({ length: 52 }, (_, i) => i);
    const swapped = order.slice();
    [swapped[1], swapped[2]] = [swapped[2]!, swapped[1]!];
    [swapped[40], swapped[51]] = [swapped[51]!, swapped[40]!];
    const a = KlondikeState.fromDeck(klondikeGame.newInitialState().config, order);
    const b = KlondikeState.fromDeck(klondikeGame.newInitialState().config, swapped);
    expect(b.serialize()).not.toBe(a.serialize());
    expect(b.informationStateString(0)).toBe(a.informationStateString(0));
    expect(b.observe(0).toString()).toBe(a.observe(0).toString());
    // Resampling reads only what the player saw: the same stream draws the same deal from both.
    expect(b.resample(0, rngFromSeed(7)).serialize()).toBe(a.resample(0, rngFromSeed(7)).serialize());
    // Showing a different card tells them apart: discard until position 40 is in the window.
    for (let i = 0; i < 38 - 28 + 1; i++) {
      a.applyAction(0);
      b.applyAction(0);
    }
    expect(b.informationStateString(0)).not.toBe(a.informationStateString(0));
    // So does the history: the same position reached by other moves is another information state.
    const c = KlondikeState.fromDeck(klondikeGame.newInitialState().config, order);
    c.applyAction(encodeMove(c.config, { kind: 'moveToFoundation', src: 0, foundation: 0 }));
    const d = KlondikeState.fromDeck(klondikeGame.newInitialState().config, order);
    d.applyAction(encodeMove(d.config, { kind: 'moveToFoundation', src: 0, foundation: 1 }));
    expect(d.informationStateString(0)).not.toBe(c.informationStateString(0));
  });

  it('shows nothing during the deal', () => {
    const a = klondikeGame.newInitialState();
    const b = klondikeGame.newInitialState();
    a.applyAction(0);
    b.applyAction(7);
    expect(b.informationStateString(0)).toBe(a.informationStateString(0));
    expect(b.observe(0).toString()).toBe(a.observe(0).toString());
    expect(a.observe(0).toString()).toBe(klondikeGame.newInitialState().toString());
    expect(() => a.informationStateString(1)).toThrow(RangeError);
    expect(() => a.observe(1)).toThrow(RangeError);
    expect(() => a.resample(1, rngFromSeed(1))).toThrow(RangeError);
  });

  it('observes the face-up cards and the stock cards seen, never a hidden card', () => {
    const s = specExample();
    s.applyAction(0); // 3♡ to the back; 6♡ shown
    const seen = s.observe(0);
    expect(new KlondikeTextualView(seen).toString()).toBe(new KlondikeTextualView(s).toString());
    expect(seen.getStockCards().map((c) => c?.toString() ?? null)).toEqual([...Array<null>(20).fill(null), '3♡']);
    expect(seen.getMoves()).toEqual([0]);
    expect(() => seen.getCardAt(6, 0)).toThrow(/face-down/);
    // The observation (a masked copy of the state) holds no hidden card at all, and does not follow the state.
    const masked = seen as KlondikeState;
    const held = new Set<number>([...masked.cells, ...masked.queue, ...masked.pool, ...masked.dealOrder].filter((c) => c !== UNSEEN));
    expect(held.size).toBe(7 + 3 + 1); // 7 face-up cards, the draw window 4♡ 5♡ 6♡, and 3♡ seen before
    // Its legal moves are the state's: the move generator reads only what the player sees.
    const fromState = new Int32Array(klondikeGame.maxActions);
    const fromSeen = new Int32Array(klondikeGame.maxActions);
    const count = s.legalActions(fromState);
    expect(seen.legalActions(fromSeen)).toBe(count);
    expect(fromSeen.subarray(0, count)).toEqual(fromState.subarray(0, count));
    s.applyAction(0);
    expect(seen.getMoves()).toEqual([0]);
  });

  it('resamples states the player cannot tell apart, with the same cards, playable to the end', () => {
    for (const game of [klondikeGame, flexibleGame]) {
      fc.assert(
        fc.property(fc.nat(), fc.integer({ min: 0, max: 80 }), (seed, steps) => {
          const s = playedState(game, seed, steps);
          const before = s.serialize();
          const rng = rngFromSeed(seed + 1);
          const r = s.resample(0, rng);
          expect(s.serialize()).toBe(before);
          expect(r.informationStateString(0)).toBe(s.informationStateString(0));
          expectEveryCardOnce(r);
          // Its deal order is the one that leads to it.
          expect(game.deserialize!(r.serialize()).serialize()).toBe(r.serialize());
          expect(game.deserialize!(r.serialize()).informationStateString(0)).toBe(s.informationStateString(0));
          playOut(r, [game.agents.random!.create()], rng);
          expect(r.isTerminal()).toBe(true);
        }),
        { numRuns: 30 },
      );
    }
  });

  it('resamples the hidden cards uniformly', () => {
    // The spec example after its deal: 21 face-down cards and 21 never-shown stock cards. Over many
    // resamples, the card at pile 6 row 0 should be each of the 42 hidden cards about equally often.
    const s = specExample();
    const rng = rngFromSeed(3);
    const counts = new Map<number, number>();
    const n = 4200;
    for (let i = 0; i < n; i++) {
      const c = s.resample(0, rng).cells[6 * s.config.rows]!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(42);
    for (const count of counts.values()) {
      expect(count).toBeGreaterThan(50);
      expect(count).toBeLessThan(160);
    }
    // During the deal: a fresh deal of as many cards.
    const dealing = klondikeGame.newInitialState();
    dealing.applyAction(3);
    const redealt = dealing.resample(0, rngFromSeed(1));
    expect(redealt.dealt).toBe(1);
    expect(redealt.currentPlayer()).toBe(CHANCE);
  });

  it('agents random and greedy choose the same moves whatever the hidden cards are', () => {
    for (const id of ['random', 'greedy']) {
      for (let seed = 0; seed < 15; seed++) {
        const s = playedState(klondikeGame, seed, 0);
        const agent = klondikeGame.agents[id]!.create();
        const twin = klondikeGame.agents[id]!.create();
        const rng = rngFromSeed(seed);
        const hiddenRng = rngFromSeed(seed + 1000);
        while (!s.isTerminal()) {
          // The same player's stream on a state rigged differently where the player cannot see.
          const rigged = s.resample(0, hiddenRng);
          const twinRng = rng.clone();
          const action = agent.act(s, rng);
          expect(twin.act(rigged, twinRng)).toBe(action);
          s.applyAction(action);
        }
      }
    }
  });
});

describe('serialize and undo', () => {
  it('round-trips through serialize and deserialize at every kind of node', () => {
    for (const game of [klondikeGame, flexibleGame]) {
      const fresh = game.newInitialState();
      expect(game.deserialize!(fresh.serialize()).serialize()).toBe(fresh.serialize());
      const dealing = game.newInitialState();
      for (let i = 0; i < 5; i++) dealing.applyAction(dealing.sampleChance(rngFromSeed(i)));
      expect(game.deserialize!(dealing.serialize()).serialize()).toBe(dealing.serialize());
      // Mid-deal, the copy deals on as the original from the same stream, duplicated cards included.
      fc.assert(
        fc.property(fc.nat(), fc.integer({ min: 0, max: fresh.config.deckSize }), (seed, cards) => {
          const original = game.newInitialState();
          const rng = rngFromSeed(seed);
          for (let i = 0; i < cards; i++) original.applyAction(original.sampleChance(rng));
          const copy = game.deserialize!(original.serialize());
          dealOut(original, rngFromSeed(seed + 1));
          dealOut(copy, rngFromSeed(seed + 1));
          expect(copy.serialize()).toBe(original.serialize());
        }),
        { numRuns: 25 },
      );
      fc.assert(
        fc.property(fc.nat(), fc.integer({ min: 0, max: 400 }), (seed, steps) => {
          const s = playedState(game, seed, steps);
          const copy = game.deserialize!(s.serialize());
          expect(copy.serialize()).toBe(s.serialize());
          expect(copy.toString()).toBe(s.toString());
          expect(copy.informationStateString(0)).toBe(s.informationStateString(0));
          expect(copy.currentPlayer()).toBe(s.currentPlayer());
          expect(copy.config).toBe(s.config);
          // Equal states play on equally.
          playOut(copy, [game.agents.greedy!.create()], rngFromSeed(seed));
          playOut(s, [game.agents.greedy!.create()], rngFromSeed(seed));
          expect(copy.serialize()).toBe(s.serialize());
        }),
        { numRuns: 25 },
      );
    }
  });

  it('rejects text that is not a state of its variant', () => {
    const text = playedState(klondikeGame, 1, 10).serialize();
    expect(() => klondikeGame.deserialize!('nonsense')).toThrow(RangeError);
    expect(() => klondikeGame.deserialize!('{"game":"chess"}')).toThrow(RangeError);
    expect(() => flexibleGame.deserialize!(text)).toThrow(/another variant/);
    const data = JSON.parse(text) as { moves: number[] };
    expect(() => klondikeGame.deserialize!(JSON.stringify({ ...data, moves: [...data.moves, 676] }))).toThrow(RangeError);
    expect(() => klondikeGame.deserialize!(JSON.stringify({ ...data, deal: 'A♣ A♣' }))).toThrow(RangeError);
    expect(() => klondikeGame.deserialize!(JSON.stringify({ ...data, deal: 'A♣ 1♣' }))).toThrow(RangeError);
    expect(() => klondikeGame.deserialize!(JSON.stringify({ ...data, moves: ['0'] }))).toThrow(RangeError);
    expect(() => klondikeGame.deserialize!(JSON.stringify({ ...data, piles: 'seven' }))).toThrow(RangeError);
    // A deal longer than the deck must not spill into the moves (card 0 is also the discard code).
    const order = Array.from({ length: 52 }, (_, i) => Card.fromIndex(i).toString());
    expect(() => klondikeGame.deserialize!(JSON.stringify({ ...data, deal: [...order, 'A♣'].join(' '), moves: [] }))).toThrow(RangeError);
    expect(klondikeGame.deserialize!(JSON.stringify({ ...data, deal: order.join(' '), moves: [0] })).serialize()).toBe(
      (() => {
        const s = specExample();
        s.applyAction(0);
        return s.serialize();
      })(),
    );
  });

  it('undoes every move exactly, back to the deal', () => {
    for (const game of [klondikeGame, flexibleGame, makeKlondikeGame({ piles: 5, draw: 1, idleLimit: 15 })]) {
      fc.assert(
        fc.property(fc.nat(), (seed) => {
          const s = game.newInitialState();
          const rng = rngFromSeed(seed);
          dealOut(s, rng);
          const buffer = new Int32Array(game.maxActions);
          const trail: string[] = [];
          while (!s.isTerminal()) {
            trail.push(s.serialize() + s.toString() + String(s.idle));
            const before = s.clone();
            s.applyAction(buffer[randomInt(rng, s.legalActions(buffer))]!);
            // One step back and forth, compared by full content (cards, window, idle count).
            const after = s.serialize();
            s.undo();
            expect(content(s)).toEqual(content(before));
            expect(s.serialize() + s.toString() + String(s.idle)).toBe(trail[trail.length - 1]);
            expect(s.currentPlayer()).toBe(0);
            s.applyAction(JSON.parse(after).moves.at(-1) as number);
            expect(s.serialize()).toBe(after);
          }
          while (s.canUndo()) {
            s.undo();
            expect(s.serialize() + s.toString() + String(s.idle)).toBe(trail.pop());
          }
          expect(trail).toEqual([]);
          // Past the player's moves, undo takes back the deal, card by card, to the initial state.
          const deal = JSON.parse(s.serialize()).deal as string;
          s.undo();
          expect(s.currentPlayer()).toBe(CHANCE);
          expect(s.dealt).toBe(game.newInitialState().config.deckSize - 1);
          expect(JSON.parse(s.serialize()).deal).toBe(deal.slice(0, deal.lastIndexOf(' ')));
          while (s.dealt > 0) s.undo();
          expect(s.serialize()).toBe(game.newInitialState().serialize());
          expect(() => {
            s.undo();
          }).toThrow(RangeError);
        }),
        { numRuns: 10 },
      );
    }
  });
});

describe('copyPositionFrom', () => {
  it('copies the position without its history: the same moves from there, each taken back to it', () => {
    const standard = makeKlondikeGame({ piles: 7, draw: 3, rules: 'standard', passes: Infinity });
    for (const game of [standard, klondikeGame]) {
      fc.assert(
        fc.property(fc.nat(), fc.nat({ max: 60 }), fc.nat({ max: 30 }), (seed, steps, more) => {
          const original = playedState(game, seed, steps);
          // A state that held another position before: nothing of it may remain.
          const copy = playedState(game, seed + 1, 20);
          copy.copyPositionFrom(original);
          expect(content(copy)).toEqual(content(original));
          // The same picture but for the points, which are folded from the moves (none here).
          const picture = (state: KlondikeState): string => state.toString().replace(/\nPoints \(.*\): -?\d+/, '');
          expect(picture(copy)).toBe(picture(original));
          expect(copy.getMoves()).toEqual([]);
          expect(copy.canUndo()).toBe(false);
          const buffer = new Int32Array(game.maxActions);
          const other = new Int32Array(game.maxActions);
          const rng = rngFromSeed(seed);
          let made = 0;
          for (; made < more && !original.isTerminal(); made++) {
            const count = original.legalActions(buffer);
            expect(Array.from(other.subarray(0, copy.legalActions(other)))).toEqual(Array.from(buffer.subarray(0, count)));
            const action = buffer[randomInt(rng, count)]!;
            original.applyAction(action);
            copy.applyAction(action);
            expect(content(copy)).toEqual(content(original));
          }
          for (let i = 0; i < made; i++) copy.undo();
          expect(copy.canUndo()).toBe(false);
          for (let i = 0; i < made; i++) original.undo();
          expect(content(copy)).toEqual(content(original));
        }),
        { numRuns: 40 },
      );
    }
    expect(() => playedState(klondikeGame, 1, 0).copyPositionFrom(playedState(flexibleGame, 1, 0))).toThrow(/another variant/);
  });
});

/**
 * The spec's model is a face over this engine: dealt the same deck, with flexible decks, the model
 * and a lab state with an idle limit make the same moves, draw the same view and end alike — the
 * model only ends when no move is legal, the lab also after the idle limit.
 */
describe('BasicKlondike over the engine', () => {
  it('plays random games on flexible decks exactly as a lab state dealt the same deck', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom('♣♢♡♠', '♡', '♣♣♡', '♠♢♠♢'), fc.integer({ min: 3, max: 13 }), fc.integer({ min: 1, max: 4 }), (seed, suits, length, draw) => {
        const deck = deckOfRuns(suits, length);
        let piles = 1;
        while (((piles + 1) * (piles + 2)) / 2 <= deck.length && piles < 8) piles++;
        const model = new BasicKlondike(seed);
        const order = deck.slice();
        const rng = rngFromSeed(seed);
        for (let i = order.length - 1; i > 0; i--) {
          const j = randomInt(rng, i + 1);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        model.startGame(order, false, piles, draw);
        const lab = KlondikeState.fromDeck(new KlondikeConfig({ deck, piles, draw, idleLimit: 25 }), order.map((c) => c.index));
        const buffer = new Int32Array(lab.config.numActions);
        let undos = 0;
        while (!lab.isTerminal()) {
          expect(new KlondikeTextualView(model).toString()).toBe(new KlondikeTextualView(lab).toString());
          expect(model.isGameOver()).toBe(false);
          const count = lab.legalActions(buffer);
          expect(legalMoves(model).map((m) => encodeMove(lab.config, m)).sort((a, b) => a - b)).toEqual(Array.from(buffer.subarray(0, count)));
          const action = buffer[randomInt(rng, count)]!;
          applyMove(model, decodeAction(lab.config, action));
          lab.applyAction(action);
          if (randomInt(rng, 8) === 0 && model.canUndo()) {
            model.undo();
            lab.undo();
            undos++;
          }
        }
        // The lab stopped at its idle limit or because no move is legal; the model agrees on the latter.
        expect(model.isGameOver()).toBe(lab.idle < 25);
        expect(lab.returns(0)).toBe(model.getScore());
        void undos;
      }),
      { numRuns: 40 },
    );
  });
});
