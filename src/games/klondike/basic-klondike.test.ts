/**
 * BasicKlondike from the spec page, Examplar-style: small rigged decks dealt unshuffled drive the
 * model into exact situations; every error case is checked in the spec's order of checks.
 */
import { describe, expect, it } from 'vitest';
import { BasicKlondike } from './basic-klondike.js';
import { Card } from './card.js';
import { IllegalArgumentError, IllegalStateError } from './errors.js';
import { deckOfRuns, parseDeck } from './rigging.js';
import { KlondikeTextualView } from './view.js';

function started(cards: string | readonly Card[], numPiles: number, numDraw: number): BasicKlondike {
  const model = new BasicKlondike(1);
  model.startGame(typeof cards === 'string' ? parseDeck(cards) : cards, false, numPiles, numDraw);
  return model;
}

const view = (model: BasicKlondike): string => new KlondikeTextualView(model).toString();
const names = (cards: readonly Card[]): string[] => cards.map(String);

/**
 * Two piles over ♣A-3, ♡A-3:  pile 0 = [3♣], pile 1 = [A♡ face-down, 2♡]; draw A♣, 2♣, 3♡.
 */
const SMALL = '3♣ A♡ 2♡ A♣ 2♣ 3♡';

/**
 * Three piles over ♣A-5, ♡A-5:  pile 0 = [5♣], pile 1 = [A♣ down, 4♡], pile 2 = [2♣ down, A♡ down, 3♣];
 * draw 2♡ 3♡ 4♣ 5♡.
 */
const RUNS = '5♣ A♣ 2♣ 4♡ A♡ 3♣ 2♡ 3♡ 4♣ 5♡';

/** Spades A..K over two piles: pile 0 = [A♠], pile 1 = [Q♠ down, K♠]; draw 2♠..J♠. */
const KINGS = 'A♠ Q♠ K♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠';

describe('getDeck', () => {
  it('returns the 52 standard cards ♣A..K, ♢A..K, ♡A..K, ♠A..K, callable before a game', () => {
    const cards = new BasicKlondike().getDeck();
    expect(cards).toHaveLength(52);
    expect(names(cards.slice(0, 14))).toEqual(['A♣', '2♣', '3♣', '4♣', '5♣', '6♣', '7♣', '8♣', '9♣', '10♣', 'J♣', 'Q♣', 'K♣', 'A♢']);
    expect(names(cards.slice(-2))).toEqual(['Q♠', 'K♠']);
    expect(new Set(names(cards)).size).toBe(52);
  });

  it('returns a fresh array each time, also during a game', () => {
    const model = new BasicKlondike();
    const first = model.getDeck();
    first.length = 0;
    expect(model.getDeck()).toHaveLength(52);
    model.startGame(model.getDeck(), false, 7, 3);
    expect(model.getDeck()).toHaveLength(52);
  });
});

