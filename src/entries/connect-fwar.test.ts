/**
 * The assignment's names through the package entry point, as a user imports them (resolves to the built
 * dist/: `npm test` builds first).
 */
import { describe, expect, it } from 'vitest';
import * as pkg from 'tabletop-lab/connect-fwar';
import { BasicPlayer, Board, Card, ConnectFwar, Deck, HumanPlayer, RandomPlayer, RankRunner, SuitStacker, type Player } from 'tabletop-lab/connect-fwar';
import { GreedyPlayer } from '../games/connect-fwar/players/honest-players.js';

describe("'tabletop-lab/connect-fwar'", () => {
  it("exports the assignment's classes under the assignment's names", () => {
    for (const name of ['Card', 'Deck', 'Board', 'ConnectFwar', 'BasicPlayer', 'RandomPlayer', 'RankRunner', 'SuitStacker', 'HumanPlayer']) {
      expect(typeof (pkg as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('plays the assignment’s story end to end', async () => {
    const players: Player[] = [new BasicPlayer(), new RandomPlayer(1), new RankRunner(), new SuitStacker()];
    for (const player of players) {
      const score = ConnectFwar.play(player, { seed: 99 });
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(48);
    }
    const board = new Board();
    const card = new Deck(3).draw()!;
    expect(card).toBeInstanceOf(Card);
    board.play(card, 2);
    expect(board.getTopCard(2)!.equals(card)).toBe(true);
    const shown: string[] = [];
    const human = new HumanPlayer({ ask: () => Promise.resolve('d'), write: (text) => shown.push(text) });
    expect(await human.nextMove(card, board)).toBeLessThan(0);
    expect(shown.join('')).toContain(board.toString());
  });
});

describe("'tabletop-lab/connect-fwar' beyond the assignment", () => {
  it('exports the new players and the bound', async () => {
    const pkg = (await import('tabletop-lab/connect-fwar')) as Record<string, unknown>;
    for (const name of ['GreedyPlayer', 'LookaheadPlayer', 'GreedyAgent', 'LookaheadAgent', 'ClairvoyantAgent', 'EarliestFourSolver']) {
      expect(typeof pkg[name]).toBe('function');
    }
    const { GreedyPlayer: Exported } = pkg as { GreedyPlayer: new () => GreedyPlayer };
    expect(ConnectFwar.play(new Exported(), { seed: 5 })).toBe(ConnectFwar.play(new GreedyPlayer(), { seed: 5 }));
  });
});
