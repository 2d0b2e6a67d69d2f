import { describe, expect, it } from 'vitest';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import type { Player } from '../player.js';
import { AlphaBetaPlayer } from './alphabeta.js';
import { playCheckedGame, quietMoves, randomOpening, RandomOpener } from './perfect-check.js';
import { shippedBook, shippedValues } from '../../../test-support/connect-four-books.js';
import { RandomPlayer } from './random.js';
import { SolverPlayer } from './solver-player.js';

const judge = new Solver({ tableSize: 1 << 20 });

describe('the perfect player, every move checked against the solver', () => {
  // Openings of 18 random moves: the rest of the game solves in well under the move budget.
  const games = [
    { opponent: () => new RandomPlayer(1), color: true, seed: 11 },
    { opponent: () => new RandomPlayer(2), color: false, seed: 12 },
    { opponent: () => new AlphaBetaPlayer({ level: 2 }), color: true, seed: 13 },
    { opponent: () => new AlphaBetaPlayer({ level: 3 }), color: false, seed: 14 },
  ];
  for (const { opponent, color, seed } of games) {
    it(`never worsens its value as ${color ? 'red' : 'yellow'} against ${opponent().name()} (opening seed ${String(seed)})`, async () => {
      const opening = randomOpening(18, seed);
      const start = Position.fromMoves(opening);
      // The value of the game for the perfect player at the start: it must end no worse.
      const value = judge.solve(start, true) * (start.turn === color ? 1 : -1);
      const perfect = new SolverPlayer({ budgetMs: 20_000, tableSize: 1 << 20 });
      const game = await playCheckedGame(perfect, opponent(), color, opening, judge);
      expect(game.mistakes).toEqual([]);
      expect(game.checked).toBeGreaterThan(2);
      expect(game.result).toBeGreaterThanOrEqual(value);
    }, 60_000);
  }

  it('with exactNodes, counts a move that keeps a win but not the fastest one, and passes the perfect player', async () => {
    // Middle-Easy, won (score 6): the weak solve's move (column 2) wins only with score 5.
    const opening = '46472445375121136551453523421';
    const color = Position.fromMoves(opening).turn;
    const naive: Player = {
      position: new Position(),
      init() {
        this.position = new Position(); // the opening is told move by move
      },
      name: () => 'naive',
      inform(column: number) {
        this.position.play(column);
      },
      move() {
        const column = judge.bestMove(this.position, { weak: true }).column;
        this.position.play(column);
        return column;
      },
    } as Player & { position: Position };
    const slow = await playCheckedGame(naive, new SolverPlayer({ tableSize: 1 << 20 }), color, opening, judge, 1_000_000);
    expect(slow.mistakes).toEqual([]);
    expect(slow.exact.slower[0]).toBe(`${opening} 2: 6 -> 5`);
    const best = await playCheckedGame(new SolverPlayer({ budgetMs: 20_000, tableSize: 1 << 20 }), new SolverPlayer({ tableSize: 1 << 20 }), color, opening, judge, 1_000_000);
    expect(best.exact).toMatchObject({ slower: [], unsettled: 0 });
    expect(best.exact.won).toBe(best.checked);
  }, 60_000);

  it('catches a player that does worsen its value', async () => {
    let mistakes = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const game = await playCheckedGame(new RandomPlayer(seed), new SolverPlayer({ tableSize: 1 << 20 }), seed % 2 === 0, randomOpening(18, seed), judge);
      mistakes += game.mistakes.length;
    }
    expect(mistakes).toBeGreaterThan(0);
  }, 60_000);
});

describe('the perfect player from the empty board, with the shipped books', () => {
  const books = { values: shippedValues(), book: shippedBook() };
  const bookJudge = new Solver({ tableSize: 1 << 20, ...books });

  // Against a random player that opens with 3 random quiet moves (bench:perfect-games' `opponent`
  // openings): the positions of the perfect player's own strategy, answered from the book.
  for (const color of [true, false]) {
    it(`wins as ${color ? 'red' : 'yellow'}, every move keeping its value`, async () => {
      const perfect = new SolverPlayer({ budgetMs: 20_000, tableSize: 1 << 20, ...books });
      const opponent = new RandomOpener(new RandomPlayer(color ? 5 : 6), 3, color ? 7 : 8);
      const game = await playCheckedGame(perfect, opponent, color, '', bookJudge);
      expect(game.mistakes).toEqual([]);
      expect(game.result).toBe(1);
      expect(game.timings.length).toBe(game.checked);
    }, 120_000);
  }
});

describe('RandomOpener', () => {
  it('opens with random quiet moves, told to the player it wraps, then plays that player\'s moves', async () => {
    const played: number[] = [];
    const inner = new RandomPlayer(3);
    const spy = {
      init: (c: boolean) => inner.init(c),
      name: () => 'spy',
      move: () => {
        const col = inner.move();
        played.push(col);
        return col;
      },
      inform: (col: number) => inner.inform(col),
    };
    const opener = new RandomOpener(spy, 4, 9);
    await opener.init(true);
    const p = new Position();
    for (let i = 0; i < 10; i++) {
      if (i % 2 === 0) {
        const col = await opener.move();
        // Its first four moves are quiet (neither winning nor letting the other side win at once).
        if (i / 2 < 4) expect(quietMoves(p)).toContain(col);
        p.play(col);
      } else {
        const col = p.legalMoves()[i % p.legalMoves().length]!;
        await opener.inform(col);
        p.play(col);
      }
    }
    expect(played.length).toBe(1); // of its five moves, only the 5th was the wrapped player's
    expect(opener.name()).toBe('spy');
  });
});