describe('startGame', () => {
  it('deals row by row, left to right; only each pile\'s last card is face-up; the rest is the draw pile', () => {
    const model = started(deckOfRuns('♣', 8), 3, 2);
    // row 0: A 2 3 to piles 0 1 2; row 1: 4 5 to piles 1 2; row 2: 6 to pile 2; draw 7 8.
    expect([0, 1, 2].map((p) => model.getPileHeight(p))).toEqual([1, 2, 3]);
    expect(String(model.getCardAt(0, 0))).toBe('A♣');
    expect(model.isCardVisible(1, 0)).toBe(false);
    expect(String(model.getCardAt(1, 1))).toBe('4♣');
    expect(model.isCardVisible(2, 0)).toBe(false);
    expect(model.isCardVisible(2, 1)).toBe(false);
    expect(String(model.getCardAt(2, 2))).toBe('6♣');
    expect(names(model.getDrawCards())).toEqual(['7♣', '8♣']);
    expect(model.getNumRows()).toBe(3);
    expect(model.getNumPiles()).toBe(3);
    expect(model.getNumDraw()).toBe(2);
    expect(model.getNumFoundations()).toBe(1);
    expect(model.getScore()).toBe(0);
    expect(model.getCardAt(0)).toBeNull();
  });

  it('deals the spec example from the unshuffled standard deck', () => {
    const model = new BasicKlondike();
    model.startGame(model.getDeck(), false, 7, 3);
    expect(names(model.getDrawCards())).toEqual(['3♡', '4♡', '5♡']);
    expect([0, 1, 2, 3, 4, 5, 6].map((p) => String(model.getCardAt(p, p)))).toEqual(['A♣', '8♣', 'A♢', '6♢', '10♢', 'K♢', '2♡']);
  });

  it('a deck that exactly fills the cascade leaves an empty draw pile', () => {
    const model = started(deckOfRuns('♡', 6), 3, 3);
    expect(model.getDrawCards()).toEqual([]);
  });

  it('allows numDraw larger than the stock and reports it as given', () => {
    const model = started(deckOfRuns('♡', 5), 2, 10);
    expect(model.getNumDraw()).toBe(10);
    expect(names(model.getDrawCards())).toEqual(['4♡', '5♡']);
  });

  it('accepts flexible decks: one Ace, four Aces, two full decks, a suit in several runs', () => {
    expect(started('A♡', 1, 1).getNumFoundations()).toBe(1);
    expect(started('A♣ A♠ A♡ A♢', 2, 1).getNumFoundations()).toBe(4);
    const double = [...new BasicKlondike().getDeck(), ...new BasicKlondike().getDeck()];
    const big = started(double, 13, 1);
    expect(big.getNumFoundations()).toBe(8);
    expect(big.getNumRows()).toBe(13);
    expect(started('A♣ A♣ 2♣ 2♣ 3♣ 3♣', 3, 1).getNumFoundations()).toBe(2);
    expect(started('2♢ A♠ A♢ 2♠', 1, 1).getNumFoundations()).toBe(2);
  });

  it('shuffles a copy: the caller\'s deck is never modified, and later changes to it do not matter', () => {
    const cards = new BasicKlondike().getDeck();
    const before = names(cards);
    const model = new BasicKlondike(7);
    model.startGame(cards, true, 7, 3);
    expect(names(cards)).toEqual(before);
    const picture = view(model);
    cards.reverse();
    cards.length = 3;
    expect(view(model)).toBe(picture);
  });

  it('reproduces a deal from the same seed, and another seed deals another game', () => {
    const deal = (seed: number): string => {
      const model = new BasicKlondike(seed);
      model.startGame(model.getDeck(), true, 7, 3);
      return view(model);
    };
    expect(deal(2024)).toBe(deal(2024));
    expect(deal(2024)).not.toBe(deal(2025));
    const unshuffled = new BasicKlondike();
    unshuffled.startGame(unshuffled.getDeck(), false, 7, 3);
    expect(deal(2024)).not.toBe(view(unshuffled));
  });

  it('a second start is an IllegalStateError, checked before the deck', () => {
    const model = started(SMALL, 2, 3);
    const picture = view(model);
    expect(() => model.startGame(parseDeck(SMALL), false, 2, 3)).toThrow(IllegalStateError);
    expect(() => model.startGame(null, false, 2, 3)).toThrow(IllegalStateError);
    expect(() => model.startGame([], false, 0, 0)).toThrow(IllegalStateError);
    expect(view(model)).toBe(picture);
  });

  it('a missing deck is an IllegalArgumentError', () => {
    expect(() => new BasicKlondike().startGame(null, false, 7, 3)).toThrow(IllegalArgumentError);
    expect(() => new BasicKlondike().startGame(undefined, false, 7, 3)).toThrow(IllegalArgumentError);
  });

  it.each([
    ['empty', []],
    ['with a missing entry', [...parseDeck('A♣ 2♣'), null as unknown as Card]],
    ['a standard deck less one card', new BasicKlondike().getDeck().slice(1)],
    ['a standard deck plus a duplicate', [...new BasicKlondike().getDeck(), Card.parse('K♠')]],
    ['runs of different lengths', parseDeck('A♣ 2♣ 3♣ A♡ 2♡')],
    ['a run not starting at Ace', parseDeck('2♣ 3♣')],
    ['a run with a gap', parseDeck('A♣ 3♣')],
    ['a run mixing suits', parseDeck('A♣ 2♠')],
    ['two Aces of a suit but one Two', parseDeck('A♣ A♣ 2♣ A♡ 2♡ 2♡')],
  ])('an invalid deck (%s) is an IllegalArgumentError', (_what, cards) => {
    expect(() => new BasicKlondike().startGame(cards, false, 1, 1)).toThrow(IllegalArgumentError);
  });

  it.each([
    [0, 3],
    [-1, 3],
    [7, 0],
    [7, -2],
    [10, 3], // 55 cascade cards > 52
    [1.5, 3],
    [7, 2.5],
  ])('numPiles %d, numDraw %d is an IllegalArgumentError', (piles, draw) => {
    expect(() => new BasicKlondike().startGame(new BasicKlondike().getDeck(), false, piles, draw)).toThrow(IllegalArgumentError);
  });

  it('says how many piles the deck can fill, however many are asked for, after the count checks', () => {
    const start = (deck: readonly Card[], piles: number, draw: number) => () => new BasicKlondike().startGame(deck, false, piles, draw);
    const standard = new BasicKlondike().getDeck();
    expect(start(standard, 10, 3)).toThrow(new IllegalArgumentError('Cannot deal 10 piles, which need 55 cards: the deck has 52 cards, enough for at most 9 piles'));
    expect(start(standard, Number.MAX_SAFE_INTEGER, 3)).toThrow(
      new IllegalArgumentError('Cannot deal 9,007,199,254,740,991 piles: the deck has 52 cards, enough for at most 9 piles'),
    );
    expect(start(parseDeck('A♣'), 2, 1)).toThrow(new IllegalArgumentError('Cannot deal 2 piles, which need 3 cards: the deck has 1 card, enough for at most 1 pile'));
    // The spec's order: the count of draw cards is checked before the piles are compared with the deck.
    expect(start(standard, Number.MAX_SAFE_INTEGER, 0)).toThrow(/number of draw cards must be a positive integer, got 0/);
  });

  it('the largest cascade that fits: 9 piles for 52 cards, 13 for 104, and not 14', () => {
    expect(started(new BasicKlondike().getDeck(), 9, 3).getNumPiles()).toBe(9);
    const double = [...new BasicKlondike().getDeck(), ...new BasicKlondike().getDeck()];
    expect(() => new BasicKlondike().startGame(double, false, 14, 1)).toThrow(IllegalArgumentError);
  });

  it('a failed start leaves the model un-started, and a good start afterwards works', () => {
    const model = new BasicKlondike();
    expect(() => model.startGame(model.getDeck(), false, 0, 3)).toThrow(IllegalArgumentError);
    expect(() => model.getNumPiles()).toThrow(IllegalStateError);
    model.startGame(model.getDeck(), false, 7, 3);
    expect(model.getNumPiles()).toBe(7);
  });
});

