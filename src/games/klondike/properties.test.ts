/**
 * Property tests of BasicKlondike over random flexible decks (1-4 runs of 1-10 cards, random suits,
 * any pile count that fits, several draw sizes), played with random legal moves.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomInt, rngFromSeed, type Rng } from '../../core/random.js';
import { BasicKlondike } from './basic-klondike.js';
import { Card, SUITS } from './card.js';
import { IllegalArgumentError, IllegalStateError } from './errors.js';
import { applyMove, hasPileMove, legalMoves, type KlondikeMove } from './moves.js';
import { deckOfRuns } from './rigging.js';
import { KlondikeTextualView } from './view.js';

interface Game {
  readonly model: BasicKlondike;
  readonly deck: readonly Card[];
  /** dealt[p][r]: the card dealt to pile p, row r (face-down cards never move, so this is where they are). */
  readonly dealt: readonly (readonly Card[])[];
  readonly rng: Rng;
}

const games = (options: { wholeDraw?: boolean; maxPiles?: number } = {}): fc.Arbitrary<Game> =>
  fc
    .record({
      suits: fc.array(fc.constantFrom(...SUITS), { minLength: 1, maxLength: 4 }),
      length: fc.integer({ min: 1, max: 10 }),
      pilePick: fc.nat(),
      draw: fc.integer({ min: 1, max: 4 }),
      seed: fc.nat(),
    })
    .map(({ suits, length, pilePick, draw, seed }) => {
      const rng = rngFromSeed(seed);
      const deck = deckOfRuns(suits.join(''), length);
      for (let i = deck.length - 1; i > 0; i--) {
        const j = randomInt(rng, i + 1);
        [deck[i], deck[j]] = [deck[j]!, deck[i]!];
      }
      let maxPiles = 1;
      while (((maxPiles + 1) * (maxPiles + 2)) / 2 <= deck.length && maxPiles < (options.maxPiles ?? 9)) maxPiles++;
      const piles = 1 + (pilePick % maxPiles);
      const model = new BasicKlondike();
      model.startGame(deck, false, piles, options.wholeDraw === true ? deck.length : draw);
      const dealt: Card[][] = Array.from({ length: piles }, () => []);
      let next = 0;
      for (let row = 0; row < piles; row++) for (let p = row; p < piles; p++) dealt[p]!.push(deck[next++]!);
      return { model, deck, dealt, rng };
    });

/**
 * Plays up to `moves` random legal moves, calling `check` before each and after the last. With
 * `undoing`, about one move in four is followed by an undo (checked too), so a card turned up, turned
 * back down by undo and turned up again must still be the card dealt there.
 */
function play(game: Game, moves: number, check: (game: Game) => void, undoing = false): void {
  check(game);
  for (let i = 0; i < moves; i++) {
    const legal = legalMoves(game.model);
    if (legal.length === 0) break;
    applyMove(game.model, legal[randomInt(game.rng, legal.length)]!);
    check(game);
    if (undoing && randomInt(game.rng, 4) === 0) {
      game.model.undo();
      check(game);
    }
  }
}

/** Everything observable about a model. */
function observe(model: BasicKlondike): string {
  const piles = Array.from({ length: model.getNumPiles() }, (_, p) =>
    Array.from({ length: model.getPileHeight(p) }, (_, r) => (model.isCardVisible(p, r) ? model.getCardAt(p, r).toString() : '?')).join(' '),
  );
  const foundations = Array.from({ length: model.getNumFoundations() }, (_, f) => String(model.getCardAt(f)));
  return JSON.stringify([new KlondikeTextualView(model).toString(), piles, foundations, model.getDrawCards().map(String), model.getScore(), model.isGameOver(), model.getNumRows()]);
}

const key = (card: Card): string => card.toString();

function multiset(cards: readonly Card[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const card of cards) counts.set(key(card), (counts.get(key(card)) ?? 0) + 1);
  return counts;
}

