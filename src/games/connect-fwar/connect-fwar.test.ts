import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Card } from '../../core/cards.js';
import { playOut, type Agent } from '../../core/game.js';
import { deriveSeed, rngFromSeed } from '../../core/random.js';
import { basicAgent, randomAgent, rankRunnerAgent, suitStackerAgent } from './agents.js';
import type { Board } from './board.js';
import { ConnectFwar, type AsyncPlayer } from './connect-fwar.js';
import { connectFwarGame } from './definition.js';
import type { ConnectFwarState } from './engine.js';
import { BasicPlayer, RandomPlayer, RankRunner, SuitStacker, type Player } from './player.js';
import { MAX_SCORE } from './rules.js';

/** The engine's game for `seed`: the final state after the lab's playOut with `agent`. */
function engineGame(agent: Agent<ConnectFwarState>, seed: number): ConnectFwarState {
  const state = connectFwarGame.newInitialState();
  playOut(state, [agent], rngFromSeed(seed));
  return state;
}

/** Wraps a player, recording every card it is shown and every board before and after it answers. */
class Spy implements Player {
  readonly cards: Card[] = [];
  readonly boards: string[] = [];
  constructor(private readonly inner: Player) {}
  nextMove(card: Card, board: Board): number {
    this.cards.push(card);
    this.boards.push(board.toString());
    const move = this.inner.nextMove(card, board);
    expect(board.toString()).toBe(this.boards.at(-1));
    return move;
  }
}

const seeds = fc.nat({ max: Number.MAX_SAFE_INTEGER });