describe('before startGame', () => {
  const model = new BasicKlondike();
  it.each([
    ['movePile', () => model.movePile(0, 1, 1)],
    ['movePile with bad arguments', () => model.movePile(-5, 0, -5)],
    ['moveDraw', () => model.moveDraw(0)],
    ['moveDraw with a bad index', () => model.moveDraw(-1)],
    ['moveToFoundation', () => model.moveToFoundation(0, 0)],
    ['moveDrawToFoundation', () => model.moveDrawToFoundation(0)],
    ['discardDraw', () => model.discardDraw()],
    ['undo', () => model.undo()],
    ['getNumRows', () => model.getNumRows()],
    ['getNumPiles', () => model.getNumPiles()],
    ['getNumDraw', () => model.getNumDraw()],
    ['getNumFoundations', () => model.getNumFoundations()],
    ['getPileHeight', () => model.getPileHeight(0)],
    ['isCardVisible', () => model.isCardVisible(0, 0)],
    ['getCardAt(pile, row)', () => model.getCardAt(0, 0)],
    ['getCardAt(foundation)', () => model.getCardAt(0)],
    ['getDrawCards', () => model.getDrawCards()],
    ['getScore', () => model.getScore()],
    ['isGameOver', () => model.isGameOver()],
  ])('%s is an IllegalStateError', (_name, call) => {
    expect(call).toThrow(IllegalStateError);
  });

  it('canUndo is false', () => {
    expect(model.canUndo()).toBe(false);
  });
});

