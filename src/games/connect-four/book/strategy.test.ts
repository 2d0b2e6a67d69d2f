import { describe, expect, it } from 'vitest';
import { Position } from '../position.js';
import { Solver } from '../solver/solver.js';
import { BookFormatError, OpeningBook } from './book.js';
import { SolverPlayer } from '../players/solver-player.js';
import { StrategyBuilder, type WeakValue } from './strategy.js';

// Middle-Easy positions: 26 stones, a win for the side to move (score 2), and 28, a draw (both
// solve in milliseconds); the builders prove their strategies a few plies deep.
const WON = '21253774536432517717274325';
const DRAWN = '2737772244262123677516643354';

function builderFor(depth: number): { builder: StrategyBuilder; leaves: string[] } {
  const solver = new Solver({ tableSize: (1 << 17) + 1 });
  const leaves: string[] = [];
  const builder = new StrategyBuilder({
    depth,
    leafValue: (p, t) => {
      leaves.push(p.toMoves());
      return solver.search(p, { weak: true, atLeast: t });
    },
  });
  return { builder, leaves };
}

/** Plays `column` from `moves` and returns the value of the result for the player who moved. */
function valueAfter(judge: Solver, moves: string, column: number): number {
  const p = Position.fromMoves(moves);
  p.play(column);
  return p.isWin() ? 1 : p.isTie() ? 0 : 0 - judge.solve(p, true);
}

