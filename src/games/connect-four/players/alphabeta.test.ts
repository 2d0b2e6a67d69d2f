import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Position } from '../position.js';
import { ALPHABETA_LEVELS, AlphaBetaPlayer, GRANDMASTER_NODES, TUNED_WEIGHTS, UNTUNED_WEIGHTS, alphaBetaLevel } from './alphabeta.js';
import { positionTerms } from './tuning.js';
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

  it('always answers a legal column', () => {
    fc.assert(
      fc.property(openPositions, (moves) => {
        expect(Position.fromMoves(moves).canPlay(playerAt(moves, 2, 200).move())).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('answers a winning column whenever one exists', () => {
    // Only positions with a win in one: random positions have one rarely (a run of 60 could miss them all).
    const winnable = openPositions.filter((moves) => Position.fromMoves(moves).canWinNext());
    fc.assert(
      fc.property(winnable, (moves) => {
        expect(Position.fromMoves(moves).isWinningMove(playerAt(moves, 2, 200).move())).toBe(true);
      }),
      { numRuns: 40 },
    );
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
    expect(() => new AlphaBetaPlayer({ level: 7 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ budgetMs: -1 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ maxDepth: 0 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ maxNodes: 0 })).toThrow(RangeError);
    expect(() => new AlphaBetaPlayer({ level: 'champion' as 'master' })).toThrow(/expected 1..6 or beginner, casual, club, expert, master, grandmaster/);
    expect(() => new AlphaBetaPlayer({ weights: { ...TUNED_WEIGHTS, threats: 0.5 } })).toThrow(/Invalid evaluation weight threats/);
    const player = new AlphaBetaPlayer({ level: 1 });
    player.init(true);
    expect(() => {
      player.setPosition('11223344'); // a move after red's four
    }).toThrow(RangeError);
    player.setPosition('1122334');
    expect(() => player.move()).toThrow(RangeError);
  });

  it('names its levels beginner .. grandmaster, the numbers 1-6 their aliases', () => {
    expect(ALPHABETA_LEVELS.map((entry) => entry.name)).toEqual(['beginner', 'casual', 'club', 'expert', 'master', 'grandmaster']);
    expect(alphaBetaLevel('grandmaster')).toMatchObject({ level: 6, maxNodes: GRANDMASTER_NODES });
    expect(alphaBetaLevel('club')).toBe(alphaBetaLevel(3));
    expect(alphaBetaLevel('alphabeta-3')).toBeUndefined();
    expect(new AlphaBetaPlayer({ level: 'club' }).name()).toBe('alphabeta-3');
    // Every level is bounded by depth or nodes, so its moves never depend on the clock.
    for (const entry of ALPHABETA_LEVELS) expect(Math.min(entry.maxDepth, entry.maxNodes)).toBeLessThan(Infinity);
  });

  it.each(ALPHABETA_LEVELS.map((entry) => entry.name))('is deterministic at level %s: the same search twice, whatever the clock says, within its node budget', (level) => {
    const entry = alphaBetaLevel(level)!;
    // The grandmaster's search takes about a second: one position for it, where its budget binds.
    for (const moves of entry.name === 'grandmaster' ? ['4453'] : ['', '4453', '44443322']) {
      const reports = [0, 1].map((run) => {
        // Run 0's clock is stopped, run 1's ticks at every reading: only the level's depth or node budget may stop either.
        let tick = 0;
        const player = new AlphaBetaPlayer({ level, now: run === 0 ? () => 0 : () => (tick += 1e-6) });
        player.init(moves.length % 2 === 0);
        player.setPosition(moves);
        return player.search();
      });
      expect(reports[1]).toEqual(reports[0]);
      // The budget is checked every 1,024 positions.
      expect(reports[0]!.nodes).toBeLessThanOrEqual(entry.maxNodes + 1_024);
      if (entry.name === 'grandmaster') {
        expect(reports[0]!.proven).toBe(false);
        expect(reports[0]!.nodes).toBeGreaterThan(entry.maxNodes);
      }
    }
  });

  it('plays differently with the untuned weights (the weights reach the evaluation)', () => {
    const choices = (weights: typeof TUNED_WEIGHTS): number[] =>
      ['', '4453', '44443322', '4455', '3344', '1234567', '776655'].map((moves) => {
        const player = new AlphaBetaPlayer({ level: 'master', maxDepth: 2, weights });
        player.init(moves.length % 2 === 0);
        player.setPosition(moves);
        return player.search().score;
      });
    expect(choices(UNTUNED_WEIGHTS)).not.toEqual(choices(TUNED_WEIGHTS));
  });
});

describe('evaluationTerms', () => {
  it('counts material, threats, threats on the right rows and stacked threats for the side to move', () => {
    // Red on columns 1-3 of the bottom row, yellow twice in column 7; yellow to move.
    // Material: yellow 3 + 4, red 3 + 4 + 5. Red threatens column 4's bottom cell (row 1: not a red row).
    expect(positionTerms(Position.fromMoves('17273'))).toEqual([-5, -1, 0, 0]);
    // Red to move after yellow's 6 (column 6): the same threat, seen from red's side.
    expect(positionTerms(Position.fromMoves('172736'))).toEqual([5 - 4, 1, 0, 0]);
    // Yellow on columns 1-3 of the bottom row and 1-3 of column 7, red on rows 2 and 3 of columns
    // 1-3 and the bottom of column 5; yellow to move. Threats: yellow (4, 1) and (7, 4) — the latter
    // on a yellow row —, red (4, 2) and (4, 3) — stacked, the upper one on a red row.
    expect(positionTerms(Position.fromMoves('5112233717273'))).toEqual([24 - 47, 2 - 2, 1 - 1, 0 - 1]);
  });

  it('is the same for a position and its mirror image', () => {
    const mirror = (moves: string): string => [...moves].map((digit) => String(8 - Number(digit))).join('');
    fc.assert(
      fc.property(openPositions, (moves) => {
        expect(positionTerms(Position.fromMoves(mirror(moves)))).toEqual(positionTerms(Position.fromMoves(moves)));
      }),
      { numRuns: 200 },
    );
  });
});