describe('movePile', () => {
  it('moves one card onto a card one higher of the other colour, and turns up the card left behind', () => {
    const model = started(SMALL, 2, 3);
    model.movePile(1, 1, 0);
    expect(names([model.getCardAt(0, 0), model.getCardAt(0, 1)])).toEqual(['3♣', '2♡']);
    expect(model.getPileHeight(1)).toBe(1);
    expect(model.isCardVisible(1, 0)).toBe(true);
    expect(String(model.getCardAt(1, 0))).toBe('A♡');
  });

  it('moves a run of face-up cards as a whole', () => {
    const model = started(RUNS, 3, 4);
    model.movePile(2, 1, 1); // 3♣ onto 4♡; pile 2 turns up A♡
    expect(String(model.getCardAt(2, 1))).toBe('A♡');
    model.movePile(1, 2, 0); // 4♡ 3♣ onto 5♣; pile 1 turns up A♣
    expect(view(model)).toBe(['Draw: 2♡, 3♡, 4♣, 5♡', 'Foundation: <none>, <none>', ' 5♣ A♣  ?', ' 4♡    A♡', ' 3♣      '].join('\n'));
  });

  it('moves a King onto an empty pile', () => {
    const model = started(KINGS, 2, 1);
    model.moveToFoundation(0, 0);
    model.movePile(1, 1, 0);
    expect(String(model.getCardAt(0, 0))).toBe('K♠');
    expect(String(model.getCardAt(1, 0))).toBe('Q♠');
  });

  it.each([
    ['a source pile below 0', -1, 1, 0],
    ['a source pile past the last', 2, 1, 0],
    ['a destination pile below 0', 1, 1, -1],
    ['a destination pile past the last', 1, 1, 2],
    ['the same source and destination', 1, 1, 1],
    ['zero cards', 1, 0, 0],
    ['a negative count', 1, -1, 0],
    ['more cards than the pile holds', 1, 3, 0],
  ])('%s is an IllegalArgumentError and changes nothing', (_what, src, count, dest) => {
    const model = started(SMALL, 2, 3);
    const picture = view(model);
    expect(() => model.movePile(src, count, dest)).toThrow(IllegalArgumentError);
    expect(view(model)).toBe(picture);
    expect(model.canUndo()).toBe(false);
  });

  it('names the counts in a refused move and a refused row in the singular when there is one card', () => {
    const model = started(SMALL, 2, 3); // pile 0 holds one card
    expect(() => model.movePile(0, 2, 1)).toThrow(new IllegalArgumentError('Cannot move 2 cards from pile 0, which holds 1 card'));
    expect(() => model.movePile(1, 3, 0)).toThrow(new IllegalArgumentError('Cannot move 3 cards from pile 1, which holds 2 cards'));
    expect(() => model.getCardAt(0, 1)).toThrow(new IllegalArgumentError('Invalid row 1 of pile 0, which holds 1 card'));
  });

  it('a run including a face-down card is an IllegalStateError', () => {
    const model = started(SMALL, 2, 3);
    expect(() => model.movePile(1, 2, 0)).toThrow(IllegalStateError);
  });

  it('breaking the build is an IllegalStateError: same colour, not one lower, non-King onto empty', () => {
    const model = started(KINGS, 2, 1);
    model.moveToFoundation(0, 0);
    const picture = view(model);
    // Only a King may go onto the empty pile 0 — and pile 1's K♠ sits above a face-down Q♠.
    model.movePile(1, 1, 0);
    expect(() => model.movePile(1, 1, 0)).toThrow(IllegalStateError); // Q♠ onto K♠: same colour
    model.undo();
    expect(view(model)).toBe(picture);
    const runs = started(RUNS, 3, 4);
    expect(() => runs.movePile(1, 1, 2)).toThrow(IllegalStateError); // 4♡ onto 3♣: not one lower
    expect(() => runs.movePile(2, 1, 0)).toThrow(IllegalStateError); // 3♣ onto 5♣: two lower, same colour
    const small = started(SMALL, 2, 3);
    small.movePile(1, 1, 0);
    small.moveToFoundation(1, 0); // pile 1 is now empty
    expect(() => small.movePile(0, 1, 1)).toThrow(IllegalStateError); // 2♡ is not a King
    expect(() => small.movePile(0, 2, 1)).toThrow(IllegalStateError); // 3♣ is not a King
  });

  it('checks arguments before the state: a bad count on a face-down run is an IllegalArgumentError', () => {
    const model = started(SMALL, 2, 3);
    expect(() => model.movePile(1, 3, 0)).toThrow(IllegalArgumentError);
  });
});

