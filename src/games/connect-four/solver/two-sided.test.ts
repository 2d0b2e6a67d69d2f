import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Position } from '../position.js';
import { analysisTexts } from './answers.js';
import { Solver } from './solver.js';
import { ANALYSIS_ORDER, SecondSide, SecondSideRunner, SideAnalysis, sideOrder, type JoinAnalysis, type SideLink, type SideMessage, type SideName } from './two-sided.js';

const TABLE = 1 << 18;

/**
 * Two sides in one thread: each side's messages wait in the other's inbox until it lets them in
 * (after a macrotask, as between threads), and every message is recorded.
 */
function twoSides(id: number): { first: SideAnalysis; second: SideAnalysis; links: Record<SideName, SideLink>; sent: Record<SideName, SideMessage[]> } {
  const inbox: Record<SideName, SideMessage[]> = { first: [], second: [] };
  const sent: Record<SideName, SideMessage[]> = { first: [], second: [] };
  const analyses = { first: new SideAnalysis(id), second: new SideAnalysis(id) };
  const link = (me: SideName, other: SideName): SideLink => ({
    send: (message) => {
      sent[me].push(message);
      inbox[other].push(message);
    },
    letMessagesIn: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const message of inbox[me].splice(0)) analyses[me].receive(message);
    },
    somethingNew: async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      for (const message of inbox[me].splice(0)) analyses[me].receive(message);
    },
    gone: false,
  });
  return { ...analyses, links: { first: link('first', 'second'), second: link('second', 'first') }, sent };
}

/** A position of `plies` stones from random moves that neither win nor let the opponent win at once, or null. */
function quietPosition(choices: readonly number[], plies: number): Position | null {
  const p = new Position();
  for (const c of choices) {
    if (p.moves === plies) break;
    const quiet = p.legalMoves().filter((col) => {
      if (p.isWinningMove(col)) return false;
      p.play(col);
      const givesWin = p.canWinNext();
      p.undo();
      return !givesWin;
    });
    if (quiet.length === 0) return null;
    p.play(quiet[c % quiet.length]!);
  }
  return p.isGameOver() ? null : p;
}

const taken = (messages: readonly SideMessage[]): number[] => messages.filter((m) => m.kind === 'take').map((m) => m.column);

describe('sideOrder', () => {
  it('gives every column once, the second side from the other end', () => {
    expect([...sideOrder('first')].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(sideOrder('second')).toEqual([...ANALYSIS_ORDER].reverse());
  });
});

describe('SideAnalysis', () => {
  it('two sides give the texts of one solver, each column searched once, each side from its own end', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 40, maxLength: 40 }), fc.integer({ min: 18, max: 34 }), async (choices, plies) => {
        const position = quietPosition(choices, plies);
        // A random walk can run out of quiet moves; fast-check then draws another, so every one of
        // the 25 runs checks a position (a skip does not count as a run).
        fc.pre(position !== null);
        checked++;
        const expected = analysisTexts(new Solver({ tableSize: TABLE }), position, false);
        const { first, second, links, sent } = twoSides(7);
        const [texts] = await Promise.all([first.analyse(new Solver({ tableSize: TABLE }), position, false, links.first), second.run(new Solver({ tableSize: TABLE }), position, false, 'second', links.second)]);
        expect(texts).toEqual(expected);
        const byFirst = taken(sent.first);
        const bySecond = taken(sent.second);
        expect([...byFirst, ...bySecond].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
        expect(byFirst).toEqual(sideOrder('first').slice(0, byFirst.length));
        expect(bySecond).toEqual(sideOrder('second').slice(0, bySecond.length));
        // Each settled column is told to the other side with the text it was given.
        for (const m of [...sent.first, ...sent.second]) if (m.kind === 'settle') expect(m.text).toBe(expected[m.column]);
      }),
      { numRuns: 25 },
    );
    expect(checked).toBe(25);
  });

  it('the first side searches what a side that stopped left, and hears every column once', async () => {
    const position = Position.fromMoves('52753311433677442422121');
    const expected = analysisTexts(new Solver({ tableSize: TABLE }), position, false);
    const heard: [number, string][] = [];
    const first = new SideAnalysis(3, (column, text) => heard.push([column, text]));
    // The other side took column 6 (its first) and column 0, settled column 6 only, then stopped.
    first.receive({ kind: 'take', id: 3, column: 6 });
    first.receive({ kind: 'settle', id: 3, column: 6, text: expected[6]! });
    first.receive({ kind: 'take', id: 3, column: 0 });
    const sent: SideMessage[] = [];
    const link: SideLink = { send: (m) => sent.push(m), letMessagesIn: () => Promise.resolve(), somethingNew: () => Promise.resolve(), gone: true };
    expect(await first.analyse(new Solver({ tableSize: TABLE }), position, false, link)).toEqual(expected);
    expect(taken(sent)).toEqual([3, 2, 4, 1, 5]);
    expect(heard.map(([column]) => column).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const [column, text] of heard) expect(text).toBe(expected[column]);
  });

  it('ignores the messages of another analysis', () => {
    const analysis = new SideAnalysis(2);
    analysis.receive({ kind: 'settle', id: 1, column: 3, text: '5' });
    expect(analysis.complete).toBe(false);
    expect(() => analysis.texts).toThrow(/not complete/);
  });
});

