import { describe, expect, it } from 'vitest';
import { ENGINE_STATE } from '../../../src/games/klondike/engine.js';
import { applyMove, hint, legalMoves, type KlondikeMove } from '../../../src/games/klondike/moves.js';
import { solveKlondike } from '../../../src/games/klondike/solver/solver.js';
import { lineHint, noLineHint } from './hints.js';
import { moveWords } from '../../../src/games/klondike/words.js';
import { fromPysol, toPysol, toSolvitaire, fromSolvitaire } from '../../../src/games/klondike/deal-formats.js';
import { solveStandard } from '../../../src/games/klondike/solver/standard-solver.js';
import { COACH_OFF } from '../coach/state.js';
import { dealsOfGrade } from '../../../src/games/klondike/difficulty.js';
import { difficultyTableFor } from '../../../src/games/klondike/difficulty-data.js';
import { ASSIGNMENT_RULES, gradeOfDeal, noGradesReason, dealModel, ruleWords, dealOf, moveFor, movesToText, parseSearch, replayDeal, replaySpec, tableOf, textToMoves, toSearch, type DealSpec } from './model.js';
import { loadStats, NO_STATS, recordHelp, recordHintFree, recordScore, recordStart, recordWin, ruleSetKey, saveStats, STATS_KEY, winRate, type KlondikeStats } from './stats.js';

describe('moves in the address', () => {
  it('writes every kind of move and reads it back', () => {
    const moves: KlondikeMove[] = [
      { kind: 'discardDraw' },
      { kind: 'moveDraw', dest: 2 },
      { kind: 'moveDrawToFoundation', foundation: 1 },
      { kind: 'moveToFoundation', src: 8, foundation: 3 },
      { kind: 'movePile', src: 1, count: 12, dest: 6 },
      { kind: 'discardDraw' },
    ];
    const text = movesToText(moves);
    expect(text).toBe('ds3sf2p9f4p2n12t7d');
    expect(textToMoves(text)).toEqual({ moves, rest: '' });
    const back: KlondikeMove = { kind: 'moveFoundationToPile', foundation: 1, dest: 6 };
    expect(movesToText([back, { kind: 'discardDraw' }])).toBe('f2t7d');
    expect(textToMoves('f2t7d').moves).toEqual([back, { kind: 'discardDraw' }]);
  });

  it('stops at the first thing that is not a move', () => {
    expect(textToMoves('dds3x9d')).toEqual({ moves: [{ kind: 'discardDraw' }, { kind: 'discardDraw' }, { kind: 'moveDraw', dest: 2 }], rest: 'x9d' });
  });

  it('round-trips the settings and replays every legal move of a real game', () => {
    const model = dealModel(11, 7, 1);
    const made: KlondikeMove[] = [];
    for (let i = 0; i < 60; i++) {
      const move = hint(model);
      if (move === null) break;
      applyMove(model, move);
      made.push(move);
    }
    expect(made.length).toBe(60);
    const replay = replayDeal(11, 7, 1, made);
    expect(replay.applied).toBe(60);
    expect(replay.error).toBeNull();
    expect(tableOf(replay.model)).toEqual(tableOf(model));
    const settings = { seed: 11, piles: 7, draw: 1, order: null, ...ASSIGNMENT_RULES, moves: made, winnableOnly: true, difficulty: 'hard' as const, autoFinish: false, coach: { coach: true, training: true } };
    const parsed = parseSearch(toSearch(settings), () => 0);
    expect(parsed.problems).toEqual([]);
    expect(parsed.settings).toEqual(settings);
  });

  it('names bad values and keeps the legal moves before a bad one', () => {
    const { settings, problems } = parseSearch('?seed=abc&piles=12&draw=0&winnable=yes&moves=dd', () => 77);
    expect(settings.seed).toBe(77);
    expect(settings.piles).toBe(7);
    expect(settings.draw).toBe(1);
    expect(settings.winnableOnly).toBe(false);
    expect(settings.moves).toEqual([{ kind: 'discardDraw' }, { kind: 'discardDraw' }]);
    expect(problems).toHaveLength(4);
    expect(problems[1]).toContain('The number of piles "12" is not a whole number from 1 to 9');
    // Deal 3 (7 piles) shows 8♣ on pile 1: it cannot go to a foundation.
    const bad = parseSearch('?seed=3&piles=7&draw=1&moves=dp1f1d', () => 0);
    expect(bad.settings.moves).toEqual([{ kind: 'discardDraw' }]);
    expect(bad.problems[0]).toMatch(/^Move 2 of the address \(p1f1\) is not legal here \(.+\)/);
  });
});