describe('moveDraw', () => {
  it('moves the first draw card onto a pile and shows the next one', () => {
    // One pile [3♡]; draw 2♣ 2♡ (A♣ A♡ 3♣ behind).
    const model = started('3♡ 2♣ 2♡ A♣ A♡ 3♣', 1, 2);
    model.moveDraw(0);
    expect(String(model.getCardAt(0, 1))).toBe('2♣');
    expect(names(model.getDrawCards())).toEqual(['2♡', 'A♣']);
  });

  it('moves a King from the draw onto an empty pile', () => {
    const model = started('A♠ K♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠', 1, 1);
    model.moveToFoundation(0, 0);
    model.moveDraw(0);
    expect(model.isGameOver()).toBe(false);
    expect(String(model.getCardAt(0, 0))).toBe('K♠');
  });

  it('checks the index first (IllegalArgumentError), then the draw pile and the build rule (IllegalStateError)', () => {
    const model = started(deckOfRuns('♡', 3), 2, 3); // piles [A♡] [2♡ down, 3♡]; no draw cards
    expect(() => model.moveDraw(2)).toThrow(IllegalArgumentError);
    expect(() => model.moveDraw(-1)).toThrow(IllegalArgumentError);
    expect(() => model.moveDraw(0)).toThrow(IllegalStateError);
    const small = started(SMALL, 2, 3); // the draw's A♣ cannot go onto 3♣ (pile 0), only onto 2♡ (pile 1)
    expect(() => small.moveDraw(0)).toThrow(IllegalStateError);
    expect(names(small.getDrawCards())).toEqual(['A♣', '2♣', '3♡']);
    small.moveDraw(1);
    expect(names(small.getDrawCards())).toEqual(['2♣', '3♡']);
    expect(String(small.getCardAt(1, 2))).toBe('A♣');
  });
});

