/** The referee's opening option: both players learn every opening move before the first `move`. */
import { describe, expect, it } from 'vitest';
import type { Player } from '../../games/connect-four/player.js';
import { Referee } from './referee.js';

/** Records what it is told, and plays the leftmost column that is not full. */
function recorder(log: string[], name: string): Player {
  const heights = [0, 0, 0, 0, 0, 0, 0];
  return {
    init: (color) => {
      log.push(`${name} init ${color ? 'red' : 'yellow'}`);
    },
    name: () => name,
    move: () => {
      const column = heights.findIndex((h) => h < 6);
      heights[column]!++;
      log.push(`${name} move ${String(column)}`);
      return column;
    },
    inform: (column) => {
      heights[column]!++;
      log.push(`${name} inform ${String(column)}`);
    },
  };
}

describe('Referee with an opening', () => {
  it('informs both players of each opening move, their own included, then asks the side to move', async () => {
    const log: string[] = [];
    const result = await new Referee({ timeLimitMs: 5_000, opening: [2, 4] }).play(recorder(log, 'r'), recorder(log, 'y'));
    expect(log.slice(0, 7)).toEqual(['r init red', 'y init yellow', 'r inform 2', 'y inform 2', 'r inform 4', 'y inform 4', 'r move 0']);
    expect(result.moves.slice(0, 3)).toEqual([2, 4, 0]);
  });

  it('gives the first move to yellow after an odd-length opening', async () => {
    const log: string[] = [];
    await new Referee({ timeLimitMs: 5_000, opening: [3] }).play(recorder(log, 'r'), recorder(log, 'y'));
    expect(log[4]).toBe('y move 0');
  });
});
