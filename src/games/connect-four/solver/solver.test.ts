import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Position } from '../position.js';
import { TEST_SETS, parseTestSet, type TestPosition, type TestSetId } from '../testdata/test-sets.js';
import { OpeningBook, canonicalKey } from '../book/book.js';
import { MAX_SCORE, MIN_SCORE, Solver } from './solver.js';
import { TranspositionTable, isPrime, nextPrime } from './transposition-table.js';

const TESTDATA = new URL('../testdata/', import.meta.url);

function load(id: TestSetId): TestPosition[] {
  const set = TEST_SETS.find((s) => s.id === id)!;
  return parseTestSet(readFileSync(new URL(set.file, TESTDATA), 'utf8'));
}

/** `count` positions spread evenly over the file (every k-th line), or all of them. */
function sample(positions: TestPosition[], count: number): TestPosition[] {
  if (count >= positions.length) return positions;
  const step = positions.length / count;
  return Array.from({ length: count }, (_, i) => positions[Math.floor(i * step)]!);
}

// The sample CI runs (the whole 6000, strong and weak: `npm run solve:all`). Sized to keep this
// file well under a minute on a busy 2-core machine.
const SAMPLE: readonly [TestSetId, number][] = [
  ['end-easy', 1000],
  ['middle-easy', 1000],
  ['middle-medium', 120],
  ['begin-easy', 300],
  ['begin-medium', 8],
];

// One solver per mode, its table kept across positions: the table holds only true bounds, so
// reusing it must never change a score (this also tests that).
const strong = new Solver();
const weak = new Solver();

describe('Solver on Pascal Pons’ test sets', () => {
  for (const [id, count] of SAMPLE) {
    const positions = sample(load(id), count);
    it(`solves ${String(positions.length)} ${id} positions exactly (strong)`, () => {
      const wrong = positions.filter((p) => strong.solve(Position.fromMoves(p.moves)) !== p.score);
      expect(wrong).toEqual([]);
    });
    it(`solves ${String(positions.length)} ${id} positions exactly (weak)`, () => {
      const wrong = positions.filter((p) => weak.solve(Position.fromMoves(p.moves), true) !== Math.sign(p.score));
      expect(wrong).toEqual([]);
    });
  }

  it('has test files with 1000 well-formed positions each', () => {
    for (const set of TEST_SETS) {
      const positions = load(set.id);
      expect(positions).toHaveLength(1000);
      for (const p of positions.slice(0, 50)) {
        const position = Position.fromMoves(p.moves);
        expect(position.isGameOver()).toBe(false);
        expect(p.score).toBeGreaterThanOrEqual(MIN_SCORE);
        expect(p.score).toBeLessThanOrEqual(MAX_SCORE);
      }
    }
    expect(() => parseTestSet('44 1\n4x 2\n')).toThrow(/line 2/);
  });
});