describe('SecondSide and SecondSideRunner', () => {
  const macrotask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

  it('analyse position after position through messages, the runner waiting for its solver', async () => {
    const toSecond: (JoinAnalysis | SideMessage)[] = [];
    const side = new SecondSide((message) => toSecond.push(message), macrotask);
    const runner = new SecondSideRunner((message) => setTimeout(() => side.deliver(message), 0), macrotask);
    // The runner's "thread": handles what the first side sent, a macrotask later, in order.
    let running = true;
    const searchedBySecond: number[] = [];
    const pump = (async () => {
      while (running) {
        for (const message of toSecond.splice(0)) {
          if (message.kind === 'take') continue;
          void runner.handle(message, async () => {
            await macrotask(); // as if its books were still coming
            return new Solver({ tableSize: TABLE });
          });
        }
        await macrotask();
      }
    })();
    const originalDeliver = side.deliver.bind(side);
    side.deliver = (message) => {
      if (message.kind === 'take') searchedBySecond.push(message.column);
      originalDeliver(message);
    };
    try {
      for (const moves of ['52753311433677442422121', '1233722555341451114725221333', '5554224333234511764415115']) {
        const position = Position.fromMoves(moves);
        const heard: number[] = [];
        const texts = await side.analyse(new Solver({ tableSize: TABLE }), position, moves, false, (column) => heard.push(column));
        expect(texts).toEqual(analysisTexts(new Solver({ tableSize: TABLE }), position, false));
        expect(heard.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      }
      expect(searchedBySecond.length).toBeGreaterThan(0);
    } finally {
      running = false;
      await pump;
    }
  });

  it("gives the position's score from elsewhere to both sides, whose searches start from its bound", async () => {
    /**
     * One analysis through messages: its texts, the join the second side got, the nodes both sides
     * searched, and the lower bound each of the second side's searches started from.
     */
    async function analysed(moves: string, positionScore?: number): Promise<{ texts: string[]; join: JoinAnalysis; nodes: number; secondBounds: (number | undefined)[] }> {
      const toSecond: (JoinAnalysis | SideMessage)[] = [];
      const side = new SecondSide((message) => toSecond.push(message), macrotask);
      const runner = new SecondSideRunner((message) => setTimeout(() => side.deliver(message), 0), macrotask);
      const first = new Solver({ tableSize: TABLE });
      const second = new Solver({ tableSize: TABLE });
      const secondBounds: (number | undefined)[] = [];
      const search = second.search.bind(second);
      second.search = (position, options) => {
        secondBounds.push(options?.knownLower);
        return search(position, options);
      };
      let join: JoinAnalysis | undefined;
      let running = true;
      const pump = (async () => {
        while (running) {
          for (const message of toSecond.splice(0)) {
            if (message.kind === 'analyse') join = message;
            void runner.handle(message, () => second);
          }
          await macrotask();
        }
      })();
      try {
        const texts = await side.analyse(first, Position.fromMoves(moves), moves, false, undefined, positionScore);
        return { texts, join: join!, nodes: first.nodes + second.nodes, secondBounds };
      } finally {
        running = false;
        await pump;
      }
    }
    // Middle-Medium's first positions (15 and 16 stones), with their exact scores.
    for (const [moves, score] of [['274552224131661', 0], ['5455174361263362', -1], ['2531276566711153', 2]] as const) {
      const plain = await analysed(moves);
      const bounded = await analysed(moves, score);
      expect(plain.join.positionScore).toBeUndefined();
      expect(bounded.join.positionScore).toBe(score);
      expect(bounded.texts).toEqual(plain.texts);
      expect(bounded.texts).toEqual(analysisTexts(new Solver({ tableSize: TABLE }), Position.fromMoves(moves), false));
      expect(bounded.nodes, moves).toBeLessThan(plain.nodes);
      expect(bounded.secondBounds.length, 'the second side searched').toBeGreaterThan(0);
      expect(bounded.secondBounds, moves).toEqual(bounded.secondBounds.map(() => 0 - score)); // 0 - x: never -0
      expect(plain.secondBounds, moves).toEqual(plain.secondBounds.map(() => undefined));
    }
  });

  it('a second side that stops leaves its columns to the first, which never waits for it again', async () => {
    const side = new SecondSide(() => undefined, macrotask);
    side.stop();
    const position = Position.fromMoves('52753311433677442422121');
    expect(await side.analyse(new Solver({ tableSize: TABLE }), position, '52753311433677442422121', true)).toEqual(analysisTexts(new Solver({ tableSize: TABLE }), position, true));
    await side.somethingNew();
    expect(side.gone).toBe(true);
  });
});
