import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Card } from '../../core/cards.js';
import { rngFromSeed } from '../../core/random.js';
import { Board } from './board.js';
import { BasicPlayer, DISCARD_MOVE, RandomPlayer, RankRunner, SuitStacker, type Player } from './player.js';

const card = (rank: number, suit: number): Card => new Card(rank, suit);

function boardOf(columns: readonly (readonly Card[])[]): Board {
  const board = new Board();
  columns.forEach((cards, col) => {
    for (const c of cards) board.play(c, col);
  });
  return board;
}

describe('BasicPlayer', () => {
  const basic = new BasicPlayer();

  it('chooses the first column, left to right, that can take the card', () => {
    expect(basic.nextMove(card(5, 1), new Board())).toBe(0);
    const board = boardOf([[card(9, 1)], [card(6, 2)], [], [card(2, 3)]]);
    expect(basic.nextMove(card(7, 1), board)).toBe(1); // 7 < 9 but ≥ 6
    expect(basic.nextMove(card(3, 1), board)).toBe(2); // only the empty column
    expect(basic.nextMove(card(9, 4), board)).toBe(0); // equal rank is legal
  });

  it('answers an out-of-range number (a discard) when no column can take the card', () => {
    const full = [card(5, 1), card(5, 2), card(5, 3), card(5, 4)];
    const board = boardOf([full, [card(9, 1)], [card(8, 1)], [card(7, 2)]]);
    expect(basic.nextMove(card(6, 1), board)).toBe(DISCARD_MOVE);
    expect(DISCARD_MOVE < 0 || DISCARD_MOVE > 3).toBe(true);
  });
});

describe('RandomPlayer', () => {
  it('answers every column 0..3 about equally often, nothing else', () => {
    const player = new RandomPlayer(2024);
    const counts = [0, 0, 0, 0];
    const n = 40_000;
    for (let i = 0; i < n; i++) counts[player.nextMove()]! += 1;
    expect(counts.reduce((a, b) => a + b)).toBe(n);
    // Each count ~ Binomial(n, 1/4): sd ≈ 87; allow 5 sd.
    for (const count of counts) expect(Math.abs(count - n / 4)).toBeLessThan(5 * Math.sqrt(n * 0.25 * 0.75));
  });

  it('ignores legality: it answers every column even when none can take the card', () => {
    const full = [card(5, 1), card(5, 2), card(5, 3), card(5, 4)];
    const board = boardOf([full, full, full, full].map((column, i) => column.map((c) => card(c.getRankNum() + i, c.getSuitNum()))));
    const player: Player = new RandomPlayer(1);
    const answers = new Set(Array.from({ length: 200 }, () => player.nextMove(card(13, 1), board)));
    expect(answers).toEqual(new Set([0, 1, 2, 3]));
  });

  it('replays from a seed and shares a stream when given a generator', () => {
    const moves = (p: RandomPlayer): number[] => Array.from({ length: 50 }, () => p.nextMove());
    expect(moves(new RandomPlayer(7))).toEqual(moves(new RandomPlayer(7)));
    expect(moves(new RandomPlayer(7))).not.toEqual(moves(new RandomPlayer(8)));
    const rng = rngFromSeed(7);
    const a = new RandomPlayer(rng);
    const b = new RandomPlayer(rng);
    const interleaved = Array.from({ length: 25 }, () => [a.nextMove(), b.nextMove()]).flat();
    expect(interleaved).toEqual(moves(new RandomPlayer(7)));
  });

  it('rejects a bad seed', () => {
    expect(() => new RandomPlayer(-3)).toThrow(RangeError);
  });
});

describe('RankRunner', () => {
  it('maps A,5,9,K → 0; 2,6,10 → 1; 3,7,J → 2; 4,8,Q → 3, whatever the board', () => {
    const player: Player = new RankRunner();
    const board = boardOf([[card(13, 1), card(13, 2), card(13, 3), card(13, 4)]]);
    const columns = Array.from({ length: 13 }, (_, i) => player.nextMove(card(i + 1, 2), board));
    expect(columns).toEqual([0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0]);
  });
});

describe('SuitStacker', () => {
  it('maps Spades → 0, Hearts → 1, Clubs → 2, Diamonds → 3, whatever the board', () => {
    const player: Player = new SuitStacker();
    const board = boardOf([[card(13, 1), card(13, 2), card(13, 3), card(13, 4)]]);
    expect([1, 2, 3, 4].map((suit) => player.nextMove(card(1, suit), board))).toEqual([0, 1, 2, 3]);
    expect([1, 2, 3, 4].map((suit) => player.nextMove(card(12, suit), new Board()))).toEqual([0, 1, 2, 3]);
  });
});

describe('every computer player', () => {
  const players: [string, () => Player][] = [
    ['BasicPlayer', () => new BasicPlayer()],
    ['RandomPlayer', () => new RandomPlayer(3)],
    ['RankRunner', () => new RankRunner()],
    ['SuitStacker', () => new SuitStacker()],
  ];

  it.each(players)('%s leaves the board it is shown unchanged', (_name, make) => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 51 }), fc.integer({ min: 0, max: 3 })), { maxLength: 30 }), fc.integer({ min: 0, max: 51 }), (plays, drawn) => {
        const board = new Board();
        for (const [index, col] of plays) if (board.canPlay(Card.fromIndex(index), col)) board.play(Card.fromIndex(index), col);
        const before = board.toString();
        const move = make().nextMove(Card.fromIndex(drawn), board);
        expect(Number.isInteger(move)).toBe(true);
        expect(board.toString()).toBe(before);
      }),
      { numRuns: 100 },
    );
  });
});
