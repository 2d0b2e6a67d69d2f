import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Card } from '../../core/cards.js';
import { Board } from './board.js';

/** `'5H'` → Five of Hearts; ranks A 2-9 T J Q K, suits S H C D (the assignment's suit numbers 1..4). */
function card(code: string): Card {
  const rank = 'A23456789TJQK'.indexOf(code[0]!) + 1;
  const suit = 'SHCD'.indexOf(code[1]!) + 1;
  return new Card(rank, suit);
}

/** A board built by legal plays: `columns[c]` lists column c's cards bottom first. */
function boardOf(columns: readonly (readonly string[])[]): Board {
  const board = new Board();
  columns.forEach((cards, col) => {
    for (const code of cards) board.play(card(code), col);
  });
  return board;
}

/** The spec's rule, written out independently of rules.ts: same suit, same rank, or ranks one apart. */
function connects(a: Card, b: Card): boolean {
  return a.getSuitNum() === b.getSuitNum() || Math.abs(a.getRankNum() - b.getRankNum()) <= 1;
}

/** Every line of the spec, as (col, row) cells in order along the line, with a name. */
const LINES: readonly (readonly [string, readonly (readonly [number, number])[]])[] = [
  ...[0, 1, 2, 3].map((row) => [`row ${String(row)}`, [0, 1, 2, 3].map((col) => [col, row] as const)] as const),
  ...[0, 1, 2, 3].map((col) => [`column ${String(col)}`, [0, 1, 2, 3].map((row) => [col, row] as const)] as const),
  ['diagonal', [[0, 0], [1, 1], [2, 2], [3, 3]]],
  ['anti-diagonal', [[0, 3], [1, 2], [2, 1], [3, 0]]],
];

/** The names of the connected lines of `board`, by the reference rule above. */
function connectedLines(board: Board): string[] {
  return LINES.filter(([, cells]) => {
    const cards = cells.map(([col, row]) => board.getCard(col, row));
    return cards.every((c, i) => c !== null && (i === 0 || connects(cards[i - 1]!, c)));
  }).map(([name]) => name);
}

/**
 * Filler cards under the line being tested: no two side by side or one above the other connect
 * (ranks two or more apart, suits differ), so a board built on them connects only along the line
 * under test (each case checks that against the reference rule). FILLER[row][col]; ranks rise up
 * each column so every play is legal.
 */
const FILLER = [
  ['AS', '3H', '5C', '7D'],
  ['4C', '6D', '9S', 'JH'],
  ['6S', '8H', 'JC', 'KD'],
] as const;
const fillerBelow = (col: number, row: number): string[] => FILLER.slice(0, row).map((r) => r[col]!);

/** For each of the 10 lines: a board connected along exactly that line, and one where one pair breaks. */
const LINE_CASES: readonly { name: string; connected: string[][]; broken: string[][] }[] = [
  ...[0, 1, 2, 3].map((row) => ({
    name: `row ${String(row)}`,
    connected: ['KS', 'KH', 'KC', 'KD'].map((k, col) => [...fillerBelow(col, row), k]),
    // 9C connects to neither K♥ beside it (rank 4 apart, other suit).
    broken: ['9C', 'KH', 'KC', 'KD'].map((k, col) => [...fillerBelow(col, row), k]),
  })),
  ...[0, 1, 2, 3].map((col) => ({
    name: `column ${String(col)}`,
    // Equal ranks, then equal suits, then ranks one apart: pairs may connect in different ways.
    connected: [0, 1, 2, 3].map((c) => (c === col ? ['2S', '2H', '3H', '4C'] : [])),
    broken: [0, 1, 2, 3].map((c) => (c === col ? ['2S', '2H', '3H', '5C'] : [])),
  })),
  {
    name: 'diagonal',
    connected: [['JD'], [...fillerBelow(1, 1), 'QD'], [...fillerBelow(2, 2), 'QS'], [...fillerBelow(3, 3), 'KS']],
    broken: [['5H'], [...fillerBelow(1, 1), 'QD'], [...fillerBelow(2, 2), 'QS'], [...fillerBelow(3, 3), 'KS']],
  },
  {
    name: 'anti-diagonal',
    connected: [[...fillerBelow(0, 3), '8H'], [...fillerBelow(1, 2), '8C'], [...fillerBelow(2, 1), '7C'], ['6D']],
    broken: [[...fillerBelow(0, 3), '8H'], [...fillerBelow(1, 2), '8C'], [...fillerBelow(2, 1), '7C'], ['2S']],
  },
];