describe('moveToFoundation', () => {
  it('an Ace may start any empty foundation; then the same suit one higher', () => {
    const model = started(SMALL, 2, 3);
    model.movePile(1, 1, 0);
    model.moveToFoundation(1, 1); // A♡ onto foundation 1
    expect(model.getCardAt(0)).toBeNull();
    expect(String(model.getCardAt(1))).toBe('A♡');
    expect(model.getPileHeight(1)).toBe(0);
    model.moveToFoundation(0, 1); // 2♡
    expect(String(model.getCardAt(1))).toBe('2♡');
    expect(model.getScore()).toBe(2);
  });

  it('turns up the new last card of the source pile', () => {
    const model = started('A♣ 2♣ A♡ 2♡', 2, 1); // piles [A♣] [2♣ down, A♡]; draw 2♡
    model.moveToFoundation(1, 0);
    expect(model.isCardVisible(1, 0)).toBe(true);
    expect(String(model.getCardAt(1, 0))).toBe('2♣');
  });

  it('checks both indices first, then an empty pile, then the foundation rule', () => {
    const model = started(SMALL, 2, 3);
    expect(() => model.moveToFoundation(2, 0)).toThrow(IllegalArgumentError);
    expect(() => model.moveToFoundation(-1, 0)).toThrow(IllegalArgumentError);
    expect(() => model.moveToFoundation(0, 2)).toThrow(IllegalArgumentError);
    expect(() => model.moveToFoundation(0, -1)).toThrow(IllegalArgumentError);
    expect(() => model.moveToFoundation(0, 0)).toThrow(IllegalStateError); // 3♣ onto an empty foundation
    model.movePile(1, 1, 0);
    model.moveToFoundation(1, 0); // pile 1 is empty now
    expect(() => model.moveToFoundation(1, 1)).toThrow(IllegalStateError);
    expect(() => model.moveToFoundation(1, 5)).toThrow(IllegalArgumentError);
    expect(() => model.moveToFoundation(0, 1)).toThrow(IllegalStateError); // 2♡ onto an empty foundation
    model.moveDrawToFoundation(1); // A♣ on foundation 1
    expect(() => model.moveToFoundation(0, 1)).toThrow(IllegalStateError); // 2♡ onto A♣: other suit
  });

  it('a card two higher is refused', () => {
    const model = started('A♣ 2♣ 3♣', 2, 1); // piles [A♣] [2♣ down, 3♣]; no draw cards
    model.moveToFoundation(0, 0);
    expect(() => model.moveToFoundation(1, 0)).toThrow(IllegalStateError); // 3♣ onto A♣
    expect(model.getScore()).toBe(1);
  });
});

describe('moveDrawToFoundation', () => {
  it('moves the first draw card to a foundation and shows the next one', () => {
    const model = started(SMALL, 2, 2);
    expect(names(model.getDrawCards())).toEqual(['A♣', '2♣']);
    model.moveDrawToFoundation(0);
    expect(names(model.getDrawCards())).toEqual(['2♣', '3♡']);
    model.moveDrawToFoundation(0);
    expect(names(model.getDrawCards())).toEqual(['3♡']);
    expect(String(model.getCardAt(0))).toBe('2♣');
  });

  it('checks the index first, then the draw pile and the foundation rule', () => {
    const model = started(SMALL, 2, 3);
    expect(() => model.moveDrawToFoundation(2)).toThrow(IllegalArgumentError);
    expect(() => model.moveDrawToFoundation(-1)).toThrow(IllegalArgumentError);
    model.discardDraw(); // 2♣ first: not an Ace
    expect(() => model.moveDrawToFoundation(0)).toThrow(IllegalStateError);
    const empty = started(deckOfRuns('♡', 3), 2, 3);
    expect(() => empty.moveDrawToFoundation(0)).toThrow(IllegalStateError);
    expect(() => empty.moveDrawToFoundation(1)).toThrow(IllegalArgumentError);
  });
});

describe('discardDraw', () => {
  it('sends the first draw card to the back of the queue, indefinitely', () => {
    const model = started(SMALL, 2, 2);
    model.discardDraw();
    expect(names(model.getDrawCards())).toEqual(['2♣', '3♡']);
    model.discardDraw();
    expect(names(model.getDrawCards())).toEqual(['3♡', 'A♣']);
    model.discardDraw();
    expect(names(model.getDrawCards())).toEqual(['A♣', '2♣']);
  });

  it('with no draw cards is an IllegalStateError', () => {
    const model = started(deckOfRuns('♡', 3), 2, 3);
    expect(() => model.discardDraw()).toThrow(IllegalStateError);
  });
});

