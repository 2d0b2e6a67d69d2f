import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Position } from '../../../src/games/connect-four/position.js';
import { Solver } from '../../../src/games/connect-four/solver/solver.js';
import { parseTestSet } from '../../../src/games/connect-four/testdata/test-sets.js';
import { DEFAULT_RED, DEFAULT_YELLOW, PLAYER_KINDS, formatScore, parseSearch, scoreEntry, columnEntry, playerLabel, scoreWords, toSearch, winningCells } from './model.js';
import { COACH_OFF } from '../coach/state.js';

describe('the address', () => {
  it('reads pos (1-based columns), players and the time limit, and writes them back', () => {
    const { state, problems } = parseSearch('?red=human&yellow=perfect&pos=4453&time=5');
    expect(problems).toEqual([]);
    expect(state).toEqual({ moves: [3, 3, 4, 2], red: 'human', yellow: 'perfect', timeLimitS: 5, solution: false, coach: COACH_OFF });
    expect(parseSearch(toSearch(state)).state).toEqual(state);
  });

  it('keeps Show solution on as solution=1, and explains a bad value', () => {
    const { state, problems } = parseSearch('?red=human&yellow=human&pos=44&solution=1');
    expect(problems).toEqual([]);
    expect(state.solution).toBe(true);
    expect(toSearch(state)).toContain('solution=1');
    expect(parseSearch(toSearch(state)).state).toEqual(state);
    expect(toSearch({ ...state, solution: false })).not.toContain('solution');
    const bad = parseSearch('?solution=yes');
    expect(bad.state.solution).toBe(false);
    expect(bad.problems).toEqual([expect.stringContaining('Show solution "yes"')]);
  });

  it('keeps the coach and training as coach=1 and training=1 (training turns the coach on), and explains a bad value', () => {
    const { state, problems } = parseSearch('?pos=4&training=1');
    expect(problems).toEqual([]);
    expect(state.coach).toEqual({ coach: true, training: true });
    expect(toSearch(state)).toContain('coach=1&training=1');
    expect(parseSearch(toSearch(state)).state).toEqual(state);
    expect(toSearch({ ...state, coach: { coach: true, training: false } })).not.toContain('training');
    const bad = parseSearch('?coach=on');
    expect(bad.state.coach).toEqual(COACH_OFF);
    expect(bad.problems).toEqual([expect.stringContaining('Coach "on" in the address is neither 1 (on) nor 0 (off)')]);
  });

  it('uses a human for red and a middle-level computer for yellow by default', () => {
    expect(parseSearch('').state).toEqual({ moves: [], red: DEFAULT_RED, yellow: DEFAULT_YELLOW, timeLimitS: 18, solution: false, coach: COACH_OFF });
    expect(DEFAULT_YELLOW).toBe('alphabeta3');
  });

  it('names the computer levels for people, and takes the names in the address as aliases of the level ids', () => {
    expect(PLAYER_KINDS.map(playerLabel)).toEqual([
      'Human',
      'Computer: random',
      'Computer: beginner (level 1)',
      'Computer: casual (level 2)',
      'Computer: club (level 3)',
      'Computer: expert (level 4)',
      'Computer: master (level 5)',
      'Computer: grandmaster (level 6)',
      'Computer: perfect',
    ]);
    const { state, problems } = parseSearch('?red=beginner&yellow=master');
    expect(problems).toEqual([]);
    expect(state).toMatchObject({ red: 'alphabeta1', yellow: 'alphabeta5' });
    expect(toSearch(state)).toContain('yellow=alphabeta5');
  });

  it('explains each bad value and falls back to its default', () => {
    const { state, problems } = parseSearch('?pos=44444444&red=robot&yellow=alphabeta9&time=-3');
    expect(state).toEqual(parseSearch('').state);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('column 4 is full');
    expect(problems[1]).toContain('Unknown red player "robot"');
    expect(problems[2]).toContain('Unknown yellow player "alphabeta9"');
    expect(problems[3]).toContain('time limit "-3"');
    expect(parseSearch('?pos=1212121').problems).toEqual([]);
    expect(parseSearch('?pos=12121212')).toMatchObject({ problems: [expect.stringContaining('after the game was won')] });
    expect(parseSearch('?pos=40').problems[0]).toContain("'0'");
  });
});