describe('Board', () => {
  it('starts empty', () => {
    const board = new Board();
    for (let col = 0; col < 4; col++) {
      expect(board.getTopCard(col)).toBeNull();
      expect(board.getHeight(col)).toBe(0);
      for (let row = 0; row < 4; row++) expect(board.getCard(col, row)).toBeNull();
    }
    expect(board.isWinState()).toBe(false);
  });

  it('stacks cards from row 0 up and reports the top card', () => {
    const board = boardOf([['3S', '3H', '7C'], [], ['KD']]);
    expect(board.getCard(0, 0)!.toString()).toBe('Three of Spades');
    expect(board.getCard(0, 1)!.toString()).toBe('Three of Hearts');
    expect(board.getCard(0, 2)!.toString()).toBe('Seven of Clubs');
    expect(board.getCard(0, 3)).toBeNull();
    expect(board.getTopCard(0)!.equals(card('7C'))).toBe(true);
    expect(board.getTopCard(1)).toBeNull();
    expect(board.getTopCard(2)!.equals(card('KD'))).toBe(true);
    expect(board.getHeight(0)).toBe(3);
  });

  describe('canPlay: the column rule', () => {
    it('takes any card, an Ace included, on an empty column', () => {
      for (const code of ['AS', '7H', 'KD']) expect(new Board().canPlay(card(code), 2)).toBe(true);
    });

    it('takes an equal or higher rank, never a lower one', () => {
      const board = boardOf([['5S']]);
      expect(board.canPlay(card('5H'), 0)).toBe(true); // equal rank
      expect(board.canPlay(card('6S'), 0)).toBe(true);
      expect(board.canPlay(card('KC'), 0)).toBe(true);
      expect(board.canPlay(card('4S'), 0)).toBe(false);
      expect(board.canPlay(card('AS'), 0)).toBe(false);
    });

    it('takes an Ace only on an empty column or an Ace', () => {
      expect(boardOf([['AH']]).canPlay(card('AC'), 0)).toBe(true);
      expect(boardOf([['2H']]).canPlay(card('AC'), 0)).toBe(false);
    });

    it('allows equal-rank plays all the way up, then refuses everything on a full column', () => {
      const board = new Board();
      for (const code of ['9S', '9H', '9C', '9D']) {
        expect(board.canPlay(card(code), 1)).toBe(true);
        board.play(card(code), 1);
      }
      expect(board.getHeight(1)).toBe(4);
      for (const code of ['9S', 'KD', 'AS']) expect(board.canPlay(card(code), 1)).toBe(false);
    });

    it.each([-1, 4, 5, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0.5, 2 ** 32 + 1])('is false for column %s', (col) => {
      expect(new Board().canPlay(card('KS'), col)).toBe(false);
    });

    it('rejects a non-card with a TypeError', () => {
      for (const bad of [null, undefined, 'KS', { getRankNum: () => 13, getSuitNum: () => 1 }]) {
        expect(() => new Board().canPlay(bad as unknown as Card, 0)).toThrow(TypeError);
      }
    });
  });

  describe('play', () => {
    it('throws a RangeError and leaves the board unchanged for every illegal play', () => {
      const board = boardOf([['8S', '9S', 'TS', 'JS'], ['6H'], [], ['QD']]);
      const before = board.toString();
      const illegal: [string, number, RegExp][] = [
        ['KH', 0, /column 0: it is full/],
        ['5H', 1, /top card Six of Hearts ranks higher/],
        ['JD', 3, /top card Queen of Diamonds ranks higher/],
        ['AS', 1, /ranks higher/],
        ['KH', -1, /columns are 0 to 3/],
        ['KH', 4, /columns are 0 to 3/],
        ['KH', 1.5, /columns are 0 to 3/],
        ['KH', Number.NaN, /columns are 0 to 3/],
      ];
      for (const [code, col, message] of illegal) {
        expect(() => {
          board.play(card(code), col);
        }).toThrow(RangeError);
        expect(() => {
          board.play(card(code), col);
        }).toThrow(message);
        expect(board.toString()).toBe(before);
      }
      expect(() => {
        board.play(null as unknown as Card, 2);
      }).toThrow(TypeError);
      expect(board.toString()).toBe(before);
      expect([0, 1, 2, 3].map((c) => board.getHeight(c))).toEqual([4, 1, 0, 1]);
    });
  });

  it.each([-1, 4, 0.5, Number.NaN])('rejects column %s in getTopCard, getCard and getHeight', (col) => {
    const board = new Board();
    expect(() => board.getTopCard(col)).toThrow(RangeError);
    expect(() => board.getCard(col, 0)).toThrow(/^Invalid column/);
    expect(() => board.getHeight(col)).toThrow(RangeError);
  });

  it.each([-1, 4, 0.5, Number.NaN])('rejects row %s in getCard', (row) => {
    expect(() => new Board().getCard(0, row)).toThrow(/^Invalid row/);
  });

  describe('isWinState: the ten lines', () => {
    it('builds its fixtures on fillers whose three full rows connect nowhere', () => {
      const board = boardOf([0, 1, 2, 3].map((col) => fillerBelow(col, 3)));
      expect(connectedLines(board)).toEqual([]);
      expect(board.isWinState()).toBe(false);
    });

    it.each(LINE_CASES)('wins on $name, and not when one pair along it breaks', ({ name, connected, broken }) => {
      const winning = boardOf(connected);
      expect(connectedLines(winning)).toEqual([name]);
      expect(winning.isWinState()).toBe(true);
      const losing = boardOf(broken);
      expect(connectedLines(losing)).toEqual([]);
      expect(losing.isWinState()).toBe(false);
    });

    it('covers all ten lines', () => {
      expect(LINE_CASES.map((c) => c.name)).toEqual(LINES.map(([name]) => name));
      expect(LINE_CASES).toHaveLength(10);
    });

    it('needs all four cells: three connected cards are not a win', () => {
      expect(boardOf([['KS'], ['KH'], ['KC']]).isWinState()).toBe(false);
      expect(boardOf([['2S', '2H', '2C']]).isWinState()).toBe(false);
    });

    it('does not wrap King to Ace: they are not adjacent, so not connected', () => {
      expect(boardOf([['QS'], ['KH'], ['AD'], ['2C']]).isWinState()).toBe(false);
      expect(boardOf([['KS'], ['AH'], ['2D'], ['3C']]).isWinState()).toBe(false);
      // Controls: the same shapes without the wrap connect.
      expect(boardOf([['JS'], ['QH'], ['KD'], ['KC']]).isWinState()).toBe(true);
      expect(boardOf([['AS'], ['AH'], ['2D'], ['3C']]).isWinState()).toBe(true);
      // A King and an Ace of one suit do connect — by suit.
      expect(boardOf([['QS'], ['KS'], ['AS'], ['2S']]).isWinState()).toBe(true);
    });

    it('agrees with the reference rule on random legal boards', () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 51 }), fc.integer({ min: 0, max: 3 })), { maxLength: 40 }), (plays) => {
          const board = new Board();
          const used = new Set<number>();
          for (const [index, col] of plays) {
            const c = Card.fromIndex(index);
            if (used.has(index) || !board.canPlay(c, col)) continue;
            board.play(c, col);
            used.add(index);
            expect(board.isWinState()).toBe(connectedLines(board).length > 0);
          }
        }),
        { numRuns: 300 },
      );
    });
  });

  describe('toString', () => {
    it('draws an empty board exactly', () => {
      const row = '|  |  |  |  |\n';
      const divider = '-------------\n';
      expect(new Board().toString()).toBe(`\n${divider}${row}${divider}${row}${divider}${row}${divider}${row}${divider}`);
    });

    it('draws cards top row first with their fancy strings', () => {
      const board = boardOf([['AS', '2H', 'TD', 'KC'], ['5H'], [], ['TC', 'QD']]);
      expect(board.toString()).toBe(
        [
          '',
          '-------------',
          '|♣K|  |  |  |',
          '-------------',
          '|♦⑩|  |  |  |',
          '-------------',
          '|♥2|  |  |♦Q|',
          '-------------',
          '|♠A|♥5|  |♣⑩|',
          '-------------',
          '',
        ].join('\n'),
      );
    });
  });

  it('gives a live read-only view that refuses plays and follows the board', () => {
    const board = boardOf([['5S']]);
    const view = board.readOnlyView();
    expect(view.isReadOnly()).toBe(true);
    expect(board.isReadOnly()).toBe(false);
    const before = board.toString();
    expect(() => {
      view.play(card('6S'), 0);
    }).toThrow(TypeError);
    expect(board.toString()).toBe(before);
    board.play(card('9D'), 2);
    expect(view.toString()).toBe(board.toString());
    expect(view.getTopCard(2)!.equals(card('9D'))).toBe(true);
    expect(view.canPlay(card('8D'), 2)).toBe(false);
    // A copy of a view is an ordinary board of its own.
    const copy = view.copy();
    copy.play(card('KS'), 3);
    expect(board.getTopCard(3)).toBeNull();
    // Constructing a view leaves the constructor as it was: a new Board is empty and writable.
    const fresh = new Board();
    expect(fresh.isReadOnly()).toBe(false);
    expect(fresh.getHeight(0)).toBe(0);
  });

  it('copies independently', () => {
    const board = boardOf([['5S']]);
    const copy = board.copy();
    copy.play(card('6S'), 0);
    copy.play(card('2D'), 3);
    expect(board.getHeight(0)).toBe(1);
    expect(board.getTopCard(3)).toBeNull();
    expect(copy.getHeight(0)).toBe(2);
    board.play(card('KS'), 1);
    expect(copy.getTopCard(1)).toBeNull();
  });
});