describe('Solver', () => {
  it('follows the public score convention', () => {
    expect([MIN_SCORE, MAX_SCORE]).toEqual([-18, 18]);
    expect(strong.solve(Position.fromMoves('4455'))).toBe(18); // red wins with its 4th stone
    expect(strong.solve(Position.fromMoves('44455554221'))).toBe(-15);
    expect(strong.solve(Position.fromMoves('4455'), true)).toBe(1);
    expect(strong.solve(Position.fromMoves('44455554221'), true)).toBe(-1);
    // An immediate win with the k-th stone scores 22 - k: red's 4th stone here.
    expect(strong.solve(Position.fromMoves('121212'))).toBe(18);
  });

  it('scores the last empty cell of an otherwise full board: a draw', () => {
    const almostFull = Position.fromMoves('121212' + '212121' + '343434' + '434343' + '565656' + '656565' + '77777');
    expect(almostFull.moves).toBe(41);
    expect(strong.solve(almostFull)).toBe(0);
    expect(strong.analyze(almostFull)).toEqual([null, null, null, null, null, null, 0]);
  });

  it('analyzes every column: the best column scores the position, full columns are null', () => {
    const positions = [...sample(load('middle-easy'), 10), ...sample(load('end-easy'), 40)];
    for (const { moves, score } of positions) {
      const position = Position.fromMoves(moves);
      const scores = strong.analyze(position);
      expect(scores).toHaveLength(7);
      for (let col = 0; col < 7; col++) expect(scores[col] === null).toBe(!position.canPlay(col));
      expect(Math.max(...scores.map((s) => s ?? -Infinity))).toBe(score);
      expect(position.toMoves()).toBe(moves); // unchanged
      const signs = weak.analyze(position, true);
      expect(signs).toEqual(scores.map((s) => (s === null ? null : Math.sign(s))));
    }
    // A column that wins at once scores 22 - (the winner's stone count). End-games keep the
    // other columns quick to solve.
    // (The test sets hold no immediate wins, so take a child that allows one.)
    const late = load('end-easy')
      .flatMap((p) => [1, 2, 3, 4, 5, 6, 7].map((col) => `${p.moves}${String(col)}`))
      .map((moves) => {
        try {
          return Position.fromMoves(moves);
        } catch {
          return null; // a full column
        }
      })
      .find((p) => p !== null && !p.isGameOver() && p.canWinNext())!;
    const winning = late.legalMoves().find((col) => late.isWinningMove(col))!;
    expect(strong.analyze(late)[winning]).toBe((43 - late.moves) >> 1);
  });

  it('reset forgets both tables: a position is searched again at the cost of the first time', () => {
    // A Middle-Medium position's search spans both levels of the table (under and over 22 stones).
    const p = Position.fromMoves(load('middle-medium').find((t) => t.moves.length < 20)!.moves);
    const solver = new Solver({ tableSize: (1 << 17) + 1 });
    const first = solver.search(p);
    expect(first.nodes).toBeGreaterThan(1000);
    expect(solver.search(p).nodes).toBeLessThan(first.nodes); // the table answers at once
    solver.reset();
    expect(solver.nodes).toBe(0);
    expect(solver.search(p)).toEqual(first);
  });

  it('refuses a finished game', () => {
    expect(() => strong.solve(Position.fromMoves('1212121'))).toThrow(RangeError);
    expect(() => strong.analyze(Position.fromMoves('1212121'))).toThrow(RangeError);
  });
});

/** Plain negamax over every move, no pruning, no bitboard tricks: an independent oracle. */
function naiveScore(p: Position): number {
  if (p.moves === 42) return 0;
  let best = -Infinity;
  for (const col of p.legalMoves()) {
    if (p.isWinningMove(col)) return (43 - p.moves) >> 1; // 22 - the mover's stone count after it
    p.play(col);
    best = Math.max(best, -naiveScore(p));
    p.undo();
  }
  return best;
}

