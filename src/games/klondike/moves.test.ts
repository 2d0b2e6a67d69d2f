import { describe, expect, it } from 'vitest';
import { BasicKlondike } from './basic-klondike.js';
import { IllegalArgumentError, IllegalStateError } from './errors.js';
import { eachLegalMove, hasPileMove, hint, isNoOpMove, legalMoves } from './moves.js';
import { parseDeck } from './rigging.js';

/**
 * Piles [K♠] [] [10♠ down, J♠ down, Q♠], draw empty, foundations 9♠ and K♡: the only legal move is
 * K♠ from row 0 onto the empty pile, and it changes nothing. Dealt from the two suits ♠ and ♡
 * (pile 1 holds 2♠ under A♠; the draw pile is 3♠..9♠ then A♡..K♡) and played out to there.
 */
function kingShuffleOnly(): BasicKlondike {
  const model = started('K♠ 2♠ 10♠ A♠ J♠ Q♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ A♡ 2♡ 3♡ 4♡ 5♡ 6♡ 7♡ 8♡ 9♡ 10♡ J♡ Q♡ K♡', 3, 1);
  model.moveToFoundation(1, 0); // A♠
  model.moveToFoundation(1, 0); // 2♠
  for (let value = 3; value <= 9; value++) model.moveDrawToFoundation(0);
  for (let value = 1; value <= 13; value++) model.moveDrawToFoundation(1);
  return model;
}

function started(cards: string, numPiles: number, numDraw: number): BasicKlondike {
  const model = new BasicKlondike();
  model.startGame(parseDeck(cards), false, numPiles, numDraw);
  return model;
}

describe('legalMoves', () => {
  it('lists pile→foundation, draw→foundation, pile→pile, draw→pile, then discard', () => {
    // piles [3♣] [A♡ down, 2♡]; draw A♣ 2♣ 3♡: A♣ may go to either empty foundation or onto 2♡.
    const model = started('3♣ A♡ 2♡ A♣ 2♣ 3♡', 2, 3);
    expect(legalMoves(model)).toEqual([
      { kind: 'moveDrawToFoundation', foundation: 0 },
      { kind: 'moveDrawToFoundation', foundation: 1 },
      { kind: 'movePile', src: 1, count: 1, dest: 0 },
      { kind: 'moveDraw', dest: 1 },
      { kind: 'discardDraw' },
    ]);
    expect(legalMoves(model, true).filter((m) => m.kind === 'moveDrawToFoundation')).toEqual([{ kind: 'moveDrawToFoundation', foundation: 0 }]);
  });

  it('is empty when the game is over', () => {
    const model = started('2♣ A♣ 3♣', 2, 1);
    expect(model.isGameOver()).toBe(true);
    expect(legalMoves(model)).toEqual([]);
    expect(hint(model)).toBeNull();
  });
});

describe('models the move generator cannot read', () => {
  it('lists moves of models over the engine only, and of started ones only', () => {
    const model = started('3♣ A♡ 2♡ A♣ 2♣ 3♡', 2, 3);
    // A model of someone else's that answers every query by delegation, with no engine under it.
    const foreign = new Proxy(model, { has: () => false, get: (target, key) => (typeof key === 'symbol' ? undefined : Reflect.get(target, key, target) as unknown) });
    expect(() => legalMoves(foreign)).toThrow(IllegalArgumentError);
    expect(() => hint(foreign)).toThrow(IllegalArgumentError);
    expect(() => legalMoves(new BasicKlondike())).toThrow(IllegalStateError);
  });
});

describe('hasPileMove (the cascade half of isGameOver)', () => {
  it('counts pile and foundation moves, not the draw moves', () => {
    // piles [3♣] [A♡ down, 2♡]; draw A♣ 2♣ 3♡: 2♡ onto 3♣ is a pile move.
    const model = started('3♣ A♡ 2♡ A♣ 2♣ 3♡', 2, 3);
    expect(hasPileMove(model)).toBe(true);
    // piles [2♣] [A♣ down, 3♣], draw 4♣: only the draw can move (a discard); the cascade is stuck.
    const stuck = started('2♣ A♣ 3♣ 4♣', 2, 1);
    expect(legalMoves(stuck)).toEqual([{ kind: 'discardDraw' }]);
    expect(hasPileMove(stuck)).toBe(false);
    expect(stuck.isGameOver()).toBe(false); // the draw pile is not empty
  });

  it('counts a pile-to-foundation move alone', () => {
    const model = started('A♣ 2♣', 1, 1);
    expect(legalMoves(model).filter((m) => m.kind !== 'moveDraw' && m.kind !== 'discardDraw')).toEqual([{ kind: 'moveToFoundation', src: 0, foundation: 0 }]);
    expect(hasPileMove(model)).toBe(true);
  });

  it('yields the moves of legalMoves one at a time, in the same order', () => {
    const model = started('3♣ A♡ 2♡ A♣ 2♣ 3♡', 2, 3);
    const moves = eachLegalMove(model);
    expect(moves.next().value).toEqual(legalMoves(model)[0]);
    expect([...moves]).toEqual(legalMoves(model).slice(1));
  });
});