describe('ConnectFwar.play', () => {
  it.each([
    ['BasicPlayer', () => new BasicPlayer(), basicAgent],
    ['SuitStacker', () => new SuitStacker(), suitStackerAgent],
    ['RankRunner', () => new RankRunner(), rankRunnerAgent],
  ] as const)('with %s plays exactly the engine game of the same seed', (_name, make, agent) => {
    fc.assert(
      fc.property(seeds, (seed) => {
        const expected = engineGame(agent, seed);
        expect(ConnectFwar.play(make(), { seed })).toBe(expected.returns(0));
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['BasicPlayer', () => new BasicPlayer(), basicAgent],
    ['SuitStacker', () => new SuitStacker(), suitStackerAgent],
    ['RankRunner', () => new RankRunner(), rankRunnerAgent],
  ] as const)('with %s ends on the engine’s very board (playAsync record)', async (_name, make, agent) => {
    for (let seed = 0; seed < 100; seed++) {
      const expected = engineGame(agent, seed);
      const record = await ConnectFwar.playAsync(make(), { seed });
      expect(record.score).toBe(expected.returns(0));
      expect(`deck: ${String(record.cardsLeft)}${record.board.toString()}`).toBe(expected.toString());
      expect(record.outcome).toBe(record.score > 0 || record.board.isWinState() ? 'connected' : 'deck-empty');
    }
  });

  it('accepts a generator as the seed: the same stream plays the same game', () => {
    for (let seed = 0; seed < 20; seed++) {
      expect(ConnectFwar.play(new BasicPlayer(), { seed: rngFromSeed(seed) })).toBe(ConnectFwar.play(new BasicPlayer(), { seed }));
    }
  });

  it('plays a fresh shuffle without a seed', () => {
    const score = ConnectFwar.play(new BasicPlayer());
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(MAX_SCORE);
  });

  it('rejects a bad seed before asking the player anything', () => {
    const spy = new Spy(new BasicPlayer());
    for (const seed of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => ConnectFwar.play(spy, { seed })).toThrow(RangeError);
    expect(spy.cards).toHaveLength(0);
  });

  it('treats every answer that is not a legal column as a discard', () => {
    const answers = [-1, 4, 99, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '0', null, undefined] as unknown as number[];
    let turn = 0;
    const nonsense: Player = { nextMove: () => answers[turn++ % answers.length]! };
    const spy = new Spy(nonsense);
    expect(ConnectFwar.play(spy, { seed: 1 })).toBe(0);
    expect(spy.cards).toHaveLength(52);
    expect(spy.boards.every((b) => b === spy.boards[0])).toBe(true); // nothing was ever placed
  });

  it('refuses a player that answers with a promise, pointing to playAsync', () => {
    const asyncPlayer = { nextMove: () => Promise.resolve(0) } as unknown as Player;
    expect(() => ConnectFwar.play(asyncPlayer, { seed: 1 })).toThrow(/playAsync/);
  });

  it('treats an illegal column (too high a top card, a full column) as a discard', async () => {
    for (let seed = 0; seed < 50; seed++) {
      const stubborn = new Spy({ nextMove: () => 0 });
      const { board, outcome } = await ConnectFwar.playAsync(stubborn, { seed });
      expect([1, 2, 3].map((col) => board.getHeight(col))).toEqual([0, 0, 0]);
      // Column 0 took exactly the cards that were legal there when they came; the rest were discarded.
      let height = 0;
      for (const card of stubborn.cards) {
        const top = height === 0 ? null : board.getCard(0, height - 1)!;
        if (height < 4 && (top === null || card.getRankNum() >= top.getRankNum())) {
          expect(board.getCard(0, height)!.equals(card)).toBe(true);
          height++;
        }
      }
      expect(board.getHeight(0)).toBe(height);
      expect(stubborn.cards.length === 52 || outcome === 'connected').toBe(true);
    }
  });

  it('returns the number of cards left when four connect', () => {
    const spy = new Spy(new BasicPlayer());
    const score = ConnectFwar.play(spy, { seed: 12 });
    expect(score).toBe(engineGame(basicAgent, 12).returns(0));
    expect(score).toBe(52 - spy.cards.length);
  });

  it('never lets a player change the true board: players are shown a read-only view', () => {
    // A vandal tries to play on the board it is shown, then answers what BasicPlayer would have.
    let attempts = 0;
    const vandal: Player = {
      nextMove(card, board) {
        const move = new BasicPlayer().nextMove(card, board);
        expect(board.isReadOnly()).toBe(true);
        expect(() => {
          board.play(card, Math.max(move, 0));
        }).toThrow(TypeError);
        attempts++;
        return move;
      },
    };
    for (let seed = 0; seed < 100; seed++) {
      expect(ConnectFwar.play(vandal, { seed })).toBe(ConnectFwar.play(new BasicPlayer(), { seed }));
    }
    expect(attempts).toBeGreaterThan(100);
    // An uncaught attempt ends the game with that error.
    expect(() => ConnectFwar.play({ nextMove: (card, board) => (board.play(card, 0), 0) }, { seed: 1 })).toThrow(/read-only/);
  });

  it('shows players a live view: a copy of it is theirs to play on', () => {
    const seen: number[] = [];
    const experimenter: Player = {
      nextMove(card, board) {
        const trial = board.copy();
        expect(trial.isReadOnly()).toBe(false);
        const move = new BasicPlayer().nextMove(card, board);
        if (move >= 0) trial.play(card, move);
        seen.push([0, 1, 2, 3].reduce((n, col) => n + board.getHeight(col), 0));
        return move;
      },
    };
    expect(ConnectFwar.play(experimenter, { seed: 4 })).toBe(ConnectFwar.play(new BasicPlayer(), { seed: 4 }));
    // The view follows the game: the number of cards shown never shrinks and grows one at a time.
    for (let i = 1; i < seen.length; i++) expect(seen[i]! - seen[i - 1]!).toBeGreaterThanOrEqual(0);
    expect(seen.at(-1)!).toBeGreaterThan(0);
  });
});

describe('ConnectFwar.playAsync', () => {
  it('awaits promised answers and plays the same game as play', async () => {
    const slowBasic: AsyncPlayer = { nextMove: (card, board) => Promise.resolve(new BasicPlayer().nextMove(card, board)) };
    for (let seed = 0; seed < 30; seed++) {
      const record = await ConnectFwar.playAsync(slowBasic, { seed });
      expect(record.score).toBe(ConnectFwar.play(new BasicPlayer(), { seed }));
    }
  });

  it('ends the game when the player answers null, scoring 0 with the cards left', async () => {
    let turns = 0;
    const quitter: AsyncPlayer = {
      nextMove(card, board) {
        turns++;
        return turns === 4 ? null : new BasicPlayer().nextMove(card, board);
      },
    };
    const record = await ConnectFwar.playAsync(quitter, { seed: 3 });
    expect(record.outcome).toBe('abandoned');
    expect(record.score).toBe(0);
    expect(record.cardsLeft).toBe(48);
    expect([0, 1, 2, 3].reduce((n, col) => n + record.board.getHeight(col), 0)).toBe(3);
  });

  it('reports a lost game as deck-empty with score 0', async () => {
    const record = await ConnectFwar.playAsync({ nextMove: () => -1 }, { seed: 9 });
    expect(record).toMatchObject({ outcome: 'deck-empty', score: 0, cardsLeft: 0 });
  });
});

describe('properties of whole games through the assignment’s classes', () => {
  const players = fc.constantFrom<[string, (seed: number) => Player]>(
    ['random', (seed) => new RandomPlayer(deriveSeed(seed, 1))],
    ['basic', () => new BasicPlayer()],
    ['suits', () => new SuitStacker()],
    ['ranks', () => new RankRunner()],
  );

  it('always end, score 0..48, deal no card twice, never break the column rule, never let players change the board', () => {
    let scored = 0;
    fc.assert(
      fc.property(seeds, players, (seed, [, make]) => {
        const spy = new Spy(make(seed));
        const record = ConnectFwar.play(spy, { seed });
        expect(record).toBeGreaterThanOrEqual(0);
        expect(record).toBeLessThanOrEqual(MAX_SCORE);
        expect(spy.cards.length).toBeLessThanOrEqual(52);
        expect(new Set(spy.cards.map((c) => c.index)).size).toBe(spy.cards.length);
        if (record > 0) {
          expect(spy.cards.length).toBe(52 - record);
          scored++;
        }
      }),
      { numRuns: 200 },
    );
    // The card-count half of the property ran on games that scored, not only on zero scores.
    expect(scored).toBeGreaterThan(0);
  });

  it('keep every column non-decreasing in rank, every board card dealt once, and the board unchanged by players', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, players, async (seed, [, make]) => {
        const spy = new Spy(make(seed));
        const { board, cardsLeft } = await ConnectFwar.playAsync(spy, { seed });
        const dealt = new Set(spy.cards.map((c) => c.index));
        const onBoard: number[] = [];
        for (let col = 0; col < 4; col++) {
          for (let row = 0; row < board.getHeight(col); row++) {
            const here = board.getCard(col, row)!;
            onBoard.push(here.index);
          }
          for (let row = 1; row < board.getHeight(col); row++) {
            expect(board.getCard(col, row)!.getRankNum()).toBeGreaterThanOrEqual(board.getCard(col, row - 1)!.getRankNum());
          }
        }
        expect(new Set(onBoard).size).toBe(onBoard.length);
        for (const index of onBoard) expect(dealt.has(index)).toBe(true);
        expect(spy.cards.length).toBe(52 - cardsLeft);
      }),
      { numRuns: 150 },
    );
  });
});

