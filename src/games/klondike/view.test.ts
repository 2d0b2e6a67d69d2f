import { describe, expect, it } from 'vitest';
import { BasicKlondike } from './basic-klondike.js';
import { deckOfRuns, parseDeck } from './rigging.js';
import { KlondikeTextualView } from './view.js';

function started(cards: string, numPiles: number, numDraw: number): BasicKlondike {
  const model = new BasicKlondike();
  model.startGame(parseDeck(cards), false, numPiles, numDraw);
  return model;
}

describe('KlondikeTextualView', () => {
  it('renders the spec example verbatim', () => {
    const model = new BasicKlondike();
    model.startGame(model.getDeck(), false, 7, 3);
    expect(new KlondikeTextualView(model).toString()).toBe(
      'Draw: 3♡, 4♡, 5♡\n' +
        'Foundation: <none>, <none>, <none>, <none>\n' +
        ' A♣  ?  ?  ?  ?  ?  ?\n' +
        '    8♣  ?  ?  ?  ?  ?\n' +
        '       A♢  ?  ?  ?  ?\n' +
        '          6♢  ?  ?  ?\n' +
        '            10♢  ?  ?\n' +
        '                K♢  ?\n' +
        '                   2♡',
    );
  });

  it('keeps trailing spaces, so every cascade line is 3 characters per pile', () => {
    // piles [5♣] [A♣ down, 4♡] [2♣ down, A♡ down, 3♣]; then 3♣ onto 4♡ and the run onto 5♣.
    const model = started('5♣ A♣ 2♣ 4♡ A♡ 3♣ 2♡ 3♡ 4♣ 5♡', 3, 2);
    model.movePile(2, 1, 1);
    model.movePile(1, 2, 0);
    expect(new KlondikeTextualView(model).toString()).toBe('Draw: 2♡, 3♡\nFoundation: <none>, <none>\n 5♣ A♣  ?\n 4♡    A♡\n 3♣      ');
  });

  it('shows an empty pile as X on row 0 and blanks below, and foundations by their top card', () => {
    // piles [A♡] [2♡ down, K♡] ; draw 3♡ … Q♡
    const model = started('A♡ 2♡ K♡ 3♡ 4♡ 5♡ 6♡ 7♡ 8♡ 9♡ 10♡ J♡ Q♡', 2, 1);
    model.moveToFoundation(0, 0);
    expect(new KlondikeTextualView(model).toString()).toBe('Draw: 3♡\nFoundation: A♡\n  X  ?\n    K♡');
    model.movePile(1, 1, 0);
    model.moveToFoundation(1, 0);
    expect(new KlondikeTextualView(model).toString()).toBe('Draw: 3♡\nFoundation: 2♡\n K♡  X');
  });

  it('right-aligns tens in their 3 characters', () => {
    const model = started('10♠ 9♡ 10♡ A♠ A♡ 2♠ 2♡ 3♠ 3♡ 4♠ 4♡ 5♠ 5♡ 6♠ 6♡ 7♠ 7♡ 8♠ 8♡ 9♠', 2, 2);
    expect(new KlondikeTextualView(model).toString()).toBe('Draw: A♠, A♡\nFoundation: <none>, <none>\n10♠  ?\n   10♡');
  });

  it('shows an empty draw pile as "Draw: " with its trailing space', () => {
    const model = started('A♢ 2♢ 3♢', 2, 3);
    expect(new KlondikeTextualView(model).toString()).toBe('Draw: \nFoundation: <none>\n A♢  ?\n    3♢');
  });

  it('shows only the draw window, the playable card first', () => {
    const model = started('A♢ 2♢ 3♢ 4♢ 5♢ 6♢', 1, 2);
    expect(new KlondikeTextualView(model).toString().split('\n')[0]).toBe('Draw: 2♢, 3♢');
    model.discardDraw();
    expect(new KlondikeTextualView(model).toString().split('\n')[0]).toBe('Draw: 3♢, 4♢');
  });

  it('ends after the foundation line when no pile holds a card, with no newline at the end', () => {
    const model = started('A♢', 1, 1);
    model.moveToFoundation(0, 0);
    expect(new KlondikeTextualView(model).toString()).toBe('Draw: \nFoundation: A♢');
  });

  it('follows the model: the same view object shows later states', () => {
    const model = started(deckOfRuns('♣♡', 2).map(String).join(' '), 1, 1);
    const view = new KlondikeTextualView(model);
    const before = view.toString();
    model.discardDraw();
    expect(view.toString()).not.toBe(before);
  });
});