describe('the table and moves in words', () => {
  it('shows face-up cards, the stock and the draw window as the model has them', () => {
    const model = dealModel(3, 7, 3);
    const table = tableOf(model);
    expect(table.piles.map((p) => p.cards.length)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(table.piles.map((p) => p.cards.filter((c) => c === null).length)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(table.stock).toBe(24);
    expect(table.window).toEqual(model.getDrawCards().map((c) => c.index));
    expect(table.won).toBe(false);
  });

  it('finds the run that fits a destination, and words moves', () => {
    // From the start of deal 3 (7 piles): every legal pile move is found from "pile, any row".
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const model = dealModel(seed, 7, 1);
      for (const move of legalMoves(model)) {
        if (move.kind !== 'movePile') continue;
        expect(moveFor(model, { from: 'pile', pile: move.src, row: null }, { to: 'pile', pile: move.dest })).toEqual(move);
        expect(moveWords(model, move)).toMatch(new RegExp(`^Move .+ from pile ${String(move.src + 1)} onto .+`));
      }
    }
    const model = dealModel(3, 7, 1);
    expect(moveFor(model, { from: 'pile', pile: 0, row: null }, { to: 'pile', pile: 0 })).toBe('That card is already on this pile.');
    expect(moveWords(model, { kind: 'discardDraw' })).toBe('Draw: turn the next stock card');
  });
});

describe('hints', () => {
  it('reads a winning line as its first real move, after the draws it needs', () => {
    const model = dealModel(21, 7, 1);
    const result = solveKlondike(model[ENGINE_STATE]().clone(), { timeMs: 5000 });
    expect(result.verdict).toBe('winnable');
    const line = result.moves!;
    const hint = lineHint(model, movesToText(line));
    const draws = line.findIndex((m) => m.kind !== 'discardDraw');
    expect(hint.draws).toBe(draws);
    expect(hint.text).toMatch(/This keeps the deal winnable\.$/);
    if (draws > 0) expect(hint.text).toMatch(new RegExp(`^Draw (once|twice|${String(draws)} times) until .+ shows, then `));
    // Reading the hint leaves the position as it was.
    expect(tableOf(model)).toEqual(tableOf(dealModel(21, 7, 1)));
  });

  it('says when no line wins, and offers a move that still changes something', () => {
    const model = dealModel(3, 7, 1);
    expect(noLineHint(model, 'unwinnable', 10).text).toMatch(/^No move can win this deal any more: .+ A move that still changes something: /);
    expect(noLineHint(model, 'undecided', 10).text).toMatch(/^The solver could not decide this position within 10 s\./);
  });
});

describe('statistics', () => {
  it('counts deals played and won once each, and streaks', () => {
    let stats = recordStart(NO_STATS, 'a');
    stats = recordStart(stats, 'a');
    expect(stats.played).toBe(1);
    stats = recordWin(stats, 'a');
    stats = recordWin(stats, 'a');
    expect([stats.played, stats.won, stats.streak]).toEqual([1, 1, 1]);
    stats = recordWin(stats, 'b');
    expect([stats.played, stats.won, stats.streak, stats.bestStreak]).toEqual([2, 2, 2, 2]);
    stats = recordStart(stats, 'c');
    stats = recordStart(stats, 'd'); // c was left unwon
    expect([stats.played, stats.streak, stats.bestStreak]).toEqual([4, 0, 2]);
    // d is still being played: 2 won of the 3 decided (a, b won; c left unwon).
    expect(winRate(stats)).toBe('67%');
    expect(winRate(NO_STATS)).toBe('–');
  });

  it('shows no win rate while the first deal is played, and counts a deal left unwon as lost', () => {
    const first = recordStart(NO_STATS, 'a');
    expect(winRate(first)).toBe('–');
    expect(winRate(recordStart(first, 'b'))).toBe('0%');
    expect(winRate(recordWin(first, 'a'))).toBe('100%');
  });

  it('stores and reloads them, and reads anything broken as none', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const stats = recordWin(NO_STATS, 'x');
    saveStats(storage, stats);
    expect(loadStats(storage)).toEqual(stats);
    store.set(STATS_KEY, '{not json');
    expect(loadStats(storage)).toEqual(NO_STATS);
    store.set(STATS_KEY, JSON.stringify({ played: -3, won: 'many', started: [1, 'k'] }));
    expect(loadStats(storage)).toEqual({ ...NO_STATS, started: ['k'] });
    expect(loadStats(null)).toEqual(NO_STATS);
  });
});