describe('long-run means (spec: random 12.87, basic 29.78, suits 23.96, ranks 26.70)', () => {
  const MEANS = { random: 12.87, basic: 29.78, suits: 23.96, ranks: 26.7 } as const;
  const AGENTS = { random: randomAgent, basic: basicAgent, suits: suitStackerAgent, ranks: rankRunnerAgent } as const;
  const keys = Object.keys(MEANS) as (keyof typeof MEANS)[];

  it.each(keys)('10,000 engine games of %s land within ±0.6', (id) => {
    const state = connectFwarGame.newInitialState();
    let total = 0;
    for (let game = 0; game < 10_000; game++) {
      state.reset();
      connectFwarGame.playOut!(state, [AGENTS[id]], rngFromSeed(deriveSeed(2026, game)));
      total += state.returns(0);
    }
    expect(Math.abs(total / 10_000 - MEANS[id])).toBeLessThan(0.6);
  });

  it.each(keys)('2,000 games of %s through the assignment’s classes land within ±1.4 (4 standard errors)', (id) => {
    const make: Record<typeof id, (game: number) => Player> = {
      random: (game) => new RandomPlayer(deriveSeed(7, game)),
      basic: () => new BasicPlayer(),
      suits: () => new SuitStacker(),
      ranks: () => new RankRunner(),
    };
    let total = 0;
    for (let game = 0; game < 2_000; game++) total += ConnectFwar.play(make[id](game), { seed: deriveSeed(2027, game) });
    expect(Math.abs(total / 2_000 - MEANS[id])).toBeLessThan(1.4);
  });
});
