import { describe, expect, it } from 'vitest';
import { coachSeed, hasChoice } from '../../../src/games/klondike/coach-text.js';
import { ENGINE_STATE } from '../../../src/games/klondike/engine.js';
import { finishingMove } from '../../../src/games/klondike/progress.js';
import type { Rating } from '../../../src/games/klondike/coach.js';
import type { KlondikeMove } from '../../../src/games/klondike/moves.js';
import { coachDealSeed, decisionsOf, decisionWhat, finishedByItself, ratingKey, ratingOf } from './coach-view.js';
import { ASSIGNMENT_RULES, dealOf, replaySpec, textToMoves, tryMove, type DealSpec } from './model.js';

const DEAL: DealSpec = { seed: 21, piles: 7, draw: 1, order: null, ...ASSIGNMENT_RULES };

describe("the Klondike page's coach, its pure part", () => {
  it('takes the moves made among others as decisions, with the position before each and the seed the terminal rates it with', () => {
    const moves = textToMoves('p5n1t3p6n1t7dd').moves;
    const decisions = decisionsOf(DEAL, moves, new Set([3]));
    // Every move here is made among others; the last is left out as the finish's.
    expect(decisions.map((d) => d.index)).toEqual([0, 1, 2]);
    const third = decisions[2]!;
    const before = replaySpec(DEAL, moves.slice(0, 2)).model[ENGINE_STATE]();
    expect(third.before).toBe('p5n1t3p6n1t7');
    expect(third.state.getMoves()).toEqual(before.getMoves());
    expect(third.seed).toBe(coachSeed(21, 2));
    expect(decisionWhat(third.index, third.state, third.move)).toBe('Move 3, draw: turn the next stock card');
    expect(ratingKey('assignment:21/7/1', third.before, third.move)).toBe('assignment:21/7/1|p5n1t3p6n1t7|d');
    // A pasted deal is rated from seed 0, as the terminal rates a deal read from a file.
    expect(coachDealSeed({ ...DEAL, order: Array.from(before.dealOrder) })).toBe(0);
    expect(() => decisionsOf(DEAL, textToMoves('p1f1').moves, new Set())).toThrow(/Move 1 \(p1f1\) is not legal/);
  });

  it('leaves out a move that was the only one, and, reopened from the address, what the finish made once every card was face up', () => {
    // One pile: its one card is face up from the start, so the finish would have made every move.
    const deal: DealSpec = { seed: 3, piles: 1, draw: 1, order: null, ...ASSIGNMENT_RULES };
    const model = dealOf(deal);
    const moves = [];
    const choices: boolean[] = [];
    for (let i = 0; i < 12; i++) {
      const move = finishingMove(model) ?? { kind: 'discardDraw' as const };
      choices.push(hasChoice(model[ENGINE_STATE]()));
      expect(tryMove(model, move)).toBeNull();
      moves.push(move);
    }
    expect(choices).toContain(false);
    expect(decisionsOf(deal, moves, new Set()).map((d) => d.index)).toEqual(choices.flatMap((choice, i) => (choice ? [i] : [])));
    expect(finishedByItself(deal, moves, true)).toEqual(new Set(moves.map((_, i) => i)));
    expect(finishedByItself(deal, moves, false)).toEqual(new Set());
    expect(finishedByItself(DEAL, textToMoves('p5n1t3').moves, true)).toEqual(new Set());
  });

  it('counts as the person\'s the moves made once every card is face up where the finish cannot win (standard rules, no pass left)', () => {
    // Deal 170, draw 1, one pass: every card face up after these 76 moves, and the finish would need a second pass.
    const deal: DealSpec = { seed: 170, piles: 7, draw: 1, order: null, rules: 'standard', passes: 1, scoring: 'standard' };
    const moves = textToMoves(
      'p3f1p7f2p7f3p2n1t5p3n1t4p3f1p4n2t1p7n1t2p7n1t2p5n2t7p5f4p5f2p5f1p5f4p7f2p7n2t1dsf2ds3dsf4p1f4p1f2p2f4p1f4p2f2p2f4ddsf2p4f2p4n1t2dsf3p4f3ddsf1p7f1ds6dds6ds2p6n3t2ds6ds2dds4p6n2t4p6f3sf3dsf3dsf2ds4s4ds4ddsf2dsf3p2f3p7f3p6f3p6n1t5s6',
    ).moves;
    expect(moves).toHaveLength(77);
    expect(replaySpec(deal, moves).error).toBeNull();
    expect(finishedByItself(deal, moves, true)).toEqual(new Set());
  });

  it("finds a move's rating among its position's (a foundation is any that takes the card), else among its own", () => {
    const rated = (move: KlondikeMove): Rating => ({ moves: [{ move, share: 1, undecided: 0 }], chosen: 0 }) as unknown as Rating;
    const every = [rated({ kind: 'discardDraw' }), rated({ kind: 'moveToFoundation', src: 2, foundation: 0 })];
    expect(ratingOf(every, undefined, { kind: 'moveToFoundation', src: 2, foundation: 3 })).toBe(every[1]);
    expect(ratingOf(undefined, undefined, { kind: 'discardDraw' })).toBeUndefined();
    expect(ratingOf(null, undefined, { kind: 'discardDraw' })).toBeNull();
    // A whole pile onto an empty one is no candidate: rated alone.
    const swap: KlondikeMove = { kind: 'movePile', src: 0, count: 1, dest: 1 };
    expect(ratingOf(every, undefined, swap)).toBeUndefined();
    const alone = [rated(swap)];
    expect(ratingOf(every, alone, swap)).toBe(alone[0]);
    expect(ratingOf(every, null, swap)).toBeNull();
    expect(ratingKey('assignment:21/7/1', 'dd')).toBe('assignment:21/7/1|dd');
  });
});