describe('hint', () => {
  it('prefers a foundation move, then a move that turns up a card, then the draw, then a discard', () => {
    const model = started('3♣ A♡ 2♡ A♣ 2♣ 3♡', 2, 3);
    expect(hint(model)).toEqual({ kind: 'moveDrawToFoundation', foundation: 0 });
    model.discardDraw(); // draw 2♣ 3♡ A♣: no foundation move; 2♡ onto 3♣ turns up A♡
    expect(hint(model)).toEqual({ kind: 'movePile', src: 1, count: 1, dest: 0 });
    model.movePile(1, 1, 0);
    expect(hint(model)).toEqual({ kind: 'moveToFoundation', src: 1, foundation: 0 });
  });

  it('suggests a discard, never a King move that gains nothing', () => {
    // piles [K♠] [2♠ down, A♠]: A♠ and 2♠ go up and leave pile 1 empty; then with 4♠ showing, the
    // only moves are a discard and K♠ from row 0 to the other empty pile, which gains nothing.
    const king = started('K♠ 2♠ A♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠', 2, 1);
    king.moveToFoundation(1, 0);
    king.moveToFoundation(1, 0);
    king.discardDraw();
    expect(legalMoves(king)).toEqual([{ kind: 'movePile', src: 0, count: 1, dest: 1 }, { kind: 'discardDraw' }]);
    expect(hint(king)).toEqual({ kind: 'discardDraw' });
  });

  it('is null when the only legal move shifts a lone King from row 0 onto an empty pile', () => {
    const model = kingShuffleOnly();
    expect(model.getDrawCards()).toEqual([]);
    expect(legalMoves(model)).toEqual([{ kind: 'movePile', src: 0, count: 1, dest: 1 }]);
    expect(model.isGameOver()).toBe(false); // the spec counts the move as legal
    expect(hint(model)).toBeNull();
    model.movePile(0, 1, 1); // the mirror position offers the same move back, and still no hint
    expect(legalMoves(model)).toEqual([{ kind: 'movePile', src: 1, count: 1, dest: 0 }]);
    expect(hint(model)).toBeNull();
  });

  it('still suggests a King onto an empty pile when that turns up a face-down card', () => {
    // piles [A♠] [2♠ down, K♠]: A♠ goes up and empties pile 0; K♠ onto it turns up 2♠.
    const model = started('A♠ 2♠ K♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠', 2, 1);
    model.moveToFoundation(0, 0);
    expect(legalMoves(model)).toEqual([{ kind: 'movePile', src: 1, count: 1, dest: 0 }, { kind: 'discardDraw' }]);
    expect(hint(model)).toEqual({ kind: 'movePile', src: 1, count: 1, dest: 0 });
  });
});

describe('isNoOpMove', () => {
  it('is true exactly for a whole pile onto an empty pile', () => {
    const model = kingShuffleOnly();
    expect(isNoOpMove(model, { kind: 'movePile', src: 0, count: 1, dest: 1 })).toBe(true);
    expect(isNoOpMove(model, { kind: 'movePile', src: 2, count: 1, dest: 0 })).toBe(false); // onto K♠
    expect(isNoOpMove(model, { kind: 'discardDraw' })).toBe(false);
  });

  it('covers a King-led build moved whole from row 0, but not the same build over a face-down card', () => {
    // piles [K♠] [2♠ down, A♠]; draw Q♡ first: Q♡ onto K♠, then A♠ and 2♠ up empty pile 1.
    const model = started('K♠ 2♠ A♠ Q♡ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ A♡ 2♡ 3♡ 4♡ 5♡ 6♡ 7♡ 8♡ 9♡ 10♡ J♡ K♡', 2, 1);
    model.moveDraw(0);
    model.moveToFoundation(1, 0);
    model.moveToFoundation(1, 0);
    const whole = { kind: 'movePile', src: 0, count: 2, dest: 1 } as const;
    expect(legalMoves(model)).toContainEqual(whole);
    expect(isNoOpMove(model, whole)).toBe(true);
    expect(hint(model)).not.toEqual(whole);
    expect(isNoOpMove(model, { kind: 'movePile', src: 0, count: 1, dest: 1 })).toBe(false); // part of a pile
  });
});
