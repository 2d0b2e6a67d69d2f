import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CELLS, HEIGHT, LO_COLUMNS, MoveSequenceError, Position, WIDTH, bottomBit, hasFour, winningHi, winningLo } from './position.js';

/**
 * An independent, deliberately naive reference: a 2-D array and a scan of all four directions
 * around the last stone. The bitboard engine must agree with it on every random game.
 */
class NaiveBoard {
  readonly cells: (boolean | null)[][] = Array.from({ length: WIDTH }, () => Array<boolean | null>(HEIGHT).fill(null));
  moves = 0;
  won = false;

  canPlay(col: number): boolean {
    return !this.won && this.cells[col]![HEIGHT - 1] === null;
  }

  play(col: number): void {
    const colour = this.moves % 2 === 0;
    const row = this.cells[col]!.indexOf(null);
    this.cells[col]![row] = colour;
    this.moves++;
    for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]] as const) {
      let run = 1;
      for (const sign of [1, -1]) {
        let c = col + sign * dc;
        let r = row + sign * dr;
        while (c >= 0 && c < WIDTH && r >= 0 && r < HEIGHT && this.cells[c]![r] === colour) {
          run++;
          c += sign * dc;
          r += sign * dr;
        }
      }
      if (run >= 4) this.won = true;
    }
  }
}

/** Number of move sequences of `depth` plies (a game stops at a win), and the distinct positions. */
function perft(p: Position, depth: number, keys?: Set<number>): number {
  if (depth === 0) {
    keys?.add(p.key());
    return 1;
  }
  if (p.isGameOver()) return 0;
  let n = 0;
  for (let col = 0; col < WIDTH; col++) {
    if (!p.canPlay(col)) continue;
    p.playUnchecked(col);
    n += perft(p, depth - 1, keys);
    p.undo();
  }
  return n;
}

