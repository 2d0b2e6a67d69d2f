import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Position, WIDTH } from '../position.js';
import { TEST_SETS, parseTestSet } from '../testdata/test-sets.js';
import { analysisTexts, columnText, parseColumnText } from './answers.js';
import { Solver } from './solver.js';

const TABLE = 1 << 20;

/** Every 40th position of Middle-Medium (25 positions of 14 to 26 stones, each with its exact score). */
const positions = parseTestSet(readFileSync(new URL(`../testdata/${TEST_SETS.find((set) => set.id === 'middle-medium')!.file}`, import.meta.url), 'utf8')).filter((_, i) => i % 40 === 0);

describe('columnText', () => {
  it("with the position's score from elsewhere (positionScore), gives the same texts with fewer nodes", () => {
    const plain = new Solver({ tableSize: TABLE });
    const bounded = new Solver({ tableSize: TABLE });
    for (const { moves, score } of positions) {
      const position = Position.fromMoves(moves);
      const texts = Array.from({ length: WIDTH }, (_, column) => columnText(bounded, position, column, false, score));
      expect(texts, moves).toEqual(analysisTexts(plain, position, false));
      expect(position.toString(), 'the position is left as it was').toBe(Position.fromMoves(moves).toString());
    }
    expect(bounded.nodes).toBeLessThan(plain.nodes);
  });

  it("gives the position's score as its best column's", () => {
    const solver = new Solver({ tableSize: TABLE });
    for (const { moves, score } of positions.slice(0, 8)) {
      const position = Position.fromMoves(moves);
      const best = Math.max(...Array.from({ length: WIDTH }, (_, column) => columnText(solver, position, column, false, score)).map((text) => {
        const value = parseColumnText(text);
        return value.kind === 'exact' ? value.score : -Infinity;
      }));
      expect(best, moves).toBe(score);
    }
  });
});
