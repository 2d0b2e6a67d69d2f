import { describe, expect, it } from 'vitest';
import { BasicKlondike } from './basic-klondike.js';
import { legalMoves } from './moves.js';
import { moveCommand, parseCommand, pileRefusal } from './notation.js';
import { parseDeck } from './rigging.js';

const TABLE = { piles: 7, foundations: 4 };

describe('Klondike commands for people', () => {
  it('reads the five moves with piles and foundations counted from 1', () => {
    expect(parseCommand(['mpp', '3', '1', '6'], TABLE)).toEqual({ kind: 'movePile', src: 2, count: 1, dest: 5 });
    expect(parseCommand(['MD', '4'], TABLE)).toEqual({ kind: 'moveDraw', dest: 3 });
    expect(parseCommand(['mpf', '2', '1'], TABLE)).toEqual({ kind: 'moveToFoundation', src: 1, foundation: 0 });
    expect(parseCommand(['mdf', '1'], TABLE)).toEqual({ kind: 'moveDrawToFoundation', foundation: 0 });
    expect(parseCommand(['dd'], TABLE)).toEqual({ kind: 'discardDraw' });
  });

  it('explains bad commands, and piles or foundations that are not on the table', () => {
    expect(parseCommand(['mpp', '1', '2'], TABLE)).toBe('Usage: mpp SRC COUNT DEST (whole numbers, piles and foundations from 1).');
    expect(parseCommand(['md', '-1'], TABLE)).toMatch(/^Usage: md DEST/);
    expect(parseCommand(['dd', '1'], TABLE)).toMatch(/^Usage: dd/);
    expect(parseCommand(['move'], TABLE)).toBe("Unknown command 'move'. Type help for the commands.");
    expect(parseCommand(['md', '0'], TABLE)).toBe('There is no pile 0: the piles are 1 to 7.');
    expect(parseCommand(['mpp', '1', '1', '8'], TABLE)).toBe('There is no pile 8: the piles are 1 to 7.');
    expect(parseCommand(['mdf', '5'], TABLE)).toBe('There is no foundation 5: the foundations are 1 to 4.');
  });

  it('writes every legal move as a command that reads back as the same move', () => {
    const model = new BasicKlondike(3);
    model.startGame(model.getDeck(), true, 7, 3);
    const moves = legalMoves(model);
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) expect(parseCommand(moveCommand(move).split(' '), TABLE)).toEqual(move);
  });

  it('says, counting from 1, when a pile cannot give what a move takes', () => {
    // piles [3♣] [A♡ down, 2♡]
    const model = new BasicKlondike();
    model.startGame(parseDeck('3♣ A♡ 2♡ A♣ 2♣ 3♡'), false, 2, 3);
    expect(pileRefusal(model, { kind: 'movePile', src: 0, count: 2, dest: 1 })).toBe('Cannot move 2 cards from pile 1, which holds 1 card');
    expect(pileRefusal(model, { kind: 'movePile', src: 1, count: 1, dest: 0 })).toBeNull();
    expect(pileRefusal(model, { kind: 'moveDraw', dest: 0 })).toBeNull();
  });
});