describe('Position', () => {
  it('starts empty with red to move and all seven columns open', () => {
    const p = new Position();
    expect(p.moves).toBe(0);
    expect(p.turn).toBe(true);
    expect(p.legalMoves()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(p.isGameOver()).toBe(false);
    expect(p.toString()).toBe(['. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '1 2 3 4 5 6 7'].join('\n'));
  });

  it('drops stones to the lowest empty cell and alternates colours', () => {
    const p = Position.fromMoves('4453');
    expect(p.toString()).toBe(['. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . . . . .', '. . . O . . .', '. . O X X . .', '1 2 3 4 5 6 7'].join('\n'));
    expect(p.cell(3, 0)).toBe(true);
    expect(p.cell(3, 1)).toBe(false);
    expect(p.cell(2, 0)).toBe(false);
    expect(p.cell(3, 2)).toBe(null);
    expect(p.height(3)).toBe(2);
    expect(p.turn).toBe(true);
    expect(p.toMoves()).toBe('4453');
    expect(p.history()).toEqual([3, 3, 4, 2]);
  });

  it('detects a four in every direction, at the edges and across the word boundary', () => {
    expect(Position.fromMoves('1212121').isWin()).toBe(true); // vertical, bottom-left corner
    expect(Position.fromMoves('777171717').isWin()).toBe(true); // vertical, top-right corner
    expect(Position.fromMoves('1122334').isWin()).toBe(true); // bottom row, left edge
    expect(Position.fromMoves('4455667').isWin()).toBe(true); // bottom row, right edge
    expect(Position.fromMoves('3344556').isWin()).toBe(true); // columns 3..6 span both words
    expect(Position.fromMoves('1223433474').isWin()).toBe(false);
    expect(Position.fromMoves('12234334744').isWin()).toBe(true); // rising diagonal from the corner
    expect(Position.fromMoves('76654554144').isWin()).toBe(true); // falling diagonal to the corner
  });

  it('finds every one of the 69 lines of four, and the missing cell of each', () => {
    const lines: [number, number][][] = [];
    for (let col = 0; col < WIDTH; col++) {
      for (let row = 0; row < HEIGHT; row++) {
        for (const [dc, dr] of [[1, 0], [0, 1], [1, 1], [1, -1]] as const) {
          const cells = [0, 1, 2, 3].map((i): [number, number] => [col + i * dc, row + i * dr]);
          if (cells.every(([c, r]) => c >= 0 && c < WIDTH && r >= 0 && r < HEIGHT)) lines.push(cells);
        }
      }
    }
    expect(lines).toHaveLength(69);
    const words = (cells: [number, number][]): [number, number] => {
      let lo = 0;
      let hi = 0;
      for (const [c, r] of cells) {
        if (c < LO_COLUMNS) lo |= bottomBit(c) << r;
        else hi |= bottomBit(c) << r;
      }
      return [lo, hi];
    };
    for (const line of lines) {
      const [lo, hi] = words(line);
      expect(hasFour(lo, hi)).toBe(true);
      const vertical = line[0]![0] === line[1]![0];
      for (let missing = 0; missing < 4; missing++) {
        const three = line.filter((_, i) => i !== missing);
        const [lo3, hi3] = words(three);
        expect(hasFour(lo3, hi3)).toBe(false);
        // With only those three stones on the board, the missing cell is a winning spot (a vertical
        // line can only be completed at the top: stones never float).
        if (vertical && missing !== 3) continue;
        const [spotLo, spotHi] = words([line[missing]!]);
        expect(winningLo(lo3, hi3, lo3) & spotLo).toBe(spotLo);
        expect(winningHi(lo3, hi3, hi3) & spotHi).toBe(spotHi);
      }
    }
  });

  it('agrees with a naive array board on wins, ties and legality in random games', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: WIDTH - 1 }), { minLength: 1, maxLength: 200 }), (choices) => {
        const p = new Position();
        const naive = new NaiveBoard();
        for (const choice of choices) {
          if (p.isGameOver()) break;
          for (let col = 0; col < WIDTH; col++) expect(p.canPlay(col)).toBe(naive.canPlay(col));
          const legal = p.legalMoves();
          const col = legal[choice % legal.length]!;
          const expectWin = (() => {
            const probe = new NaiveBoard();
            for (const c of p.history()) probe.play(c);
            probe.play(col);
            return probe.won;
          })();
          expect(p.isWinningMove(col)).toBe(expectWin);
          p.play(col);
          naive.play(col);
          expect(p.isWin()).toBe(naive.won);
          for (let c = 0; c < WIDTH; c++) for (let r = 0; r < HEIGHT; r++) expect(p.cell(c, r)).toBe(naive.cells[c]![r]);
        }
        expect(p.isTie()).toBe(!naive.won && naive.moves === CELLS);
      }),
      { numRuns: 300 },
    );
  });

  it('ends in a tie when the board fills without a four', () => {
    // Columns filled in pairs 1,2 / 3,4 / 5,6 with the colour pattern shifted, then column 7.
    const p = Position.fromMoves('121212' + '212121' + '343434' + '434343' + '565656' + '656565' + '777777');
    expect(p.moves).toBe(CELLS);
    expect(p.isWin()).toBe(false);
    expect(p.isTie()).toBe(true);
    expect(p.isGameOver()).toBe(true);
    expect(p.legalMoves()).toEqual([]);
    expect(p.returns(0)).toBe(0);
    expect(p.returns(1)).toBe(0);
  });

  it('undo restores the previous position exactly', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: WIDTH - 1 }), { maxLength: 42 }), (choices) => {
        const p = new Position();
        const snapshots: [string, number, string][] = [];
        for (const choice of choices) {
          const legal = p.legalMoves();
          if (legal.length === 0) break;
          snapshots.push([p.toString(), p.key(), p.toMoves()]);
          p.play(legal[choice % legal.length]!);
        }
        while (snapshots.length > 0) {
          const [picture, key, moves] = snapshots.pop()!;
          p.undo();
          expect([p.toString(), p.key(), p.toMoves(), p.isWin()]).toEqual([picture, key, moves, false]);
        }
        expect(() => p.undo()).toThrow(RangeError);
      }),
    );
  });

  it('counts move sequences and distinct positions by depth (perft)', () => {
    // Nothing can end a game before ply 7, so depths 1..6 are 7^n; at ply 7 only the seven
    // "all seven stones in one column" sequences are impossible (a four needs 4 red stones, and
    // red's fourth stone is the 7th ply, which ends but still counts the sequence).
    const counts = [1, 2, 3, 4, 5, 6].map((d) => perft(new Position(), d));
    expect(counts).toEqual([7, 49, 343, 2401, 16807, 117649]);
    expect(perft(new Position(), 7)).toBe(7 ** 7 - 7);
    // Distinct positions after n plies (OEIS A212693: 1, 7, 49, 238, 1120, 4263, 16422).
    const distinct = [0, 1, 2, 3, 4, 5, 6].map((d) => {
      const keys = new Set<number>();
      perft(new Position(), d, keys);
      return keys.size;
    });
    expect(distinct).toEqual([1, 7, 49, 238, 1120, 4263, 16422]);
  });

  it('gives equal keys exactly to equal positions', () => {
    expect(Position.fromMoves('4453').key()).toBe(Position.fromMoves('4354').key());
    expect(Position.fromMoves('4453').key()).not.toBe(Position.fromMoves('5443').key());
    expect(Position.fromMoves('1').key()).not.toBe(Position.fromMoves('2').key());
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }), fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 30 }), (a, b) => {
        const play = (choices: number[]): Position => {
          const p = new Position();
          for (const c of choices) {
            const legal = p.legalMoves();
            if (legal.length === 0) break;
            p.play(legal[c % legal.length]!);
          }
          return p;
        };
        const pa = play(a);
        const pb = play(b);
        expect(pa.key() === pb.key()).toBe(pa.toString() === pb.toString());
        expect(Number.isSafeInteger(pa.key())).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('parses move strings and names the bad character, changing nothing', () => {
    const p = Position.fromMoves('44');
    const fail = (moves: string): MoveSequenceError => {
      try {
        p.playSequence(moves);
      } catch (error) {
        expect(error).toBeInstanceOf(MoveSequenceError);
        return error as MoveSequenceError;
      }
      throw new Error(`'${moves}' was accepted`);
    };
    expect(fail('5 3').message).toBe("' ' at position 2 is not a column 1-7");
    expect(fail('580').message).toBe("'8' at position 2 is not a column 1-7");
    expect(fail('0').index).toBe(0);
    expect(fail('44444').message).toBe('column 4 is full at position 5');
    expect(fail('12121212').message).toBe('move 2 at position 8 comes after the game was won');
    expect(p.toMoves()).toBe('44');
    expect(p.isWin()).toBe(false);
    expect(Position.fromMoves('').moves).toBe(0);
  });

  it('parses a move string exactly as playing it move by move would (its fast path tests wins once, at the end)', () => {
    // Strings biased towards playable ones: mostly digits 1-7, sometimes 0, 8 or a letter; long
    // enough to fill columns and to win (or to go on after a win).
    const move = fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 1, max: 7 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom('0', '8', 'x') });
    fc.assert(
      fc.property(fc.array(move, { maxLength: 44 }).map((moves) => moves.join('')), fc.integer({ min: 0, max: 3 }), (moves, prefix) => {
        const start = Position.fromMoves('4455'.slice(0, prefix));
        const parsed = start.clone();
        const stepped = start.clone();
        let error: string | null = null;
        let steppedError: string | null = null;
        try {
          parsed.playSequence(moves);
        } catch (e) {
          error = (e as Error).message;
        }
        for (let i = 0; i < moves.length && steppedError === null; i++) {
          const col = moves.charCodeAt(i) - 49;
          if (col < 0 || col >= WIDTH) steppedError = `'${moves[i]!}' at position ${String(i + 1)} is not a column 1-7`;
          else if (stepped.isWin()) steppedError = `move ${moves[i]!} at position ${String(i + 1)} comes after the game was won`;
          else if (!stepped.canPlay(col)) steppedError = `column ${moves[i]!} is full at position ${String(i + 1)}`;
          else stepped.play(col);
        }
        expect(error).toBe(steppedError);
        const expected = steppedError === null ? stepped : start;
        expect(parsed.toMoves()).toBe(expected.toMoves());
        expect(parsed.key()).toBe(expected.key());
        expect(parsed.isWin()).toBe(expected.isWin());
        expect(parsed.moves).toBe(expected.moves);
      }),
      { numRuns: 3000 },
    );
  });

  it('rejects illegal moves with a RangeError and changes nothing', () => {
    const p = Position.fromMoves('444444');
    const before = p.toString();
    for (const bad of [-1, 7, 3, 1.5, Number.NaN]) {
      expect(p.canPlay(bad)).toBe(false);
      expect(() => {
        p.play(bad);
      }).toThrow(RangeError);
    }
    expect(p.toString()).toBe(before);
    const won = Position.fromMoves('1212121');
    expect(won.winner()).toBe(true);
    expect(won.legalMoves()).toEqual([]);
    expect(() => {
      won.play(3);
    }).toThrow(/after the game was won/);
  });

  it('knows when the side to move can win at once', () => {
    expect(Position.fromMoves('121212').canWinNext()).toBe(true);
    expect(Position.fromMoves('121212').isWinningMove(0)).toBe(true);
    expect(Position.fromMoves('121212').isWinningMove(1)).toBe(false);
    expect(Position.fromMoves('12121').canWinNext()).toBe(false);
    expect(Position.fromMoves('1212123').canWinNext()).toBe(true); // yellow: column 2
    expect(Position.fromMoves('4455').canWinNext()).toBe(false);
  });

  it('clones independently', () => {
    const p = Position.fromMoves('4453');
    const q = p.clone();
    q.play(0);
    expect(p.toMoves()).toBe('4453');
    expect(q.toMoves()).toBe('44531');
    expect(q.clone().toString()).toBe(q.toString());
  });
});