describe('difficulty', () => {
  const DRAW3: DealSpec = { seed: 0, piles: 7, draw: 3, order: null, rules: 'standard', passes: Infinity, scoring: 'vegas' };

  it('keeps the choice in the address and names a value it cannot use', () => {
    expect(parseSearch('?seed=4&difficulty=expert', () => 0).settings.difficulty).toBe('expert');
    const bad = parseSearch('?seed=4&difficulty=brutal', () => 0);
    expect(bad.settings.difficulty).toBe('any');
    expect(bad.problems).toEqual(['"difficulty=brutal" should be one of any, easy, medium, hard, expert: any is used.']);
  });

  it("grades a numbered deal of 7 piles by its rule set's table, whatever the scoring, and says why a rule set has no grades", () => {
    const table = difficultyTableFor({ rules: 'standard', draw: 3, passes: Infinity })!;
    const deal = dealsOfGrade(table, 'medium')[0]!;
    expect(gradeOfDeal({ ...DRAW3, seed: deal })).toBe('medium');
    expect(gradeOfDeal({ ...DRAW3, seed: deal, scoring: 'standard' })).toBe('medium');
    expect(gradeOfDeal({ ...DRAW3, seed: deal, piles: 6 })).toBeNull();
    expect(gradeOfDeal({ ...DRAW3, seed: deal, passes: 3 })).toBeNull();
    expect(noGradesReason(DRAW3, 7)).toBeNull();
    expect(noGradesReason({ ...DRAW3, passes: 3 }, 7)).toBe('No deals are graded for standard rules, draw 3, 3 passes yet.');
    expect(noGradesReason(DRAW3, 6)).toBe('Deals are graded with 7 piles only.');
    // The assignment's rules are graded drawing 1 (the page's default) and 3, not drawing 2.
    const assignment = { ...DRAW3, ...ASSIGNMENT_RULES, draw: 1 };
    expect(noGradesReason(assignment, 7)).toBeNull();
    const hard = dealsOfGrade(difficultyTableFor({ rules: 'assignment', draw: 1, passes: Infinity })!, 'hard')[0]!;
    expect(gradeOfDeal({ ...assignment, seed: hard })).toBe('hard');
    expect(noGradesReason({ ...assignment, draw: 2 }, 7)).toBe("No deals are graded for the assignment's rules, draw 2 yet.");
  });

  it('words a rule set with its scoring, or without it when asked (the grades ignore the scoring)', () => {
    expect(ruleWords(DRAW3)).toBe('standard rules, draw 3, unlimited passes, Vegas scoring');
    expect(ruleWords({ ...DRAW3, passes: 1, scoring: 'standard' })).toBe('standard rules, draw 3, 1 pass, standard scoring');
    expect(ruleWords(DRAW3, { withScoring: false })).toBe('standard rules, draw 3, unlimited passes');
    expect(ruleWords({ ...DRAW3, ...ASSIGNMENT_RULES, draw: 2 }, { withScoring: false })).toBe('draw 2');
    expect(noGradesReason({ ...DRAW3, draw: 1, passes: 3, scoring: 'standard' }, 7)).toBe('No deals are graded for standard rules, draw 1, 3 passes yet.');
  });
});