describe('queries', () => {
  it('check their indices', () => {
    const model = started(SMALL, 2, 3);
    expect(() => model.getPileHeight(2)).toThrow(IllegalArgumentError);
    expect(() => model.getPileHeight(-1)).toThrow(IllegalArgumentError);
    expect(() => model.isCardVisible(1, 2)).toThrow(IllegalArgumentError);
    expect(() => model.isCardVisible(0, -1)).toThrow(IllegalArgumentError);
    expect(() => model.isCardVisible(2, 0)).toThrow(IllegalArgumentError);
    expect(() => model.getCardAt(0, 1)).toThrow(IllegalArgumentError);
    expect(() => model.getCardAt(1, 0)).toThrow(IllegalArgumentError); // face-down
    expect(() => model.getCardAt(2)).toThrow(IllegalArgumentError);
    expect(() => model.getCardAt(-1)).toThrow(IllegalArgumentError);
  });

  it('getNumRows follows the tallest pile and is 0 when every pile is empty', () => {
    const model = started('A♣ A♡ 2♣ 2♡', 2, 1); // piles [A♣] [A♡ down, 2♣]; draw 2♡
    expect(model.getNumRows()).toBe(2);
    model.moveToFoundation(0, 0);
    expect(model.getNumRows()).toBe(2);
    model.moveToFoundation(1, 0); // 2♣; A♡ turns up
    expect(model.getNumRows()).toBe(1);
    model.moveToFoundation(1, 1);
    model.moveDrawToFoundation(1);
    expect(model.getNumRows()).toBe(0);
    expect(view(model)).toBe('Draw: \nFoundation: 2♣, 2♡');
  });

  it('returns copies: changing a returned array changes nothing inside', () => {
    const model = started(SMALL, 2, 3);
    const draw = model.getDrawCards();
    draw.length = 0;
    expect(model.getDrawCards()).toHaveLength(3);
  });

  it('getScore sums the values of the foundations\' top cards', () => {
    const model = started(SMALL, 2, 3);
    model.movePile(1, 1, 0);
    model.moveToFoundation(1, 0); // A♡
    model.moveDrawToFoundation(1); // A♣
    model.moveDrawToFoundation(1); // 2♣
    expect(model.getScore()).toBe(3);
  });
});

describe('isGameOver', () => {
  it('is false while the draw pile is non-empty, even when no card can move', () => {
    const model = started(SMALL, 2, 3);
    model.movePile(1, 1, 0);
    expect(model.isGameOver()).toBe(false);
  });

  it('is true when the draw pile is empty and no card can move, even with cards left', () => {
    const model = started('2♣ A♣ 3♣', 2, 1); // piles [2♣] [A♣ down, 3♣]: same colour, no Ace showing
    expect(model.getDrawCards()).toEqual([]);
    expect(model.isGameOver()).toBe(true);
    expect(model.getScore()).toBe(0);
  });

  it('is false when only a pile move is legal (even a pointless King move)', () => {
    const model = started('A♠ K♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠', 1, 1);
    model.moveToFoundation(0, 0);
    expect(model.isGameOver()).toBe(false);
  });

  it('a whole small game played to the end: 6 cards, won with score 6', () => {
    const model = started(SMALL, 2, 3);
    model.movePile(1, 1, 0); // 2♡ onto 3♣, A♡ turns up
    model.moveToFoundation(1, 0); // A♡
    model.moveDrawToFoundation(1); // A♣
    model.moveDrawToFoundation(1); // 2♣
    expect(() => model.moveDraw(1)).toThrow(IllegalStateError); // 3♡ is no King
    model.moveToFoundation(0, 0); // 2♡
    model.moveToFoundation(0, 1); // 3♣
    expect(model.isGameOver()).toBe(false);
    model.moveDrawToFoundation(0); // 3♡
    expect(model.isGameOver()).toBe(true);
    expect(model.getScore()).toBe(6);
    expect(view(model)).toBe('Draw: \nFoundation: 3♡, 3♣'); // no rows: nothing after the foundations
  });

  it('a whole standard game of the unshuffled deck with one pile is played to the end', () => {
    // One pile holds A♣; the draw pile then offers every card in suit order: all go up in turn.
    const model = new BasicKlondike();
    model.startGame(model.getDeck(), false, 1, 1);
    model.moveToFoundation(0, 0);
    for (let suit = 0; suit < 4; suit++) {
      for (let value = suit === 0 ? 2 : 1; value <= 13; value++) model.moveDrawToFoundation(suit);
    }
    expect(model.getScore()).toBe(52);
    expect(model.isGameOver()).toBe(true);
  });
});