describe('Solver against a plain negamax', () => {
  it('agrees on random late positions (any position, not only the test sets’ kind)', () => {
    const solver = new Solver({ tableSize: 1 << 20 });
    let checked = 0;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 60, maxLength: 60 }), fc.integer({ min: 32, max: 40 }), (choices, plies) => {
        // Random moves that neither win nor let the opponent win at once (when there are such
        // moves), so that most games reach the wanted length with something left to decide.
        const p = new Position();
        const givesWin = (col: number): boolean => {
          p.play(col);
          const answer = p.canWinNext();
          p.undo();
          return answer;
        };
        for (const c of choices) {
          if (p.moves === plies) break;
          const quiet = p.legalMoves().filter((col) => !p.isWinningMove(col));
          const safe = quiet.filter((col) => !givesWin(col));
          const pool = safe.length > 0 ? safe : quiet;
          if (pool.length === 0) break;
          p.play(pool[c % pool.length]!);
        }
        if (p.isGameOver() || p.canWinNext()) return;
        checked++;
        const expected = naiveScore(p) | 0;
        expect(solver.solve(p)).toBe(expected);
        expect(solver.solve(p, true)).toBe(Math.sign(expected));
        const columns = solver.analyze(p);
        expect(Math.max(...columns.map((s) => s ?? -Infinity))).toBe(expected);
        const best = new Solver({ tableSize: (1 << 17) + 1 }).bestMove(p);
        expect(best).toMatchObject({ score: expected, complete: true });
        expect(columns[best.column]).toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});

describe('Solver.quickScore (a line solved in one call of the search)', () => {
  /** What quickScore should give: solve's score where the line is a playable position it may answer, else undefined. */
  function expectedQuick(solver: Solver, line: string, minStones: number, bookDepth: number): number | undefined {
    if (!/^[1-7]*$/.test(line) || line.length < minStones || line.length <= bookDepth) return undefined;
    let position: Position;
    try {
      position = Position.fromMoves(line);
    } catch {
      return undefined;
    }
    return position.isGameOver() ? undefined : solver.solve(position);
  }

  it('gives solve\'s score for every playable line from minStones stones, and nothing for any other line', () => {
    const quick = new Solver({ tableSize: 1 << 20 });
    const reference = new Solver({ tableSize: 1 << 20 });
    let answered = 0;
    fc.assert(
      fc.property(
        // A game of quiet random moves (none wins or gives a win at once, where there is one) to
        // 20-40 stones, sometimes changed at one place: a character put in (a digit, which may
        // fill a column or end the game, or another character), or the line cut short.
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 44, maxLength: 44 }),
        fc.integer({ min: 20, max: 40 }),
        fc.option(fc.record({ at: fc.nat(), put: fc.constantFrom(...'1234567', '0', '8', '-', ' ', 'é', '\r', '') })),
        fc.integer({ min: 0, max: 30 }),
        (choices, plies, change, minStones) => {
          const p = new Position();
          for (const c of choices) {
            if (p.moves === plies) break;
            const quiet = p.legalMoves().filter((col) => !p.isWinningMove(col));
            const safe = quiet.filter((col) => {
              p.play(col);
              const givesWin = p.canWinNext();
              p.undo();
              return !givesWin;
            });
            const pool = safe.length > 0 ? safe : quiet;
            if (pool.length === 0) break;
            p.play(pool[c % pool.length]!);
          }
          let line = p.toMoves();
          if (change !== null) {
            const at = change.at % (line.length + 1);
            line = change.put === '' ? line.slice(0, at) : line.slice(0, at) + change.put + line.slice(at);
          }
          // Solves of fewer than 20 stones can take long: those lines ask for at least 20.
          const asked = line.length < 20 ? Math.max(minStones, 20) : minStones;
          const expected = expectedQuick(reference, line, asked, -1);
          expect(quick.quickScore(line, asked), line).toBe(expected);
          if (expected !== undefined) answered++;
        },
      ),
      { numRuns: 600 },
    );
    expect(answered).toBeGreaterThan(30);
    // Pons' End-Easy set, each line as `solve` gets it.
    const endEasy = load('end-easy').slice(0, 200);
    expect(endEasy.map((p) => quick.quickScore(p.moves))).toEqual(endEasy.map((p) => p.score));
  });

  it('leaves the positions a book may hold to the general path', () => {
    // A book reaching 12 stones (its one score made up: only its depth matters here).
    const book = OpeningBook.fromEntries([{ key: canonicalKey(Position.fromMoves('444444323232')), score: 0, moves: 12 }]);
    const solver = new Solver({ tableSize: 1 << 18, book });
    const past = Position.fromMoves('44444432323277');
    expect(solver.quickScore('44444432323277')).toBe(new Solver({ tableSize: 1 << 18 }).solve(past)); // 14 stones: past the book
    expect(solver.quickScore('444444323277')).toBeUndefined(); // 12 stones: the book may hold it
    // Fewer stones than asked; four before the last stone; a game the last stone ends; a full
    // column; more stones than cells; the empty board's "-".
    expect(solver.quickScore('44444432323277', 15)).toBeUndefined();
    expect(solver.quickScore('1212121' + '3'.repeat(13))).toBeUndefined();
    expect(solver.quickScore('1212121')).toBeUndefined();
    expect(solver.quickScore('1111111')).toBeUndefined();
    expect(solver.quickScore('1'.repeat(50))).toBeUndefined();
    expect(solver.quickScore('-')).toBeUndefined();
  });
});