describe('hint-free statistics per grade', () => {
  it('count a graded deal at its first move and its win, once, unless help was had; help later takes it out again', () => {
    const play = (stats: KlondikeStats, key: string, won: boolean): KlondikeStats => {
      const counted = recordHintFree(stats, key, 'hard', won);
      return won ? recordWin(counted, key) : recordStart(counted, key);
    };
    let stats = play(NO_STATS, 'a', false);
    stats = play(stats, 'a', false);
    expect(stats.hintFree.hard).toEqual({ played: 1, won: 0 });
    stats = play(stats, 'a', true);
    stats = play(stats, 'a', true);
    expect(stats.hintFree.hard).toEqual({ played: 1, won: 1 });
    // A hint in b before its first move: b never counts.
    stats = play(recordHelp(stats, 'b', 'hard'), 'b', true);
    expect(stats.hintFree.hard).toEqual({ played: 1, won: 1 });
    // A hint in a after it was won hint-free takes it out.
    stats = recordHelp(stats, 'a', 'hard');
    expect(stats.hintFree.hard).toEqual({ played: 0, won: 0 });
    expect([stats.played, stats.won]).toEqual([2, 2]);
    // A deal without a grade counts in none.
    expect(recordHintFree(NO_STATS, 'c', null, true)).toBe(NO_STATS);
  });

  it('are stored with the rest, and broken counts read as none', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    const stats = recordWin(recordHintFree(NO_STATS, 'x', 'easy', true), 'x');
    saveStats(storage, stats, 'standard/draw3/passesunlimited/standard');
    expect(loadStats(storage, 'standard/draw3/passesunlimited/standard')).toEqual(stats);
    store.set(STATS_KEY, JSON.stringify({ hintFree: { easy: { played: 2, won: 5 }, hard: 'x' } }));
    expect(loadStats(storage).hintFree).toEqual({ ...NO_STATS.hintFree, easy: { played: 2, won: 2 } });
  });
});

const VEGAS_DRAW3: DealSpec = { seed: 5, piles: 7, draw: 3, order: null, rules: 'standard', passes: 1, scoring: 'vegas' };