describe('no idle limit', () => {
  it('the model never ends a game for want of progress: the lab\'s idle limit is the lab\'s alone', () => {
    const model = started(KINGS, 2, 1);
    for (let i = 0; i < 2003; i++) model.discardDraw();
    expect(model.isGameOver()).toBe(false);
    // Ten draw cards 2♠..J♠ turned 2003 times: 2003 mod 10 = 3, so 5♠ is in front.
    expect(names(model.getDrawCards())).toEqual(['5♠']);
    for (let i = 0; i < 2003; i++) model.undo();
    expect(model.canUndo()).toBe(false);
    expect(names(model.getDrawCards())).toEqual(['2♠']);
  });
});

describe('undo', () => {
  it('restores the exact previous state after each kind of move, back to the deal', () => {
    const model = started(SMALL, 2, 2);
    const pictures = [view(model)];
    model.moveDrawToFoundation(1); // A♣
    pictures.push(view(model));
    model.discardDraw(); // 2♣ to the back
    pictures.push(view(model));
    model.movePile(1, 1, 0); // 2♡ onto 3♣, A♡ turns up
    pictures.push(view(model));
    model.moveToFoundation(1, 0); // A♡
    pictures.push(view(model));
    model.moveToFoundation(0, 0); // 2♡ onto A♡
    pictures.push(view(model));
    while (model.canUndo()) {
      pictures.pop();
      model.undo();
      expect(view(model)).toBe(pictures.at(-1));
    }
    expect(pictures).toHaveLength(1);
    expect(model.isCardVisible(1, 0)).toBe(false); // the turned-up A♡ is face-down again
    expect(() => model.undo()).toThrow(IllegalStateError);
  });

  it('failed moves leave nothing to undo', () => {
    const model = started(SMALL, 2, 3);
    expect(() => model.moveDraw(0)).toThrow(IllegalStateError);
    expect(model.canUndo()).toBe(false);
  });
});

describe('Card', () => {
  it('renders value then suit, compares by value and suit, and hashes consistently', () => {
    expect(String(new Card(1, '♡'))).toBe('A♡');
    expect(String(new Card(10, '♠'))).toBe('10♠');
    expect(String(new Card(13, '♢'))).toBe('K♢');
    expect(new Card(12, '♣').equals(new Card(12, '♣'))).toBe(true);
    expect(new Card(12, '♣').equals(new Card(12, '♠'))).toBe(false);
    expect(new Card(12, '♣').equals(new Card(11, '♣'))).toBe(false);
    expect(new Card(12, '♣').equals('Q♣')).toBe(false);
    expect(new Card(5, '♡').hashCode()).toBe(new Card(5, '♡').hashCode());
    const hashes = new Set(new BasicKlondike().getDeck().map((c) => c.hashCode()));
    expect(hashes.size).toBe(52);
  });

  it('is immutable, so cards handed out by a model cannot change it', () => {
    const model = started(SMALL, 2, 3);
    const card = model.getDrawCards()[0]!;
    expect(() => {
      (card as { value: number }).value = 13;
    }).toThrow(TypeError);
    expect(String(model.getDrawCards()[0])).toBe('A♣');
  });

  it('knows its colour: ♡ ♢ red, ♣ ♠ black', () => {
    expect(parseDeck('A♡ A♢ A♣ A♠').map((c) => c.isRed)).toEqual([true, true, false, false]);
  });

  it('rejects values and suits outside the game', () => {
    expect(() => new Card(0, '♣')).toThrow(IllegalArgumentError);
    expect(() => new Card(14, '♣')).toThrow(IllegalArgumentError);
    expect(() => new Card(1.5, '♣')).toThrow(IllegalArgumentError);
    expect(() => new Card(1, '♥' as '♡')).toThrow(IllegalArgumentError);
    expect(() => Card.parse('1♣')).toThrow(IllegalArgumentError);
  });

  it('parses its own names and the letters c d h s', () => {
    for (const card of new BasicKlondike().getDeck()) expect(Card.parse(card.toString()).equals(card)).toBe(true);
    expect(String(Card.parse('10h'))).toBe('10♡');
    expect(String(Card.parse('qs'))).toBe('Q♠');
  });
});
