import { describe, expect, it } from 'vitest';
import { BasicKlondike } from '../basic-klondike.js';
import { ENGINE_STATE } from '../engine.js';
import { applyMove, type KlondikeMove } from '../moves.js';
import { lineStepWords } from '../words.js';
import { winningHint } from './hint.js';
import { solveKlondike } from './solver.js';

const BUDGET = { timeMs: 60_000, maxStates: 1_000_000 } as const;

function deal(seed: number, draw = 1): BasicKlondike {
  const model = new BasicKlondike(seed);
  model.startGame(model.getDeck(), true, 7, draw);
  return model;
}

function leadingDraws(line: readonly KlondikeMove[]): number {
  let draws = 0;
  while (line[draws]?.kind === 'discardDraw') draws++;
  return draws;
}

describe('the solver hint', () => {
  it('on deal 21 takes a move that needs no draw, where the solver\'s own line draws 23 times for A♣', () => {
    const model = deal(21);
    const state = model[ENGINE_STATE]();
    const plain = solveKlondike(state.clone(), BUDGET);
    expect(lineStepWords(state, plain.moves!).text).toBe('Draw 23 times until A♣ shows, then move A♣ from the draw pile to a foundation');
    const hint = winningHint(state, BUDGET);
    expect(hint.verdict).toBe('winnable');
    expect(hint.draws).toBe(0);
    expect(lineStepWords(state, hint.line!).text).toBe('Move 4♡ from pile 5 onto 5♣ (pile 3)');
  });

  it('on deal 13 draws 6 times for 2♢ where the solver\'s line draws 11 times', () => {
    const state = deal(13)[ENGINE_STATE]();
    expect(leadingDraws(solveKlondike(state.clone(), BUDGET).moves!)).toBe(11);
    const hint = winningHint(state, BUDGET);
    expect(hint.draws).toBe(6);
    expect(lineStepWords(state, hint.line!).text).toBe('Draw 6 times until 2♢ shows, then move 2♢ from the draw pile onto 3♠ (pile 1)');
  });

  it.each([1, 2, 3, 8, 13, 21, 42])('deal %i: needs no more draws than the solver\'s line, and its line wins when played', (seed) => {
    for (const draw of [1, 3]) {
      const model = deal(seed, draw);
      const state = model[ENGINE_STATE]();
      const plain = solveKlondike(state.clone(), BUDGET);
      const hint = winningHint(state, BUDGET);
      expect(hint.verdict).toBe(plain.verdict);
      if (plain.verdict !== 'winnable') continue;
      expect(hint.draws).toBeLessThanOrEqual(leadingDraws(plain.moves!));
      const line = hint.line!;
      expect(leadingDraws(line)).toBe(hint.draws);
      expect(line[hint.draws]).toEqual(hint.move);
      for (const move of line) applyMove(model, move);
      expect(model.getScore()).toBe(52);
    }
  });

  it('leaves the position as it was', () => {
    const model = deal(21);
    const before = model[ENGINE_STATE]().serialize();
    winningHint(model[ENGINE_STATE](), BUDGET);
    expect(model[ENGINE_STATE]().serialize()).toBe(before);
  });
});
