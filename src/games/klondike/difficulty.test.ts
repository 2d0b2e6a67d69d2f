import { describe, expect, it } from 'vitest';
import { DIFFICULTY_GRADES, DifficultyTableError, dealsOfGrade, formatDifficultyTable, gradeInTable, gradeOf, GRADE_THRESHOLDS, parseDifficultyTable, pickGradedDeal, type DifficultyTable } from './difficulty.js';
import { difficultyTableFor, shippedDifficultyRuleSets } from './difficulty-data.js';

describe('the difficulty grade', () => {
  it('places a deal proved quickly by the win share of its grading runs: easy from 3 of 4, medium from 1 of 4, else hard', () => {
    expect([4, 3, 2, 1, 0].map((wins) => gradeOf(wins, 4, 50, 'standard'))).toEqual(['easy', 'easy', 'medium', 'medium', 'hard']);
    // The thresholds are shares, whatever the number of runs.
    expect([10, 8, 7, 5, 3, 2, 0].map((wins) => gradeOf(wins, 10, 50, 'assignment'))).toEqual(['easy', 'easy', 'medium', 'medium', 'medium', 'hard', 'hard']);
  });

  it('makes a deal one grade harder when the solver needed many positions to prove it: a deal never won and long to prove is expert', () => {
    for (const rules of ['assignment', 'standard'] as const) {
      const effort = GRADE_THRESHOLDS.effortPositions[rules];
      expect([4, 2, 1, 0].map((wins) => gradeOf(wins, 4, effort - 1, rules))).toEqual(['easy', 'medium', 'medium', 'hard']);
      expect([4, 2, 1, 0].map((wins) => gradeOf(wins, 4, effort, rules))).toEqual(['medium', 'hard', 'hard', 'expert']);
    }
  });

  it('counts the effort on the scale of the rule set’s own solver: the same count is long for the card-set search, short for the assignment’s', () => {
    expect(GRADE_THRESHOLDS.effortPositions.standard).toBeLessThan(GRADE_THRESHOLDS.effortPositions.assignment);
    expect(gradeOf(4, 4, 500, 'standard')).toBe('medium');
    expect(gradeOf(4, 4, 500, 'assignment')).toBe('easy');
  });

  it('refuses counts that are not wins of runs', () => {
    expect(() => gradeOf(5, 4, 0, 'standard')).toThrow(RangeError);
    expect(() => gradeOf(0, 0, 0, 'standard')).toThrow(RangeError);
    expect(() => gradeOf(-1, 4, 0, 'assignment')).toThrow(RangeError);
  });
});

const HEADER = 'tabletop-klondike-grades/1 rules=standard draw=3 passes=unlimited runs=4 checkRuns=2 maxStates=300000 seed=1';
const TEXT = `${HEADER}\n1 ? 300000 0 0\n2 w 147481 0 0\n3 w 60 0 0\n5 w 91 4 2\n6 w 95 1 2\n7 u 12 0 0\n8 w 40 2 1\n`;

describe('a grading table', () => {
  it('reads what it writes, and grades its winnable deals only', () => {
    const table = parseDifficultyTable(TEXT);
    expect(table.params).toEqual({ rules: 'standard', draw: 3, passes: null, runs: 4, checkRuns: 2, maxStates: 300_000, seed: 1 });
    expect(formatDifficultyTable(table)).toBe(TEXT);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((deal) => gradeInTable(table, deal))).toEqual([null, 'expert', 'hard', null, 'easy', 'medium', null, 'medium']);
    expect(dealsOfGrade(table, 'medium')).toEqual([6, 8]);
    expect(dealsOfGrade(table, 'any')).toEqual([2, 3, 5, 6, 8]);
  });

  it.each([
    ['another format', TEXT.replace('grades/1', 'grades/9'), /line 1: not a grading table/],
    ['a header value missing', TEXT.replace(' runs=4', ''), /line 1: runs should be a whole number from 1, found 'undefined'/],
    ['an unknown rule set', TEXT.replace('rules=standard', 'rules=vegas'), /line 1: rules should be standard or assignment/],
    ['a line cut short', `${TEXT}9 w 12`, /line 9: '9 w 12' is not 'deal verdict positions wins checkWins'/],
    ['an unknown verdict', TEXT.replace('3 w 60', '3 x 60'), /line 4: '3 x 60 0 0' is not/],
    ['more wins than runs', TEXT.replace('5 w 91 4 2', '5 w 91 5 2'), /line 5: deal 5 won 5 of 4 runs/],
    ['wins of a deal not proved winnable', TEXT.replace('7 u 12 0 0', '7 u 12 1 0'), /line 7: deal 7 is not proved winnable, yet won runs/],
    ['a deal twice', `${TEXT}5 w 91 4 2\n`, /line 9: deal 5 is listed twice/],
  ])('is a clear error, naming the line, when damaged: %s', (_, text, message) => {
    expect(() => parseDifficultyTable(text, 'grades.txt')).toThrow(DifficultyTableError);
    expect(() => parseDifficultyTable(text, 'grades.txt')).toThrow(new RegExp(`^grades\\.txt, ${message.source}`));
  });
});

describe('picking a deal of a grade', () => {
  const table: DifficultyTable = parseDifficultyTable(TEXT);

  it('is deterministic in its seed, always of the grade asked, and spreads over the grade', () => {
    for (const grade of ['medium', 'any'] as const) {
      const picks = Array.from({ length: 40 }, (_, seed) => pickGradedDeal(table, grade, seed));
      expect(Array.from({ length: 40 }, (_, seed) => pickGradedDeal(table, grade, seed))).toEqual(picks);
      expect(picks.every((deal) => deal !== null && dealsOfGrade(table, grade).includes(deal))).toBe(true);
      expect(new Set(picks).size).toBe(dealsOfGrade(table, grade).length);
    }
  });

  it('gives null for a grade the table has no deal of', () => {
    const easyOnly = parseDifficultyTable(`${HEADER}\n5 w 91 4 2\n`);
    expect(pickGradedDeal(easyOnly, 'hard', 3)).toBeNull();
    expect(pickGradedDeal(easyOnly, 'easy', 3)).toBe(5);
  });
});

describe('the shipped tables', () => {
  it('read without error, list deals of every grade, and belong to the rule sets they are filed under', () => {
    const ruleSets = shippedDifficultyRuleSets();
    expect(ruleSets.length).toBeGreaterThan(0);
    for (const rules of ruleSets) {
      const table = difficultyTableFor(rules)!;
      expect(table.params).toMatchObject({ rules: rules.rules, draw: rules.draw, passes: rules.passes === Infinity ? null : rules.passes });
      for (const grade of DIFFICULTY_GRADES) expect(dealsOfGrade(table, grade).length).toBeGreaterThan(0);
    }
    // Limited passes have no table.
    expect(difficultyTableFor({ rules: 'standard', draw: 3, passes: 3 })).toBeNull();
  });
});