describe('Solver.search within a budget', () => {
  const hard = load('begin-medium')[0]!;

  it('stops on a node budget with bounds that hold the true score, and the table stays sound', () => {
    const solver = new Solver({ tableSize: 1 << 20 });
    for (const maxNodes of [1, 5_000, 20_000]) {
      const r = solver.search(Position.fromMoves(hard.moves), { maxNodes });
      expect(r.complete).toBe(false);
      expect(r.score).toBeNull();
      expect(r.nodes).toBeLessThanOrEqual(maxNodes);
      expect(r.lower).toBeLessThanOrEqual(hard.score);
      expect(r.upper).toBeGreaterThanOrEqual(hard.score);
    }
    // What the aborted searches stored must not mislead the full search.
    const full = solver.search(Position.fromMoves(hard.moves));
    expect(full).toMatchObject({ score: hard.score, lower: hard.score, upper: hard.score, complete: true });
  });

  it('is deterministic on a node budget', () => {
    const a = new Solver({ tableSize: 1 << 20 }).search(Position.fromMoves(hard.moves), { maxNodes: 30_000 });
    const b = new Solver({ tableSize: 1 << 20 }).search(Position.fromMoves(hard.moves), { maxNodes: 30_000 });
    expect(a).toEqual(b);
  });

  it('stops at once when the deadline has passed', () => {
    const r = strong.search(Position.fromMoves('4'), { deadline: performance.now() - 1 });
    expect(r.complete).toBe(false);
    expect(r.nodes).toBe(0);
    expect(r.lower).toBeLessThanOrEqual(r.upper);
  });

  it('reports weak bounds as signs', () => {
    const r = new Solver({ tableSize: 1 << 20 }).search(Position.fromMoves(hard.moves), { weak: true, maxNodes: 2_000 });
    expect(r.lower).toBeGreaterThanOrEqual(-1);
    expect(r.upper).toBeLessThanOrEqual(1);
    expect(r.lower).toBeLessThanOrEqual(Math.sign(hard.score));
    expect(r.upper).toBeGreaterThanOrEqual(Math.sign(hard.score));
  });
});

describe('Solver.search from a known lower bound (knownLower)', () => {
  // Each column of a position whose score is known, searched from the bound the score gives it.
  const positions = sample(load('middle-medium'), 40);

  function columnSearches(solver: Solver, known: boolean): { scores: (number | null)[]; nodes: number } {
    const start = solver.nodes;
    const scores: (number | null)[] = [];
    for (const { moves, score } of positions) {
      const position = Position.fromMoves(moves);
      for (let column = 0; column < 7; column++) {
        if (!position.canPlay(column) || position.isWinningMove(column)) continue;
        const child = position.clone();
        child.playUnchecked(column);
        if (child.isGameOver()) continue;
        scores.push(solver.search(child, known ? { knownLower: -score } : {}).score);
      }
    }
    return { scores, nodes: solver.nodes - start };
  }

  it('gives every child its exact score, with fewer nodes than without the bound', () => {
    const plain = columnSearches(new Solver({ tableSize: 1 << 20 }), false);
    const bounded = columnSearches(new Solver({ tableSize: 1 << 20 }), true);
    expect(bounded.scores).toEqual(plain.scores);
    expect(bounded.nodes).toBeLessThan(plain.nodes);
  });

  it('on a budget, reports bounds that hold the true score and start at the known bound', () => {
    const { moves, score } = load('begin-medium')[0]!;
    const position = Position.fromMoves(moves);
    const child = position.clone();
    child.playUnchecked(3);
    const exact = new Solver().solve(child);
    const r = new Solver({ tableSize: 1 << 20 }).search(child, { knownLower: -score, maxNodes: 20_000 });
    expect(r.lower).toBeGreaterThanOrEqual(-score);
    expect(r.lower).toBeLessThanOrEqual(exact);
    expect(r.upper).toBeGreaterThanOrEqual(exact);
  });
});