describe('StrategyBuilder', () => {
  it.each([
    ['won', WON, 6],
    ['drawn', DRAWN, 6],
  ])('proves the values of a %s position the solver gives, and every move of the strategy keeps the value', (_name, root, plies) => {
    const start = Position.fromMoves(root);
    const { builder } = builderFor(start.moves + plies);
    const judge = new Solver({ tableSize: (1 << 17) + 1 });
    for (const player of [true, false]) {
      let turns = 0;
      let moves = 0;
      builder.strategy(start, player, (p, value, column) => {
        turns++;
        expect(value, p.toMoves()).toBe(judge.solve(p, true));
        if (column >= 0) {
          moves++;
          // In a lost position any move keeps the value; otherwise it must be exactly kept.
          if (value >= 0) expect(valueAfter(judge, p.toMoves(), column), `${p.toMoves()} ${String(column + 1)}`).toBe(value);
        }
      });
      expect(turns).toBeGreaterThan(3);
      expect(moves).toBeGreaterThan(0);
    }
    // Every exact value it holds is the solver's.
    let checked = 0;
    for (const e of builder.exact()) {
      expect(e.moves).toBeLessThanOrEqual(start.moves + plies);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("leaves are bounded by one null-window search that answers the threshold asked", () => {
    const solver = new Solver({ tableSize: (1 << 17) + 1 });
    const judge = new Solver({ tableSize: (1 << 17) + 1 });
    for (const moves of [WON, DRAWN, '44455554221', '2737772244262123']) {
      const p = Position.fromMoves(moves);
      const value = judge.solve(p, true);
      for (const t of [0, 1] as const) {
        const r = solver.search(p, { weak: true, atLeast: t });
        expect(r.lower >= t || r.upper < t, `${moves} >= ${String(t)}`).toBe(true);
        expect(r.lower).toBeLessThanOrEqual(value);
        expect(r.upper).toBeGreaterThanOrEqual(value);
      }
    }
  });

  it('concludes nothing from unknown leaves: with a third of them missing, every value it proves is still the solver\'s', () => {
    const solver = new Solver({ tableSize: (1 << 17) + 1 });
    let calls = 0;
    const builder = new StrategyBuilder({ depth: Position.fromMoves(WON).moves + 4, leafValue: (p, t) => (calls++ % 3 === 0 ? undefined : solver.search(p, { weak: true, atLeast: t })) });
    const judge = new Solver({ tableSize: (1 << 17) + 1 });
    let visited = 0;
    for (const player of [true, false]) {
      builder.strategy(Position.fromMoves(WON), player, (p, value) => {
        visited++;
        expect(value, p.toMoves()).toBe(judge.solve(p, true));
      });
    }
    expect(calls).toBeGreaterThan(3);
    let exact = 0;
    for (const e of builder.exact()) {
      expect(e.score).toBeGreaterThanOrEqual(-1);
      exact++;
    }
    expect(visited).toBeGreaterThan(0);
    expect(exact).toBeGreaterThan(0);
  });

  it('resumes from known values without calling the solver again, and refuses a contradiction', () => {
    const depth = Position.fromMoves(WON).moves + 4;
    const first = builderFor(depth);
    first.builder.strategy(Position.fromMoves(WON), true);
    expect(first.leaves.length).toBeGreaterThan(0);
    const second = builderFor(depth);
    const judge = new Solver({ tableSize: (1 << 17) + 1 });
    for (const moves of first.leaves) second.builder.know(Position.fromMoves(moves), judge.solve(Position.fromMoves(moves), true) as WeakValue);
    second.builder.strategy(Position.fromMoves(WON), true);
    expect(second.leaves).toEqual([]);
    const leaf = Position.fromMoves(first.leaves[0]!);
    const truth = judge.solve(leaf, true);
    expect(() => second.builder.know(leaf, (truth === 1 ? -1 : 1) as WeakValue)).toThrow(RangeError);
  });
});

describe('a book of values', () => {
  const { builder } = builderFor(Position.fromMoves(WON).moves + 4);
  builder.strategy(Position.fromMoves(WON), true);
  builder.strategy(Position.fromMoves(WON), false);
  const book = OpeningBook.fromEntries(builder.exact(), -1, true);

  it('round-trips through the file format as values, and rejects damage', () => {
    const bytes = book.encode();
    const again = OpeningBook.decode(bytes);
    expect(again.weak).toBe(true);
    expect(again.info()).toEqual(book.info());
    expect([...again.entries()]).toEqual([...book.entries()]);
    const flipped = bytes.slice();
    flipped[bytes.length - 1] = flipped[bytes.length - 1]! ^ 0x01;
    expect(() => OpeningBook.decode(flipped)).toThrow(BookFormatError);
    const kind = bytes.slice();
    kind[9] = 7;
    expect(() => OpeningBook.decode(kind)).toThrow(/kind 7/);
    expect(() => OpeningBook.fromEntries([{ key: 1, score: 2, moves: 1 }], -1, true)).toThrow(RangeError);
  });

  it('lets the solver answer weak solves of its positions at no node, and exact ones as without it', () => {
    const plain = new Solver({ tableSize: (1 << 17) + 1 });
    const withValues = new Solver({ tableSize: (1 << 17) + 1, values: book });
    let held = 0;
    builder.strategy(Position.fromMoves(WON), true, (p) => {
      if (book.score(p) === undefined) return;
      held++;
      const weak = withValues.search(p, { weak: true });
      expect(weak.nodes).toBe(0);
      expect(weak.score).toBe(plain.solve(p, true));
      expect(withValues.solve(p)).toBe(plain.solve(p));
      expect(withValues.bookValue(p)).toBe(book.score(p));
    });
    expect(held).toBeGreaterThan(2);
    expect(() => new Solver({ book })).toThrow(/values/);
  });

  it('gives SolverPlayer the strategy\'s moves: each keeps the value, found from the book', () => {
    const judge = new Solver({ tableSize: (1 << 17) + 1 });
    let played = 0;
    for (const player of [true, false]) {
      builder.strategy(Position.fromMoves(WON), player, (p, value, column) => {
        if (column < 0 || value < 0) return;
        const perfect = new SolverPlayer({ budgetMs: 5_000, tableSize: (1 << 17) + 1, values: book });
        perfect.setPosition(p.toMoves());
        const chosen = perfect.move();
        expect(perfect.lastReport?.perfect).toBe(true);
        const after = p.clone();
        after.play(chosen);
        expect(after.isWin() ? 1 : after.isTie() ? 0 : 0 - judge.solve(after, true), `${p.toMoves()} ${String(chosen + 1)}`).toBe(value);
        played++;
      });
    }
    expect(played).toBeGreaterThan(2);
  });
});
