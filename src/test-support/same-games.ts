/**
 * The check for a program that plays one of ConnectFwar's built-in strategies from outside (another
 * language, another process): on the same paired deals it must play exactly the built-in's games.
 */
import { expect } from 'vitest';
import { connectFwarGame } from '../games/connect-fwar/definition.js';
import { compareStrategies } from '../lab/player-comparison.js';

/**
 * Compares `builtIn` with `program` over `games` paired deals of `seed`, on 1 and on 2 threads, and
 * expects identical reports, the program named `name`, no faults, and the built-in's mean and sd.
 */
export async function expectPlaysBuiltInsGames(builtIn: string, program: string, name: string, games: number, seed: number): Promise<void> {
  const players = [builtIn, program];
  const one = await compareStrategies(connectFwarGame, { games, seed, threads: 1, players, paired: true });
  const two = await compareStrategies(connectFwarGame, { games, seed, threads: 2, players, paired: true });
  expect(two).toEqual(one);
  expect(one.players.map((p) => p.name)).toEqual([builtIn, name]);
  expect(one.players[1]!.faults).toBeUndefined();
  expect(one.players[1]!.average).toBe(one.players[0]!.average);
  expect(one.players[1]!.sd).toBe(one.players[0]!.sd);
}