describe('the solution row', () => {
  it('reads each column of solve --analyze: exact scores signed, bounds as proven outcomes, a full column as none', () => {
    expect([3, 0, -2].map((score) => scoreEntry(score, 4).outcome)).toEqual(['win', 'draw', 'loss']);
    expect(['2', '0', '-1', '-'].map((text) => columnEntry(text, 10)?.text ?? null)).toEqual(['+2', '0', '-1', null]);
    expect(['>=1', '<=-1', '2..5', '-4..-1', '0..0', '-1..1'].map((text) => columnEntry(text, 6))).toEqual([
      { text: '>=1', words: 'wins', outcome: 'win' },
      { text: '<=-1', words: 'loses', outcome: 'loss' },
      { text: '2..5', words: 'wins', outcome: 'win' },
      { text: '-4..-1', words: 'loses', outcome: 'loss' },
      { text: '0..0', words: 'draws', outcome: 'draw' },
      { text: '-1..1', words: 'not settled', outcome: 'unknown' },
    ]);
    expect(() => columnEntry('?', 6)).toThrow(/Not a column's score/);
  });
});

describe('winningCells', () => {
  it.each([
    ['1212121', [[0, 0], [0, 1], [0, 2], [0, 3]]],
    ['1122334', [[0, 0], [1, 0], [2, 0], [3, 0]]],
    ['12234334544', [[0, 0], [1, 1], [2, 2], [3, 3]]],
  ])('finds the four of %s', (moves, cells) => {
    expect(winningCells(Position.fromMoves(moves)).sort()).toEqual(cells.sort());
  });

  it('finds every stone of a line longer than four', () => {
    // Red fills the gap at column 4 of a bottom row holding red in columns 1-3 and 5-6.
    const position = Position.fromMoves('1122336657');
    position.play(3);
    expect(position.winner()).toBe(true);
    expect(winningCells(position).sort()).toEqual([[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0]]);
  });

  it('is empty when nobody has won', () => {
    expect(winningCells(Position.fromMoves('4453'))).toEqual([]);
  });
});

describe('scores in words', () => {
  it('formats scores as gamesolver.org does', () => {
    expect([18, 1, 0, -3].map(formatScore)).toEqual(['+18', '+1', '0', '-3']);
  });

  it('counts the winner\'s moves from now, this one included, as perfect play bears out', () => {
    const solver = new Solver({ tableSize: 1 << 18 });
    const decided = parseTestSet(readFileSync(new URL('../../../src/games/connect-four/testdata/Test_L3_R1', import.meta.url), 'utf8'))
      .filter((entry) => entry.score !== 0)
      .slice(0, 6);
    for (const { moves, score } of decided) {
      // Both sides play a best column (by the solver's scores) until someone connects four.
      const position = Position.fromMoves(moves);
      const startedRed = position.turn;
      let moverMoves = 0;
      let opponentMoves = 0;
      while (!position.isGameOver()) {
        const scores = solver.analyze(position);
        const best = scores.reduce<number>((bestCol, s, col) => (s !== null && (scores[bestCol] === null || s > scores[bestCol]!) ? col : bestCol), scores.findIndex((s) => s !== null));
        if (position.turn === startedRed) moverMoves++;
        else opponentMoves++;
        position.play(best);
      }
      const expected = score > 0 ? `wins in ${String(moverMoves)}` : `loses in ${String(opponentMoves)}`;
      expect({ moves, words: scoreWords(score, moves.length) }).toEqual({ moves, words: expected });
    }
  });

  it('reads a loss and a draw', () => {
    expect(scoreWords(0, 10)).toBe('draw');
    // 44455554221 scores -15 for the side to move (yellow, 11 stones played): red, with 6 stones,
    // wins with its 22-15 = 7th stone, one more move.
    expect(scoreWords(-15, 11)).toBe('loses in 1');
    expect(scoreWords(18, 4)).toBe('wins in 2');
  });
});
