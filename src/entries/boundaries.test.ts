/**
 * The public entry points given values of the wrong type, as JavaScript callers (no compiler) give
 * them: a clear TypeError or RangeError naming what was expected, never an error from deep inside
 * ("rng.next is not a function") and never a silent wrong answer (an empty board).
 */
import { describe, expect, it } from 'vitest';
import { Deck, rngFromSeed, runExperiment, toRng } from 'tabletop-lab';
import { ConnectFwar, PlayerComparison, RandomPlayer as FwarRandomPlayer, type Player as FwarPlayer } from 'tabletop-lab/connect-fwar';
import { Position, RandomPlayer } from 'tabletop-lab/connect-four';
import { BasicKlondike } from 'tabletop-lab/klondike';
import { BiggestCardAI, UnoWarMatch } from 'tabletop-lab/uno-war';

/** What a string seed gets: a TypeError saying so (with ", or a random generator" where one is taken too). */
const STRING_SEED = /^Invalid seed: "7" is a string \(expected an integer from 0 to 9007199254740991(, or a random generator)?\)$/;

function expectStringSeedError(error: unknown): void {
  expect(error).toBeInstanceOf(TypeError);
  expect((error as Error).message).toMatch(STRING_SEED);
}

describe('seeds at the library boundaries', () => {
  it.each([
    ['rngFromSeed', () => rngFromSeed('7' as unknown as number)],
    ['toRng', () => toRng('7' as unknown as number)],
    ['new Deck', () => new Deck('7' as unknown as number)],
    ['ConnectFwar.play', () => ConnectFwar.play(new FwarRandomPlayer(1), { seed: '7' as unknown as number })],
    ['connect-fwar RandomPlayer', () => new FwarRandomPlayer('7' as unknown as number)],
    ['connect-four RandomPlayer', () => new RandomPlayer('7' as unknown as number)],
    ['BasicKlondike', () => new BasicKlondike('7' as unknown as number)],
    ['UnoWarMatch', () => new UnoWarMatch(new BiggestCardAI(), new BiggestCardAI(), { seed: '7' as unknown as number })],
  ])('%s rejects a string seed with a TypeError that says so', (_name, call) => {
    expect(call).toThrow(STRING_SEED);
    try {
      call();
    } catch (error) {
      expectStringSeedError(error);
    }
  });

  it('the lab rejects a string seed before playing anything', async () => {
    expectStringSeedError(await PlayerComparison.compare({ games: 10, threads: 1, seed: '7' as unknown as number }).catch((error: unknown) => error));
    expectStringSeedError(await runExperiment({ config: { game: 'connect-fwar', lineups: [['basic']], seed: '7' as unknown as number, paired: false }, ranges: [[0, 10]], threads: 1 }).catch((error: unknown) => error));
  });

  it('a seed that is a number but not a seed is a RangeError; an object that is no generator a TypeError', () => {
    expect(() => new Deck(-1)).toThrow(new RangeError('Invalid seed: -1 (expected an integer from 0 to 9007199254740991)'));
    expect(() => new Deck(1.5)).toThrow(RangeError);
    expect(() => new Deck({} as unknown as number)).toThrow(new TypeError('Invalid seed: an object without next() (expected an integer from 0 to 9007199254740991, or a random generator)'));
    expect(() => new Deck(null as unknown as number)).toThrow(TypeError);
    expect(new Deck(rngFromSeed(3)).draw()).toEqual(new Deck(3).draw());
  });
});

describe('Connect Four positions', () => {
  it('Position.fromMoves takes a string of column digits only', () => {
    expect(() => Position.fromMoves(4455 as unknown as string)).toThrow(new TypeError('Position.fromMoves: expected a string of column digits 1-7 (e.g. "4455"), got the number 4455'));
    expect(() => Position.fromMoves(['4', '4'] as unknown as string)).toThrow(TypeError);
    expect(() => new Position().playSequence(null as unknown as string)).toThrow(TypeError);
    expect(Position.fromMoves('4455').moves).toBe(4);
  });
});

describe('ConnectFwar', () => {
  it('play and playAsync reject a missing player with a clear TypeError', async () => {
    const message = 'ConnectFwar.play: the player must be an object with a nextMove(card, board) method, got null';
    expect(() => ConnectFwar.play(null as unknown as FwarPlayer)).toThrow(new TypeError(message));
    expect(() => ConnectFwar.play({} as unknown as FwarPlayer)).toThrow(/got an object without nextMove/);
    await expect(ConnectFwar.playAsync(null as unknown as FwarPlayer)).rejects.toThrow(new TypeError(message.replace('ConnectFwar.play', 'ConnectFwar.playAsync')));
  });
});