describe('Solver weak solves: the quick-result probes', () => {
  it('give the same signs whatever their budget (none, abandoned at once, abandoned later, default)', () => {
    // Budgets of 1 and 3,000 nodes make most probes on these sets run out and be abandoned.
    const positions = [...sample(load('begin-easy'), 40), ...sample(load('middle-medium'), 20)];
    for (const quickProbeNodes of [0, 1, 3_000, undefined]) {
      const solver = new Solver({ tableSize: 1 << 20, ...(quickProbeNodes === undefined ? {} : { quickProbeNodes }) });
      const wrong = positions.filter((p) => solver.solve(Position.fromMoves(p.moves), true) !== Math.sign(p.score));
      expect(wrong, `quickProbeNodes ${String(quickProbeNodes)}`).toEqual([]);
    }
  });

  it('respect the caller’s node budget, with sound bounds', () => {
    const quickWin = load('begin-easy').find((p) => p.score >= 10)!;
    const completed: number[] = [];
    for (const maxNodes of [1, 100, 1_000, 10_000, 100_000]) {
      for (const quickProbeNodes of [50, 5_000]) {
        const solver = new Solver({ tableSize: 1 << 20, quickProbeNodes });
        const r = solver.search(Position.fromMoves(quickWin.moves), { weak: true, maxNodes });
        expect(r.nodes).toBeLessThanOrEqual(maxNodes);
        expect(r.lower).toBeLessThanOrEqual(1);
        expect(r.upper).toBe(1);
        if (r.complete) {
          expect(r.score).toBe(1);
          completed.push(maxNodes);
        } else expect(r.score).toBeNull();
      }
    }
    // The largest budget finishes the weak search, so the score half is exercised too.
    expect(completed).toContain(100_000);
  });

  it('rejects a budget that is not a whole number >= 0', () => {
    expect(() => new Solver({ tableSize: 1 << 10, quickProbeNodes: -1 })).toThrow(RangeError);
    expect(() => new Solver({ tableSize: 1 << 10, quickProbeNodes: 1.5 })).toThrow(RangeError);
  });
});

describe('Solver.bestMove', () => {
  it('plays a perfect move when it completes', () => {
    for (const { moves, score } of sample(load('middle-easy'), 30)) {
      const position = Position.fromMoves(moves);
      const best = strong.bestMove(position);
      expect(best.complete).toBe(true);
      expect(best.score).toBe(score);
      expect(strong.analyze(position)[best.column]).toBe(score);
    }
  });

  it('weak: plays a move that keeps the value (win, draw or loss) when it completes', () => {
    for (const { moves, score } of [...sample(load('middle-easy'), 20), ...sample(load('begin-easy'), 5)]) {
      const position = Position.fromMoves(moves);
      const best = weak.bestMove(position, { weak: true });
      expect(best.complete).toBe(true);
      expect(best.score).toBe(Math.sign(score));
      const child = position.clone();
      child.play(best.column);
      expect(child.isWin() ? 1 : child.isTie() ? 0 : 0 - weak.solve(child, true)).toBe(Math.sign(score));
    }
  });

  it('keeps the caller’s budget when a strategy book answers the position itself (its children are probed under it)', () => {
    // A book holding only the root: the root's value comes from it, every child must be searched.
    const { moves } = load('middle-medium').find((t) => t.score > 0)!;
    const position = Position.fromMoves(moves);
    const values = OpeningBook.fromEntries([{ key: canonicalKey(position), score: 1, moves: position.moves }], -1, true);
    const fresh = new Solver({ tableSize: (1 << 17) + 1, values });
    const best = fresh.bestMove(position, { weak: true, maxNodes: 300 });
    expect(best.nodes).toBeLessThanOrEqual(300);
    expect(position.canPlay(best.column)).toBe(true);
    // A second call after an unbounded one: the old limits must not leak either.
    fresh.search(Position.fromMoves(load('end-easy')[0]!.moves), {});
    expect(fresh.bestMove(position, { weak: true, maxNodes: 300 }).nodes).toBeLessThanOrEqual(300);
  });

  it('on a tiny budget still plays a legal column and never one that loses at once when another does not', () => {
    const exercised = { safeExists: 0, winExists: 0 };
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 20 }), (choices) => {
        const position = new Position();
        for (const c of choices) {
          const legal = position.legalMoves();
          if (legal.length === 0 || position.canWinNext()) break;
          position.play(legal[c % legal.length]!);
        }
        if (position.isGameOver()) return;
        const solver = new Solver({ tableSize: (1 << 17) + 1 });
        const { column, nodes } = solver.bestMove(position, { maxNodes: 50 });
        expect(nodes).toBeLessThanOrEqual(50);
        expect(position.canPlay(column)).toBe(true);
        const losesAtOnce = (col: number): boolean => {
          if (position.isWinningMove(col)) return false;
          const child = position.clone();
          child.play(col);
          return !child.isGameOver() && child.canWinNext();
        };
        if (position.legalMoves().some((col) => !losesAtOnce(col))) {
          expect(losesAtOnce(column)).toBe(false);
          exercised.safeExists++;
        }
        if (position.canWinNext()) {
          expect(position.isWinningMove(column)).toBe(true);
          exercised.winExists++;
        }
      }),
      // The example stops where the side to move has a win in one (three stones in column 0).
      { numRuns: 40, examples: [[[0, 1, 0, 1, 0, 1]]] },
    );
    // Both halves of the property ran on some positions.
    expect(exercised.safeExists).toBeGreaterThan(0);
    expect(exercised.winExists).toBeGreaterThan(0);
  });
});