describe('BasicKlondike properties', () => {
  it('random legal play never loses or duplicates a card (cascade + draw + foundations = the deck)', () => {
    fc.assert(
      fc.property(games({ wholeDraw: true }), fc.integer({ min: 0, max: 80 }), (game, moves) => {
        const expected = multiset(game.deck);
        play(game, moves, ({ model, dealt }) => {
          const cards: Card[] = [];
          for (let p = 0; p < model.getNumPiles(); p++) {
            for (let r = 0; r < model.getPileHeight(p); r++) {
              // A face-down card is still the one dealt there; a face-up card is read from the model.
              cards.push(model.isCardVisible(p, r) ? model.getCardAt(p, r) : dealt[p]![r]!);
            }
          }
          cards.push(...model.getDrawCards()); // numDraw = deck length: the whole draw pile shows
          for (let f = 0; f < model.getNumFoundations(); f++) {
            const top = model.getCardAt(f);
            if (top !== null) for (let v = 1; v <= top.value; v++) cards.push(new Card(v, top.suit));
          }
          expect(multiset(cards)).toEqual(expected);
        }, true);
      }),
      { numRuns: 150 },
    );
  });

  it('face-up cards form a valid build at the end of every pile, and face-down cards never move', () => {
    let turnedInPlace = 0;
    fc.assert(
      fc.property(games(), fc.integer({ min: 0, max: 80 }), (game, moves) => {
        play(game, moves, ({ model, dealt }) => {
          for (let p = 0; p < model.getNumPiles(); p++) {
            const height = model.getPileHeight(p);
            if (height === 0) continue;
            expect(model.isCardVisible(p, height - 1)).toBe(true);
            let firstUp = height - 1;
            while (firstUp > 0 && model.isCardVisible(p, firstUp - 1)) firstUp--;
            for (let r = 0; r < firstUp; r++) expect(model.isCardVisible(p, r)).toBe(false);
            // Above face-down cards the first face-up card was turned up in place (moved cards land
            // higher), so it is the card dealt there.
            if (firstUp > 0) {
              expect(model.getCardAt(p, firstUp).equals(dealt[p]![firstUp]!)).toBe(true);
              turnedInPlace++;
            }
            for (let r = firstUp + 1; r < height; r++) {
              const above = model.getCardAt(p, r - 1);
              const card = model.getCardAt(p, r);
              expect(card.value).toBe(above.value - 1);
              expect(card.isRed).not.toBe(above.isRed);
            }
          }
        }, true);
      }),
      { numRuns: 150 },
    );
    // The face-down half of the property was exercised, not only piles with every card face up.
    expect(turnedInPlace).toBeGreaterThan(0);
  });

  it('undo restores the exact previous state, step by step back to the deal', () => {
    fc.assert(
      fc.property(games(), fc.integer({ min: 1, max: 60 }), (game, moves) => {
        const { model, rng } = game;
        const before: string[] = [];
        for (let i = 0; i < moves; i++) {
          const legal = legalMoves(model);
          if (legal.length === 0) break;
          const now = observe(model);
          const move = legal[randomInt(rng, legal.length)]!;
          applyMove(model, move);
          // One step back and forth: undo gives the exact state, and the move can be replayed.
          model.undo();
          expect(observe(model)).toBe(now);
          applyMove(model, move);
          before.push(now);
        }
        while (before.length > 0) {
          expect(model.canUndo()).toBe(true);
          model.undo();
          expect(observe(model)).toBe(before.pop());
        }
        expect(model.canUndo()).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('isGameOver is true exactly when no move is legal and the draw is empty; legalMoves lists exactly the legal moves; failed calls change nothing', () => {
    fc.assert(
      fc.property(games({ maxPiles: 6 }), fc.integer({ min: 0, max: 40 }), (game, moves) => {
        play(game, moves, ({ model }) => {
          const legal = bruteForceLegal(model);
          expect(model.isGameOver()).toBe(legal.length === 0 && model.getDrawCards().length === 0);
          expect(hasPileMove(model)).toBe(legal.some((m) => m.kind === 'movePile' || m.kind === 'moveToFoundation'));
          const listed = legalMoves(model).map((m) => JSON.stringify(m)).sort();
          expect(listed).toEqual(legal.map((m) => JSON.stringify(m)).sort());
        });
      }),
      { numRuns: 60 },
    );
  });
});

/** Tries every move with in-range arguments (undoing each success) and returns those that worked. */
function bruteForceLegal(model: BasicKlondike): KlondikeMove[] {
  const piles = model.getNumPiles();
  const foundations = model.getNumFoundations();
  const candidates: KlondikeMove[] = [{ kind: 'discardDraw' }];
  for (let f = 0; f < foundations; f++) candidates.push({ kind: 'moveDrawToFoundation', foundation: f });
  for (let p = 0; p < piles; p++) {
    candidates.push({ kind: 'moveDraw', dest: p });
    for (let f = 0; f < foundations; f++) candidates.push({ kind: 'moveToFoundation', src: p, foundation: f });
    for (let dest = 0; dest < piles; dest++) {
      for (let count = 1; count <= model.getPileHeight(p); count++) if (dest !== p) candidates.push({ kind: 'movePile', src: p, count, dest });
    }
  }
  const before = observe(model);
  const legal: KlondikeMove[] = [];
  for (const move of candidates) {
    try {
      applyMove(model, move);
    } catch (error) {
      expect(error instanceof IllegalStateError || error instanceof IllegalArgumentError).toBe(true);
      expect(observe(model)).toBe(before);
      continue;
    }
    legal.push(move);
    model.undo();
    expect(observe(model)).toBe(before);
  }
  return legal;
}
