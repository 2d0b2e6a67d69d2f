import { describe, expect, it } from 'vitest';
import { Position } from '../../games/connect-four/position.js';
import { analysisTexts } from '../../games/connect-four/solver/answers.js';
import { Solver } from '../../games/connect-four/solver/solver.js';
import { startAnalysisHelper } from './two-sided-analysis.js';

const TABLE = 1 << 18;
// Middle-Easy positions: searched, not looked up.
const POSITIONS = ['52753311433677442422121', '1233722555341451114725221333', '5554224333234511764415115'];

describe('startAnalysisHelper', () => {
  it('gives the texts one solver gives, position after position', async () => {
    const helper = startAnalysisHelper({ book: false, table: TABLE });
    const analysis = helper.side;
    try {
      for (const moves of POSITIONS) {
        const position = Position.fromMoves(moves);
        expect(await analysis.analyse(new Solver({ tableSize: TABLE }), position, moves, false)).toEqual(analysisTexts(new Solver({ tableSize: TABLE }), position, false));
        expect(position.moves).toBe(moves.length);
      }
      expect(analysis.gone).toBe(false);
    } finally {
      await helper.close();
    }
  });

  it('searches everything itself when the helper thread fails (here: a book it cannot read)', async () => {
    const helper = startAnalysisHelper({ book: '/nonexistent/tabletop-test.c4book', table: TABLE });
    const analysis = helper.side;
    try {
      const position = Position.fromMoves(POSITIONS[0]!);
      expect(await analysis.analyse(new Solver({ tableSize: TABLE }), position, POSITIONS[0]!, true)).toEqual(analysisTexts(new Solver({ tableSize: TABLE }), position, true));
      await analysis.somethingNew();
      expect(analysis.gone).toBe(true);
    } finally {
      await helper.close();
    }
  });
});