describe('TranspositionTable', () => {
  it('has a prime size and reduces 49-bit keys exactly', () => {
    expect([2, 3, 5, 7, 8388617].every(isPrime)).toBe(true);
    expect([1, 4, 9, 8388608].some(isPrime)).toBe(false);
    expect(nextPrime(1 << 23)).toBe(8388617);
    const table = new TranspositionTable((1 << 17) + 1);
    expect(isPrime(table.size)).toBe(true);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 49n) - 1n }), (key) => {
        expect(table.index(Number(key))).toBe(Number(key % BigInt(table.size)));
      }),
      { numRuns: 2000 },
    );
    // Keys right next to multiples of the size, where the rounded quotient is most likely off.
    for (const k of [1, 2, 1000, 2 ** 30, 2 ** 31 + 5]) {
      for (const d of [-1, 0, 1]) {
        const key = k * table.size + d;
        expect(key >= 0 && key < 2 ** 49).toBe(true); // every probe is a valid 49-bit key
        expect(table.index(key)).toBe(Number(BigInt(key) % BigInt(table.size)));
      }
    }
  });

  it('left untouched at construction (prefaultTable: false), searches exactly as one written through', () => {
    const size = (1 << 17) + 1;
    const untouched = new Solver({ tableSize: size, prefaultTable: false });
    const touched = new Solver({ tableSize: size });
    // Untouched: nothing was written (the zero pages), unlike the default's keys of -1.
    expect(untouched.table.keys.every((key) => key === 0)).toBe(true);
    expect(touched.table.keys.every((key) => key === -1)).toBe(true);
    for (const { moves, score } of sample(load('middle-medium'), 6)) {
      const position = Position.fromMoves(moves);
      const [a, b] = [untouched.search(position), touched.search(position)];
      expect(a).toEqual(b);
      expect(a.score).toBe(score);
    }
  });

  it('rejects sizes it cannot key uniquely', () => {
    expect(() => new TranspositionTable(1000)).toThrow(RangeError);
    expect(() => new Solver({ tableSize: 1000 })).toThrow(RangeError);
  });

  it("is where the WebAssembly search reads and writes it: a position's bound is found at index(key), reset empties it", () => {
    const solver = new Solver({ tableSize: (1 << 17) + 1 });
    // The first 18 stones of Middle-Easy's first line (fewer than 22 stones: the large table).
    const position = Position.fromMoves('555422433323451176');
    const key32 = Number(BigInt(position.key()) & 0xffffffffn) | 0;
    const table = solver.table;
    expect(table.get(table.index(position.key()), key32)).toBe(0);
    const score = solver.solve(position);
    expect(score).toBe(new Solver({ tableSize: (1 << 17) + 1 }).solve(position));
    // The root's last window stored a true bound, in the solver's encoding (transposition-table.ts, solver.ts).
    const stored = table.get(table.index(position.key()), key32);
    if (stored > MAX_SCORE - MIN_SCORE + 1) expect(stored - (MAX_SCORE - 2 * MIN_SCORE + 2)).toBeLessThanOrEqual(score);
    else expect(stored - (-MIN_SCORE + 1)).toBeGreaterThanOrEqual(score);
    expect(stored).toBeGreaterThan(0);
    solver.reset();
    expect(table.get(table.index(position.key()), key32)).toBe(0);
    expect(solver.nodes).toBe(0);
  });
});

describe('the WebAssembly search', () => {
  it('is committed as its AssemblyScript source compiles (npm run build:wasm rebuilds it)', () => {
    const script = fileURLToPath(new URL('../../../../scripts/build-solver-wasm.mjs', import.meta.url));
    expect(execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' })).toMatch(/is up to date/);
  });
});
