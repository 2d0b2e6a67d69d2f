/**
 * `tabletop-lab/connect-four` resolves by name to the built dist/ code (build first) and gives a user
 * everything to referee a game: players, the referee, and the adapters that run players off-thread.
 */
import { describe, expect, it } from 'vitest';
import { AlphaBetaPlayer, Position, Referee, Solver, WorkerPlayer, moveString } from 'tabletop-lab/connect-four';

describe("'tabletop-lab/connect-four'", () => {
  it('referees a game between a built-in player in a worker and a random test opponent', async () => {
    const result = await new Referee({ timeLimitMs: 5_000 }).play(new WorkerPlayer({ kind: 'random', seed: 3 }), new WorkerPlayer({ kind: 'alphabeta', level: 2 }));
    expect(result).toMatchObject({ winner: false, reason: 'four-in-a-row', red: 'random', yellow: 'alphabeta-2' });
    expect(Position.fromMoves(moveString(result.moves)).winner()).toBe(false);
  });

  it('exports the engine, the solver and the players', () => {
    expect(new Solver({ tableSize: 1 << 18 }).solve(Position.fromMoves('4455'))).toBe(18);
    const player = new AlphaBetaPlayer({ level: 1 });
    player.init(true);
    expect(player.name()).toBe('alphabeta-1');
  });
});