describe('the standard rules', () => {
  it('keeps the rule set and a pasted deal in the address, and names values it cannot use', () => {
    const settings = { ...VEGAS_DRAW3, moves: [{ kind: 'discardDraw' } as const], winnableOnly: false, difficulty: 'any' as const, autoFinish: true, coach: COACH_OFF };
    const search = toSearch(settings);
    expect(search).toBe('?seed=5&draw=3&piles=7&rules=standard&passes=1&scoring=vegas&moves=d');
    expect(parseSearch(search, () => 0)).toEqual({ settings, problems: [] });
    const order = Array.from(dealOf(VEGAS_DRAW3)[ENGINE_STATE]().dealOrder);
    const pasted = { ...settings, order, passes: Infinity, moves: [] };
    const back = parseSearch(toSearch(pasted), () => 0);
    expect(back.problems).toEqual([]);
    expect(back.settings.order).toEqual(order);
    expect(back.settings.passes).toBe(Infinity);
    const bad = parseSearch('?seed=5&rules=standard&draw=2&passes=2&scoring=atlantic', () => 0);
    expect(bad.settings).toMatchObject({ rules: 'standard', draw: 1, passes: Infinity, scoring: 'standard' });
    expect(bad.problems).toEqual([
      'The standard rules draw 1 or 3 cards, not 2: 1 is used.',
      '"passes=2" should be passes=unlimited, 1 or 3: unlimited is used.',
      '"scoring=atlantic" should be scoring=standard or scoring=vegas: standard is used.',
    ]);
    expect(parseSearch('?seed=5&deal=AB', () => 0).problems[0]).toMatch(/^The deal in the address cannot be dealt \(.+\): deal 5 is dealt instead\.$/);
  });

  it('deals the CLI\'s deal and shows the waste fanned, the passes left and the Vegas score', () => {
    const model = dealOf(VEGAS_DRAW3);
    // The same cards as the assignment's deal 5: only the rules differ.
    expect(Array.from(model[ENGINE_STATE]().dealOrder)).toEqual(Array.from(dealModel(5, 7, 3)[ENGINE_STATE]().dealOrder));
    let table = tableOf(model);
    expect([table.points, table.passesLeft, table.stock, table.stockDown, table.window.length, table.canDraw]).toEqual([-52, 1, 24, 24, 0, true]);
    // One pass: eight turns of three show the whole stock, then the waste cannot be turned over.
    const eight = replaySpec(VEGAS_DRAW3, Array.from({ length: 8 }, () => ({ kind: 'discardDraw' }) as const));
    expect(eight.applied).toBe(8);
    table = tableOf(eight.model);
    expect([table.stock, table.window.length, table.canDraw, table.passesLeft]).toEqual([0, 3, false, 1]);
    expect(replaySpec(VEGAS_DRAW3, Array.from({ length: 9 }, () => ({ kind: 'discardDraw' }) as const)).applied).toBe(8);
    // Three passes: the waste turns over twice.
    const three = replaySpec({ ...VEGAS_DRAW3, passes: 3 }, Array.from({ length: 9 }, () => ({ kind: 'discardDraw' }) as const));
    expect(three.applied).toBe(9);
    expect(tableOf(three.model).passesLeft).toBe(2);
  });

  it('scores a card to a foundation and back by the Vegas table, and takes a foundation card back by choice', () => {
    // A winning line of the standard solver reaches foundation moves; Vegas: +5 each.
    const spec: DealSpec = { ...VEGAS_DRAW3, passes: Infinity };
    const solved = solveStandard(dealOf(spec)[ENGINE_STATE](), { timeMs: 20_000 });
    expect(solved.verdict).toBe('winnable');
    const line = solved.moves!;
    const first = line.findIndex((m) => m.kind === 'moveToFoundation' || m.kind === 'moveDrawToFoundation');
    const { model } = replaySpec(spec, line.slice(0, first + 1));
    const before = tableOf(model);
    expect(before.points).toBe(-52 + 5 * before.score);
    const f = before.foundations.findIndex((top) => top !== null);
    // An Ace can go back only onto an empty pile: the model gives its reason for anything else.
    expect(moveFor(model, { from: 'foundation', foundation: f }, { to: 'foundation', foundation: f })).toBe('That card is on a foundation already: choose a pile for it.');
    expect(moveFor(model, { from: 'foundation', foundation: f }, { to: 'pile', pile: 0 })).toEqual({ kind: 'moveFoundationToPile', foundation: f, dest: 0 });
    const assignment = dealModel(5, 7, 3);
    expect(moveFor(assignment, { from: 'foundation', foundation: 0 }, { to: 'pile', pile: 0 })).toMatch(/never comes back from a foundation/);
    // The whole line replays in the page's model to a win.
    const won = replaySpec(spec, line);
    expect([won.applied, won.error, tableOf(won.model).won]).toEqual([line.length, null, true]);
  });

  it('opens a deal pasted in Solvitaire\'s or PySol\'s text as the same cards', () => {
    const order = Array.from(dealOf(VEGAS_DRAW3)[ENGINE_STATE]().dealOrder);
    for (const deal of [fromSolvitaire(toSolvitaire({ piles: 7, order })), fromPysol(toPysol({ piles: 7, order }))]) {
      const pasted = dealOf({ ...VEGAS_DRAW3, seed: 999, order: deal.order });
      expect(tableOf(pasted)).toEqual(tableOf(dealOf(VEGAS_DRAW3)));
    }
    // Under the assignment's rules the pasted cards are dealt in their order too.
    expect(tableOf(dealOf({ ...ASSIGNMENT_RULES, seed: 1, piles: 7, draw: 3, order })).piles).toEqual(tableOf(dealModel(5, 7, 3)).piles);
  });

  it('keeps statistics per rule set, the old ones read as the assignment\'s', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    // Saved before there were rule sets: no bestScore, under the old key.
    store.set(STATS_KEY, JSON.stringify({ played: 3, won: 1, streak: 0, bestStreak: 1, started: ['1/7/1'], wonDeals: ['1/7/1'] }));
    expect(loadStats(storage, 'assignment')).toMatchObject({ played: 3, won: 1, bestScore: null });
    const vegas = ruleSetKey(VEGAS_DRAW3);
    expect(vegas).toBe('standard/draw3/passes1/vegas');
    expect(loadStats(storage, vegas)).toEqual(NO_STATS);
    saveStats(storage, recordScore(recordStart(NO_STATS, '5/7/3'), -47), vegas);
    expect(loadStats(storage, vegas)).toMatchObject({ played: 1, bestScore: -47 });
    expect(loadStats(storage, ruleSetKey({ ...VEGAS_DRAW3, scoring: 'standard' }))).toEqual(NO_STATS);
    expect(loadStats(storage, 'assignment').played).toBe(3);
    expect(recordScore(recordScore(NO_STATS, 10), 5).bestScore).toBe(10);
  });
});
