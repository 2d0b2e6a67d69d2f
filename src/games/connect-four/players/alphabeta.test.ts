import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Position } from '../position.js';
import { ALPHABETA_LEVELS, AlphaBetaPlayer } from './alphabeta.js';
import { RandomPlayer } from './random.js';

/** A player of the given level that starts from `moves` (1-based digits), playing the side to move. */
function playerAt(moves: string, level: number, budgetMs = 2_000): AlphaBetaPlayer {
  const player = new AlphaBetaPlayer({ level, budgetMs });
  player.init(moves.length % 2 === 0);
  player.setPosition(moves);
  return player;
}

/** Positions reached by random legal moves that have not ended (1-based digit strings). */
const openPositions = fc
  .array(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 30 })
  .map((columns) => {
    const position = new Position();
    for (const column of columns) {
      if (!position.canPlay(column) || position.isWinningMove(column)) continue;
      position.play(column);
      if (position.isGameOver()) break;
    }
    return position.toMoves();
  })
  .filter((moves) => !Position.fromMoves(moves).isGameOver());

describe('AlphaBetaPlayer', () => {
  // The winning or saving column is the one its centre-first order tries last but one (column 1)
  // or last (column 7), so a player that ignored threats would not find it by its order alone.
  it.each(ALPHABETA_LEVELS.map((entry) => entry.level))('takes a win in one at level %i', (level) => {
    // Red has three stones in column 1; the fourth wins.
    expect(playerAt('171716', level, 300).move()).toBe(0);
  });

  it.each(ALPHABETA_LEVELS.map((entry) => entry.level))('blocks a loss in one at level %i, as yellow and as red', (level) => {
    // Red threatens to complete column 1: yellow must play there.
    expect(playerAt('17171', level, 300).move()).toBe(0);
    // Yellow threatens to complete column 7: red must play there.
    expect(playerAt('172717', level, 300).move()).toBe(6);
  });

  it('sees a double threat three plies ahead and proves the win', () => {
    // Red on columns 3 and 4 of the bottom row, yellow on top: an open three wins by force.
    const player = playerAt('4433', 2);
    const column = player.move();
    expect([1, 4]).toContain(column);
    expect(player.lastReport).toMatchObject({ proven: true });
    expect(player.lastReport!.score).toBeGreaterThan(0);
  });

  it('always answers a legal column, and a winning one when it exists', () => {
    let winnable = 0;
    fc.assert(
      fc.property(openPositions, (moves) => {
        const position = Position.fromMoves(moves);
        const column = playerAt(moves, 2, 200).move();
        expect(position.canPlay(column)).toBe(true);
        if (position.canWinNext()) {
          winnable++;
          expect(position.isWinningMove(column)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
    // The winning-move half of the property was exercised, not only the legality half.
    expect(winnable).toBeGreaterThan(0);
  });

  it('plays a whole game against itself to a legal end, the same way twice', () => {
    const playGame = (): string => {
      const red = new AlphaBetaPlayer({ level: 2 });
      const yellow = new AlphaBetaPlayer({ level: 3, maxDepth: 5 });
      red.init(true);
      yellow.init(false);
      const position = new Position();
      while (!position.isGameOver()) {
        const [mover, other] = position.turn ? [red, yellow] : [yellow, red];
        const column = mover.move();
        position.play(column);
        other.inform(column);
      }
      return position.toMoves();
    };
    const first = playGame();
    expect(Position.fromMoves(first).isGameOver()).toBe(true);
    expect(playGame()).toBe(first); // depth-capped searches are deterministic
  });

  it('beats a random player as both colours', () => {
    for (const color of [true, false]) {
      for (let seed = 0; seed < 3; seed++) {
        const alphabeta = new AlphaBetaPlayer({ level: 2 });
        const random = new RandomPlayer(seed);
        alphabeta.init(color);
        random.init(!color);
        const position = new Position();
        while (!position.isGameOver()) {
          const [mover, other] = position.turn === color ? [alphabeta, random] : [random, alphabeta];
          const column = mover.move();
          position.play(column);
          other.inform(column);
        }
        expect(position.winner()).toBe(color);
      }
    }
  });

  it('stays within its time budget and stops at its deepest finished search', () => {
    let clock = 0;
    // A clock that advances 1 ms per reading: the budget of 50 ms runs out mid-search.
    const player = new AlphaBetaPlayer({ level: 5, budgetMs: 50, now: () => clock++ });
    player.init(true);
    const column = player.move();
    expect(new Position().canPlay(column)).toBe(true);
    expect(player.lastReport!.depth).toBeGreaterThanOrEqual(1);
    expect(player.lastReport!.depth).toBeLessThan(42);
    // The board stayed consistent after the interrupted search: the next moves are legal.
    player.inform(3);
    expect(Position.fromMoves(`${String(column + 1)}4`).canPlay(player.move())).toBe(true);
  });

  it('rejects bad options and moves after the end', () => {
    expect(() => new AlphaBetaPlayer({ level: 0 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ level: 6 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ budgetMs: -1 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ maxDepth: 0 })).toThrow(RangeError);
    const player = new AlphaBetaPlayer({ level: 1 });
    player.init(true);
    expect(() => {
      player.setPosition('11223344'); // a move after red's four
    }).toThrow(RangeError);
    player.setPosition('1122334');
    expect(() => player.move()).toThrow(RangeError);
  });
});
